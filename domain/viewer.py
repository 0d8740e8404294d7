"""Who reads, and the trust rules that decide what they may read (written once, here).

- The referee (the store's administrator: the local CLI's `--as referee`, the server's referee
  token) reads everything.
- A seat reads what its events' and commands' visibility allows; a spectator what everyone sees.
- A match opens to everyone, seed and salts included, once it is over, unless its log was sealed
  (`new --sealed-log`); until then exports, logs and views are redacted for their viewer.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.game import GameEvent, IllegalMove, Seat

REFEREE = "referee"
SPECTATOR = "spectator"


class Viewer(msgspec.Struct, frozen=True):
    """Who reads: a seat, a spectator (seat None) or the referee."""

    seat: Seat | None = None
    referee: bool = False

    def sees(self, event: GameEvent) -> bool:
        return self.referee or event.visibility().allows(self.seat)

    def label(self, seats: Sequence[str]) -> str:
        if self.referee:
            return REFEREE
        return SPECTATOR if self.seat is None else seats[self.seat]

    def reads_all(self, opened: bool) -> bool:
        """Whether this viewer reads the full record: the referee always, anyone once opened."""
        return self.referee or opened


def viewer_for(seats: Sequence[str], name: str | None) -> Viewer:
    """The viewer a `--as` name stands for: a seat, 'spectator' (or nothing), 'referee'."""
    if name is None or name == SPECTATOR:
        return Viewer()
    if name == REFEREE:
        return Viewer(referee=True)
    if name not in seats:
        known = ", ".join(seats)
        raise IllegalMove("UNKNOWN_SEAT", f"no seat {name!r} in this match (seats: {known})")
    return Viewer(seat=list(seats).index(name))


def record_opens(over: bool, sealed_log: bool) -> bool:
    """The one rule for when a match's whole record (log, seed, salts) opens to everyone: once
    it is over, unless it was started with a sealed log."""
    return over and not sealed_log
