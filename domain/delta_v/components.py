"""Delta V component data: the board, the per-player kit and the `proposed-v1` manifest.

The rulebook gives 48 asteroid tiles, 5 Alien Encounters, 5 rockets and 5 bribes per player; the
tile split, the other incident counts, the twelve contracts and the colours are not printed anywhere
we could find (rules digest §2.8), so they are PROPOSED values, each on one line below.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal

import msgspec

from domain.game import IllegalMove

Mineral = Literal["ALP", "BET", "GAM", "DEL", "EPS", "OMN"]
IncidentKind = Literal[
    "MINERAL_SCAN",
    "SABOTAGE",
    "ROCKET_ACQUISITION",
    "PIRATE_ATTACK",
    "METEOR_STORM",
    "ALIEN_ENCOUNTER",
]
Coordinate = Annotated[int, msgspec.Meta(ge=0, le=6)]  # a row or column of the 7x7 field
Position = tuple[Coordinate, Coordinate]
Ident = Annotated[str, msgspec.Meta(min_length=1, max_length=16)]
"""A rocket, bribe, incident or contract id as the game writes them ("0-r1", "t39", "C01")."""

REGULAR_MINERALS: tuple[Mineral, ...] = ("ALP", "BET", "GAM", "DEL", "EPS")
OMNIDIUM: Mineral = "OMN"
MINERAL_NAMES: dict[str, str] = {
    "ALP": "Alphatite",
    "BET": "Betamite",
    "GAM": "Gammatite",
    "DEL": "Deltamite",
    "EPS": "Epsilonium",
    "OMN": "Omnidium",
}
INCIDENT_NAMES: dict[IncidentKind, str] = {
    "MINERAL_SCAN": "Mineral Scan",
    "SABOTAGE": "Sabotage",
    "ROCKET_ACQUISITION": "Rocket Acquisition",
    "PIRATE_ATTACK": "Pirate Attack",
    "METEOR_STORM": "Meteor Storm",
    "ALIEN_ENCOUNTER": "Alien Encounter",
}

GRID_SIZE = 7
STATION: Position = (3, 3)
ASTEROID_TILES = 48
ALIEN_ENCOUNTERS = 5  # the 5th revealed ends the game at once
ROCKETS_PER_PLAYER = 5
SURVEY_TILES = 3
SPENT_BRIBE_PENALTY = 2
MIN_SEATS = 2
MAX_SEATS = 4
DEFAULT_MAX_ROUNDS = 60  # review log, doubt 5: a safeguard against an endless field

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")  # PROPOSED (§2.1: colours unnamed)


class Face(msgspec.Struct, frozen=True, omit_defaults=True):
    """What is printed on an asteroid tile: a mineral and its value, or an incident."""

    mineral: Mineral | None = None
    value: int = 0
    incident: IncidentKind | None = None

    @property
    def is_incident(self) -> bool:
        return self.incident is not None

    def label(self) -> str:
        if self.incident is not None:
            return INCIDENT_NAMES[self.incident]
        return f"{MINERAL_NAMES[self.mineral or OMNIDIUM]} {self.value}"


def mineral(code: Mineral, value: int) -> Face:
    return Face(mineral=code, value=value)


def incident(kind: IncidentKind) -> Face:
    return Face(incident=kind)


class ContractSpec(msgspec.Struct, frozen=True):
    contract_id: str
    requirements: tuple[Mineral, ...]


class Manifest(msgspec.Struct, frozen=True):
    manifest_id: str
    tiles: tuple[Face, ...]
    contracts: tuple[ContractSpec, ...]


def _tiles(face: Face, count: int) -> tuple[Face, ...]:
    return (face,) * count


def _values(code: Mineral, values: tuple[int, ...]) -> tuple[Face, ...]:
    return tuple(mineral(code, v) for v in values)


# The proposed-v1 manifest (§2.8), one table: 33 mineral tiles and 15 incidents.
PROPOSED_V1 = Manifest(
    manifest_id="proposed-v1",
    tiles=(
        *_values("ALP", (1, 2, 3, 3, 4, 5)),  # PROPOSED
        *_values("BET", (1, 2, 3, 3, 4, 5)),  # PROPOSED
        *_values("GAM", (1, 2, 3, 3, 4, 5)),  # PROPOSED
        *_values("DEL", (1, 2, 3, 3, 4, 5)),  # PROPOSED
        *_values("EPS", (1, 2, 3, 3, 4, 5)),  # PROPOSED
        *_values("OMN", (1, 2, 3)),  # PROPOSED
        *_tiles(incident("ALIEN_ENCOUNTER"), 5),
        *_tiles(incident("MINERAL_SCAN"), 2),  # PROPOSED
        *_tiles(incident("SABOTAGE"), 2),  # PROPOSED
        *_tiles(incident("ROCKET_ACQUISITION"), 2),  # PROPOSED
        *_tiles(incident("PIRATE_ATTACK"), 2),  # PROPOSED
        *_tiles(incident("METEOR_STORM"), 2),  # PROPOSED
    ),
    contracts=(
        ContractSpec("C01", ("ALP",)),  # PROPOSED
        ContractSpec("C02", ("BET",)),  # PROPOSED
        ContractSpec("C03", ("EPS",)),  # PROPOSED
        ContractSpec("C04", ("ALP", "DEL")),  # PROPOSED (the rulebook's example)
        ContractSpec("C05", ("BET", "GAM")),  # PROPOSED
        ContractSpec("C06", ("DEL", "EPS")),  # PROPOSED
        ContractSpec("C07", ("ALP", "GAM")),  # PROPOSED
        ContractSpec("C08", ("BET", "GAM", "DEL")),  # PROPOSED (the rulebook's example)
        ContractSpec("C09", ("ALP", "BET", "EPS")),  # PROPOSED
        ContractSpec("C10", ("GAM", "DEL", "EPS")),  # PROPOSED
        ContractSpec("C11", ("ALP", "BET", "GAM", "DEL")),  # PROPOSED
        ContractSpec("C12", ("ALP", "BET", "GAM", "DEL", "EPS")),  # PROPOSED
    ),
)

MANIFESTS: dict[str, Manifest] = {PROPOSED_V1.manifest_id: PROPOSED_V1}


class ManifestError(IllegalMove):
    """A manifest that breaks a hard check (K1-K3 of §2.8): no match is set up with it."""

    def __init__(self, message: str) -> None:
        super().__init__("BAD_MANIFEST", message)


def check_manifest(manifest: Manifest) -> list[str]:
    """Raise ManifestError on K1-K3; return the K4-K7 warnings (they rest on inference only)."""
    kinds = Counter(face.incident for face in manifest.tiles if face.is_incident)
    if len(manifest.tiles) != ASTEROID_TILES:
        raise ManifestError(f"K1: {len(manifest.tiles)} asteroid tiles, not {ASTEROID_TILES}")
    if kinds["ALIEN_ENCOUNTER"] != ALIEN_ENCOUNTERS:
        raise ManifestError(
            f"K2: {kinds['ALIEN_ENCOUNTER']} Alien Encounters, not {ALIEN_ENCOUNTERS}"
        )
    for contract in manifest.contracts:
        if not contract.requirements or any(
            m not in REGULAR_MINERALS for m in contract.requirements
        ):
            raise ManifestError(f"K3: contract {contract.contract_id} needs 1+ regular minerals")
    warnings: list[str] = []
    for kind in INCIDENT_NAMES:
        if kind != "ALIEN_ENCOUNTER" and kinds[kind] == 0:
            warnings.append(f"K4: no {INCIDENT_NAMES[kind]} tile")
    mineral_tiles = [face for face in manifest.tiles if not face.is_incident]
    if len(mineral_tiles) < 25:
        warnings.append(f"K5: only {len(mineral_tiles)} mineral tiles")
    for code in REGULAR_MINERALS:
        values = {face.value for face in mineral_tiles if face.mineral == code}
        if not values or min(values) != 1 or max(values) != 5 or not values <= set(range(1, 6)):
            warnings.append(f"K6: {code} values {sorted(values)} do not span 1-5")
    if len(manifest.contracts) != 12:
        warnings.append(f"K7: {len(manifest.contracts)} contracts, not 12")
    for contract in manifest.contracts:
        if not 1 <= len(contract.requirements) <= 5:
            warnings.append(
                f"K7: contract {contract.contract_id} needs {len(contract.requirements)}"
            )
    return warnings


def grid_positions() -> tuple[Position, ...]:
    """The 48 asteroid cells in row-major order (the station's centre cell left out)."""
    return tuple((r, c) for r in range(GRID_SIZE) for c in range(GRID_SIZE) if (r, c) != STATION)


def tile_id(position: Position) -> str:
    """A tile is named by the cell it was laid on ("t25": row 2, column 5): tiles never move, and
    a face-down tile has no other identity until someone looks at it."""
    return f"t{position[0]}{position[1]}"


def face_order(face: Face) -> tuple[str, str, int]:
    """The fixed order the unseen tiles are kept in (a multiset: it says nothing of the layout)."""
    return (face.incident or "", face.mineral or "", face.value)


def rocket_id(seat: int, number: int) -> str:
    return f"{seat}-r{number}"


def bribe_id(seat: int, code: Mineral) -> str:
    return f"{seat}-{code}"


# How a match ends (§6, §9 max_rounds): each code with the sentence players read.
END_REASONS: dict[str, str] = {
    "FIFTH_ALIEN_ENCOUNTER": "the fifth Alien Encounter was revealed",
    "LAST_CONTRACT_FULFILLED": "the last government contract was fulfilled",
    "FIELD_FULLY_OCCUPIED": "every asteroid tile is taken by a rocket or the alien",
    "ROUND_LIMIT": "the round limit (max_rounds) was reached",
}
