"""The state of a match of Onward to Venus: immutable values only (digest §4.1)."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.game import Options

from .components import PIECES_PER_EMPIRE, PLANETS, UNIT_KINDS

Phase = Literal["SETUP", "ACTIONS", "POST_PASS", "CRISES", "OVER"]
Step = Literal["IDLE", "CLAIM_WINDOW", "COMBAT"]
DecisionKind = Literal[
    "DISCARD_TO_LIMIT",
    "CHOOSE_KEEP",
    "ESPIONAGE",
    "CASUALTIES",
    "CANCEL_DESTRUCTION",
    "SAVE_DESTROYED",
    "BAZAGTHOTH",
    "CRISIS_LOSSES",
]


class OnwardOptions(Options, frozen=True, kw_only=True, forbid_unknown_fields=True):
    # A round is one turn for every seat in the action phases; real periods last about 10.
    max_rounds: int = 200
    # §3: the empire of each seat in seat order, e.g. "DE,GB,US"; empty: GB, FR, DE, RU, US
    empires: str = ""


class Unit(msgspec.Struct, frozen=True):
    id: str
    owner: int
    kind: str
    planet: str | None = None  # None: in the owner's supply
    surface: bool = False


class Building(msgspec.Struct, frozen=True):
    id: str
    owner: int
    kind: str
    planet: str | None = None


class Planet(msgspec.Struct, frozen=True):
    name: str
    tiles: tuple[int, ...] = ()
    flipped: bool = False
    alien: int | None = None
    traitors: tuple[int, ...] = ()


class Combat(msgspec.Struct, frozen=True):
    number: int
    planet: str
    tile: int
    target: str | None
    base: int
    part_of_move: bool
    faces: tuple[int, ...] = ()
    excluded: int | None = None
    ignored: frozenset[int] = frozenset()
    landed: tuple[str, ...] = ()
    card_points: int = 0
    modifiers: frozenset[str] = frozenset()


class Decision(msgspec.Struct, frozen=True):
    """A decision one seat owes before anything else may happen (digest §4.1 `pending`)."""

    kind: DecisionKind
    seat: int
    count: int = 0
    buildings: int = 0
    planet: str | None = None
    pool: tuple[str, ...] = ()
    level: int = 0
    units: tuple[str, ...] = ()
    reason: str = ""
    opponent: int | None = None
    by: int | None = None


class Final(msgspec.Struct, frozen=True):
    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    tiebreak_step: int = 0


class State(msgspec.Struct, frozen=True):
    n: int
    max_rounds: int
    empires: tuple[str, ...]
    units: tuple[Unit, ...]
    buildings: tuple[Building, ...]
    planets: tuple[Planet, ...]
    money: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    held: tuple[tuple[int, ...], ...]
    kept: tuple[tuple[int, ...], ...]
    bag: tuple[int, ...]
    deck: tuple[int, ...] = ()  # unordered: each draw picks a random card (digest §7)
    discard: tuple[int, ...] = ()
    tile_discard: tuple[int, ...] = ()
    period: int = 0
    phase: Phase = "SETUP"
    start_player: int | None = None
    active: int | None = None
    actions_left: int = 0
    step: Step = "IDLE"
    claim_planet: str | None = None
    combat: Combat | None = None
    combats: int = 0
    played_this_turn: tuple[int, ...] = ()
    post_pass_turn: bool = False
    post_pass_queue: tuple[int, ...] = ()
    turns: int = 0
    pass_markers: int = 0
    pending: tuple[Decision, ...] = ()
    crisis_levels: tuple[int, ...] = ()
    crisis_cursor: int = 0
    aliens_invaded: bool = False
    alien_front: int = -1
    aliens_arrived_period: int = 0
    final: Final | None = None


UNITS_PER_EMPIRE = sum(PIECES_PER_EMPIRE[k] for k in UNIT_KINDS)
BUILDINGS_PER_EMPIRE = PIECES_PER_EMPIRE["FACTORY"] + PIECES_PER_EMPIRE["MINE"]
_UNIT_OFFSET = {"INF": 0, "CRU": PIECES_PER_EMPIRE["INF"]}
_UNIT_OFFSET["TANK"] = _UNIT_OFFSET["CRU"] + PIECES_PER_EMPIRE["CRU"]
_BUILDING_OFFSET = {"FAC": 0, "MINE": PIECES_PER_EMPIRE["FACTORY"]}
BUILDING_CODE = {"FACTORY": "FAC", "MINE": "MINE"}


def unit_id(seat: int, kind: str, number: int) -> str:
    return f"P{seat + 1}.{kind}.{number}"


def building_id(seat: int, kind: str, number: int) -> str:
    return f"P{seat + 1}.{BUILDING_CODE[kind]}.{number}"


def unit_index(uid: str) -> int | None:
    """Where a unit id sits in `State.units`, or None if it names no unit."""
    parts = uid.split(".")
    if len(parts) != 3 or parts[1] not in _UNIT_OFFSET or not parts[0][1:].isdigit():
        return None
    if not parts[2].isdigit():
        return None
    seat, number = int(parts[0][1:]) - 1, int(parts[2])
    if seat < 0 or not 1 <= number <= PIECES_PER_EMPIRE[parts[1]]:
        return None
    return seat * UNITS_PER_EMPIRE + _UNIT_OFFSET[parts[1]] + number - 1


def building_index(bid: str) -> int | None:
    parts = bid.split(".")
    if len(parts) != 3 or parts[1] not in _BUILDING_OFFSET or not parts[0][1:].isdigit():
        return None
    if not parts[2].isdigit():
        return None
    kind = "FACTORY" if parts[1] == "FAC" else "MINE"
    seat, number = int(parts[0][1:]) - 1, int(parts[2])
    if seat < 0 or not 1 <= number <= PIECES_PER_EMPIRE[kind]:
        return None
    return seat * BUILDINGS_PER_EMPIRE + _BUILDING_OFFSET[parts[1]] + number - 1


def find_unit(state: State, uid: str) -> Unit | None:
    index = unit_index(uid)
    if index is None or index >= len(state.units):
        return None
    return state.units[index]


def find_building(state: State, bid: str) -> Building | None:
    index = building_index(bid)
    if index is None or index >= len(state.buildings):
        return None
    return state.buildings[index]


def fresh_units(n: int) -> tuple[Unit, ...]:
    return tuple(
        Unit(unit_id(seat, kind, i), seat, kind)
        for seat in range(n)
        for kind in UNIT_KINDS
        for i in range(1, PIECES_PER_EMPIRE[kind] + 1)
    )


def fresh_buildings(n: int) -> tuple[Building, ...]:
    return tuple(
        Building(building_id(seat, kind, i), seat, kind)
        for seat in range(n)
        for kind in ("FACTORY", "MINE")
        for i in range(1, PIECES_PER_EMPIRE[kind] + 1)
    )


def planet_index(name: str) -> int:
    return PLANETS.index(name)  # type: ignore[arg-type]
