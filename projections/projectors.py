"""The read side: what users look at, kept current from the event store.

Each projector turns one stored Match event (with the match as it stands after it) into
documents for its `ViewRecorder`:

    index    one document per match: game, seats, status, decisions, times, winners
    scores   one per match (keyed by game, for leaderboards): scores, places, winners
    audit    one per stored event: its replay line with a hash chained to the one before,
             headed by the replay header; `verify` compares it with the event store
    views    one per match and viewer (each seat and the spectator): the latest view
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

import msgspec

from domain.game import places_from_keys
from domain.match import Match
from projections.replays import canonical, chain, event_line, header_line
from projections.view_store import ViewRecorder

Pending = dict[str, bytes | None]
_encode = msgspec.json.Encoder(order="sorted").encode
SPECTATOR = "spectator"


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


class MatchIndex(LatestStateProjector):
    name = "index"
    description = "every match: game, seats, status, decisions, times, winner"

    def docs(self, match: Match, pending: Pending) -> None:
        result = match.result
        pending[str(match.id)] = _encode(
            {
                "match": str(match.id),
                "game": match.game,
                "seats": list(match.seats),
                "status": match.status,
                "decisions": match.decisions,
                "version": match.version,
                "created": match.created_on.isoformat(timespec="seconds"),
                "last_move": match.modified_on.isoformat(timespec="seconds"),
                "winners": [match.seats[s] for s in result.winners] if result else [],
                "reason": result.reason if result else None,
            }
        )


def scoreboard(match: Match) -> dict[str, Any]:
    result = match.result
    scores = result.scores if result else match.rules.score(match.state)
    places = result.places if result else places_from_keys([(s,) for s in scores])
    return {
        "match": str(match.id),
        "game": match.game,
        "version": match.version,
        "status": match.status,
        "seats": [
            {"seat": name, "score": scores[i], "place": places[i]}
            for i, name in enumerate(match.seats)
        ],
        "winners": [match.seats[s] for s in result.winners] if result else [],
        "reason": result.reason if result else None,
    }


class Scoreboard(LatestStateProjector):
    name = "scores"
    description = "current scores and places per match; leaderboards per game"

    def docs(self, match: Match, pending: Pending) -> None:
        pending[f"{match.game}/{match.id}"] = _encode(scoreboard(match))


class AuditLog(Projector):
    name = "audit"
    description = "one hash-chained entry per stored event"

    def project(self, event: Any, match: Match, pending: Pending) -> None:
        version = event.originator_version
        if isinstance(event, Match.Started):
            header = header_line(event)
            header["hash"] = chain("", header)
            pending[audit_key(match.id, 0)] = canonical(header)
        previous = self.doc(audit_key(match.id, version - 1), pending)
        line = event_line(match, event)
        line["hash"] = chain(previous["hash"] if previous else "", line)
        pending[audit_key(match.id, version)] = canonical(line)


def view_doc(match: Match, name: str) -> dict[str, Any]:
    """What `name` (a seat, 'spectator' or 'referee') sees of `match` now, with turn and scores."""
    rules = match.rules
    board = scoreboard(match)
    doc: dict[str, Any] = {
        "match": str(match.id),
        "game": match.game,
        "version": match.version,
        "as": name,
        "to_move": [match.seats[s] for s in sorted(match.to_move)],
        "scores": board["seats"],
        "winners": board["winners"],
    }
    if name == "referee":
        state = msgspec.to_builtins(match.state)
        return doc | {"view": state, "text": msgspec.json.format(_encode(state)).decode()}
    view = rules.view(match.state, None if name == SPECTATOR else match.seats.index(name))
    return doc | {"view": msgspec.to_builtins(view), "text": rules.render(view, match.seats)}


class SeatViews(LatestStateProjector):
    name = "views"
    description = "the latest view of every seat and of a spectator"

    def docs(self, match: Match, pending: Pending) -> None:
        for name in [*match.seats, SPECTATOR]:
            pending[f"{match.id}/{name}"] = _encode(view_doc(match, name))


PROJECTORS: dict[str, type[Projector]] = {
    cls.name: cls for cls in (MatchIndex, Scoreboard, AuditLog, SeatViews)
}
