"""The Duck Dealer map drawn in text, from a view: the planets where the board has them (P11 in
the centre, P1-P5 around it, the start planets S1-S5 and P6-P10 on the outer ring), every
deep-space space of every route, the route cubes on them and the ships.

    S1 ... planets (a `'` marks one not yet explored); `.` an empty space
    1-5    a route cube of seat 1-5 (seats in seating order)
    A-E    the ship of seat 1-5 (on a space; at a planet, after its name: `S4A`)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .components import ROUTES

if TYPE_CHECKING:
    from .view import DuckDealerView

HALF_WIDTH = 34  # columns either side of the centre: the map is 69 columns wide
HALF_HEIGHT = 14  # rows above and below the centre (a character is about twice as tall)
R_INNER, R_OUTER = 0.6, 1.0

# Where each planet is, as (radius, degrees clockwise from straight up): the board's layout.
PLANET_POLAR: dict[str, tuple[float, float]] = {
    "P11": (0.0, 0.0),
    **{f"P{i}": (R_INNER, 72.0 * (i - 1)) for i in range(1, 6)},
    **{f"S{i}": (R_OUTER, 72.0 * (i - 1)) for i in range(1, 6)},
    **{f"P{i + 5}": (R_OUTER, 72.0 * (i - 1) + 36.0) for i in range(1, 6)},
}


def _cell(radius: float, degrees: float) -> tuple[float, float]:
    angle = math.radians(degrees)
    return HALF_WIDTH * radius * math.sin(angle), -HALF_HEIGHT * radius * math.cos(angle)


PLANET_AT: dict[str, tuple[float, float]] = {p: _cell(*polar) for p, polar in PLANET_POLAR.items()}


def _spaces() -> dict[str, tuple[int, int]]:
    """Every route space's (column, row) from the centre, evenly along its route."""
    found: dict[str, tuple[int, int]] = {}
    for a, b, length in ROUTES:
        (ax, ay), (bx, by) = PLANET_AT[a], PLANET_AT[b]
        for i in range(1, length + 1):
            t = i / (length + 1)
            found[f"{a}-{b}.{i}"] = (round(ax + (bx - ax) * t), round(ay + (by - ay) * t))
    return found


SPACE_AT = _spaces()
SHIP_MARKS = "ABCDEFGH"


def map_lines(view: DuckDealerView, names: Sequence[str]) -> list[str]:
    """The map as lines of text, with its key."""
    width, height = 2 * HALF_WIDTH + 4, 2 * HALF_HEIGHT + 1
    grid = [[" "] * width for _ in range(height)]

    def put(x: int, y: int, text: str) -> None:
        row = grid[y + HALF_HEIGHT]
        for offset, char in enumerate(text):
            column = x + HALF_WIDTH + offset
            if 0 <= column < width:
                row[column] = char

    cubes = {cube.node: cube.seat for cube in view.route_cubes}
    ships: dict[str, list[int]] = {}
    for player in view.players:
        if player.location is not None:  # not yet on the map
            ships.setdefault(player.location, []).append(player.seat)
    for node, (x, y) in SPACE_AT.items():
        mark = "."
        if node in cubes:
            mark = str(cubes[node] + 1)
        if node in ships:
            mark = SHIP_MARKS[ships[node][0]]
        put(x, y, mark)
    explored = set(view.explored)
    for planet, (fx, fy) in PLANET_AT.items():
        label = planet + ("" if planet in explored else "'")
        label += "".join(SHIP_MARKS[seat] for seat in ships.get(planet, []))
        put(round(fx) - len(planet) // 2, round(fy), label)
    seats = "  ".join(
        f"{SHIP_MARKS[i]}/{i + 1} {name}" for i, name in enumerate(names[: len(view.players)])
    )
    lines = ["Map:", *("  " + "".join(row).rstrip() for row in grid)]
    lines.append(f"  ship/route cube of: {seats}; ' not yet explored; . an empty space")
    return lines
