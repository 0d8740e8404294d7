"""A match's log, decision by decision, redacted for whoever reads it.

A seat sees the events whose visibility allows it and the commands it may see (a sealed choice
is shown as sealed); a spectator sees what everyone sees; the referee sees everything. Once a
match is over its whole log is open to all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.game import GameEvent, Seat
from domain.match import Match

SEAT_FIELDS = frozenset(
    {
        "seat",
        "player",
        "by",
        "against",
        "bidder",
        "thief",
        "victim",
        "attacker",
        "defender",
        "winner",
        "target_player",
        "moving_player",
        "struck_player",
        "owner",
        "holder",
        "empire",
    }
)


class Viewer(msgspec.Struct, frozen=True):
    """Who reads: a seat, a spectator (seat None) or the referee."""

    seat: Seat | None = None
    referee: bool = False

    def sees(self, event: GameEvent, match_over: bool) -> bool:
        return self.referee or match_over or event.visibility().allows(self.seat)

    def label(self, seats: Sequence[str]) -> str:
        if self.referee:
            return "referee"
        return "spectator" if self.seat is None else seats[self.seat]


def viewer_for(match: Match, name: str | None) -> Viewer:
    if name is None or name == "spectator":
        return Viewer()
    if name == "referee":
        return Viewer(referee=True)
    return Viewer(seat=match.seat_of(name))


class LogEntry(msgspec.Struct, kw_only=True):
    version: int
    kind: str
    at: str
    seat: str | None = None
    command: dict[str, Any] | None = None
    sealed: bool = False
    decision: int | None = None
    events: list[dict[str, Any]] = msgspec.field(default_factory=list)


def match_log(events: Sequence[Any], viewer: Viewer) -> list[LogEntry]:
    """The log of a match from its stored events, as `viewer` may read it."""
    started = events[0]
    match = started.mutate(None)
    assert isinstance(match, Match)
    for event in events[1:]:
        event.mutate(match)
    over = match.result is not None
    entries: list[LogEntry] = []
    for event in events:
        entry = LogEntry(
            version=event.originator_version,
            kind=type(event).__name__,
            at=event.timestamp.isoformat(timespec="seconds"),
        )
        if isinstance(event, Match.Started):
            entry.events = _visible(match.opening, viewer, over)
        elif isinstance(event, Match.Decided):
            entry.seat = match.seats[event.seat]
            command = match.rules.parse_command(msgspec.to_builtins(event.command))
            if viewer.referee or over or command.visibility(event.seat).allows(viewer.seat):
                entry.command = msgspec.to_builtins(command)
            else:
                entry.sealed = True
            outcome = msgspec.convert(
                msgspec.to_builtins(event.outcome), list[match.rules.event_type]
            )
            entry.events = _visible(outcome, viewer, over)
        elif isinstance(event, Match.Undone | Match.Redone):
            entry.seat = match.seats[event.seat]
            entry.decision = event.decision
        entries.append(entry)
    return entries


def _visible(events: Sequence[GameEvent], viewer: Viewer, over: bool) -> list[dict[str, Any]]:
    return [msgspec.to_builtins(e) for e in events if viewer.sees(e, over)]


def describe(event: dict[str, Any], seats: Sequence[str]) -> str:
    """One game event as a line of text: its type, then its fields (seat numbers as names)."""
    parts = []
    for key, value in event.items():
        if key == "type":
            continue
        if key in SEAT_FIELDS and isinstance(value, int) and 0 <= value < len(seats):
            value = seats[value]
        parts.append(f"{key}={_short(value)}")
    return f"{event.get('type', '?')} " + " ".join(parts)


def _short(value: Any) -> str:
    text = msgspec.json.encode(value).decode()
    return text if len(text) <= 120 else text[:117] + "..."
