"""The Rules contract every game implements, and the types all games share.

A game is a set of pure functions over immutable values (the Decider pattern):

    initial(n_seats, options) -> State
    setup(n_seats, options, rng) -> list[GameEvent]        opening events: shuffles, deals, first player
    decide(state, seat, command, rng) -> list[GameEvent]   validates; raises IllegalMove(code, message)
    evolve(state, event) -> State                          applies one fact; never fails, never validates
    to_move(state) -> frozenset[Seat]                      who must decide now (several when simultaneous)
    legal(state, seat) -> Sequence[Command]                every legal command of that seat now
    view(state, seat | None) -> View                       what that seat (None: a spectator) may see
    score(state) -> tuple[int, ...]                        the scores everyone may know now (final at the end)
    result(state) -> Result | None                         None while the match runs
    render(view, names) -> str                             a view drawn as text for humans
    bot(state, seat, random) -> Command                    optional: a player better than random

`evolve` must treat its input as a value: it returns a new state and never mutates the old one
(the Match aggregate keeps earlier states for undo). All chance comes from the `Rng` handed to
`setup`/`decide`, and its outcome is written into an event, so `evolve` never draws.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

import msgspec

Seat = int
"""A seat is its index in the seating order given to `new` (0 is the first name)."""


class IllegalMove(Exception):
    """A command that the rules refuse; nothing is stored. `code` is stable, `message` is for humans."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class Visibility(msgspec.Struct, frozen=True):
    """Who may see a fact: everyone (`seats is None`), some seats, or no one (an empty set).

    A spectator sees only what everyone sees; the referee sees everything.
    """

    seats: frozenset[Seat] | None = None

    @classmethod
    def everyone(cls) -> Visibility:
        return EVERYONE

    @classmethod
    def only(cls, *seats: Seat) -> Visibility:
        return cls(frozenset(seats))

    @classmethod
    def no_one(cls) -> Visibility:
        return NO_ONE

    @property
    def is_public(self) -> bool:
        return self.seats is None

    def allows(self, seat: Seat | None) -> bool:
        if self.seats is None:
            return True
        return seat is not None and seat in self.seats


EVERYONE = Visibility(None)
NO_ONE = Visibility(frozenset())


class GameEvent(
    msgspec.Struct, frozen=True, tag_field="type", tag=True, forbid_unknown_fields=True
):
    """A fact of a game. Subclasses are tagged by class name inside their game's union.

    `reveals` marks facts that show someone something that was hidden (a tile face, a drawn
    card, a die roll, a sealed choice): a decision that caused one can never be undone.
    """

    reveals: ClassVar[bool] = False

    def visibility(self) -> Visibility:
        return EVERYONE


class Command(msgspec.Struct, frozen=True, tag_field="type", tag=True, forbid_unknown_fields=True):
    """A player's decision, exactly as `starledger play` accepts it (JSON with a `type` tag)."""

    def visibility(self, seat: Seat) -> Visibility:
        """Who may see this command in the log; a sealed choice overrides this with `only(seat)`."""
        return EVERYONE


class Result(msgspec.Struct, frozen=True):
    """The end of a match: final scores, places (1 is first; equal places are shared), winners."""

    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[Seat, ...]
    reason: str


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every game's options; `max_rounds` ends a match that its rules would let run forever."""

    max_rounds: int = 100


_MASK64 = (1 << 64) - 1


class Rng:
    """A deterministic random source for decision `n` of a match seeded with `seed`.

    splitmix64 over a blake2b-derived start: the same (seed, n) gives the same draws on every
    Python, so `verify` can re-run `decide` and compare outcomes. `used` counts draws, so the
    Match knows whether a decision involved chance (and therefore cannot be undone).
    """

    __slots__ = ("_state", "n", "seed", "used")

    def __init__(self, seed: int, n: int) -> None:
        self.seed = seed
        self.n = n
        digest = hashlib.blake2b(f"{seed}:{n}".encode(), digest_size=8).digest()
        self._state = int.from_bytes(digest, "big")
        self.used = 0

    def _next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, k: int) -> int:
        """A uniform integer in [0, k)."""
        if k <= 0:
            raise ValueError("Rng.below needs a positive bound")
        self.used += 1
        limit = (1 << 64) - ((1 << 64) % k)
        while True:
            x = self._next64()
            if x < limit:
                return x % k

    def between(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], as a die roll."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        """A Fisher-Yates shuffle of a copy of `items`."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


T = TypeVar("T")
S = TypeVar("S")


def places_from_keys(keys: Sequence[tuple[Any, ...]]) -> tuple[int, ...]:
    """Competition ranking ("1224") from per-seat sort keys, higher keys first."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


@dataclass(frozen=True)
class Rules(Generic[S]):
    """One game: its facts as data, then its pure functions. The registry holds one per slug."""

    slug: str
    name: str
    min_seats: int
    max_seats: int
    rules_version: str
    options_type: type[Options]
    command_type: Any  # the game's tagged union of Command structs
    event_type: Any  # the game's tagged union of GameEvent structs
    state_type: type[S]
    initial: Callable[[int, Any], S]
    setup: Callable[[int, Any, Rng], Sequence[GameEvent]]
    decide: Callable[[S, Seat, Any, Rng], Sequence[GameEvent]]
    evolve: Callable[[S, Any], S]
    to_move: Callable[[S], frozenset[Seat]]
    legal: Callable[[S, Seat], Sequence[Command]]
    view: Callable[[S, Seat | None], msgspec.Struct]
    score: Callable[[S], tuple[int, ...]]
    result: Callable[[S], Result | None]
    render: Callable[[Any, Sequence[str]], str]
    description: str = ""
    option_help: dict[str, str] = field(default_factory=dict)
    bot: Callable[[S, Seat, random.Random], Command] | None = None
    """A better-than-random player (optional): a legal command for `seat`, chosen with `rng`."""

    def options(self, given: dict[str, Any] | None = None) -> Any:
        """Validated options from `KEY=VALUE` strings or JSON values; unknown keys are refused."""
        try:
            return msgspec.convert(given or {}, self.options_type, strict=False)
        except msgspec.ValidationError as exc:
            raise IllegalMove("BAD_OPTION", f"{self.slug} options: {exc}") from None

    def option_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in msgspec.structs.fields(self.options_type))

    def parse_command(self, data: bytes | str | dict[str, Any]) -> Command:
        """Decode a command; malformed input raises IllegalMove naming the bad field."""
        try:
            if isinstance(data, dict):
                return msgspec.convert(data, self.command_type)
            return msgspec.json.decode(data, type=self.command_type)
        except msgspec.ValidationError as exc:
            raise IllegalMove("BAD_COMMAND", f"{self.slug} command: {exc}") from None
        except msgspec.DecodeError as exc:
            raise IllegalMove("MALFORMED_COMMAND", f"not valid JSON: {exc}") from None

    def fold(self, state: S, events: Iterable[Any]) -> S:
        for event in events:
            state = self.evolve(state, event)
        return state
