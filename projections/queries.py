"""The typed queries every client calls (the CLI now, the HTTP server next): a viewer in, Structs
out. Each trust rule lives here once: what a seat, a spectator or the referee may read of a
match, and when its whole record opens (`Match.opened` / `record_opens`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import msgspec

from domain.errors import BadInput, NotFound
from domain.match import Match
from domain.notes import Note
from domain.registry import rules_for
from domain.viewer import REFEREE, SPECTATOR, Viewer, viewer_for
from projections.documents import LeaderRow, MatchRow, Scoreboard, ViewDoc, decode
from projections.match_log import LogEntry, match_log
from projections.projectors import (
    CHUNK,
    audit_key,
    chain_hash,
    match_row,
    scoreboard,
    view_doc,
)
from projections.timeline import Timeline, fold_scores, steps
from records.replays import (
    Verdict,
    audit_lines,
    dumps,
    finish_file,
    parse,
    sealed_header,
    sealed_lines,
    verify_lines,
)
from store.ledger import Ledger

if TYPE_CHECKING:  # made on first use: a read of one match needs no projection
    from projections.runner import Projections

STATUSES = ("setting up", "in play", "over", "retired")


class MatchLog(msgspec.Struct, kw_only=True, frozen=True):
    """A match's log as one viewer may read it, with the header everyone may read."""

    match: str
    game: str
    seats: list[str]
    viewer: str
    opened: bool
    header: dict[str, Any]
    entries: list[LogEntry]
    notes: list[Note] = msgspec.field(default_factory=list)


class Reader:
    """Read-side queries over one store; projections are caught up once, on first use."""

    def __init__(
        self,
        ledger: Ledger,
        projections: Projections | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> None:
        self.ledger = ledger
        self._projections = projections
        self.progress = progress  # told (done, total) while the projections catch up
        self._current = False

    @property
    def projections(self) -> Projections:
        """The projections this reader reads (made on first use)."""
        if self._projections is None:
            from projections.runner import Projections

            self._projections = Projections(self.ledger)
        return self._projections

    def refresh(self) -> None:
        """Catch the projections up again on the next read (a client that follows a match)."""
        self._current = False

    def _docs(self, projection: str) -> Any:
        if not self._current:
            self.projections.catch_up(progress=self.progress)
            self._current = True
        return self.projections[projection].recorder

    # -- the index ------------------------------------------------------------------------

    def rows(
        self,
        *,
        game: str | None = None,
        seat: str | None = None,
        status: str | None = None,
        to_move: str | None = None,
        limit: int | None = None,
    ) -> list[MatchRow]:
        """Matches, most recent last move first, filtered."""
        if status is not None and status not in STATUSES:
            raise BadInput(f"status must be one of: {', '.join(STATUSES)}", code="BAD_STATUS")
        if limit is not None and limit < 1:
            raise BadInput("limit must be at least 1", code="BAD_LIMIT")
        rows = [
            row
            for row in (decode(raw, MatchRow) for _, raw in self._docs("index").scan())
            if (game is None or row.game == game)
            and (seat is None or seat in row.seats)
            and (status is None or row.status == status)
            and (to_move is None or to_move in row.to_move)
        ]
        rows.sort(key=lambda row: (row.last_move, row.match), reverse=True)
        return rows if limit is None else rows[:limit]

    def summary(self, match_id: str) -> MatchRow:
        ident = self.ledger.resolve(match_id)
        raw = self._docs("index").read(str(ident))
        if raw is None:
            raise NotFound(f"no match {match_id}")
        return decode(raw, MatchRow)

    def viewer(self, match_id: str, name: str | None) -> tuple[MatchRow, Viewer]:
        row = self.summary(match_id)
        return row, viewer_for(row.seats, name)

    # -- one match --------------------------------------------------------------------------

    def view(self, match_id: str, viewer: Viewer, at: int | None = None) -> ViewDoc:
        """What `viewer` sees now (from the projection) or after stored event `at`."""
        row = self._readable(match_id)
        if at is not None or viewer.referee:
            if at is not None and not 1 <= at <= row.version:
                raise BadInput(f"--at must be between 1 and {row.version}", code="BAD_STEP")
            match = self.ledger.match(row.match, version=at)
            return view_doc(match, viewer.label(match.seats))
        raw = self._docs("views").read(f"{row.match}/{viewer.label(row.seats)}")
        if raw is None:
            raise NotFound(f"no view of match {match_id}")
        return decode(raw, ViewDoc)

    def scores(self, match_id: str) -> Scoreboard:
        row = self.summary(match_id)
        raw = self._docs("scores").read(f"{row.game}/{row.match}")
        if raw is None:
            raise NotFound(f"no scores for match {match_id}")
        return decode(raw, Scoreboard)

    def log(self, match_id: str, viewer: Viewer, after: int = 0) -> MatchLog:
        """The log as `viewer` may read it: redacted, with commitments, until the match opens.
        With `after`, only the entries of the stored events after that version (for clients
        that follow a match)."""
        row = self._readable(match_id)
        header, *lines = self._sealed_lines(row, after)
        opened = row.opened
        return MatchLog(
            match=row.match,
            game=row.game,
            seats=row.seats,
            viewer=viewer.label(row.seats),
            opened=opened,
            header=header,
            entries=match_log(lines, rules_for(row.game), row.seats, viewer, opened),
            notes=self.notes(match_id, viewer),
        )

    def _readable(self, match_id: str) -> MatchRow:
        """The match's row, unless it was recorded under other rules of its game (RULES_RETIRED:
        its events are kept, but these rules cannot tell what they mean)."""
        row = self.summary(match_id)
        if row.status == "retired":
            self.ledger.match(row.match).check_current()
        return row

    def _sealed_lines(self, row: MatchRow, after: int) -> list[dict[str, Any]]:
        """The header and the full, sealed lines of the stored events after `after`, up to the
        version the index gives: sealed from the event store itself (one read, so no entry can
        be missed while the projections move on), chained after the audit projection's hash
        at `after` (without it, from the start)."""
        ident = self.ledger.resolve(row.match)
        store = self.ledger.events
        previous = self._chain_hash(row.match, after) if after > 0 else None
        if previous is None:
            events = list(store.get(ident, lte=row.version))
            header = sealed_header(events[0])
            lines = sealed_lines(row.match, row.seats, events, header["hash"])
            return [header, *(line for line in lines if line["version"] > after)]
        header = sealed_header(next(iter(store.get(ident, lte=1))))
        newer = store.get(ident, gt=after, lte=row.version)
        return [header, *sealed_lines(row.match, row.seats, newer, previous)]

    def _chain_hash(self, match: str, version: int) -> str | None:
        raw = self._docs("audit").read(audit_key(match, version // CHUNK))
        return None if raw is None else chain_hash(raw, version)

    def notes(self, match_id: str, viewer: Viewer) -> list[Note]:
        """The notes on a match that `viewer` may read: its own (the referee's: all) while the
        match runs, everyone's once it opens."""
        row = self.summary(match_id)
        found = self.ledger.notes(row.match)
        if found is None:
            return []
        opened = row.opened
        return found.readable_by(viewer.label(row.seats), viewer.referee, opened)

    def export(self, match_id: str, viewer: Viewer) -> list[dict[str, Any]]:
        """The replay file as `viewer` may have it: full for the referee or once the match is
        open; otherwise redacted (no seed, commitments in place of hidden lines)."""
        self._readable(match_id)
        match, lines = audit_lines(self.ledger.stored_events(match_id))
        return finish_file(lines, match, viewer, notes=self.notes(match_id, viewer))

    def timeline(self, match_id: str, viewer: Viewer) -> Timeline:
        """The match step by step as `viewer` may read it, with the public scores after each
        step (projections/timeline.py)."""
        found = self.log(match_id, viewer)
        row = self.summary(match_id)
        standing = fold_scores(self.ledger.stored_events(row.match))
        return Timeline(
            match=row.match,
            game=row.game,
            seats=row.seats,
            viewer=found.viewer,
            version=min(row.version, len(standing)),
            status=row.status,
            opened=found.opened,
            steps=steps(found.entries, standing, row.seats, row.game),
        )

    def verdict(self, match_id: str, viewer: Viewer) -> Verdict:
        """What `verify` says of the replay file `viewer` may have: the whole check (chain,
        commitments, seed, re-run) for the full file; the chain and the visible commitments of
        a redacted one (`partial`)."""
        return verify_lines(parse(dumps(self.export(match_id, viewer))))

    def leaderboard(self, game: str) -> list[LeaderRow]:
        """Across the finished matches of a game: wins, win rate, mean score per seat name."""
        rules_for(game)
        tally: dict[str, list[int]] = {}
        for board in self._boards(game):
            if board.status != "over":
                continue
            for seat in board.seats:
                row = tally.setdefault(seat.seat, [0, 0, 0])
                row[0] += 1
                row[1] += seat.seat in board.winners
                row[2] += seat.score
        rows = [
            LeaderRow(
                seat=name,
                matches=played,
                wins=wins,
                win_rate=round(wins / played, 3),
                mean_score=round(total / played, 2),
            )
            for name, (played, wins, total) in tally.items()
        ]
        rows.sort(key=lambda r: (-r.win_rate, -r.mean_score, r.seat))
        return rows

    def _boards(self, game: str) -> Iterator[Scoreboard]:
        for _, raw in self._docs("scores").scan(f"{game}/"):
            yield decode(raw, Scoreboard)


class StoreReader(Reader):
    """The same queries, with what concerns one match read straight from that match's events
    (its row, view, scores and log): a process that reads one match and exits (the CLI) loads
    that match, not a catch-up of every projection. Queries across matches (`rows`,
    `leaderboard`) still read the projections, caught up on first use."""

    def summary(self, match_id: str) -> MatchRow:
        return match_row(self.ledger.match(match_id))

    def view(self, match_id: str, viewer: Viewer, at: int | None = None) -> ViewDoc:
        match = self.ledger.match(match_id)
        if match.status == "retired":
            match.check_current()
        if at is not None and not 1 <= at <= match.version:
            raise BadInput(f"--at must be between 1 and {match.version}", code="BAD_STEP")
        if at is not None:
            match = self.ledger.match(match.id, version=at)
        return view_doc(match, viewer.label(match.seats))

    def scores(self, match_id: str) -> Scoreboard:
        return scoreboard(self.ledger.match(match_id))

    def _chain_hash(self, match: str, version: int) -> str | None:
        return None  # the log is chained from the match's own first event


def live_view(match: Match, viewer: Viewer) -> ViewDoc:
    """A view straight from a loaded Match (a replay, a step of a file)."""
    return view_doc(match, viewer.label(match.seats))


__all__ = ["REFEREE", "SPECTATOR", "MatchLog", "Reader", "StoreReader", "live_view"]
