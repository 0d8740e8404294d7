"""The state of a match of Onward to Venus: immutable values only (digest §4.1)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.game import Options, Rounds, Seat

from .components import (
    BUILDINGS_PER_EMPIRE,
    EMPIRES_OPTION_LENGTH,
    PIECES_PER_EMPIRE,
    PLANETS,
    UNIT_KINDS,
    UNITS_PER_EMPIRE,
    PlanetName,
)

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
    max_rounds: Rounds = 200
    # §3: the empire of each seat in seat order, e.g. "DE,GB,US"; empty: GB, FR, DE, RU, US
    empires: Annotated[str, msgspec.Meta(max_length=EMPIRES_OPTION_LENGTH)] = ""


class Unit(msgspec.Struct, frozen=True):
    id: str
    owner: Seat
    kind: str
    planet: PlanetName | None = None  # None: in the owner's supply
    surface: bool = False


class Building(msgspec.Struct, frozen=True):
    id: str
    owner: Seat
    kind: str
    planet: PlanetName | None = None


class Planet(msgspec.Struct, frozen=True):
    name: PlanetName
    tiles: tuple[int, ...] = ()
    flipped: bool = False
    alien: int | None = None
    traitors: tuple[int, ...] = ()


class Combat(msgspec.Struct, frozen=True):
    number: int
    planet: PlanetName
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
    seat: Seat
    count: int = 0
    buildings: int = 0
    planet: PlanetName | None = None
    pool: tuple[PlanetName, ...] = ()
    level: int = 0
    units: tuple[str, ...] = ()
    reason: str = ""
    opponent: Seat | None = None
    by: Seat | None = None


class Final(msgspec.Struct, frozen=True):
    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[Seat, ...]
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
    # The bag and the deck are multisets in a canonical (sorted) order: nobody has seen an order,
    # so each tile or card is drawn from what is left at the moment it is drawn (a chance draw).
    bag: tuple[int, ...]
    deck: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    tile_discard: tuple[int, ...] = ()
    period: int = 0
    phase: Phase = "SETUP"
    start_player: Seat | None = None
    active: Seat | None = None
    actions_left: int = 0
    step: Step = "IDLE"
    claim_planet: PlanetName | None = None
    combat: Combat | None = None
    combats: int = 0
    played_this_turn: tuple[int, ...] = ()
    post_pass_turn: bool = False
    post_pass_queue: tuple[Seat, ...] = ()
    turns: int = 0
    pass_markers: int = 0
    pending: tuple[Decision, ...] = ()
    crisis_levels: tuple[int, ...] = ()
    crisis_cursor: int = 0
    aliens_invaded: bool = False
    alien_front: int = -1
    aliens_arrived_period: int = 0
    final: Final | None = None


_UNIT_OFFSET = {"INF": 0, "CRU": PIECES_PER_EMPIRE["INF"]}
_UNIT_OFFSET["TANK"] = _UNIT_OFFSET["CRU"] + PIECES_PER_EMPIRE["CRU"]
_BUILDING_OFFSET = {"FAC": 0, "MINE": PIECES_PER_EMPIRE["FACTORY"]}
BUILDING_CODE = {"FACTORY": "FAC", "MINE": "MINE"}


def unit_id(seat: Seat, kind: str, number: int) -> str:
    return f"P{seat + 1}.{kind}.{number}"


def building_id(seat: Seat, kind: str, number: int) -> str:
    return f"P{seat + 1}.{BUILDING_CODE[kind]}.{number}"


def piece_owner(piece: str) -> Seat | None:
    """The seat whose piece this is (`P2.INF.3` -> 1), or None for no piece id."""
    head = piece.split(".")[0]
    return int(head[1:]) - 1 if head[1:].isdigit() else None


def piece_short(piece: str) -> str:
    """The piece id without its owner (`P2.INF.3` -> `INF.3`), as `render` shows it by name."""
    return piece.partition(".")[2]


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
    return PLANETS.index(name)
