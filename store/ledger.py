"""The Ledger: the eventsourcing Application that stores matches, on any store URL."""

from __future__ import annotations

import os
import secrets
import uuid
from collections.abc import Iterator
from typing import Any

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError, Notification
from eventsourcing.utils import get_topic

from domain.game import Command, GameEvent, IllegalMove
from domain.match import Conflict, Entry, Match
from store.urls import default_store_url, store_env

SNAPSHOT_INTERVAL = int(os.environ.get("STARLEDGER_SNAPSHOT_INTERVAL", "50"))
STARTED_TOPIC = get_topic(Match.Started)


class MatchNotFound(LookupError):
    """No match with that id (or id prefix) in the store."""


class Ledger(Application[uuid.UUID]):
    """Starts matches, applies decisions, undo and redo; snapshots every SNAPSHOT_INTERVAL events."""

    name = "starledger"
    snapshotting_intervals = {Match: SNAPSHOT_INTERVAL}

    def __init__(self, url: str | None = None, *, snapshot_interval: int | None = None) -> None:
        self.url = url or default_store_url()
        super().__init__(store_env(self.url))
        if snapshot_interval is not None:
            # The library reads the intervals from the instance; this ledger's own setting.
            self.snapshotting_intervals = {Match: snapshot_interval}  # type: ignore[misc]

    # -- writing ----------------------------------------------------------------------------

    def new_match(
        self,
        game: str,
        seats: list[str],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        *,
        sealed_log: bool = False,
    ) -> Match:
        seed = secrets.randbits(63) if seed is None else seed
        match = Match.start(game, seats, options, seed, sealed_log=sealed_log)
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
        if not isinstance(command, Command):
            command = match.rules.parse_command(command)
        outcome = match.decide(seat, command)
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
        self._save(match)
        return match, entry

    def _save(self, match: Match) -> None:
        try:
            self.save(match)
        except IntegrityError:
            raise Conflict(
                f"match {match.id} changed while this decision was made; nothing was stored, "
                "load it again and retry"
            ) from None

    # -- reading ----------------------------------------------------------------------------

    def match(self, match_id: uuid.UUID | str, version: int | None = None) -> Match:
        ident = self.resolve(match_id)
        try:
            match: Match = self.repository.get(ident, version=version)
        except AggregateNotFoundError:
            raise MatchNotFound(f"no match {match_id}") from None
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
