"""A match's log, decision by decision, redacted for whoever reads it.

A seat sees the events whose visibility allows it and the commands it may see (a sealed choice
is shown as sealed); a spectator sees what everyone sees; the referee sees everything. Once a
match is over its whole log is open to all, unless it was started with a sealed log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.game import GameEvent, IllegalMove, Rules, Seat
from domain.match import list_of

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

    def sees(self, event: GameEvent, opened: bool) -> bool:
        return self.referee or opened or event.visibility().allows(self.seat)

    def label(self, seats: Sequence[str]) -> str:
        if self.referee:
            return "referee"
        return "spectator" if self.seat is None else seats[self.seat]


def viewer_for(seats: Sequence[str], name: str | None) -> Viewer:
    """The viewer a `--as` name stands for: a seat, 'spectator' (or nothing), 'referee'."""
    if name is None or name == "spectator":
        return Viewer()
    if name == "referee":
        return Viewer(referee=True)
    if name not in seats:
        known = ", ".join(seats)
        raise IllegalMove("UNKNOWN_SEAT", f"no seat {name!r} in this match (seats: {known})")
    return Viewer(seat=list(seats).index(name))


class LogEntry(msgspec.Struct, kw_only=True):
    version: int
    kind: str
    at: str
    seat: str | None = None
    command: dict[str, Any] | None = None
    sealed: bool = False
    decision: int | None = None
    events: list[dict[str, Any]] = msgspec.field(default_factory=list)
    hash: str = ""


def match_log(
    lines: Sequence[dict[str, Any]],
    rules: Rules[Any],
    seats: Sequence[str],
    viewer: Viewer,
    opened: bool,
) -> list[LogEntry]:
    """A match's log from its audit (or replay) lines, as `viewer` may read it.

    `opened` is True once the match is over and its log is not sealed: then all may read all.
    """
    entries: list[LogEntry] = []
    for line in lines:
        kind = str(line.get("kind"))
        entry = LogEntry(
            version=int(line["version"]),
            kind=kind,
            at=str(line.get("at", ""))[:19],
            hash=str(line.get("hash", "")),
        )
        if kind == "Started":
            opening = msgspec.convert(line["opening"], list_of(rules.event_type))
            entry.events = _visible(opening, viewer, opened)
        elif kind == "Decided":
            entry.seat = str(line["seat"])
            seat = list(seats).index(entry.seat)
            command = rules.parse_command(line["command"])
            if viewer.referee or opened or command.visibility(seat).allows(viewer.seat):
                entry.command = msgspec.to_builtins(command)
            else:
                entry.sealed = True
            outcome = msgspec.convert(line["outcome"], list_of(rules.event_type))
            entry.events = _visible(outcome, viewer, opened)
        else:
            entry.seat = str(line["seat"])
            entry.decision = int(line["decision"])
        entries.append(entry)
    return entries


def _visible(events: Sequence[GameEvent], viewer: Viewer, opened: bool) -> list[dict[str, Any]]:
    return [msgspec.to_builtins(e) for e in events if viewer.sees(e, opened)]


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
