"""Kosmonauts components as data: bodies, compass rose, board, markers, events, missions.

Everything the digest (rules/kosmonauts.md) marks PROPOSED lives here or in board.json,
so a corrected board or card list is a data change only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

Hex = tuple[int, int]

Body = Literal[
    "MERCURY", "VENUS", "EARTH", "MARS", "COMET", "JUPITER", "SATURN", "URANUS", "NEPTUNE"
]
# §2.2: the recommended Phase 4 movement order (the comet last).
BODIES: tuple[Body, ...] = (
    "MERCURY",
    "VENUS",
    "EARTH",
    "MARS",
    "JUPITER",
    "SATURN",
    "URANUS",
    "NEPTUNE",
    "COMET",
)
NON_EARTH_BODIES: tuple[Body, ...] = tuple(b for b in BODIES if b != "EARTH")

Direction = Literal["E", "SE", "SW", "W", "NW", "NE"]
# §2.5: clockwise on screen, pointy-top axial vectors; r grows toward the bottom of the board.
DIRECTIONS: tuple[Direction, ...] = ("E", "SE", "SW", "W", "NW", "NE")
VECTORS: dict[Direction, Hex] = {
    "E": (1, 0),
    "SE": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (0, -1),
    "NE": (1, -1),
}

Cube = Literal["NORMAL", "HYPER"]
CUBE_UNITS: dict[str, int] = {"NORMAL": 1, "HYPER": 2}

# §2.4 player board.
TANK_SLOTS = 10
MAX_HYPER = 4
MAX_SHIELDS = 3
START_SHIELDS = 3
START_FUEL_BASIC = (9, 1)  # (normal, hyper)
START_FUEL_ADVANCED = (8, 2)
DEFAULT_MAX_CUBES = 3
THRUST_MAX_CUBES = 4
SHIELD_CONVERSION_FUEL = 2
QUICK_REFUEL_FUEL = 5
ASTEROIDS_FUEL_LOST = 5
ENERGY_CONVERSION_MAX = 5
GRAVITY_RANGE = 2

# §2.3 landing markers, top of the stack first.
BASIC_STACK: tuple[int, ...] = (4, 3, 2, 1)
EARTH_STACK: tuple[int, ...] = (2, 2, 2, 2)
ADVANCED_STACKS: dict[Body, tuple[int, ...]] = {
    "MERCURY": (2, 1),
    "VENUS": (2, 1),
    "MARS": (2, 1),
    "COMET": (3, 2),
    "JUPITER": (3, 2),
    "SATURN": (3, 2),
    "URANUS": (4, 3),
    "NEPTUNE": (4, 3),
}
EARTH_MARKER_VP = 2
TOP_MARKER_VP = 4  # the basic tie-break counts these (§6)
BASIC_BODIES_TO_RETURN = 7  # §6: all non-Earth bodies but one
ADVANCED_MARKERS_TO_RETURN = 4
# §3.2 step 2: how many non-Earth bodies the advanced game leaves unscored, by seat count.
ADVANCED_EXCLUDED_COUNT: dict[int, int] = {2: 3, 3: 2, 4: 0}

MISSION_I_VP = 2
MISSION_II_VP = 4
# §3.2 step 3: the advanced game deals 2 Mission I and 2 Mission II cards; 2 are kept.
MISSIONS_DEALT_ADVANCED = 4
MISSIONS_KEPT_ADVANCED = 2

# §4.7 / §6: why a match ends (Result.reason), each with the sentence players read.
END_REASONS: dict[str, str] = {
    "EARTH_RETURN": "a ship came home to Earth after its landings, and that round was played out",
    "ROUND_LIMIT": "the round limit (option max_rounds) was reached",
}

# §2.8 board geometry; PROPOSED (the whole file), see board.json's note.
_BOARD = json.loads((Path(__file__).parent / "board.json").read_text())


def _hex(pair: list[int]) -> Hex:
    return (pair[0], pair[1])


BOARD_RADIUS: int = _BOARD["radius"]
SUN: Hex = _hex(_BOARD["sun"])
SOLAR_DANGER: frozenset[Hex] = frozenset(_hex(h) for h in _BOARD["solar_danger"])
ASTEROID_BELT: frozenset[Hex] = frozenset(_hex(h) for h in _BOARD["asteroid_belt"])
ORBITS: dict[Body, tuple[Hex, ...]] = {
    body: tuple(_hex(h) for h in _BOARD["orbits"][body]["spaces"]) for body in BODIES
}
MARKED_SPACES: dict[Body, frozenset[int]] = {
    body: frozenset(_BOARD["orbits"][body]["marked"]) for body in BODIES
}
MAX_ORBIT_SPACES: int = max(len(spaces) for spaces in ORBITS.values())  # bounds `orbit_index`

# §2.6 event cards.
EventKind = Literal[
    "SOLAR_WIND",
    "REFUELLING",
    "ENERGY_CONVERSION",
    "GRAVITY",
    "THRUST",
    "ASTEROIDS",
    "SOLAR_FLARES",
]


def _event_deck() -> dict[str, tuple[EventKind, Direction | None, int]]:
    """Card id -> (kind, Solar Wind direction, Solar Wind strength)."""
    deck: dict[str, tuple[EventKind, Direction | None, int]] = {}
    number = 0

    def add(kind: EventKind, direction: Direction | None = None, strength: int = 0) -> None:
        nonlocal number
        number += 1
        deck[f"EV{number:02d}"] = (kind, direction, strength)

    for strength in (1, 2):  # PROPOSED: 12 Solar Winds, one per direction and strength
        for direction in DIRECTIONS:
            add("SOLAR_WIND", direction, strength)
    for kind in (  # PROPOSED: three of every other kind
        "REFUELLING",
        "ENERGY_CONVERSION",
        "GRAVITY",
        "THRUST",
        "ASTEROIDS",
        "SOLAR_FLARES",
    ):
        for _ in range(3):
            add(kind)
    return deck


EVENT_CARDS: dict[str, tuple[EventKind, Direction | None, int]] = _event_deck()
FACE_UP_EVENTS = 3

# §2.7 mission cards: card id -> (family, body).
MissionFamily = Literal["I", "II_ALPHA", "II_BETA"]
MISSION_II_ALPHA_BODIES: tuple[Body, ...] = ("MERCURY", "MARS", "JUPITER", "URANUS")  # PROPOSED
MISSION_II_BETA_BODIES: tuple[Body, ...] = ("VENUS", "COMET", "SATURN", "NEPTUNE")  # PROPOSED
MISSIONS: dict[str, tuple[MissionFamily, Body]] = {
    **{f"M1-{b}": ("I", b) for b in NON_EARTH_BODIES},  # PROPOSED: one Mission I per body
    **{f"M2A-{b}": ("II_ALPHA", b) for b in MISSION_II_ALPHA_BODIES},
    **{f"M2B-{b}": ("II_BETA", b) for b in MISSION_II_BETA_BODIES},
}
