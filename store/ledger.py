"""The Ledger: the eventsourcing Application that stores matches, on any store URL."""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent
from eventsourcing.persistence import IntegrityError, Notification, PersistenceError
from eventsourcing.utils import get_topic

from domain.errors import Conflict, NotFound
from domain.game import Command, GameEvent, IllegalMove
from domain.match import Entry, Match
from store.match_cache import MatchCache, working_copy
from store.urls import default_store_url, store_env

if TYPE_CHECKING:  # loaded by the note methods: a process that reads no note never imports it
    from domain.analysis import Analysis, Judged
    from domain.notes import Note, Notes

REFEREE = "referee"

SCHEMA_RACE_RETRIES = 5
SNAPSHOT_INTERVAL = int(os.environ.get("STARLEDGER_SNAPSHOT_INTERVAL", "50"))
MATCH_CACHE_SIZE = int(os.environ.get("STARLEDGER_MATCH_CACHE", "256"))  # 0: no cache
STARTED_TOPIC = get_topic(Match.Started)


def fold(match: Any, events: Iterable[Any]) -> Any:
    """`match` (None before its first event) brought forward by `events`: the library's
    `project_aggregate`, less its per-event `isinstance` against a runtime Protocol (slow on
    Python 3.11; every event a Ledger stores is a Match event)."""
    for event in events:
        match = event.mutate(match)
    return match


class MatchNotFound(NotFound):
    """No match with that id (or id prefix) in the store."""


class Ledger(Application[uuid.UUID]):
    """Starts matches, applies decisions, undo and redo; snapshots every SNAPSHOT_INTERVAL events.

    `matches` is the process's one aggregate cache (store/match_cache.py): every match this
    ledger saves is kept there, and the projections' catch-up keeps there what it folds. A
    ledger that `serves_from_cache` (the server's) also answers `match` from it, bringing the
    kept match forward by whatever was stored since (by any process); others read the store."""

    name = "starledger"
    snapshotting_intervals = {Match: SNAPSHOT_INTERVAL}
    serves_from_cache = False

    def __init__(self, url: str | None = None, *, snapshot_interval: int | None = None) -> None:
        self.url = url or default_store_url()
        for attempt in range(SCHEMA_RACE_RETRIES):
            try:
                super().__init__(store_env(self.url))
                break
            except PersistenceError as exc:
                # PostgreSQL refuses concurrent DDL with "tuple concurrently updated" when
                # several processes create the tables at once: the first wins, the rest retry.
                if "concurrently updated" not in str(exc) or attempt == SCHEMA_RACE_RETRIES - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))
        if snapshot_interval is not None:
            # The library reads the intervals from the instance; this ledger's own setting.
            self.snapshotting_intervals = {Match: snapshot_interval}  # type: ignore[misc]
        self.matches = MatchCache(MATCH_CACHE_SIZE)

    # -- writing ----------------------------------------------------------------------------

    def new_match(
        self,
        game: str,
        seats: list[str],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        *,
        sealed_log: bool = False,
        entropy: bool = False,
        table: bool = False,
        auto_forced: bool = False,
    ) -> Match:
        """A new match; without `seed` its seed is secret (see domain/commitment.py). With
        `table`, the match is dealt by a table: every chance outcome is given (`enter_chance`).
        With `auto_forced`, every seat's forced moves are played for it (`Match.play_forced`)."""
        match = Match.start(
            game, seats, options, seed, sealed_log=sealed_log, entropy=entropy, table=table,
            auto_forced=auto_forced,
        )  # fmt: skip
        match.play_forced()
        self._save(match)
        return match

    def enter_chance(
        self, match_id: uuid.UUID | str, outcome: Any, expect_version: int | None = None
    ) -> tuple[Match, list[GameEvent]]:
        """The table gives the outcome the match waits for (the referee's to enter)."""
        match = self.match(match_id)
        _check_version(match, expect_version)
        events = match.enter_chance(outcome)
        self._save(match)
        return match, events

    def withdraw_chance(
        self, match_id: uuid.UUID | str, expect_version: int | None = None
    ) -> Match:
        """The table's recorder takes back its latest entry."""
        match = self.match(match_id)
        _check_version(match, expect_version)
        match.withdraw_chance()
        self._save(match)
        return match

    def contribute(
        self, match_id: uuid.UUID | str, seat_name: str, value: str
    ) -> tuple[Match, str]:
        match = self.match(match_id)
        seat = match.seat_of(seat_name)
        commitment = match.contribute(seat, value)
        match.play_forced()
        self._save(match)
        return match, commitment

    def deal(self, match_id: uuid.UUID | str) -> Match:
        match = self.match(match_id)
        match.deal()
        match.play_forced()
        self._save(match)
        return match

    def play(
        self,
        match_id: uuid.UUID | str,
        seat_name: str,
        command: Command | str | bytes | dict[str, Any],
        expect_version: int | None = None,
    ) -> tuple[Match, list[GameEvent]]:
        match = self.match(match_id)
        _check_version(match, expect_version)
        seat = match.seat_of(seat_name)
        command = match.parse_command(command)
        outcome = match.decide(seat, command)
        match.play_forced()
        self._save(match)
        return match, outcome

    def undo(
        self, match_id: uuid.UUID | str, seat_name: str, expect_version: int | None = None
    ) -> tuple[Match, Entry]:
        match = self.match(match_id)
        _check_version(match, expect_version)
        entry = match.undo(match.seat_of(seat_name))
        self._save(match)
        return match, entry

    def redo(
        self, match_id: uuid.UUID | str, seat_name: str, expect_version: int | None = None
    ) -> tuple[Match, Entry]:
        match = self.match(match_id)
        _check_version(match, expect_version)
        entry = match.redo(match.seat_of(seat_name))
        match.play_forced()
        self._save(match)
        return match, entry

    def add_note(self, match_id: uuid.UUID | str, author: str, step: int, text: str) -> Note:
        """A note on step `step` by a seat (or "referee"): stored in the match's own notes."""
        from domain.notes import Notes

        match = self.match(match_id)
        if author != REFEREE:
            match.seat_of(author)
        notes = self.notes(match.id) or Notes.open(match.id)
        note = notes.add(step, author, text, match.version)
        try:
            self.save(notes)
        except IntegrityError:
            raise Conflict("another note was written at the same moment; write it again") from None
        return note

    def notes(self, match_id: uuid.UUID | str) -> Notes | None:
        from domain.notes import Notes

        try:
            found: Any = self.repository.get(Notes.id_for(self.resolve(match_id)))
        except AggregateNotFoundError:
            return None
        assert isinstance(found, Notes)
        return found

    def save_analysis(
        self,
        match_id: uuid.UUID | str,
        seat_name: str,
        version: int,
        budget: str,
        seed: int,
        judged: list[Judged],
    ) -> Analysis:
        """A seat's analysis of the match at `version`, stored in its own aggregate (the match
        and its chain are never touched); it replaces that seat's analysis before it."""
        from domain.analysis import Analysis

        match = self.match(match_id)
        seat = match.seats[match.seat_of(seat_name)]
        found = self.analysis(match.id, seat) or Analysis.open(match.id, seat)
        found.record(version, budget, seed, judged)
        try:
            self.save(found)
        except IntegrityError:
            raise Conflict("another analysis was stored at the same moment; ask again") from None
        return found

    def analysis(self, match_id: uuid.UUID | str, seat_name: str) -> Analysis | None:
        """A seat's stored analysis of a match (None: never analysed)."""
        from domain.analysis import Analysis

        match_ident = self.resolve(match_id)
        try:
            found: Any = self.repository.get(Analysis.id_for(match_ident, seat_name))
        except AggregateNotFoundError:
            return None
        assert isinstance(found, Analysis)
        return found

    def _save(self, match: Match) -> None:
        try:
            self.save(match)
        except IntegrityError:
            raise Conflict(
                f"match {match.id} changed while this decision was made; nothing was stored, "
                "load it again and retry"
            ) from None
        if self.matches.size > 0:  # the caller may go on changing `match`: a copy is kept
            self.matches.offer(working_copy(match))

    def _take_snapshots(self, processing_event: ProcessingEvent[uuid.UUID]) -> None:
        """A snapshot every SNAPSHOT_INTERVAL events, as the library takes them, but made from
        the match just saved when the snapshot's version is the one it has now: the library
        would load the match again and fold its events since the last snapshot, inside the
        decision that crosses the interval (the slowest decision of every fifty). The saved
        match is that fold (replays reproduce: tested for every game), and `verify MATCH`
        compares every snapshot with the fold of its events."""
        if self.snapshots is None:
            return
        for event in processing_event.events:
            match = processing_event.aggregates.get(event.originator_id)
            if not isinstance(match, Match):
                continue
            interval = self.snapshotting_intervals.get(Match)
            if interval is None or event.originator_version % interval:
                continue
            if match.version == event.originator_version:
                self.snapshots.put([Match.Snapshot.take(match)])
            else:
                self.take_snapshot(event.originator_id, version=event.originator_version)

    # -- reading ----------------------------------------------------------------------------

    def match(self, match_id: uuid.UUID | str, version: int | None = None) -> Match:
        """The match at `version` (default: its latest), for the caller to change as it likes."""
        ident = self.resolve(match_id)
        if version is None and self.serves_from_cache and self.matches.size > 0:
            return self._from_cache(ident)
        return self._load(ident, version)

    def _load(self, ident: uuid.UUID, version: int | None) -> Match:
        try:
            match: Match = self.repository.get(ident, version=version)
        except AggregateNotFoundError:
            raise MatchNotFound(f"no match {ident}") from None
        except Exception:
            if self.snapshots is None:
                raise
            # A snapshot that cannot be read is never trusted: fold the events instead
            # (`verify MATCH` names the bad snapshot).
            match = self._fold(ident, version)
        assert isinstance(match, Match)
        return match

    def _from_cache(self, ident: uuid.UUID) -> Match:
        """The kept match brought forward by the events stored since (by any process), kept
        again; the caller gets a working copy, so a refused or conflicting command leaves the
        kept match alone."""
        with self.matches.bringing_forward(ident):
            kept = self.matches.get(ident)
            if kept is not None:
                try:
                    since = list(self.events.get(ident, gt=kept.version))
                    if since:
                        kept = self.matches.offer(fold(working_copy(kept), since))
                except Exception:  # an event that cannot be read: the store's own answer
                    kept = None
            if kept is None:
                kept = self.matches.offer(self._load(ident, None))
            return working_copy(kept)

    def _fold(self, ident: uuid.UUID, version: int | None) -> Match:
        match = fold(None, self.events.get(ident, lte=version))
        if match is None:
            raise MatchNotFound(f"no match {ident}")
        assert isinstance(match, Match)
        return match

    def stored_events(self, match_id: uuid.UUID | str) -> list[Any]:
        ident = self.resolve(match_id)
        events = list(self.events.get(ident))
        if not events:
            raise MatchNotFound(f"no match {match_id}")
        return events

    def resolve(self, match_id: uuid.UUID | str) -> uuid.UUID:
        """A match id from a full UUID or a unique prefix of one (at least 4 characters)."""
        if isinstance(match_id, uuid.UUID):
            return match_id
        text = match_id.strip().lower()
        try:
            return uuid.UUID(text)
        except ValueError:
            pass
        if len(text) < 4:
            raise MatchNotFound(
                f"no match {match_id!r} (give the id or at least 4 characters of it)"
            )
        found = [ident for ident in self.match_ids() if str(ident).startswith(text)]
        if not found:
            raise MatchNotFound(f"no match {match_id!r}")
        if len(found) > 1:
            raise MatchNotFound(f"match id prefix {match_id!r} is ambiguous ({len(found)} matches)")
        return found[0]

    def match_ids(self) -> list[uuid.UUID]:
        return [n.originator_id for n in self.started_notifications()]  # type: ignore[misc]

    def started_notifications(self) -> Iterator[Notification]:
        start = 1
        while True:
            page = self.recorder.select_notifications(
                start=start, limit=500, topics=[STARTED_TOPIC]
            )
            yield from page
            if len(page) < 500:
                return
            start = page[-1].id + 1


def _check_version(match: Match, expect_version: int | None) -> None:
    if expect_version is not None and expect_version != match.version:
        raise Conflict(
            f"match {match.id} is at version {match.version}, not {expect_version}; "
            "nothing was stored"
        )


__all__ = ["Conflict", "IllegalMove", "Ledger", "MatchNotFound"]
