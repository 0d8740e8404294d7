"""The Match aggregate: one match of any registered game, as an eventsourcing Aggregate.

Its stored events are the player decisions, and the game's own events ride inside them:

    Started(game, rules_version, seats, options, seed, opening)   version 1
    Decided(seat, command, outcome, undoable)                     one per accepted command
    Undone(decision, seat) / Redone(decision, seat)               nothing is ever deleted

The game state is only ever `rules.fold(initial, opening + outcomes)`. Decision `n` of a match
(the aggregate version it creates) draws its chance from `Rng(seed, n)`, so `verify` can re-run
`decide` and compare outcomes; replaying only folds the recorded outcomes.

Undo (DESIGN.md): a seat may undo its own latest decision while nothing was revealed by it
(no chance drawn, no `reveals` event) and no other seat has decided since; redo is possible until
a new decision is made. `undo_stack` holds the states before the undoable decisions of the seat
that decided last; it is emptied by any decision that cannot be undone or that another seat makes.
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec
from eventsourcing.domain import Aggregate
from eventsourcing.domain import Snapshot as LibrarySnapshot

from domain.game import Command, GameEvent, IllegalMove, Result, Rng, Rules, Seat
from domain.registry import rules_for


class Entry(msgspec.Struct):
    """A decision the Match can still undo (with the state before it) or redo."""

    decision: int
    seat: Seat
    command: Any
    outcome: list[Any]
    before: Any = None


class Conflict(Exception):
    """A command sent against a version of the match that is no longer current."""


class Match(Aggregate):
    class Started(Aggregate.Created):
        game: str
        rules_version: str
        seats: tuple[str, ...]
        options: dict[str, Any]
        seed: int
        opening: list[Any]
        sealed_log: bool

    class Decided(Aggregate.Event):
        seat: int
        command: Any
        outcome: list[Any]
        undoable: bool

        def apply(self, match: Match) -> None:
            match._apply_decided(self)

    class Undone(Aggregate.Event):
        decision: int
        seat: int

        def apply(self, match: Match) -> None:
            entry = match.undo_stack.pop()
            match.state = entry.before
            match.redo_stack.append(Entry(entry.decision, entry.seat, entry.command, entry.outcome))
            match.decisions -= 1

    class Redone(Aggregate.Event):
        decision: int
        seat: int

        def apply(self, match: Match) -> None:
            entry = match.redo_stack.pop()
            before = match.state
            match.state = match.rules.fold(before, entry.outcome)
            match.undo_stack.append(
                Entry(entry.decision, entry.seat, entry.command, entry.outcome, before)
            )
            match.decisions += 1

    class Snapshot(LibrarySnapshot):
        def mutate(self, _: None) -> Match:
            match = super().mutate(None)
            assert isinstance(match, Match)
            match._retype()
            return match

    def __init__(
        self,
        game: str,
        rules_version: str,
        seats: tuple[str, ...],
        options: dict[str, Any],
        seed: int,
        opening: list[Any],
        sealed_log: bool,
    ) -> None:
        self.game = game
        self.rules_version = rules_version
        self.seats = tuple(seats)
        self.options = dict(options)
        self.seed = seed
        self.sealed_log = sealed_log  # the full log stays sealed even once the match is over
        rules = self.rules
        self.opening: list[GameEvent] = _events(rules, opening)
        self.state: Any = rules.fold(
            rules.initial(len(self.seats), rules.options(self.options)), self.opening
        )
        self.decisions = 0
        self.undo_stack: list[Entry] = []
        self.redo_stack: list[Entry] = []

    # -- creation -------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        game: str,
        seats: list[str],
        options: dict[str, Any] | None,
        seed: int,
        *,
        sealed_log: bool = False,
    ) -> Match:
        rules = rules_for(game)
        names = [name.strip() for name in seats]
        if not rules.min_seats <= len(names) <= rules.max_seats:
            raise IllegalMove(
                "BAD_SEATS",
                f"{rules.name} takes {rules.min_seats}-{rules.max_seats} seats, got {len(names)}",
            )
        if any(not name for name in names) or len(set(names)) != len(names):
            raise IllegalMove("BAD_SEATS", "seat names must be non-empty and distinct")
        if {"referee", "spectator"} & set(names):
            raise IllegalMove("BAD_SEATS", "'referee' and 'spectator' name viewers, not seats")
        parsed = rules.options(options or {})
        opening = rules.setup(len(names), parsed, Rng(seed, cls.INITIAL_VERSION))
        return cls._create(
            cls.Started,
            game=game,
            rules_version=rules.rules_version,
            seats=tuple(names),
            options=msgspec.to_builtins(parsed),
            seed=seed,
            opening=opening,
            sealed_log=sealed_log,
        )

    # -- reading ----------------------------------------------------------------------------

    @property
    def rules(self) -> Rules[Any]:
        return rules_for(self.game)

    @property
    def result(self) -> Result | None:
        return self.rules.result(self.state)

    @property
    def to_move(self) -> frozenset[Seat]:
        return frozenset() if self.result is not None else self.rules.to_move(self.state)

    @property
    def status(self) -> str:
        if self.result is not None:
            return "over"
        return "in play" if self.decisions else "setting up"

    def seat_of(self, name: str) -> Seat:
        try:
            return self.seats.index(name)
        except ValueError:
            known = ", ".join(self.seats)
            raise IllegalMove(
                "UNKNOWN_SEAT", f"no seat {name!r} in this match (seats: {known})"
            ) from None

    # -- commands ---------------------------------------------------------------------------

    def decide(self, seat: Seat, command: Command) -> list[GameEvent]:
        """Apply one decision; raises IllegalMove and changes nothing if the rules refuse it."""
        rules = self.rules
        if self.result is not None:
            raise IllegalMove("GAME_OVER", "the match is over")
        rng = Rng(self.seed, self.version + 1)
        outcome = list(rules.decide(self.state, seat, command, rng))
        if seat not in rules.to_move(self.state):
            raise IllegalMove("NOT_YOUR_TURN", f"{self.seats[seat]} may not decide now")
        undoable = rng.used == 0 and not any(type(event).reveals for event in outcome)
        self.trigger_event(
            self.Decided, seat=seat, command=command, outcome=outcome, undoable=undoable
        )
        return outcome

    def undo(self, seat: Seat) -> Entry:
        if self.result is not None:
            raise IllegalMove("GAME_OVER", "the match is over; its result stands")
        entry = self._undo_entry(seat)
        self.trigger_event(self.Undone, decision=entry.decision, seat=seat)
        return entry

    def redo(self, seat: Seat) -> Entry:
        if self.result is not None:
            raise IllegalMove("GAME_OVER", "the match is over; its result stands")
        if not self.redo_stack:
            raise IllegalMove("NOTHING_TO_REDO", "there is no undone decision to redo")
        entry = self.redo_stack[-1]
        if entry.seat != seat:
            raise IllegalMove(
                "NOT_YOUR_DECISION", f"the last undone decision is {self.seats[entry.seat]}'s"
            )
        self.trigger_event(self.Redone, decision=entry.decision, seat=seat)
        return entry

    def _undo_entry(self, seat: Seat) -> Entry:
        if not self.undo_stack:
            raise IllegalMove(
                "CANNOT_UNDO",
                "nothing to undo: the latest decision revealed something, drew on chance, "
                "or another seat has decided since",
            )
        entry = self.undo_stack[-1]
        if entry.seat != seat:
            raise IllegalMove(
                "CANNOT_UNDO", f"the latest decision is {self.seats[entry.seat]}'s, not yours"
            )
        return entry

    def can_undo(self, seat: Seat) -> bool:
        return bool(self.undo_stack) and self.undo_stack[-1].seat == seat

    # -- evolution --------------------------------------------------------------------------

    def _apply_decided(self, event: Match.Decided) -> None:
        rules = self.rules
        command = _command(rules, event.command)
        outcome = _events(rules, event.outcome)
        before = self.state
        self.state = rules.fold(before, outcome)
        self.decisions += 1
        self.redo_stack.clear()
        if not event.undoable or (self.undo_stack and self.undo_stack[-1].seat != event.seat):
            self.undo_stack.clear()
        if event.undoable:
            self.undo_stack.append(
                Entry(event.originator_version, event.seat, command, outcome, before)
            )

    def _retype(self) -> None:
        """Turn a snapshot's decoded builtins back into the game's own types."""
        rules = self.rules
        self.seats = tuple(self.seats)
        self.opening = _events(rules, self.opening)
        self.state = typed(self.state, rules.state_type)
        self.undo_stack = [_entry(rules, raw, with_state=True) for raw in self.undo_stack]
        self.redo_stack = [_entry(rules, raw, with_state=False) for raw in self.redo_stack]


def _command(rules: Rules[Any], raw: Any) -> Command:
    if isinstance(raw, Command):
        return raw
    return typed(raw, rules.command_type)


def _events(rules: Rules[Any], raw: list[Any]) -> list[GameEvent]:
    if all(isinstance(event, GameEvent) for event in raw):
        return list(raw)
    return typed(raw, list_of(rules.event_type))


@functools.cache
def list_of(event_type: Any) -> Any:
    """One `list[Union]` type per game: msgspec caches its decoding plan on the type object."""
    return list[event_type]


_encoder = msgspec.msgpack.Encoder()


@functools.cache
def _decoder(kind: Any) -> msgspec.msgpack.Decoder[Any]:
    return msgspec.msgpack.Decoder(kind)


def typed(raw: Any, kind: Any) -> Any:
    """Builtins (as an untyped decode of a stored event gives them) typed as `kind`.

    Same result as `msgspec.convert(raw, kind)`, which is slow on a game's large tagged unions
    (about 40 us a decision here); encoding the builtins again and decoding them with a typed
    decoder takes about 1 us.
    """
    return _decoder(kind).decode(_encoder.encode(raw))


def _entry(rules: Rules[Any], raw: Any, *, with_state: bool) -> Entry:
    entry = raw if isinstance(raw, Entry) else msgspec.convert(raw, Entry, strict=False)
    before = entry.before
    if with_state and before is not None and not isinstance(before, rules.state_type):
        before = typed(before, rules.state_type)
    return Entry(
        entry.decision,
        entry.seat,
        _command(rules, entry.command),
        _events(rules, entry.outcome),
        before,
    )
