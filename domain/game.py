"""The Rules contract every game implements, and the types all games share.

A game is a set of pure functions over immutable values (the Decider pattern):

    initial(n_seats, options) -> State
    setup(n_seats, options, chance) -> list[GameEvent]     opening events: deals, tiles laid, first player
    decide(state, seat, command, chance) -> list[GameEvent]  validates; raises IllegalMove(code, message)
    evolve(state, event) -> State                          applies one fact; never fails, never validates
    to_move(state) -> frozenset[Seat]                      who must decide now (several when simultaneous)
    legal(state, seat) -> Sequence[Command]                every legal command of that seat now
    view(state, seat | None) -> View                       what that seat (None: a spectator) may see
    score(state) -> tuple[int, ...]                        the scores everyone may know now (final at the end)
    result(state) -> Result | None                         None while the match runs
    render(view, names) -> str                             a view drawn as text for humans
    bot(state, seat, random) -> Command                    optional: a player better than random

`evolve` must treat its input as a value: it returns a new state and never mutates the old one
(the Match aggregate keeps earlier states for undo). All chance comes from the `Chance` source
handed to `setup`/`decide` (domain/chance.py: the house's seeded draws, or outcomes given by a
table), and its outcome is written into an event, so `evolve` never draws.
"""

from __future__ import annotations

import functools
import importlib
import random
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Generic, Protocol, TypeVar

import msgspec

from domain import words as words
from domain.chance import Chance as Chance
from domain.chance import ChanceNeeded as ChanceNeeded
from domain.chance import HouseChance as HouseChance
from domain.chance import TableChance as TableChance
from domain.errors import IllegalMove
from domain.rng import Rng as Rng
from domain.seat_names import seat_index
from domain.seat_refs import name_seats as name_seats
from domain.seat_refs import seat_ref as seat_ref

MAX_SEATS = 8
"""No game seats more than this; a `Seat` field outside [0, MAX_SEATS) is refused at decode."""


class _SeatMark:
    """Marks a `Seat` in type hints, so logs can print every seat field as the seat's name."""

    def __repr__(self) -> str:
        return "Seat"


SEAT_MARK = _SeatMark()

Seat = Annotated[int, msgspec.Meta(ge=0, le=MAX_SEATS - 1), SEAT_MARK]
"""A seat is its index in the seating order given to `new` (0 is the first name).

Type every seat field of a command, event or view as `Seat` (or `Seat | None`, `tuple[Seat, ...]`,
`frozenset[Seat]`): decoding bounds it, and the log renderer prints it as the seat's name.
"""


def is_seat_type(hint: Any) -> bool:
    """Whether a type hint is `Seat` (possibly optional)."""
    if typing.get_origin(hint) is Annotated:
        return SEAT_MARK in hint.__metadata__
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return any(is_seat_type(arg) for arg in typing.get_args(hint) if arg is not type(None))
    return False


def holds_seats(hint: Any) -> bool:
    """Whether a type hint is `Seat` or a collection of seats (tuple, list, frozenset)."""
    if is_seat_type(hint):
        return True
    origin = typing.get_origin(hint)
    if origin in (tuple, list, frozenset, set):
        return any(is_seat_type(arg) for arg in typing.get_args(hint) if arg is not Ellipsis)
    return False


def named_seats(raw: Any, hint: Any, names: Sequence[str]) -> Any:
    """`raw` (decoded JSON) with every seat NAME in a field typed `Seat` turned into its index,
    so people write `{"victim": "ben"}` where the game stores 1. Anything else is left as it is
    for the decoder to judge. Where `hint` can hold no seat at all, `raw` comes back untouched
    without being walked (the type's shape is read once per type: `_shape`)."""
    shape = _shape(hint)
    kind = shape[0]
    if kind == "none":
        return raw
    if kind == "seat":
        found = seat_index(names, raw) if isinstance(raw, str) else None
        return raw if found is None else found
    if kind == "union":
        _, tagged, single = shape
        if isinstance(raw, dict) and "type" in raw:
            member = tagged.get(raw["type"])
            if member is not None:
                return named_seats(raw, member, names)
        return named_seats(raw, single, names) if single is not None else raw
    if kind == "items":
        return (
            [named_seats(item, shape[1], names) for item in raw] if isinstance(raw, list) else raw
        )
    if kind == "struct" and isinstance(raw, dict):
        hints = shape[1]
        return {key: named_seats(value, hints.get(key), names) for key, value in raw.items()}
    return raw


def _shape(hint: Any) -> tuple[Any, ...]:
    """How `named_seats` walks a value of type `hint` (cached per hint where it can be)."""
    try:
        return _cached_shape(hint)
    except TypeError:  # an unhashable hint: read it afresh
        return _read_shape(hint)


@functools.cache
def _cached_shape(hint: Any) -> tuple[Any, ...]:
    return _read_shape(hint)


def _read_shape(hint: Any) -> tuple[Any, ...]:
    if is_seat_type(hint):
        return ("seat",)
    origin = typing.get_origin(hint)
    if origin is Annotated:
        return _shape(typing.get_args(hint)[0])
    if origin in (typing.Union, types.UnionType):
        members = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        tagged: dict[Any, Any] = {}
        for member in members:
            config = getattr(member, "__struct_config__", None)
            if config is not None and config.tag is not None:
                tagged.setdefault(config.tag, member)
        single = members[0] if len(members) == 1 else None
        reachable = [*tagged.values(), *([single] if single is not None else [])]
        if all(_shape(member)[0] == "none" for member in reachable):
            return ("none",)
        return ("union", tagged, single)
    if origin in (tuple, list, frozenset, set):
        args = [arg for arg in typing.get_args(hint) if arg is not Ellipsis]
        if len(args) != 1 or _shape(args[0])[0] == "none":
            return ("none",)
        return ("items", args[0])
    if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
        hints = _struct_hints(hint)
        if hint in _READING:  # a type that holds itself: walk it, whatever it holds
            return ("struct", hints)
        _READING.add(hint)
        try:
            if all(_shape(field)[0] == "none" for field in hints.values()):
                return ("none",)
        finally:
            _READING.discard(hint)
        return ("struct", hints)
    return ("none",)


_READING: set[type] = set()  # the Struct types whose shape is being read (recursive types)


@functools.cache
def _struct_hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


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
    """A player's decision, exactly as `starledger play` accepts it (JSON with a `type` tag).

    `any_time` marks a decision a seat may make when it is not to move (Duck Dealer's discards,
    "at any time, including other players' turns"): the platform's turn check lets it through.
    `forced_is_public` marks a kind whose being a seat's only legal move follows from public facts
    alone, even while the seat knows something the others do not (domain/forced.py).
    """

    any_time: ClassVar[bool] = False
    forced_is_public: ClassVar[bool] = False

    def visibility(self, seat: Seat) -> Visibility:
        """Who may see this command in the log; a sealed choice overrides this with `only(seat)`."""
        return EVERYONE


class Result(msgspec.Struct, frozen=True):
    """The end of a match: final scores, places (1 is first; equal places are shared), winners."""

    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[Seat, ...]
    reason: str


MAX_COMMAND_BYTES = 64 * 1024
"""The largest command text accepted; no real decision comes near it."""


def command_json(data: bytes | str) -> Any:
    """A command's JSON text read once (its size checked first, the only place it is): a
    command over MAX_COMMAND_BYTES is refused unread and unechoed, bad JSON is named."""
    if len(data) > MAX_COMMAND_BYTES:
        raise IllegalMove(
            "COMMAND_TOO_LARGE", f"a command is at most {MAX_COMMAND_BYTES // 1024} KiB"
        )
    try:
        return msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        raise IllegalMove("MALFORMED_COMMAND", f"not valid JSON: {exc}") from None
    except RecursionError:
        raise IllegalMove("MALFORMED_COMMAND", "JSON nested too deeply") from None


Rounds = Annotated[int, msgspec.Meta(ge=1, le=10_000)]
"""A `max_rounds` value: at least one round, and few enough that a match always ends."""


class Options(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every game's options; `max_rounds` ends a match that its rules would let run forever.

    Every field is bounded where it is decoded (`msgspec.Meta`), as `Rounds` bounds `max_rounds`.
    """

    max_rounds: Rounds = 100


T = TypeVar("T")
S = TypeVar("S")


def best_of(items: Iterable[T], key: Callable[[T], Any], rng: random.Random) -> T | None:
    """A bot's pick among the items with the highest key: ties broken with the bot's own
    Random, never by position (the first option would favour low seats and early ids)."""
    pool = list(items)
    if not pool:
        return None
    top = max(key(item) for item in pool)
    return rng.choice([item for item in pool if key(item) == top])


def least_of(items: Iterable[T], key: Callable[[T], Any], rng: random.Random) -> T | None:
    """A bot's pick among the items with the lowest key, ties broken at random (see best_of)."""
    pool = list(items)
    if not pool:
        return None
    bottom = min(key(item) for item in pool)
    return rng.choice([item for item in pool if key(item) == bottom])


def places_from_keys(keys: Sequence[tuple[Any, ...]]) -> tuple[int, ...]:
    """Competition ranking ("1224") from per-seat sort keys, higher keys first."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


E = TypeVar("E")


def fold(evolve: Callable[[S, Any], S], state: S, events: Iterable[Any]) -> S:
    """The state after `events`, each applied by `evolve` in turn."""
    for event in events:
        state = evolve(state, event)
    return state


class Emitter(Generic[S, E]):
    """The events of one decision (or of `setup`), folded onto a scratch state as they are
    emitted, so every later rule of the decision sees the effect of the earlier ones; and the
    chance the decision draws from. A game binds its own `evolve` in a subclass
    (`domain/<game>/rules*.py`), which may add what its rules do after an event
    (`emitted`) or helpers of its own."""

    def __init__(self, evolve: Callable[[S, E], S], state: S, chance: Chance) -> None:
        self._evolve = evolve
        self.state = state
        self.chance = chance
        self.events: list[E] = []

    def emit(self, *events: E) -> None:
        for event in events:
            self.events.append(event)
            self.state = self._evolve(self.state, event)
            self.emitted(event)

    def emitted(self, event: E) -> None:
        """What follows one event at once, before the next is emitted (nothing by default)."""


Handler = Callable[[Any, Seat, Any], None]
"""A command's rules: given the decision's `Emitter`, the seat and the command, it checks the
command (raising IllegalMove) and emits its events."""


@dataclass(frozen=True)
class CommandRule:
    """One row of a game's command table: the command's rules, the phases it belongs to (None:
    the game's own checks judge when it may be sent), and the refusal a seat reads when it is
    sent in another phase (`{phase}` and `{command}` are filled in)."""

    handler: Handler
    phases: frozenset[str] | None = None
    refusal: str = "{command} is not possible in {phase}"


CommandTable = Mapping[type, CommandRule]
"""A game's commands: each command type with its row (`gate` reads it)."""


def gate(table: CommandTable, phase: str, command: Command) -> CommandRule:
    """The platform's phase check, the same for every game: the command's row, once the phase
    is one it belongs to (WRONG_PHASE otherwise; BAD_COMMAND for a type the game lacks)."""
    rule = table.get(type(command))
    name = type(command).__name__
    if rule is None:
        raise IllegalMove("BAD_COMMAND", f"{name} is no command of this game")
    if rule.phases is not None and phase not in rule.phases:
        raise IllegalMove("WRONG_PHASE", rule.refusal.format(phase=phase, command=name))
    return rule


BotFunction = Callable[[Any, Seat, random.Random], "Command"]
"""A game's bot: a legal command for `seat` in `state`, chosen with the given `random.Random`."""


class LazyBot:
    """`Rules.bot`: the bot function, which may be given as "module:attribute" and is then
    imported only when first read, so a process that never plays a bot never imports one."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.key = f"_{name}"

    def __get__(self, rules: object, owner: type | None = None) -> BotFunction | None:
        if rules is None:
            return None  # the field's default, as dataclasses read it from the class
        bot = rules.__dict__.get(self.key)
        if isinstance(bot, str):
            module, _, attribute = bot.partition(":")
            bot = getattr(importlib.import_module(module), attribute)
            rules.__dict__[self.key] = bot
        return bot

    def __set__(self, rules: object, bot: BotFunction | str | None) -> None:
        rules.__dict__[self.key] = bot


class Narrator(Protocol):
    """A game's narration (`domain/<game>/narration.py`): every event and command told as an
    English sentence in the game's own words, seats by name. Pure, and told from the one event
    or command alone, so a sentence holds no more than what it tells: whoever may see an event
    may read its sentence, and redaction stays where it is (the log, by each event's
    visibility).

    A narration may also define `part_text(kind, field, value, names) -> str | None`: one part
    of a command that a seat picks part by part (forms/menus.py; `value` typed as the field's
    type, or its list's item type), in words ("1 yellow cube east", "Gem World"), None where
    the short form says it best. Every game with a kind of more than 30 moves has one."""

    def event_text(self, event: Any, names: Sequence[str]) -> str:
        """One event as a sentence ("ann draws 2 cards"; "ann draws Gem World and Space Port")."""
        ...

    def command_text(self, command: Any, seat: Seat, names: Sequence[str]) -> str:
        """One decision as a sentence ("ann explores, keeping 1 of 2 cards")."""
        ...


@functools.cache
def _narrator(module: str) -> Narrator:
    found: Narrator = importlib.import_module(module)
    return found


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
    setup: Callable[[int, Any, Chance], Sequence[GameEvent]]
    decide: Callable[[S, Seat, Any, Chance], Sequence[GameEvent]]
    evolve: Callable[[S, Any], S]
    to_move: Callable[[S], frozenset[Seat]]
    legal: Callable[[S, Seat], Sequence[Command]]
    view: Callable[[S, Seat | None], msgspec.Struct]
    score: Callable[[S], tuple[int, ...]]
    result: Callable[[S], Result | None]
    render: Callable[[Any, Sequence[str]], str]
    description: str = ""
    option_help: dict[str, str] = field(default_factory=dict)
    bot: LazyBot = LazyBot()
    """A better-than-random player (optional): a legal command for `seat`, chosen with `rng`.
    Give it as "package.module:function" so that it is imported only when first used."""
    end_reasons: Mapping[str, str] = field(default_factory=dict)
    """Every `Result.reason` the game can give (UPPER_SNAKE) mapped to a sentence for humans."""
    narration: str | None = None
    """The module of the game's `Narrator` ("domain.<game>.narration"), imported when first used."""

    @property
    def narrator(self) -> Narrator | None:
        """The game's narration, or None for a game that tells its events in the short form."""
        if self.narration is None:
            return None
        return _narrator(self.narration)

    def check_turn(self, state: S, seat: Seat, command: Command | None = None) -> None:
        """What every game shares, checked before its own `decide` (by the Match, and by a
        game's scenario tests): the match runs and `seat` is one of those to move. One code
        each, for every game: GAME_OVER, NOT_YOUR_TURN."""
        if self.result(state) is not None:
            raise IllegalMove("GAME_OVER", "the match is over")
        to_move = self.to_move(state)
        if seat not in to_move and not (command is not None and command.any_time):
            waiting = ", ".join(seat_ref(s) for s in sorted(to_move)) or "no one"
            raise IllegalMove(
                "NOT_YOUR_TURN", f"{seat_ref(seat)} may not decide now (to move: {waiting})"
            )

    def describe_end(self, reason: str) -> str:
        """The sentence for an end reason (the code itself when the game has none for it)."""
        return self.end_reasons.get(reason, reason)

    def options(self, given: dict[str, Any] | None = None) -> Any:
        """Validated options from `KEY=VALUE` strings or JSON values; unknown keys are refused."""
        try:
            return msgspec.convert(given or {}, self.options_type, strict=False)
        except msgspec.ValidationError as exc:
            raise IllegalMove("BAD_OPTION", f"{self.slug} options: {exc}") from None

    def option_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in msgspec.structs.fields(self.options_type))

    def parse_command(self, data: bytes | str | dict[str, Any]) -> Command:
        """Decode a command; malformed input raises IllegalMove naming the bad field.

        Every field is bounded by its type (`msgspec.Meta`), so a value outside the game's bounds
        never reaches `decide`; a command over MAX_COMMAND_BYTES is refused unread and unechoed.
        """
        raw = command_json(data) if isinstance(data, str | bytes) else data
        try:
            return msgspec.convert(raw, self.command_type)
        except msgspec.ValidationError as exc:
            raise IllegalMove("BAD_COMMAND", f"{self.slug} command: {exc}") from None
        except RecursionError:
            raise IllegalMove("MALFORMED_COMMAND", "JSON nested too deeply") from None

    def fold(self, state: S, events: Iterable[Any]) -> S:
        return fold(self.evolve, state, events)
