"""The Match aggregate: one match of any registered game, as an eventsourcing Aggregate.

Its stored events are the player decisions, and the game's own events ride inside them:

    Started(game, rules_version, seats, options, seed, opening)   version 1
    Decided(seat, command, outcome, undoable)                     one per accepted command
    Undone(decision, seat) / Redone(decision, seat)               nothing is ever deleted

Each Decided leaves the match to be stored stamped with its replay line's commitment
(`line_commitment`, domain/lines.py), which the audit chain links without reading the decision
again; `verify` checks every stamp against the fields it stands for.

A match started with `auto_forced` plays a seat's forced move for it (domain/forced.py) as soon
as the seat is to move: a `Decided` of that seat marked `automatic`. Undoing a seat's decision
takes back the automatic ones played after it too (one `Undone` each).

A match is dealt by the house (`chance="house"`: decision `n` draws from `Rng(seed, n)`) or by a
table (`chance="table"`: a game played at a real table, or elsewhere, entered by its recorder).
A table match never invents an outcome: when the rules need one that was not given, the opening
or the decision waits at a chance node (`chance_node`), exactly as a match waits for a seat:

    Awaited(seat, command)       a decision that waits for chance (the opening waits from Started)
    ChanceEntered(outcome)       one outcome the table gave, not yet the last the rules need
    Dealt(opening, chance) / Decided(..., chance)   the last outcome given: the opening or
                                 decision is complete, with every outcome that made it
    Withdrawn()                  the recorder takes back its latest entry (a mistyped card)

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
import hashlib
import re
import unicodedata
import uuid
from collections.abc import Sequence
from typing import Any

import msgspec
from eventsourcing.domain import Aggregate
from eventsourcing.domain import Snapshot as LibrarySnapshot

from domain.chance import ChanceNode, ImpossibleOutcome
from domain.commitment import (
    effective_seed,
    entropy_commitment,
    fresh_salt,
    fresh_seed,
    seed_commitment,
)
from domain.errors import RulesRetired, StarledgerError
from domain.forced import forced_move
from domain.game import (
    ChanceNeeded,
    Command,
    GameEvent,
    HouseChance,
    IllegalMove,
    Result,
    Rng,
    Rules,
    Seat,
    TableChance,
    command_json,
    name_seats,
    named_seats,
)
from domain.lines import line_commitment
from domain.registry import rules_for
from domain.seat_names import confusable_pair, normal, seat_index
from domain.viewer import record_opens


class Entry(msgspec.Struct):
    """A decision the Match can still undo (with the state before it) or redo."""

    decision: int
    seat: Seat
    command: Any
    outcome: list[Any]
    before: Any = None
    automatic: bool = False  # played by the platform: a forced move (see `auto_forced`)


class Pending(msgspec.Struct):
    """The opening (seat None) or a seat's decision waiting at a chance node of a table match,
    with the outcomes the table has given so far."""

    seat: Seat | None
    command: Any
    given: list[Any]


class Completed(msgspec.Struct):
    """The latest opening or decision a table completed, which its recorder may still take
    back (`version` is the event that completed it; `before` the state before it)."""

    version: int
    seat: Seat | None
    command: Any
    given: list[Any]
    before: Any


HOUSE = "house"
TABLE = "table"


class Match(Aggregate):
    class Started(Aggregate.Created):
        game: str
        rules_version: str
        seats: tuple[str, ...]
        options: dict[str, Any]
        seed: str
        seed_known: bool
        seed_commitment: str
        entropy: bool
        opening: list[Any]
        sealed_log: bool
        salt: str
        forked_from: dict[str, Any] | None = None  # {"match", "at", "hash"} of a fork's origin
        chance: str = HOUSE  # who deals: the house's seeded draws, or a table's given outcomes
        auto_forced: bool = False  # the platform plays every seat's forced moves for it

        @staticmethod
        def decoding_context(state: dict[str, Any]) -> str | None:
            """The game, which types the match's later events as they are read back
            (store.transcoding decodes a Decided's command and outcome straight into it)."""
            return state.get("game")

        @staticmethod
        def decoding_hints(game: str) -> dict[str, Any]:
            return {"opening": list_of(rules_for(game).event_type)}

    class EntropyContributed(Aggregate.Event):
        """A seat's secret entropy: its commitment is public, its value opens with the match."""

        seat: int
        value: str
        commitment: str
        salt: str

        def apply(self, match: Match) -> None:
            if match.retired:
                return  # recorded under other rules: never folded by these
            assert match.contributions is not None
            match.contributions[self.seat] = self.value

    class Dealt(Aggregate.Event):
        """The opening, drawn once every seat contributed (or the referee dealt without some)."""

        opening: list[Any]
        salt: str
        chance: list[Any] | None = None  # a table match: the outcomes the table gave

        @staticmethod
        def decoding_hints(game: str) -> dict[str, Any]:
            return {"opening": list_of(rules_for(game).event_type)}

        def apply(self, match: Match) -> None:
            if match.retired:
                return  # recorded under other rules: never folded by these
            before = match.state
            match._deal(_events(match.rules, self.opening))
            match._completed(self.originator_version, None, None, self.chance, before)

    class Decided(Aggregate.Event):
        seat: int
        command: Any
        outcome: list[Any]
        undoable: bool
        salt: str
        chance: list[Any] | None = None  # a table match: the outcomes the table gave
        automatic: bool = False  # a forced move the platform played for the seat
        line_commitment: bytes | None = None
        """c_i of this decision's replay line (domain/lines.py), stamped as the event leaves the
        match to be stored (`collect_events`), so the audit chain links it without reading the
        rest of the event again; `verify` checks it against the event's fields. None in events
        stored before it was kept (the chain works it out from their fields)."""

        @staticmethod
        def decoding_hints(game: str) -> dict[str, Any]:
            rules = rules_for(game)
            return {"command": rules.command_type, "outcome": list_of(rules.event_type)}

        def apply(self, match: Match) -> None:
            if match.retired:
                return  # recorded under other rules: never folded by these
            before = match.state
            match._apply_decided(self)
            match._completed(self.originator_version, self.seat, self.command, self.chance, before)

    class Awaited(Aggregate.Event):
        """A seat's decision in a table match that waits for the table to give chance."""

        seat: int
        command: Any
        salt: str

        @staticmethod
        def decoding_hints(game: str) -> dict[str, Any]:
            return {"command": rules_for(game).command_type}

        def apply(self, match: Match) -> None:
            if match.retired:
                return  # recorded under other rules: never folded by these
            match.pending = Pending(self.seat, _command(match.rules, self.command), [])
            match.completed = None

    class ChanceEntered(Aggregate.Event):
        """An outcome the table gave, while the opening or decision needs more."""

        outcome: Any
        salt: str

        def apply(self, match: Match) -> None:
            if match.retired:
                return  # recorded under other rules: never folded by these
            assert match.pending is not None
            match.pending.given.append(self.outcome)
            match.completed = None

    class Withdrawn(Aggregate.Event):
        """The table's recorder takes back its latest entry: an outcome, the decision waiting
        for chance, or the last outcome of the opening or decision it completed."""

        salt: str

        def apply(self, match: Match) -> None:
            if match.retired:
                return  # recorded under other rules: never folded by these
            match._withdraw()

    class Undone(Aggregate.Event):
        decision: int
        seat: int
        salt: str

        def apply(self, match: Match) -> None:
            if match.retired:
                return  # recorded under other rules: never folded by these
            entry = match.undo_stack.pop()
            match.state = entry.before
            match.redo_stack.append(
                Entry(
                    entry.decision, entry.seat, entry.command, entry.outcome,
                    automatic=entry.automatic,
                )
            )  # fmt: skip
            match.decisions -= 1

    class Redone(Aggregate.Event):
        decision: int
        seat: int
        salt: str

        def apply(self, match: Match) -> None:
            if match.retired:
                return  # recorded under other rules: never folded by these
            entry = match.redo_stack.pop()
            before = match.state
            match.state = match.rules.fold(before, entry.outcome)
            match.undo_stack.append(
                Entry(entry.decision, entry.seat, entry.command, entry.outcome, before,
                      entry.automatic)
            )  # fmt: skip
            match.decisions += 1

    class Snapshot(LibrarySnapshot):
        """A snapshot carries a digest of what it claims to be; one whose content no longer
        matches it (an edited or corrupted row) is refused on load, and the events are folded
        instead. It guards against damage, not against a writer who recomputes the digest:
        `verify MATCH` compares every snapshot with the fold of its events."""

        @staticmethod
        def decoding_context(state: dict[str, Any]) -> str | None:
            match = state.get("state")
            return match.get("game") if isinstance(match, dict) else None

        @classmethod
        def take(cls, aggregate: Any) -> Match.Snapshot:
            snapshot = super().take(aggregate)
            snapshot.state["fold_digest"] = aggregate.fold_digest()
            return snapshot

        def mutate(self, _: None) -> Match:
            match = super().mutate(None)
            assert isinstance(match, Match)
            claimed = match.__dict__.pop("fold_digest", None)
            match._retype()
            if claimed != match.fold_digest():
                raise SnapshotMismatch(
                    f"snapshot of {match.id} at version {match.version} does not match its digest"
                )
            return match

    def collect_events(self) -> list[Any]:
        """The new events, to be stored: each Decided stamped with its line's commitment, from
        its fields as they leave (a replay gives a re-created event its recorded time and salt
        before it is stored, so the stamp is always of the event as stored)."""
        events: list[Any] = list(super().collect_events())
        ident = str(self.id)
        for event in events:
            if type(event) is Match.Decided and event.line_commitment is None:
                stamp = bytes.fromhex(line_commitment(ident, self.seats, event))
                object.__setattr__(event, "line_commitment", stamp)
        return events

    def __init__(
        self,
        game: str,
        rules_version: str,
        seats: tuple[str, ...],
        options: dict[str, Any],
        seed: str,
        seed_known: bool,
        seed_commitment: str,
        entropy: bool,
        opening: list[Any],
        sealed_log: bool,
        salt: str,
        forked_from: dict[str, Any] | None = None,
        chance: str = HOUSE,
        auto_forced: bool = False,
    ) -> None:
        self.game = game
        self.chance = chance
        self.auto_forced = auto_forced
        # Recorded under other rules of this game (an older build's): its events are kept as they
        # are and never folded by these rules, which may read them otherwise or not at all; the
        # match can be neither played nor read here (`check_current`).
        self.retired = rules_version != rules_for(game).rules_version
        self.forked_from = forked_from
        self.rules_version = rules_version
        self.seats = tuple(seats)
        self.options = dict(options)
        self.seed = seed  # the house seed: the referee's secret until the match opens
        self.seed_known = seed_known  # given by hand: fine for tests, not for competitive play
        self.seed_commitment = seed_commitment
        self.sealed_log = sealed_log  # the full log stays sealed even once the match is over
        # Seat entropy: one value per seat (None: not yet given) while the opening waits for them.
        self.contributions: list[str | None] | None = [None] * len(seats) if entropy else None
        self.chance_seed = seed  # the seed of every draw, combined with seat entropy once dealt
        rules = self.rules
        self.state: Any = rules.initial(len(self.seats), rules.options(self.options))
        self.opening: list[GameEvent] = []
        self.dealt = False
        self.decisions = 0
        self.undo_stack: list[Entry] = []
        self.redo_stack: list[Entry] = []
        self.pending: Pending | None = None
        self.completed: Completed | None = None
        if self.retired:
            return
        if chance == TABLE and forked_from is None:
            self.pending = Pending(None, None, [])  # the table deals the opening
        elif not entropy:
            self._deal(_events(rules, opening))

    def _deal(self, opening: list[GameEvent]) -> None:
        if self.contributions is not None:
            given = [value or "" for value in self.contributions]
            self.chance_seed = str(effective_seed(str(self.id), self.seed, given))
        self.opening = opening
        self.state = self.rules.fold(self.state, opening)
        self.dealt = True

    # -- creation -------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        game: str,
        seats: list[str],
        options: dict[str, Any] | None,
        seed: int | str | None = None,
        *,
        sealed_log: bool = False,
        entropy: bool = False,
        seed_known: bool | None = None,
        match_id: uuid.UUID | None = None,
        fork: Fork | None = None,
        table: bool = False,
        auto_forced: bool = False,
    ) -> Match:
        """A new match. Without `seed`, a house seed from `secrets` that nobody chose; with one,
        the match is marked as having a known seed. With `entropy`, every seat contributes its
        own secret entropy before the opening is drawn (see domain/commitment.py). With `table`,
        no seed at all: every outcome is given by the table (`enter_chance`)."""
        rules = rules_for(game)
        names = [normal(name.strip()) for name in seats]
        if not rules.min_seats <= len(names) <= rules.max_seats:
            raise IllegalMove(
                "BAD_SEATS",
                f"{rules.name} takes {rules.min_seats}-{rules.max_seats} seats, got {len(names)}",
            )
        check_seat_names(names)
        parsed = rules.options(options or {})
        ident = match_id or uuid.uuid4()
        if table:
            if entropy or seed is not None:
                raise IllegalMove(
                    "BAD_OPTION", "a table match draws nothing: it takes no seed and no entropy"
                )
            if auto_forced:
                raise IllegalMove(
                    "BAD_OPTION",
                    "a table match records every decision as the table made it: no auto-forced",
                )
            return cls._start_table(game, names, parsed, ident, sealed_log, fork)
        known = seed is not None if seed_known is None else seed_known
        house_seed = fresh_seed() if seed is None else str(int(seed))
        if fork is not None:
            # A fork starts where its origin stood; its own chance comes from its own seed.
            opening: list[Any] = list(fork.opening)
        else:
            opening = (
                []
                if entropy
                else list(rules.setup(len(names), parsed, HouseChance(Rng(int(house_seed), 1))))
            )
        return cls._create(
            cls.Started,
            id=ident,
            game=game,
            rules_version=rules.rules_version,
            seats=tuple(names),
            options=msgspec.to_builtins(parsed),
            seed=house_seed,
            seed_known=known,
            seed_commitment=seed_commitment(str(ident), house_seed),
            entropy=entropy,
            opening=opening,
            sealed_log=sealed_log,
            salt=fresh_salt(),
            forked_from=None if fork is None else fork.origin,
            **({"auto_forced": True} if auto_forced else {}),
        )

    @classmethod
    def _start_table(
        cls,
        game: str,
        names: list[str],
        options: Any,
        ident: uuid.UUID,
        sealed_log: bool,
        fork: Fork | None,
    ) -> Match:
        match = cls._create(
            cls.Started,
            id=ident,
            game=game,
            rules_version=rules_for(game).rules_version,
            seats=tuple(names),
            options=msgspec.to_builtins(options),
            seed="",
            seed_known=False,
            seed_commitment="",
            entropy=False,
            opening=[] if fork is None else list(fork.opening),
            sealed_log=sealed_log,
            salt=fresh_salt(),
            forked_from=None if fork is None else fork.origin,
            chance=TABLE,
        )
        if match.pending is not None:
            match._advance([])  # an opening that needs no chance is dealt at once
        return match

    # -- the table's chance ---------------------------------------------------------------

    @property
    def awaiting_chance(self) -> bool:
        """Whether the match waits for the table to give a chance outcome."""
        return self.pending is not None

    @property
    def chance_node(self) -> ChanceNode | None:
        """What the table is asked now (every possible outcome, counted), or None."""
        if self.pending is None:
            return None
        try:
            self._run_pending(TableChance(self.pending.given, self.seats))
        except ChanceNeeded as needed:
            return needed.node
        return None  # cannot be: a pending opening or decision needs more chance

    def enter_chance(self, outcome: Any) -> list[GameEvent]:
        """One outcome the table gives at the current chance node: refused (IMPOSSIBLE_OUTCOME,
        nothing stored) unless it can be. Returns the game events of the opening or decision
        it completes (none while more chance is needed)."""
        return self.give_chance([outcome])

    def give_chance(self, outcomes: Sequence[Any]) -> list[GameEvent]:
        """Outcomes the table gives in a row from the current chance node (a table record's
        lines): all stored, or none if one cannot be (`ImpossibleOutcome.index` says which)."""
        self.check_current()
        if self.pending is None:
            raise IllegalMove(
                "NOT_AWAITING_CHANCE",
                "no chance outcome is awaited now" + self._waiting_for(),
            )
        return self._advance(list(outcomes))

    def withdraw_chance(self) -> None:
        """Take back the table's latest entry: the last outcome given, a decision that waits for
        chance, or the last outcome of the opening or decision just completed."""
        self.check_current()
        if self.chance != TABLE:
            raise IllegalMove(
                "NOT_A_TABLE_MATCH", "the house deals this match: nothing to withdraw"
            )
        pending = self.pending
        waiting = pending is not None and (bool(pending.given) or pending.seat is not None)
        just_done = self.completed is not None and self.completed.version == self.version
        if not waiting and not just_done:
            raise IllegalMove(
                "NOTHING_TO_WITHDRAW",
                "the table's latest entry is not the latest event of the match",
            )
        self.trigger_event(self.Withdrawn, salt=fresh_salt())

    def _waiting_for(self) -> str:
        if not self.dealt:
            return ""
        waiting = ", ".join(self.seats[s] for s in sorted(self.to_move))
        return f"; waiting for: {waiting}" if waiting else ""

    def _run_pending(self, chance: TableChance) -> list[GameEvent]:
        pending = self.pending
        assert pending is not None
        rules = self.rules
        try:
            if pending.seat is None:
                options = rules.options(self.options)
                return list(rules.setup(len(self.seats), options, chance))
            return list(rules.decide(self.state, pending.seat, pending.command, chance))
        except ImpossibleOutcome as refused:
            raise ImpossibleOutcome(
                name_seats(refused.message, self.seats), refused.index - len(pending.given)
            ) from None
        except IllegalMove as refused:
            raise _named(refused, self.seats) from None

    def _advance(self, outcomes: list[Any]) -> list[GameEvent]:
        """Run the pending opening or decision with the outcomes given before and `outcomes`:
        store them while more is needed, or complete it."""
        pending = self.pending
        assert pending is not None
        table = TableChance([*pending.given, *outcomes], self.seats)
        try:
            events = self._run_pending(table)
        except ChanceNeeded:
            self._entered(table.outcomes[len(pending.given) :])
            return []
        if table.left:
            raise _too_much(table)
        if pending.seat is None:
            self.trigger_event(self.Dealt, opening=events, salt=fresh_salt(), chance=table.outcomes)
        else:
            self.trigger_event(
                self.Decided,
                seat=pending.seat,
                command=pending.command,
                outcome=events,
                undoable=False,
                salt=fresh_salt(),
                chance=table.outcomes,
            )
        return events

    def _entered(self, outcomes: list[Any]) -> None:
        """Outcomes the table gave (each already checked) toward a step that needs more."""
        for outcome in outcomes:
            self.trigger_event(self.ChanceEntered, outcome=outcome, salt=fresh_salt())

    def _completed(
        self, version: int, seat: Seat | None, command: Any, given: list[Any] | None, before: Any
    ) -> None:
        """After a Dealt or Decided: what the table completed with it, if anything."""
        self.pending = None
        self.completed = None
        if given:
            typed_command = None if seat is None else _command(self.rules, command)
            self.completed = Completed(version, seat, typed_command, list(given), before)

    def _withdraw(self) -> None:
        pending = self.pending
        if pending is not None and pending.given:
            pending.given.pop()
        elif pending is not None and pending.seat is not None:
            self.pending = None
        else:
            done = self.completed
            assert done is not None
            self.state = done.before
            if done.seat is None:
                self.dealt, self.opening = False, []
            else:
                self.decisions -= 1
            self.pending = Pending(done.seat, done.command, done.given[:-1])
        self.completed = None

    def contribute(self, seat: Seat, value: str) -> str:
        """A seat's secret entropy (hex, 16-64 bytes); the last one deals the opening.
        Returns the public commitment to it."""
        self.check_current()
        if self.contributions is None or self.dealt:
            raise IllegalMove("NOT_AWAITING_ENTROPY", "this match takes no more entropy")
        if not 0 <= seat < len(self.seats):
            raise IllegalMove("UNKNOWN_SEAT", f"no seat {seat} in this match")
        if self.contributions[seat] is not None:
            raise IllegalMove("ALREADY_CONTRIBUTED", f"{self.seats[seat]} has contributed already")
        value = value.strip().lower()
        if not _ENTROPY.fullmatch(value):
            raise IllegalMove(
                "BAD_ENTROPY", "entropy must be 32 to 128 hex digits (16 to 64 random bytes)"
            )
        commitment = entropy_commitment(str(self.id), seat, value)
        self.trigger_event(
            self.EntropyContributed,
            seat=seat,
            value=value,
            commitment=commitment,
            salt=fresh_salt(),
        )
        if all(given is not None for given in self.contributions):
            self.deal()
        return commitment

    def deal(self) -> None:
        """Draw the opening now; a seat that gave no entropy counts as the empty value."""
        self.check_current()
        if self.contributions is None or self.dealt:
            raise IllegalMove("NOT_AWAITING_ENTROPY", "the opening is dealt already")
        given = [value or "" for value in self.contributions]
        chance = effective_seed(str(self.id), self.seed, given)
        rules = self.rules
        opening = rules.setup(
            len(self.seats), rules.options(self.options), HouseChance(Rng(chance, 1))
        )
        self.trigger_event(self.Dealt, opening=list(opening), salt=fresh_salt())

    # -- reading ----------------------------------------------------------------------------

    @property
    def rules(self) -> Rules[Any]:
        return rules_for(self.game)

    @property
    def result(self) -> Result | None:
        return None if self.retired else self.rules.result(self.state)

    @property
    def to_move(self) -> frozenset[Seat]:
        if self.retired:
            return frozenset()
        if self.pending is not None:
            return frozenset()  # the table is to move
        if not self.dealt:
            given = self.contributions or []
            return frozenset(seat for seat, value in enumerate(given) if value is None)
        return frozenset() if self.result is not None else self.rules.to_move(self.state)

    def check_current(self) -> None:
        """Refuse to play or read a match recorded under other rules of its game."""
        if self.retired:
            raise RulesRetired(
                f"match {self.id} was recorded under {self.rules.name} rules version "
                f"{self.rules_version}; this build plays version {self.rules.rules_version}, "
                "so it can be neither played nor read here (its events are kept as they are: "
                "a build of that version reads, exports and verifies it)"
            )

    @property
    def waiting_for(self) -> list[str]:
        """Who is to move, by name: the seats, or "table" while the match waits for chance."""
        if self.pending is not None:
            return [TABLE]
        return [self.seats[s] for s in sorted(self.to_move)]

    @property
    def status(self) -> str:
        if self.retired:
            return "retired"
        if self.result is not None:
            return "over"
        # A fork starts in play: its opening is its origin's standing state.
        return "in play" if self.decisions or self.forked_from else "setting up"

    @property
    def opened(self) -> bool:
        """Whether the whole log, seed and salts are open to everyone (see `record_opens`)."""
        return record_opens(self.result is not None, self.sealed_log)

    def seat_of(self, name: str) -> Seat:
        """The seat of a name, compared in NFC (an NFD `é` finds the seat named with an NFC one)."""
        found = seat_index(self.seats, name)
        if found is None:
            known = ", ".join(self.seats)
            raise IllegalMove("UNKNOWN_SEAT", f"no seat {name!r} in this match (seats: {known})")
        return found

    # -- commands ---------------------------------------------------------------------------

    def decide(
        self, seat: Seat, command: Command, given: Sequence[Any] = (), *, automatic: bool = False
    ) -> list[GameEvent]:
        """Apply one decision; raises IllegalMove and changes nothing if the rules refuse it.

        In a table match, `given` are the chance outcomes the table gives for it at once (a
        table record); a decision that needs more waits for them (`enter_chance`). An
        `automatic` decision (a replay's) must be the seat's forced move (`play_forced`)."""
        rules = self.rules
        self.check_current()
        self.check_may_decide(seat, command)
        if automatic and not (self.auto_forced and forced_move(rules, self.state, seat) == command):
            raise IllegalMove(
                "NOT_FORCED", "a decision is made automatically only when it is the seat's "
                "one legal move, in a match started with auto-forced",
            )  # fmt: skip
        table = self.chance == TABLE
        if given and not table:
            raise IllegalMove("NOT_A_TABLE_MATCH", "the house deals this match: give no chance")
        chance: TableChance | HouseChance = (
            TableChance(given, self.seats)
            if table
            else HouseChance(Rng(int(self.chance_seed), self.version + 1))
        )
        try:
            outcome = list(rules.decide(self.state, seat, command, chance))
        except ChanceNeeded:
            # A table match: the decision waits for the table to say what chance gave.
            self.trigger_event(self.Awaited, seat=seat, command=command, salt=fresh_salt())
            self._entered(chance.outcomes)
            return []
        except IllegalMove as refused:
            raise _named(refused, self.seats) from None
        if isinstance(chance, TableChance) and chance.left:
            raise _too_much(chance)
        undoable = chance.used == 0 and not any(type(event).reveals for event in outcome)
        self.trigger_event(
            self.Decided,
            seat=seat,
            command=command,
            outcome=outcome,
            undoable=undoable,
            salt=fresh_salt(),
            **({"chance": chance.outcomes} if table else {}),
            **({"automatic": True} if automatic else {}),
        )
        return outcome

    def play_forced(self) -> int:
        """In an `auto_forced` match, play every seat's forced move for it (in seat order, again
        after each one) until no seat to move has one; returns how many were played."""
        if not self.auto_forced or self.retired or not self.dealt or self.pending is not None:
            return 0
        played = 0
        while self.result is None:
            for seat in sorted(self.to_move):
                command = forced_move(self.rules, self.state, seat)
                if command is not None:
                    self.decide(seat, command, automatic=True)
                    played += 1
                    break
            else:
                return played
        return played

    def parse_command(self, data: Command | bytes | str | dict[str, Any]) -> Command:
        """A command as a person writes it: JSON whose seat fields may name seats by name."""
        if isinstance(data, Command):
            return data
        raw: Any = command_json(data) if isinstance(data, str | bytes) else data
        if isinstance(raw, dict):
            raw = named_seats(raw, self.rules.command_type, self.seats)
        return self.rules.parse_command(raw)

    def check_may_decide(self, seat: Seat, command: Command | None = None) -> None:
        """What every game shares, checked before its own `decide`: the match runs, the seat
        exists, and the seat is one of those to move."""
        self.check_current()
        if self.pending is not None:
            raise IllegalMove("AWAITING_CHANCE", self._awaiting_chance())
        if not self.dealt:
            raise IllegalMove(
                "AWAITING_ENTROPY", "the opening waits for every seat's entropy (contribute)"
            )
        if not 0 <= seat < len(self.seats):
            raise IllegalMove("UNKNOWN_SEAT", f"no seat {seat} in this match")
        try:
            self.rules.check_turn(self.state, seat, command)
        except IllegalMove as refused:
            raise IllegalMove(refused.code, name_seats(refused.message, self.seats)) from None

    def undo(self, seat: Seat) -> Entry:
        self._check_dealt()
        if self.result is not None:
            raise IllegalMove("GAME_OVER", "the match is over; its result stands")
        entry = self._undo_entry(seat)
        while self.undo_stack[-1].automatic:  # the forced moves played after it go first
            forced = self.undo_stack[-1]
            self.trigger_event(
                self.Undone, decision=forced.decision, seat=forced.seat, salt=fresh_salt()
            )
        self.trigger_event(self.Undone, decision=entry.decision, seat=seat, salt=fresh_salt())
        return entry

    def redo(self, seat: Seat) -> Entry:
        self._check_dealt()
        if self.result is not None:
            raise IllegalMove("GAME_OVER", "the match is over; its result stands")
        if not self.redo_stack:
            raise IllegalMove("NOTHING_TO_REDO", "there is no undone decision to redo")
        entry = self.redo_stack[-1]
        if entry.seat != seat:
            raise IllegalMove(
                "NOT_YOUR_DECISION", f"the last undone decision is {self.seats[entry.seat]}'s"
            )
        self.trigger_event(self.Redone, decision=entry.decision, seat=seat, salt=fresh_salt())
        return entry

    def undo_forced(self) -> Entry:
        """Take back the latest forced move alone: a replay stopping at a step replays the
        `Undone` of each forced move from its own line (`undo` takes them back together)."""
        self._check_dealt()
        if not self.undo_stack or not self.undo_stack[-1].automatic:
            raise IllegalMove("CANNOT_UNDO", "the latest decision is not a forced move")
        entry = self.undo_stack[-1]
        self.trigger_event(self.Undone, decision=entry.decision, seat=entry.seat, salt=fresh_salt())
        return entry

    def _awaiting_chance(self) -> str:
        # Said to whoever tried to act, a seat too: what the table is asked is the referee's
        # (`chance_node`), since a node can tell more than the seats know yet (who is tied).
        return "the match waits for the table to give a chance outcome"

    def _check_dealt(self) -> None:
        self.check_current()
        if self.pending is not None:
            raise IllegalMove("AWAITING_CHANCE", self._awaiting_chance())
        if not self.dealt:
            raise IllegalMove("AWAITING_ENTROPY", "nothing is decided before the opening is dealt")

    def _undo_entry(self, seat: Seat) -> Entry:
        if not self.undo_stack:
            raise IllegalMove(
                "CANNOT_UNDO",
                "nothing to undo: the latest decision revealed something, drew on chance, "
                "or another seat has decided since",
            )
        entry = self.latest_chosen()
        if entry is None:
            raise IllegalMove("CANNOT_UNDO", "nothing to undo: only forced moves were played since")
        if entry.seat != seat:
            raise IllegalMove(
                "CANNOT_UNDO", f"the latest decision is {self.seats[entry.seat]}'s, not yours"
            )
        return entry

    def latest_chosen(self) -> Entry | None:
        """The latest undoable decision a seat chose (forced moves played after it skipped)."""
        return next((entry for entry in reversed(self.undo_stack) if not entry.automatic), None)

    def can_undo(self, seat: Seat) -> bool:
        entry = self.latest_chosen()
        return entry is not None and entry.seat == seat

    # -- evolution --------------------------------------------------------------------------

    def _apply_decided(self, event: Match.Decided) -> None:
        rules = self.rules
        command = _command(rules, event.command)
        outcome = _events(rules, event.outcome)
        before = self.state
        self.state = rules.fold(before, outcome)
        self.decisions += 1
        self.redo_stack.clear()
        automatic = getattr(event, "automatic", False)
        # A forced move keeps the decision before it undoable (undo takes both back).
        chosen = self.latest_chosen()
        if not event.undoable or (
            not automatic and chosen is not None and chosen.seat != event.seat
        ):
            self.undo_stack.clear()
        if event.undoable:
            self.undo_stack.append(
                Entry(event.originator_version, event.seat, command, outcome, before, automatic)
            )

    def fold_digest(self) -> str:
        """A digest of everything a snapshot restores (see `Snapshot`)."""
        fields = [
            self.state, self.decisions, self.undo_stack, self.redo_stack, self.dealt,
            self.chance_seed, self.seats, self.contributions, self.opening,
        ]  # fmt: skip
        if self.__dict__.get("chance", HOUSE) == TABLE:  # a house match's digest is as it was
            fields += [TABLE, self.__dict__.get("pending"), self.__dict__.get("completed")]
        plain = msgspec.to_builtins(fields, order="deterministic")
        for stack in plain[2:4]:  # an entry that is not automatic reads as before the flag was
            for entry in stack:
                if not entry.get("automatic"):
                    entry.pop("automatic", None)
        return hashlib.sha256(_canonical.encode(plain)).hexdigest()

    def _retype(self) -> None:
        """Turn a snapshot's decoded builtins back into the game's own types."""
        rules = self.rules
        self.retired = self.rules_version != rules.rules_version
        if self.retired:
            self.__dict__.setdefault("chance", HOUSE)
            self.__dict__.setdefault("pending", None)
            self.__dict__.setdefault("completed", None)
            self.__dict__.setdefault("auto_forced", False)
            return  # other rules' state: kept as builtins, never read
        self.seats = tuple(self.seats)
        self.opening = _events(rules, self.opening)
        self.state = typed(self.state, rules.state_type)
        self.undo_stack = [_entry(rules, raw, with_state=True) for raw in self.undo_stack]
        self.redo_stack = [_entry(rules, raw, with_state=False) for raw in self.redo_stack]
        # Snapshots taken before table matches existed hold none of these.
        self.chance = self.__dict__.get("chance", HOUSE)
        self.auto_forced = self.__dict__.get("auto_forced", False)
        pending, completed = self.__dict__.get("pending"), self.__dict__.get("completed")
        if pending is not None and not isinstance(pending, Pending):
            pending = msgspec.convert(pending, Pending, strict=False)
            if pending.seat is not None:
                pending.command = _command(rules, pending.command)
        if completed is not None and not isinstance(completed, Completed):
            completed = msgspec.convert(completed, Completed, strict=False)
            completed.before = typed(completed.before, rules.state_type)
            if completed.seat is not None:
                completed.command = _command(rules, completed.command)
        self.pending, self.completed = pending, completed


def _named(refused: IllegalMove, seats: Sequence[str]) -> IllegalMove:
    """A refusal with every seat in its message by name (an impossible outcome keeps its place)."""
    message = name_seats(refused.message, seats)
    if isinstance(refused, ImpossibleOutcome):
        return ImpossibleOutcome(message, refused.index)
    return IllegalMove(refused.code, message)


def _too_much(table: TableChance) -> IllegalMove:
    return ImpossibleOutcome(
        f"the rules need no further chance here ({table.left} outcome(s) too many)",
        table.used,
    )


class Fork(msgspec.Struct, frozen=True):
    """Where a fork begins: the game events that make its origin's state at a step, and the
    origin (match id, step, and that step's audit hash, which ties the fork to its chain)."""

    opening: list[Any]
    origin: dict[str, Any]


def standing_events(events: Sequence[Any]) -> list[GameEvent]:
    """The game events whose fold is the match's state after these stored events: the opening,
    then the outcome of every decision that stands (undone ones left out, redone ones back)."""
    started = events[0]
    assert isinstance(started, Match.Started)
    opening = list(started.opening)
    standing: list[list[Any]] = []
    undone: list[list[Any]] = []
    for event in events[1:]:
        if isinstance(event, Match.Dealt):
            opening += list(event.opening)
        elif isinstance(event, Match.Decided):
            standing.append(list(event.outcome))
            undone.clear()
        elif isinstance(event, Match.Undone):
            undone.append(standing.pop())
        elif isinstance(event, Match.Redone):
            standing.append(undone.pop())
    return [*opening, *(fact for outcome in standing for fact in outcome)]


_canonical = msgspec.json.Encoder(order="deterministic")


class SnapshotMismatch(StarledgerError):
    """A stored snapshot whose content does not match its digest: it is not used (the Ledger
    folds the events instead)."""

    default_code = "SNAPSHOT_MISMATCH"


_ENTROPY = re.compile(r"[0-9a-f]{32,128}")
MAX_SEAT_NAME = 32
VIEWER_NAMES = frozenset({"referee", "spectator", TABLE})


def check_seat_names(names: Sequence[str]) -> None:
    """Seat names are printed to terminals and logs: short, printable, distinct, not a viewer's.

    Control characters (C0, C1), bidirectional overrides and other format characters could
    rewrite a terminal or forge a log line, so they are refused here rather than escaped later.
    """
    for name in names:
        if not name or len(name) > MAX_SEAT_NAME:
            raise IllegalMove(
                "BAD_SEATS", f"a seat name must be 1 to {MAX_SEAT_NAME} characters long"
            )
        if any(unicodedata.category(ch) in _UNPRINTABLE for ch in name) or not name.isprintable():
            raise IllegalMove(
                "BAD_SEATS", "a seat name may not hold control, format or bidirectional characters"
            )
    if len(set(names)) != len(names):
        raise IllegalMove("BAD_SEATS", "seat names must be distinct")
    if pair := confusable_pair(list(names)):
        raise IllegalMove(
            "BAD_SEATS",
            f"seat names {pair[0]!r} and {pair[1]!r} read as one name; choose names that differ",
        )
    if VIEWER_NAMES & set(names):
        raise IllegalMove("BAD_SEATS", "'referee', 'spectator' and 'table' name viewers, not seats")


_UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _command(rules: Rules[Any], raw: Any) -> Command:
    if isinstance(raw, Command):
        return raw
    return typed(raw, rules.command_type)


def _events(rules: Rules[Any], raw: list[Any]) -> list[GameEvent]:
    # A list is typed whole or not at all (a decide's outcome, or decoded typed by the mapper).
    if not raw or isinstance(raw[0], GameEvent):
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
        entry.automatic,
    )
