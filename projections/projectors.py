"""The read side: what users look at, kept current from the event store.

Each projector turns one stored Match event (with the match as it stands after it) into
documents for its `ViewRecorder` (types in projections/documents.py):

    index    one MatchRow per match: game, seats, status, decisions, times, to move, winners
    scores   one Scoreboard per match (keyed by game, for leaderboards)
    audit    one per stored event: its full replay line, salted and hash-chained to the one
             before, headed by the replay header; `verify` compares it with the event store.
             Full lines are the referee's: every reader gets them redacted by the query layer.
    views    one ViewDoc per match and viewer (each seat and the spectator): the latest view
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

import msgspec

from domain.game import places_from_keys
from domain.match import Match
from projections.documents import MatchRow, Scoreboard, SeatScore, ViewDoc, encode
from projections.replays import canonical, event_line, header_line, seal
from projections.viewer import REFEREE, SPECTATOR
from store.view_recorder import ViewRecorder

Pending = dict[str, bytes | None]


def audit_key(match_id: object, version: int) -> str:
    """Audit entries sort by match, then version; version 0 is the replay header."""
    return f"{match_id}/{version:09d}"


class Projector(ABC):
    name: ClassVar[str]
    description: ClassVar[str]

    def __init__(self, recorder: ViewRecorder) -> None:
        self.recorder = recorder

    @abstractmethod
    def project(self, event: Any, match: Match, pending: Pending) -> None:
        """Add the documents that `event` changes (`match` is the state after it)."""

    def finish(self, pending: Pending) -> None:  # noqa: B027 (most projectors need no end)
        """Add what is left to write at the end of a page of events."""

    def doc(self, key: str, pending: Pending) -> Any:
        raw = pending[key] if key in pending else self.recorder.read(key)
        return None if raw is None else msgspec.json.decode(raw)


class LatestStateProjector(Projector):
    """Documents that show only a match's latest state: worked out once per match per page,
    from the Match as it stands after the page's last event of it."""

    def __init__(self, recorder: ViewRecorder) -> None:
        super().__init__(recorder)
        self._touched: dict[object, Match] = {}

    def project(self, event: Any, match: Match, pending: Pending) -> None:
        self._touched[match.id] = match

    def finish(self, pending: Pending) -> None:
        for match in self._touched.values():
            self.docs(match, pending)
        self._touched.clear()

    @abstractmethod
    def docs(self, match: Match, pending: Pending) -> None:
        """Add the documents of `match` as it stands now."""


def match_row(match: Match) -> MatchRow:
    result = match.result
    return MatchRow(
        match=str(match.id),
        game=match.game,
        seats=list(match.seats),
        status=match.status,
        decisions=match.decisions,
        version=match.version,
        created=match.created_on.isoformat(timespec="seconds"),
        last_move=match.modified_on.isoformat(timespec="seconds"),
        to_move=[match.seats[s] for s in sorted(match.to_move)],
        winners=[match.seats[s] for s in result.winners] if result else [],
        reason=result.reason if result else None,
        sealed_log=match.sealed_log,
        seed_known=match.seed_known,
        seed_commitment=match.seed_commitment,
        entropy=match.contributions is not None,
        forked_from=str(match.forked_from["match"]) if match.forked_from else None,
        forked_at=int(match.forked_from["at"]) if match.forked_from else None,
    )


class MatchIndex(LatestStateProjector):
    name = "index"
    description = "every match: game, seats, status, decisions, times, to move, winner"

    def docs(self, match: Match, pending: Pending) -> None:
        pending[str(match.id)] = encode(match_row(match))


def scoreboard(match: Match) -> Scoreboard:
    result = match.result
    if not match.dealt:
        scores: tuple[int, ...] = tuple(0 for _ in match.seats)
    else:
        scores = result.scores if result else tuple(match.rules.score(match.state))
    places = result.places if result else places_from_keys([(s,) for s in scores])
    return Scoreboard(
        match=str(match.id),
        game=match.game,
        version=match.version,
        status=match.status,
        seats=[
            SeatScore(seat=name, score=scores[i], place=places[i])
            for i, name in enumerate(match.seats)
        ],
        winners=[match.seats[s] for s in result.winners] if result else [],
        reason=result.reason if result else None,
        reason_text=match.rules.describe_end(result.reason) if result else None,
    )


class Scores(LatestStateProjector):
    name = "scores"
    description = "current scores and places per match; leaderboards per game"

    def docs(self, match: Match, pending: Pending) -> None:
        pending[f"{match.game}/{match.id}"] = encode(scoreboard(match))


class AuditLog(Projector):
    name = "audit"
    description = "one salted, hash-chained entry per stored event"

    def project(self, event: Any, match: Match, pending: Pending) -> None:
        version = event.originator_version
        ident = str(match.id)
        if isinstance(event, Match.Started):
            pending[audit_key(match.id, 0)] = canonical(seal(header_line(event), ident, 0, ""))
        previous = self.doc(audit_key(match.id, version - 1), pending)
        line = seal(event_line(match, event), ident, version, previous["hash"] if previous else "")
        pending[audit_key(match.id, version)] = canonical(line)


def view_doc(match: Match, name: str) -> ViewDoc:
    """What `name` (a seat, 'spectator' or 'referee') sees of `match` now, with turn and scores."""
    rules = match.rules
    board = scoreboard(match)
    view: Any
    if not match.dealt:
        waiting = ", ".join(match.seats[s] for s in sorted(match.to_move))
        view, text = None, f"the opening waits for entropy from: {waiting}"
    elif name == REFEREE:
        view = msgspec.to_builtins(match.state)
        text = msgspec.json.format(encode(view)).decode()
    else:
        seen = rules.view(match.state, None if name == SPECTATOR else match.seats.index(name))
        view, text = msgspec.to_builtins(seen), rules.render(seen, match.seats)
    return ViewDoc(
        match=str(match.id),
        game=match.game,
        version=match.version,
        as_=name,
        to_move=[match.seats[s] for s in sorted(match.to_move)],
        scores=board.seats,
        winners=board.winners,
        view=view,
        text=text,
    )


class SeatViews(LatestStateProjector):
    name = "views"
    description = "the latest view of every seat and of a spectator"

    def docs(self, match: Match, pending: Pending) -> None:
        for name in [*match.seats, SPECTATOR]:
            pending[f"{match.id}/{name}"] = encode(view_doc(match, name))


PROJECTORS: dict[str, type[Projector]] = {
    cls.name: cls for cls in (MatchIndex, Scores, AuditLog, SeatViews)
}
