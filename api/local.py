"""The use cases over a Ledger and the query layer (api/client.py's local implementation).

The CLI asks it on a local store, as the store's `Owner`; every HTTP handler asks it as the
request's `Bearer` (api/trust.py), with the server's shared projections and token table. Each
use case builds its answer here once, and the viewer it answers for is the one its identity
allows: no face builds an answer or filters what a viewer sees of its own.

A client that reads one match and exits (the CLI) reads that match straight from the event
store (`StoreReader`); a server reads through its projections, kept up to date for every
request (`Reader`). Both give the same documents.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any

import msgspec

from api.documents import (
    AnalysisDoc,
    Contributed,
    CreatedMatch,
    Dealt,
    Difference,
    Forked,
    GameInfo,
    Imported,
    Moves,
    NewMatch,
    Played,
    Step,
    Tokens,
)
from domain.errors import BadInput, IllegalMove, NotFound
from domain.match import TABLE, Fork, Match, standing_events
from domain.registry import all_games
from domain.seat_names import seat_index
from domain.viewer import REFEREE, SPECTATOR, Viewer
from forms.menus import chance_menu, plain

if TYPE_CHECKING:  # and the record formats (records/replays.py, ...) where a use case needs one
    from api.tokens import TokenStore
    from api.trust import Identity
    from domain.notes import Note
    from projections.documents import LeaderRow, MatchRow, Scoreboard, ViewDoc
    from projections.match_log import LogEntry
    from projections.queries import MatchLog, Reader
    from projections.timeline import Timeline
    from records.replays import Verdict
    from store.ledger import Ledger


def game_list() -> list[GameInfo]:
    """Every game: slug, name, seat counts, options with their help and defaults."""
    return [
        GameInfo(
            slug=rules.slug,
            name=rules.name,
            min_seats=rules.min_seats,
            max_seats=rules.max_seats,
            description=rules.description,
            options={name: rules.option_help.get(name, "") for name in rules.option_names()},
            defaults=msgspec.to_builtins(rules.options()),
            end_reasons=dict(rules.end_reasons),
        )
        for rules in all_games()
    ]


class LocalClient:
    """Every use case over one store, for one asker (`identity`)."""

    def __init__(
        self,
        ledger: Ledger,
        identity: Identity,
        *,
        reader: Callable[[], Reader],
        tokens: TokenStore | None = None,
        following: Callable[[str], AbstractContextManager[Callable[[float], Any]]] | None = None,
    ) -> None:
        self.ledger = ledger
        self.identity = identity
        self._reader = reader
        self._read: Reader | None = None
        self.tokens = tokens  # a server's: new, imported and forked matches get their tokens
        self._following = following or self._store_news

    @property
    def where(self) -> str:
        return self.ledger.url

    @property
    def read(self) -> Reader:
        """The query layer of this client (made on first use)."""
        if self._read is None:
            self._read = self._reader()
        return self._read

    def viewer_of(self, match: str, as_: str | None) -> tuple[MatchRow, Viewer]:
        """The match's row and the viewer the asker reads it as (asking for `as_`). Once the
        match's record is open its whole record is everyone's, so anyone may read it as any
        seat, the spectator or the referee (a perspective); a token of another match still
        counts for nothing here."""
        row = self.read.summary(match)
        if as_ is not None and row.opened:
            self.identity.reads_as(row.match, None)  # a token, if any, is this match's
            return row, self.read.viewer(row.match, as_)[1]
        return row, self.read.viewer(row.match, self.identity.reads_as(row.match, as_))[1]

    def _ident(self, match: str) -> str:
        return str(self.ledger.resolve(match))

    def _tokens(self, match: Match, *, table: bool = False) -> Tokens | None:
        return (
            None if self.tokens is None else self.tokens.issue(match.id, match.seats, table=table)
        )

    # -- games and matches ------------------------------------------------------------------

    def games(self) -> list[GameInfo]:
        return game_list()

    def new(self, spec: NewMatch) -> CreatedMatch:
        self.identity.creates()
        match = self.ledger.new_match(
            spec.game, list(spec.seats), dict(spec.options), spec.seed,
            sealed_log=spec.sealed_log, entropy=spec.entropy, table=spec.table,
            auto_forced=spec.auto_forced,
        )  # fmt: skip
        return CreatedMatch(
            match=str(match.id),
            version=match.version,
            game=match.game,
            seats=list(match.seats),
            seed_commitment=match.seed_commitment,
            seed_known=match.seed_known,
            sealed_log=match.sealed_log,
            entropy=match.contributions is not None,
            to_move=match.waiting_for,
            tokens=self._tokens(match, table=spec.table),
            chance=match.chance,
            auto_forced=match.auto_forced,
        )

    def matches(
        self,
        *,
        game: str | None = None,
        seat: str | None = None,
        status: str | None = None,
        to_move: str | None = None,
        limit: int | None = None,
    ) -> list[MatchRow]:
        return self.read.rows(game=game, seat=seat, status=status, to_move=to_move, limit=limit)

    def summary(self, match: str) -> MatchRow:
        return self.read.summary(match)

    def leaderboard(self, game: str) -> list[LeaderRow]:
        return self.read.leaderboard(game)

    # -- playing ------------------------------------------------------------------------------

    def moves(self, match: str, *, as_: str | None = None) -> Moves:
        ident = self._ident(match)
        name = self.identity.acts_for(ident, as_)
        found = self.ledger.match(ident)
        if name == TABLE:
            return _chance_moves(found)
        seat = found.seat_of(name)
        to_move = seat in found.to_move
        commands = plain(found.rules.legal(found.state, seat)) if to_move else []
        refused: IllegalMove | None = None
        if not to_move:
            try:
                found.check_may_decide(seat)
            except IllegalMove as why:
                refused = why
        return Moves(
            match=str(found.id), version=found.version, seat=found.seats[seat], to_move=to_move,
            commands=commands, refused_code=refused.code if refused else None,
            refused=refused.message if refused else None, **_listed(found),
        )  # fmt: skip

    def play(
        self,
        match: str,
        command: dict[str, Any] | str,
        *,
        as_: str | None = None,
        expect_version: int | None = None,
    ) -> Played:
        ident = self._ident(match)
        name = self.identity.acts_for(ident, as_)
        if name == TABLE:
            raise BadInput("the table gives chance, it plays no command", code="BAD_COMMAND")
        found, outcome = self.ledger.play(ident, name, command, expect_version)
        seat = found.seat_of(name)
        return _played(found, found.seats[seat], outcome, Viewer(seat=seat))

    def undo(
        self, match: str, *, as_: str | None = None, expect_version: int | None = None
    ) -> Step:
        ident = self._ident(match)
        if self.identity.acts_for(ident, as_) == TABLE:
            return self.withdraw_chance(ident, expect_version=expect_version)
        return self._step(ident, as_, expect_version, self.ledger.undo)

    def redo(
        self, match: str, *, as_: str | None = None, expect_version: int | None = None
    ) -> Step:
        return self._step(self._ident(match), as_, expect_version, self.ledger.redo)

    def _step(self, ident: str, as_: str | None, expect: int | None, change: Any) -> Step:
        name = self.identity.acts_for(ident, as_)
        if name == TABLE:
            raise BadInput("the table redoes nothing: give the outcome again", code="BAD_COMMAND")
        found, entry = change(ident, name, expect)
        return Step(
            match=str(found.id), version=found.version, seat=found.seats[found.seat_of(name)],
            decision=entry.decision, command=msgspec.to_builtins(entry.command),
            to_move=found.waiting_for, game=found.game, seats=list(found.seats),
        )  # fmt: skip

    def contribute(self, match: str, value: str, *, as_: str | None = None) -> Contributed:
        ident = self._ident(match)
        name = self.identity.acts_for(ident, as_)
        found, commitment = self.ledger.contribute(ident, name, value)
        return Contributed(
            match=str(found.id), version=found.version, seat=found.seats[found.seat_of(name)],
            commitment=commitment, dealt=found.dealt, to_move=found.waiting_for,
        )  # fmt: skip

    def deal(self, match: str) -> Dealt:
        ident = self._ident(match)
        self.identity.referees(ident)
        found = self.ledger.deal(ident)
        return Dealt(match=str(found.id), version=found.version, to_move=found.waiting_for)

    def give_chance(self, match: str, outcome: Any, *, expect_version: int | None = None) -> Played:
        ident = self._ident(match)
        if self.identity.acts_for(ident, TABLE) != TABLE:  # pragma: no cover - acts_for raises
            raise BadInput("only the table gives chance", code="TABLE_ONLY")
        found, events = self.ledger.enter_chance(ident, outcome, expect_version)
        return _played(found, TABLE, events, Viewer(referee=True))  # the table sees all

    def withdraw_chance(self, match: str, *, expect_version: int | None = None) -> Step:
        ident = self._ident(match)
        self.identity.acts_for(ident, TABLE)
        found = self.ledger.withdraw_chance(ident, expect_version)
        return Step(
            match=str(found.id), version=found.version, seat=TABLE, decision=found.version,
            command={}, to_move=found.waiting_for, game=found.game, seats=list(found.seats),
        )  # fmt: skip

    def note(self, match: str, step: int, text: str, *, as_: str | None = None) -> Note:
        """A note by a seat (the one the asker acts for) or by the referee."""
        ident = self._ident(match)
        if as_ == "referee":
            self.identity.referees(ident)
            author = "referee"
        else:
            author = self.identity.acts_for(ident, as_)
            if author == TABLE:
                author = "referee"  # the table's recorder is the match's referee
        return self.ledger.add_note(ident, author, step, text)

    def fork(self, match: str, at: int) -> Forked:
        """A new match that continues from step `at` (same seats and options, the state at
        `at`, chance from its own secret seed), naming its origin and that step's hash."""
        self.identity.creates()
        ident = self._ident(match)
        if not self.read.summary(ident).opened:
            # A fork's own referee reads its whole state at `at`: every seat's hidden facts.
            self.identity.referees(ident)
        stored = self.ledger.stored_events(ident)
        if not 1 <= at <= len(stored):
            raise BadInput(f"steps go from 1 to {len(stored)}", code="BAD_STEP")
        from records.replays import export_lines

        origin = self.ledger.match(ident, version=at)
        chain = export_lines(stored[:at])[at]
        forked = fork_of(origin, stored[:at], str(chain["hash"]))
        self.ledger.save(forked)
        return Forked(
            match=str(forked.id), version=forked.version, forked_from=str(origin.id), at=at,
            tokens=self._tokens(forked),
        )  # fmt: skip

    def analyse(
        self,
        match: str,
        *,
        as_: str | None = None,
        budget_ms: float | None = None,
        iterations: int | None = None,
    ) -> AnalysisDoc:
        """Every decision of the seat `as_` judged from what it knew then (domain/analysis.py),
        stored beside the match (the match untouched; it replaces that seat's analysis before),
        with `budget_ms` milliseconds (or `iterations` samples) of search a decision. Asked by
        that seat or the referee."""
        from api.analysis import analysis_doc
        from domain.judging import analyse, budget_of, budget_text, decisions

        ident = self._ident(match)
        name = self._analyst(ident, as_)
        budget = budget_of(budget_ms, iterations)
        events = self.ledger.stored_events(ident)
        found = self.ledger.match(ident, version=events[-1].originator_version)
        found.check_current()
        seat = found.seat_of(name)
        judged = analyse(found.rules, decisions(events), seat, budget)
        stored = self.ledger.save_analysis(
            ident, found.seats[seat], found.version, budget_text(budget), 0, judged
        )
        return analysis_doc(found.rules, found.seats, stored, seat)

    def _analyst(self, ident: str, as_: str | None) -> str:
        """The seat whose analysis the asker may make or read before the record opens: its own
        (a seat's token), or any (the referee, a store's owner)."""
        if as_ is None or not as_.strip() or as_ in (SPECTATOR, REFEREE, TABLE):
            raise BadInput("say which seat's decisions to judge (--as SEAT)", code="NO_SEAT")
        return self.identity.reads_as(ident, as_)

    # -- reading ------------------------------------------------------------------------------

    def analysis(self, match: str, *, as_: str | None = None) -> AnalysisDoc:
        """The stored analysis of the seat `as_`: read by that seat and the referee until the
        record opens, then by everyone (as notes are)."""
        from api.analysis import analysis_doc
        from domain.registry import rules_for

        row = self.read.summary(match)
        if row.opened:
            if as_ is None or not as_.strip():
                raise BadInput("say which seat's analysis to read (--as SEAT)", code="NO_SEAT")
            name = as_
        else:
            name = self._analyst(row.match, as_)
        seat = seat_index(row.seats, name)
        if seat is None:
            known = ", ".join(row.seats)
            raise IllegalMove("UNKNOWN_SEAT", f"no seat {name!r} in this match (seats: {known})")
        found = self.ledger.analysis(row.match, row.seats[seat])
        if found is None:
            raise NotFound(
                f"{row.seats[seat]}'s decisions in match {row.match} have not been analysed "
                "(analyse them first)",
                code="NO_ANALYSIS",
            )
        return analysis_doc(rules_for(row.game), row.seats, found, seat)

    def show(self, match: str, *, as_: str | None = None, at: int | None = None) -> ViewDoc:
        row, viewer = self.viewer_of(match, as_)
        return self.read.view(row.match, viewer, at)

    def log(self, match: str, *, as_: str | None = None, after: int = 0) -> MatchLog:
        row, viewer = self.viewer_of(match, as_)
        return self.read.log(row.match, viewer, after)

    def score(self, match: str) -> Scoreboard:
        return self.read.scores(match)

    def diff(self, match: str, first: int, second: int, *, as_: str | None = None) -> Difference:
        row, viewer = self.viewer_of(match, as_)
        for step in (first, second):
            if not 1 <= step <= row.version:
                raise BadInput(f"steps go from 1 to {row.version}", code="BAD_STEP")
        from projections.diffs import view_changes

        low, high = sorted((first, second))
        before = self.read.view(row.match, viewer, first).view
        after = self.read.view(row.match, viewer, second).view
        found = self.read.log(row.match, viewer, low)
        return Difference(
            match=row.match, game=row.game, seats=list(row.seats), first=first, second=second,
            viewer=found.viewer,
            decisions=[entry for entry in found.entries if entry.version <= high],
            changes=view_changes(msgspec.to_builtins(before), msgspec.to_builtins(after)),
        )  # fmt: skip

    def follow(
        self,
        match: str,
        *,
        as_: str | None = None,
        after: int = 0,
        timeout: float | None = None,
    ) -> Iterator[LogEntry]:
        row, viewer = self.viewer_of(match, as_)
        ends = None if timeout is None else time.monotonic() + timeout
        with self._following(row.match) as wait:
            while True:
                found, last = news(self.read, row.match, viewer, after)
                for entry in found.entries:
                    if entry.version > after:
                        after = entry.version
                        yield entry
                if last is not None and after >= last:
                    return
                left = None if ends is None else ends - time.monotonic()
                if left is not None and left <= 0:
                    return
                wait(1.0 if left is None else min(left, 1.0))
                self.read.refresh()  # read the match again, as it is now

    @contextmanager
    def _store_news(self, match: str) -> Iterator[Callable[[float], Any]]:
        """A wait of up to the given seconds for the store to hold something new: pushed where
        the store can push (Redis), polled where it cannot (projections/runner.py)."""
        import queue

        from projections.runner import live_notifications, next_live

        stop = threading.Event()
        start = self.ledger.recorder.max_notification_id() or 0
        found = live_notifications(self.ledger, start, stop)

        def wait(seconds: float) -> None:
            try:
                next_live(found, timeout=seconds)
            except queue.Empty:
                return

        try:
            yield wait
        finally:
            stop.set()

    # -- records ------------------------------------------------------------------------------

    def export(self, match: str, *, as_: str | None = None) -> str:
        from records.replays import dumps

        row, viewer = self.viewer_of(match, as_)
        return dumps(self.read.export(row.match, viewer))

    def export_table(self, match: str) -> str:
        ident = self._ident(match)
        from records.table_record import dumps_table, table_lines

        self.identity.referees(ident)
        return dumps_table(table_lines(self.ledger.stored_events(ident)))

    def import_replay(self, text: str | bytes) -> Imported:
        from records.imports import import_lines
        from records.replays import parse

        self.identity.creates()
        match, created = import_lines(self.ledger, parse(text))
        tokens = self._tokens(match) if created else None
        return Imported(match=str(match.id), version=match.version, created=created, tokens=tokens)

    def import_table(self, text: str | bytes) -> Imported:
        from records.table_record import import_table

        self.identity.creates()
        match = import_table(text)
        self.ledger.save(match)
        tokens = self._tokens(match, table=True)
        return Imported(match=str(match.id), version=match.version, created=True, tokens=tokens)

    def verify(self, text: str | bytes) -> Verdict:
        from records.replays import parse, verify_lines

        return verify_lines(parse(text)).told()

    def verify_match(self, match: str, *, as_: str | None = None) -> Verdict:
        """The owner of a store checks the store itself: every event, snapshot and projected
        document of the match (projections/verification.py); anyone else (or the owner asking
        as a viewer), the replay file that viewer may have of it."""
        if self.identity.owns_store and as_ is None:
            from projections.verification import verify_stored

            self.read.projections.catch_up(progress=self.read.progress)
            return verify_stored(self.ledger, self.read.projections, match).told()
        row, viewer = self.viewer_of(match, as_)
        return self.read.verdict(row.match, viewer).told()

    def timeline(self, match: str, *, as_: str | None = None) -> Timeline:
        """The match step by step as the asker may read it, with the public scores after each
        step (the page's decision list and chart)."""
        row, viewer = self.viewer_of(match, as_)
        return self.read.timeline(row.match, viewer)


def news(read: Reader, match: str, viewer: Viewer, after: int) -> tuple[MatchLog, int | None]:
    """The log entries after `after` as `viewer` may read them, and the match's last version
    once it is over (None while it runs): one step of following a match, on every face."""
    row = read.summary(match)
    found = read.log(match, viewer, after)
    return found, row.version if row.status == "over" else None


def fork_of(origin: Match, events: list[Any], chain_hash: str) -> Match:
    """A new match from `origin` (the match after `events`, the first `len(events)` stored
    events of a match or file), naming its origin and the hash of its step's line."""
    at = len(events)
    if origin.result is not None:
        raise BadInput(
            f"the match is over at step {at}: there is nothing to continue", code="BAD_STEP"
        )
    if not origin.dealt:
        raise BadInput(f"the opening is not dealt at step {at}: fork a later step", code="BAD_STEP")
    forked = Match.start(
        origin.game,
        list(origin.seats),
        dict(origin.options),
        sealed_log=origin.sealed_log,
        auto_forced=origin.auto_forced,
        fork=Fork(
            opening=standing_events(events),
            origin={"match": str(origin.id), "at": at, "hash": chain_hash},
        ),
    )
    forked.play_forced()
    return forked


def _listed(match: Match) -> dict[str, Any]:
    """What a listing is printed with, besides the moves."""
    return {
        "game": match.game,
        "seats": list(match.seats),
        "waiting_for": match.waiting_for,
        "status": match.status,
    }


def _chance_moves(match: Match) -> Moves:
    """What the table may give now (nothing while a seat is to move), every outcome named."""
    shown = chance_menu(match, everything=True)
    return Moves(
        match=shown.match,
        version=shown.version,
        seat=TABLE,
        to_move=match.awaiting_chance,
        commands=[entry.command for entry in shown.entries if entry.command is not None],
        asking=shown.asking,
        names=[entry.text for entry in shown.entries],
        counts=[entry.count for entry in shown.entries],
        **_listed(match),
    )


def _played(match: Match, name: str, outcome: list[Any], viewer: Viewer) -> Played:
    """What a decision (or the table's entry) caused, as `viewer`, its maker, may see it."""
    full = viewer.reads_all(match.opened)
    result = match.result
    return Played(
        match=str(match.id),
        version=match.version,
        seat=name,
        events=[msgspec.to_builtins(e) for e in outcome if full or viewer.sees(e)],
        to_move=match.waiting_for,
        status=match.status,
        winners=[match.seats[s] for s in result.winners] if result else [],
        game=match.game,
        seats=list(match.seats),
        reason=match.rules.describe_end(result.reason) if result else None,
    )
