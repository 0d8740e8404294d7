"""Chance as a player of its own (DESIGN.md, "Chance"; OpenSpiel's chance nodes).

Every random outcome a game's rules need is asked of one `Chance` source, at the moment it is
needed, and is written into the events the rules emit, so `evolve` never draws:

    chance.draw(pile, what)        one item of a pile (a multiset: a card, a tile, an event card)
    chance.deal(pile, n, what)     n items of a pile, one at a time, without putting any back
    chance.roll(faces, what)       one face of a die
    chance.pick(options, what)     one of some distinct options (a first player, a start world)
    chance.arrange(items, what)    an order of items laid out for all to see (a row of tiles)

`what` says in words what is being drawn, seats written with `domain.game.seat_ref` ("the card
{seat:0} draws"); `label` names one outcome in the game's words. A pile whose order nobody has
seen has no order: the rules keep it as the multiset of its items (a tuple in any fixed order) and
`draw` names the item taken. Drawing uniformly from what is left is the same as shuffling first,
so the house keeps the distributions of a shuffled deck.

Two sources stand behind the interface:

- `HouseChance`: the seeded `Rng(seed, n)` of a match starledger deals itself; each outcome is
  `items[rng.below(len(items))]`, so the seed and its commitment decide everything.
- `TableChance`: outcomes given by whoever records a game played at a real table (or elsewhere),
  in the order the rules ask for them. An outcome that cannot be (a card not in that pile, a die
  face 7) is refused with `IllegalMove("IMPOSSIBLE_OUTCOME", ...)` naming it; when the rules need an
  outcome that has not been given, `ChanceNeeded` stops the decision, carrying the chance node
  (what is asked and every possible outcome), and the match waits there as it waits for a seat.

Both record the outcomes they handed out (`outcomes`, as JSON-ready builtins), so a house match can
be written out as a table record, and a table match re-decided from its record.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

import msgspec

from domain.errors import IllegalMove, StarledgerError
from domain.rng import Rng
from domain.seat_refs import name_seats

T = TypeVar("T")

ChanceKind = Literal["draw", "roll", "pick", "arrange"]
"""What a chance node asks: an item of a pile, a die face, one of some options, the next item of
a row laid out (the table enters an arrangement item by item)."""

Label = Callable[[Any], str]


def _plain(value: Any) -> Any:
    """A value as JSON would carry it (how a table record and `outcomes` hold it)."""
    return msgspec.to_builtins(value)


def _key(value: Any) -> bytes:
    """What two outcomes are compared by: their canonical JSON (no recursion of ours, so a
    given value nested however deep costs no more than its bytes)."""
    return _canonical.encode(_plain(value))


_canonical = msgspec.json.Encoder(order="deterministic")


@dataclass(frozen=True)
class ChanceNode:
    """A question the rules ask chance: its kind, what is drawn (in words, seats as
    `seat_ref`s), and every possible outcome with how many of it the pile holds."""

    kind: ChanceKind
    what: str
    outcomes: tuple[Any, ...]
    counts: tuple[int, ...]
    label: Label | None = field(default=None, compare=False)

    @classmethod
    def of(
        cls, kind: ChanceKind, what: str, items: Sequence[Any], label: Label | None
    ) -> ChanceNode:
        counts: dict[Any, int] = {}
        first: dict[Any, Any] = {}
        for item in items:
            key = _key(item)
            counts[key] = counts.get(key, 0) + 1
            first.setdefault(key, item)
        return cls(kind, what, tuple(first.values()), tuple(counts.values()), label)

    @property
    def total(self) -> int:
        """How many items the pile holds (duplicates counted)."""
        return sum(self.counts)

    def name(self, outcome: Any, names: Sequence[str] = ()) -> str:
        """One outcome in the game's words (its plain value when the game gave no label), a
        seat by its name where `names` are given."""
        if self.label is not None:
            return name_seats(self.label(outcome), names) if names else self.label(outcome)
        plain = _plain(outcome)
        return plain if isinstance(plain, str) else msgspec.json.encode(plain).decode()

    def describe(self) -> str:
        """The question in words, as `moves --as table` heads its listing."""
        n = self.total
        match self.kind:
            case "draw":
                return f"{self.what}: one of the {n} in the pile"
            case "roll":
                return f"{self.what}: a die of {n} faces"
            case "arrange":
                return f"{self.what}: one of the {n} not yet laid out"
            case _:
                return f"{self.what}: one of {n}"

    def find(self, given: Any, index: int = 0, names: Sequence[str] = ()) -> Any:
        """The outcome `given` names, compared as JSON values or, for a text, with each
        outcome's name in any letter case ("Gem World"); else IMPOSSIBLE_OUTCOME (`index`: the
        place of `given` among the outcomes given)."""
        key = _key(given)
        for outcome in self.outcomes:
            if _key(outcome) == key:
                return outcome
        if isinstance(given, str) and self.label is not None:
            wanted = given.strip().casefold()
            for outcome in self.outcomes:
                if self.name(outcome, names).casefold() == wanted:
                    return outcome
        shown = given if isinstance(given, str) else msgspec.json.encode(_plain(given)).decode()
        raise ImpossibleOutcome(
            f"{shown[:80]} cannot be {self.what} ({_outcomes_in_words(self)})", index
        )


def _outcomes_in_words(node: ChanceNode) -> str:
    if len(node.outcomes) <= 12:
        return "it is one of " + ", ".join(node.name(o) for o in node.outcomes)
    return f"it is one of {len(node.outcomes)} others"


class ImpossibleOutcome(IllegalMove):
    """A given outcome that cannot be: `index` is its place among the outcomes given."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__("IMPOSSIBLE_OUTCOME", message)
        self.index = index


class ChanceNeeded(StarledgerError):
    """The rules need an outcome that nobody has given yet: the match waits at `node`.

    Not a refusal: a table match catches it and waits for the table, exactly as it waits for a
    seat. `given` is how many outcomes of this decision were used before the node."""

    default_code = "CHANCE_NEEDED"

    def __init__(self, node: ChanceNode, given: int) -> None:
        super().__init__(node.describe())
        self.node = node
        self.given = given


class Chance(Protocol):
    """The one source of chance the rules draw from (see the module's docstring)."""

    @property
    def used(self) -> int:
        """How many outcomes were drawn so far (a decision that drew any cannot be undone)."""
        ...

    @property
    def outcomes(self) -> list[Any]:
        """Every outcome handed out so far, in order, as JSON-ready values."""
        ...

    def draw(self, pile: Sequence[T], what: str, *, label: Label | None = None) -> T: ...

    def deal(
        self, pile: Sequence[T], count: int, what: str, *, label: Label | None = None
    ) -> list[T]: ...

    def roll(self, faces: Sequence[T], what: str, *, label: Label | None = None) -> T: ...

    def pick(self, options: Sequence[T], what: str, *, label: Label | None = None) -> T: ...

    def arrange(self, items: Iterable[T], what: str, *, label: Label | None = None) -> list[T]: ...


class _Source(ABC):
    """What both sources share: the kinds are one primitive, `_outcome`, asked item by item.

    An outcome with one possibility (the last card of a pile, the last place of a row) is forced:
    it is counted in `used` (the seat still learns a card) but nobody is asked for it, so it is
    not among `outcomes` and a table record leaves it out."""

    def __init__(self) -> None:
        self._outcomes: list[Any] = []
        self._forced = 0

    @property
    def used(self) -> int:
        return len(self._outcomes) + self._forced

    @property
    def outcomes(self) -> list[Any]:
        return list(self._outcomes)

    @abstractmethod
    def _choose(self, kind: ChanceKind, items: Sequence[T], what: str, label: Label | None) -> T:
        """The outcome among `items` (more than one possibility): drawn, or given."""

    def _outcome(self, kind: ChanceKind, items: Sequence[T], what: str, label: Label | None) -> T:
        if not items:
            raise ValueError(f"chance asked to {kind} from nothing: {what}")
        first = _key(items[0])
        if all(_key(item) == first for item in items[1:]):
            self._forced += 1
            return items[0]
        chosen = self._choose(kind, items, what, label)
        self._outcomes.append(_plain(chosen))
        return chosen

    def draw(self, pile: Sequence[T], what: str, *, label: Label | None = None) -> T:
        return self._outcome("draw", pile, what, label)

    def deal(
        self, pile: Sequence[T], count: int, what: str, *, label: Label | None = None
    ) -> list[T]:
        left = list(pile)
        drawn: list[T] = []
        for _ in range(min(count, len(left))):
            item = self._outcome("draw", left, what, label)
            left.remove(item)
            drawn.append(item)
        return drawn

    def roll(self, faces: Sequence[T], what: str, *, label: Label | None = None) -> T:
        return self._outcome("roll", faces, what, label)

    def pick(self, options: Sequence[T], what: str, *, label: Label | None = None) -> T:
        return self._outcome("pick", options, what, label)

    def arrange(self, items: Iterable[T], what: str, *, label: Label | None = None) -> list[T]:
        left = list(items)
        laid: list[T] = []
        while left:
            item = self._outcome("arrange", left, what, label)
            left.remove(item)
            laid.append(item)
        return laid


class HouseChance(_Source):
    """The house deals: every outcome drawn uniformly with the match's seeded `Rng`."""

    def __init__(self, rng: Rng) -> None:
        super().__init__()
        self.rng = rng

    @property
    def used(self) -> int:
        return self.rng.used + self._forced

    def _choose(self, kind: ChanceKind, items: Sequence[T], what: str, label: Label | None) -> T:
        return items[self.rng.below(len(items))]


class TableChance(_Source):
    """The table deals: outcomes given in the order the rules ask for them.

    Each given outcome is checked against what the rules could draw there (IMPOSSIBLE_OUTCOME
    names it); once the given ones run out, `ChanceNeeded` carries the next chance node."""

    def __init__(self, given: Iterable[Any] = (), names: Sequence[str] = ()) -> None:
        super().__init__()
        self._given = list(given)
        self._names = list(names)  # the seats' names, for outcomes given by a seat's name

    @property
    def left(self) -> int:
        """Given outcomes the rules have not asked for (a record with too many is refused)."""
        return len(self._given) - len(self._outcomes)

    def _choose(self, kind: ChanceKind, items: Sequence[T], what: str, label: Label | None) -> T:
        node = ChanceNode.of(kind, what, items, label)
        index = len(self._outcomes)
        if index >= len(self._given):
            raise ChanceNeeded(node, index)
        chosen: T = node.find(self._given[index], index, self._names)
        return chosen


def node_of(decide: Callable[[TableChance], object], given: Sequence[Any]) -> ChanceNode | None:
    """The chance node that `decide` (a decision or setup, run with `given` outcomes) stops at,
    or None when it needs no more than `given`."""
    try:
        decide(TableChance(given))
    except ChanceNeeded as needed:
        return needed.node
    return None
