"""Hex geometry, the compass rose arithmetic and the flight computation (§2.5, §4.4, §4.5.2)."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Literal

from domain.kosmonauts.components import (
    ASTEROID_BELT,
    BOARD_RADIUS,
    DIRECTIONS,
    SOLAR_DANGER,
    SUN,
    VECTORS,
    Direction,
    Hex,
)

Rose = tuple[int, int, int, int, int, int]  # units per direction, in DIRECTIONS order
EMPTY_ROSE: Rose = (0, 0, 0, 0, 0, 0)
FlightOutcome = Literal["OK", "INTO_SUN", "OUT_OF_BOUNDS"]
Sector = Literal["SOLAR", "ASTEROID_BELT"]


def distance(a: Hex, b: Hex = SUN) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_text(h: Hex) -> str:
    """A hex as players read and type it: (q,r)."""
    return f"({h[0]},{h[1]})"


def on_board(h: Hex) -> bool:
    return distance(h) <= BOARD_RADIUS


def danger_sector(h: Hex) -> Sector | None:
    if h in SOLAR_DANGER:
        return "SOLAR"
    if h in ASTEROID_BELT:
        return "ASTEROID_BELT"
    return None


def opposite(d: Direction) -> Direction:
    return DIRECTIONS[(DIRECTIONS.index(d) + 3) % 6]


def add_units(rose: Rose, direction: Direction, units: int) -> tuple[Rose, int]:
    """New units cancel opposite units first (§4.4); returns the new rose and the units cancelled."""
    values = list(rose)
    i = DIRECTIONS.index(direction)
    o = (i + 3) % 6
    cancelled = min(units, values[o])
    values[o] -= cancelled
    values[i] += units - cancelled
    return (values[0], values[1], values[2], values[3], values[4], values[5]), cancelled


def displacement(rose: Rose) -> Hex:
    q = sum(n * VECTORS[d][0] for d, n in zip(DIRECTIONS, rose, strict=True))
    r = sum(n * VECTORS[d][1] for d, n in zip(DIRECTIONS, rose, strict=True))
    return (q, r)


def destination(start: Hex, rose: Rose) -> Hex:
    dq, dr = displacement(rose)
    return (start[0] + dq, start[1] + dr)


def flight_outcome(start: Hex, rose: Rose) -> FlightOutcome:
    """§4.5.2 / A6-A7: only the final hex counts, but some ordering of the unit steps must
    avoid the Sun (else INTO_SUN) and stay on the board (else OUT_OF_BOUNDS)."""
    end = destination(start, rose)
    if end == SUN:
        return "INTO_SUN"
    if not on_board(end):
        return "OUT_OF_BOUNDS"
    if not _route_exists(start, rose, False):
        return "INTO_SUN"
    if not _route_exists(start, rose, True):
        return "OUT_OF_BOUNDS"
    return "OK"


@lru_cache(maxsize=4096)
def _route_exists(start: Hex, rose: Rose, keep_on_board: bool) -> bool:
    steps = [(VECTORS[d], n) for d, n in zip(DIRECTIONS, rose, strict=True) if n > 0]

    def blocked(h: Hex) -> bool:
        return h == SUN or (keep_on_board and not on_board(h))

    @cache
    def reachable(remaining: tuple[int, ...]) -> bool:
        q, r = start
        for (vector, total), left in zip(steps, remaining, strict=True):
            q += vector[0] * (total - left)
            r += vector[1] * (total - left)
        if blocked((q, r)):
            return False
        if not any(remaining):
            return True
        return any(
            reachable((*remaining[:i], left - 1, *remaining[i + 1 :]))
            for i, left in enumerate(remaining)
            if left > 0
        )

    return reachable(tuple(n for _, n in steps))
