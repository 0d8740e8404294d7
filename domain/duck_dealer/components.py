"""Duck Dealer's component data (rules digest §2): goods, ship board, sites and the galaxy map.

The rulebook prints almost none of this, so nearly every table here is PROPOSED by the digest.
Everything is data: a corrected map, recipe or tile is an edit of this file only.
"""

from __future__ import annotations

import itertools
from typing import Annotated, Literal

import msgspec

Good = Literal[
    "RUBBER_DUCK",
    "PLASTIC_BEADS",
    "SOLAR_PANEL",
    "BLUE_PAINT",
    "PHONE_BOOTH",
    "SATELLITE",
    "LINEAR_ACCELERATOR",
    "INVISIBLE_DUCK",
    "MODERN_RADIO",
    "DIET_PILLS",
    "ECONOMY",
    "MODERN_ART",
    "SCIENCE",
    "RELIGION",
    "POLITICS",
    "MEDICINE",
    "MILITARY",
]
Color = Literal["RED", "YELLOW", "BLUE"]
Part = Literal["CARGO", "PILOT", "BUILDER", "MERCHANT"]
SiteKind = Literal["mine", "spaceport", "client", "factory"]

COLORS: tuple[Color, ...] = ("RED", "YELLOW", "BLUE")
PARTS: tuple[Part, ...] = ("CARGO", "PILOT", "BUILDER", "MERCHANT")
PRIMARY_GOODS: tuple[Good, ...] = (
    "RUBBER_DUCK",
    "PLASTIC_BEADS",
    "SOLAR_PANEL",
    "BLUE_PAINT",
    "PHONE_BOOTH",
)
# §2.2: the VP a built client pays per delivered unit; primaries have no clients.
DELIVERY_VP: dict[Good, int] = {
    "SATELLITE": 3,
    "LINEAR_ACCELERATOR": 3,
    "INVISIBLE_DUCK": 3,
    "MODERN_RADIO": 3,
    "DIET_PILLS": 3,
    "ECONOMY": 10,
    "MODERN_ART": 10,
    "SCIENCE": 10,
    "RELIGION": 30,
    "POLITICS": 30,
    "MEDICINE": 30,
    "MILITARY": 30,
}
GOODS: tuple[Good, ...] = PRIMARY_GOODS + tuple(DELIVERY_VP)


EnergyCount = Annotated[int, msgspec.Meta(ge=0, le=3 * 40)]
"""Energy of one colour a seat may hold or name: never below 0, never past the whole supply."""


class Energy(msgspec.Struct, frozen=True, omit_defaults=True):
    red: EnergyCount = 0
    yellow: EnergyCount = 0
    blue: EnergyCount = 0

    def of(self, color: Color) -> int:
        return {"RED": self.red, "YELLOW": self.yellow, "BLUE": self.blue}[color]

    def plus(self, color: Color, amount: int) -> Energy:
        if color == "RED":
            return Energy(self.red + amount, self.yellow, self.blue)
        if color == "YELLOW":
            return Energy(self.red, self.yellow + amount, self.blue)
        return Energy(self.red, self.yellow, self.blue + amount)

    def add(self, other: Energy) -> Energy:
        return Energy(self.red + other.red, self.yellow + other.yellow, self.blue + other.blue)

    def minus(self, other: Energy) -> Energy:
        return Energy(self.red - other.red, self.yellow - other.yellow, self.blue - other.blue)

    @property
    def total(self) -> int:
        return self.red + self.yellow + self.blue


# A crew cabin is an energy disc of its colour on the ship (§2.4).
CREW_COLOR: dict[Part, Color] = {"PILOT": "RED", "BUILDER": "YELLOW", "MERCHANT": "BLUE"}

# §2.1 and §3 step 1
ENERGY_PER_COLOR = 40
CUBES_PER_PLAYER = 30  # one of them is the score marker (§3 step 6)
PRIVILEGE_MARKERS = 10
CARGO_TOKENS = 20  # PROPOSED (§8 A24)
ENERGY_KEPT_AFTER_ACTION_TURN = 4  # §4.10
TURN_TRACK_LENGTH = 24  # §2.6
PRIVILEGE_COST = 3  # yellow energy (§4.7)
STARTING_PARTS = 3  # §3 step 9: free parts on the slots marked "8"
PLAYER_COLORS = ("green", "purple", "orange", "white", "black")  # PROPOSED (§8 A30)

# §2.4 ship board: the printed speed of each slot, lowest first.
SLOT_MARKS: tuple[int, ...] = (8, 8, 8, 5, 5, 5, 2, 2, 2, 2)  # PROPOSED (§8 A3)
CENTRAL_HOLD = 1  # the half-size hold holds one good
CARGO_HOLD_SIZE = 2

MIN_SEATS, MAX_SEATS = 2, 5  # five start planets (digest §1)

# Input bounds (issue #12), derived from the components above: no command may name more.
MAX_GOODS_HELD = CENTRAL_HOLD + len(SLOT_MARKS) * CARGO_HOLD_SIZE  # every slot a cargo hold
MAX_BID = 1000  # PROPOSED: a VP bid (§3.1) far above any final score seen (about 100-200)
MAX_PATH = 400  # spaces one move may cross: more than 40 red energy at the best speed of 8
MAX_NAME = 40  # the longest id of a planet, node, site or client is far shorter


def speed_for(used_slots: int) -> int:
    """Spaces per red energy by used slots (§2.4, §8 A2: 0-3 scout, 4-6 cruiser, 7+ freighter)."""
    if used_slots <= 3:
        return 8
    if used_slots <= 6:
        return 5
    return 2


def free_segments_for(turn_number: int) -> int:
    """Free route segments of the action turn on turn-track space `turn_number` (§4.3)."""
    if turn_number <= 6:
        return 1
    if turn_number <= 12:
        return 2
    return 3


class MineSpec(msgspec.Struct, frozen=True):
    good: Good
    starting: bool


class SpaceportSpec(msgspec.Struct, frozen=True):
    sells: Part
    upgrade_cost: tuple[Good, ...]
    build_cost: tuple[
        Good, ...
    ]  # the printed goods; plus `wildcards` goods of the builder's choice
    wildcards: int
    vp: int


class FactorySpec(msgspec.Struct, frozen=True):
    inputs: tuple[Good, ...]  # also the build cost (§8 A14)
    output: Good
    vp: int


class ClientSpec(msgspec.Struct, frozen=True):
    good: Good
    build_cost: tuple[Good, ...]
    wildcards: int
    vp: int

    @property
    def vp_each(self) -> int:
        return DELIVERY_VP[self.good]


# §2.3.1 (PROPOSED: 16 mines, goods mix unsourced)
MINES: dict[str, MineSpec] = {
    "M_S_DUCK": MineSpec("RUBBER_DUCK", starting=True),
    "M_S_BEADS": MineSpec("PLASTIC_BEADS", starting=True),
    "M_S_SOLAR": MineSpec("SOLAR_PANEL", starting=True),
    "M_S_PAINT": MineSpec("BLUE_PAINT", starting=True),
    "M_S_PHONE": MineSpec("PHONE_BOOTH", starting=True),
    "M_DUCK_1": MineSpec("RUBBER_DUCK", starting=False),  # PROPOSED
    "M_DUCK_2": MineSpec("RUBBER_DUCK", starting=False),  # PROPOSED
    "M_DUCK_3": MineSpec("RUBBER_DUCK", starting=False),  # PROPOSED
    "M_BEADS_1": MineSpec("PLASTIC_BEADS", starting=False),  # PROPOSED
    "M_BEADS_2": MineSpec("PLASTIC_BEADS", starting=False),  # PROPOSED
    "M_SOLAR_1": MineSpec("SOLAR_PANEL", starting=False),  # PROPOSED
    "M_SOLAR_2": MineSpec("SOLAR_PANEL", starting=False),  # PROPOSED
    "M_PAINT_1": MineSpec("BLUE_PAINT", starting=False),  # PROPOSED
    "M_PAINT_2": MineSpec("BLUE_PAINT", starting=False),  # PROPOSED
    "M_PHONE_1": MineSpec("PHONE_BOOTH", starting=False),  # PROPOSED
    "M_PHONE_2": MineSpec("PHONE_BOOTH", starting=False),  # PROPOSED
}

# §2.3.2 (PROPOSED except SP_CARGO_A's upgrade cost, the rulebook's example)
SPACEPORTS: dict[str, SpaceportSpec] = {
    "SP_CARGO_A": SpaceportSpec(
        "CARGO", ("PHONE_BOOTH", "BLUE_PAINT"), ("BLUE_PAINT",), 1, 5
    ),  # PROPOSED
    "SP_CARGO_B": SpaceportSpec(
        "CARGO", ("RUBBER_DUCK", "SOLAR_PANEL"), ("SOLAR_PANEL",), 1, 5
    ),  # PROPOSED
    "SP_PILOT": SpaceportSpec(
        "PILOT", ("SOLAR_PANEL", "PLASTIC_BEADS"), ("RUBBER_DUCK",), 1, 5
    ),  # PROPOSED
    "SP_BUILDER": SpaceportSpec(
        "BUILDER", ("PHONE_BOOTH", "RUBBER_DUCK"), ("PHONE_BOOTH",), 1, 5
    ),  # PROPOSED
    "SP_MERCHANT": SpaceportSpec(
        "MERCHANT", ("PLASTIC_BEADS", "BLUE_PAINT"), ("PLASTIC_BEADS",), 1, 5
    ),  # PROPOSED
}

# §2.3.3 (PROPOSED except F_DIET_PILLS, the rulebook's example; 50 VP partly sourced)
FACTORIES: dict[str, FactorySpec] = {
    "F_DIET_PILLS": FactorySpec(("BLUE_PAINT", "PLASTIC_BEADS"), "DIET_PILLS", 5),  # PROPOSED vp
    "F_SATELLITE": FactorySpec(("PHONE_BOOTH", "SOLAR_PANEL"), "SATELLITE", 5),  # PROPOSED
    "F_INVISIBLE_DUCK": FactorySpec(("RUBBER_DUCK", "BLUE_PAINT"), "INVISIBLE_DUCK", 5),  # PROPOSED
    "F_MODERN_RADIO": FactorySpec(("SOLAR_PANEL", "PLASTIC_BEADS"), "MODERN_RADIO", 5),  # PROPOSED
    "F_LINEAR_ACCELERATOR": FactorySpec(
        ("RUBBER_DUCK", "PHONE_BOOTH"), "LINEAR_ACCELERATOR", 5
    ),  # PROPOSED
    "F_SCIENCE": FactorySpec(("LINEAR_ACCELERATOR", "SOLAR_PANEL"), "SCIENCE", 15),  # PROPOSED
    "F_MODERN_ART": FactorySpec(("INVISIBLE_DUCK", "PLASTIC_BEADS"), "MODERN_ART", 15),  # PROPOSED
    "F_ECONOMY": FactorySpec(("MODERN_RADIO", "PHONE_BOOTH"), "ECONOMY", 15),  # PROPOSED
    "F_MEDICINE": FactorySpec(("DIET_PILLS", "BLUE_PAINT"), "MEDICINE", 50),  # PROPOSED
    "F_RELIGION": FactorySpec(("INVISIBLE_DUCK", "MODERN_RADIO"), "RELIGION", 50),  # PROPOSED
    "F_POLITICS": FactorySpec(("SATELLITE", "DIET_PILLS"), "POLITICS", 50),  # PROPOSED
    "F_MILITARY": FactorySpec(("LINEAR_ACCELERATOR", "SATELLITE"), "MILITARY", 50),  # PROPOSED
}


def _client(good: Good, vp: int) -> ClientSpec:
    # §2.3.4: every client costs its own good + R (PROPOSED)
    return ClientSpec(good, (good,), 1, vp)


# §2.3.4 (PROPOSED: build VP 5/20/50 by tier; 50 partly sourced)
CLIENTS: dict[str, ClientSpec] = {
    "CL_SATELLITE": _client("SATELLITE", 5),  # PROPOSED
    "CL_LINEAR_ACCELERATOR": _client("LINEAR_ACCELERATOR", 5),  # PROPOSED
    "CL_INVISIBLE_DUCK": _client("INVISIBLE_DUCK", 5),  # PROPOSED
    "CL_MODERN_RADIO": _client("MODERN_RADIO", 5),  # PROPOSED
    "CL_DIET_PILLS": _client("DIET_PILLS", 5),  # PROPOSED
    "CL_ECONOMY": _client("ECONOMY", 20),  # PROPOSED
    "CL_MODERN_ART": _client("MODERN_ART", 20),  # PROPOSED
    "CL_SCIENCE": _client("SCIENCE", 20),  # PROPOSED
    "CL_RELIGION": _client("RELIGION", 50),  # PROPOSED
    "CL_POLITICS": _client("POLITICS", 50),  # PROPOSED
    "CL_MEDICINE": _client("MEDICINE", 50),  # PROPOSED
    "CL_MILITARY": _client("MILITARY", 50),  # PROPOSED
}

# §2.3.4: the client track is stacked tier by tier, 3-pt on top, each tier shuffled.
CLIENT_TIER_VP: tuple[int, ...] = (3, 10, 30)
CLIENT_TIERS: tuple[tuple[str, ...], ...] = tuple(
    tuple(cid for cid, spec in CLIENTS.items() if spec.vp_each == tier) for tier in CLIENT_TIER_VP
)


# §2.5 map "DD-PROPOSED-16" (PROPOSED in full: no source gives the real board)
START_PLANETS: tuple[str, ...] = ("S1", "S2", "S3", "S4", "S5")  # PROPOSED
OTHER_PLANETS: tuple[str, ...] = tuple(f"P{i}" for i in range(1, 12))  # PROPOSED
PLANETS: tuple[str, ...] = START_PLANETS + OTHER_PLANETS
# §2.5: starting planets have 2 slots (mine, spaceport); the others 3 (mine, client, factory).
PLANET_SLOTS: dict[str, int] = {p: (2 if p in START_PLANETS else 3) for p in PLANETS}
MINE_SLOT = 1
SPACEPORT_SLOT = 2
CLIENT_SLOT = 2

# (A, B, deep-space nodes); node ids are "A-B.i", i = 1..n counted from A.
ROUTES: tuple[tuple[str, str, int], ...] = (
    ("S1", "P1", 3),  # PROPOSED
    ("S1", "P6", 5),  # PROPOSED
    ("S1", "P10", 5),  # PROPOSED
    ("S2", "P2", 3),  # PROPOSED
    ("S2", "P6", 5),  # PROPOSED
    ("S2", "P7", 5),  # PROPOSED
    ("S3", "P3", 3),  # PROPOSED
    ("S3", "P7", 5),  # PROPOSED
    ("S3", "P8", 5),  # PROPOSED
    ("S4", "P4", 3),  # PROPOSED
    ("S4", "P8", 5),  # PROPOSED
    ("S4", "P9", 5),  # PROPOSED
    ("S5", "P5", 3),  # PROPOSED
    ("S5", "P9", 5),  # PROPOSED
    ("S5", "P10", 5),  # PROPOSED
    ("P1", "P2", 6),  # PROPOSED
    ("P2", "P3", 6),  # PROPOSED
    ("P3", "P4", 6),  # PROPOSED
    ("P4", "P5", 6),  # PROPOSED
    ("P1", "P5", 6),  # PROPOSED
    ("P1", "P11", 4),  # PROPOSED
    ("P2", "P11", 4),  # PROPOSED
    ("P3", "P11", 4),  # PROPOSED
    ("P4", "P11", 4),  # PROPOSED
    ("P5", "P11", 4),  # PROPOSED
)


def _route_nodes(a: str, b: str, length: int) -> list[str]:
    return [a, *(f"{a}-{b}.{i}" for i in range(1, length + 1)), b]


def _adjacency() -> dict[str, tuple[str, ...]]:
    links: dict[str, set[str]] = {p: set() for p in PLANETS}
    for a, b, length in ROUTES:
        chain = _route_nodes(a, b, length)
        for here, there in itertools.pairwise(chain):
            links.setdefault(here, set()).add(there)
            links.setdefault(there, set()).add(here)
    return {node: tuple(sorted(near)) for node, near in links.items()}


ADJACENT: dict[str, tuple[str, ...]] = _adjacency()
DEEP_SPACE: tuple[str, ...] = tuple(sorted(n for n in ADJACENT if n not in PLANET_SLOTS))


# How a match ends (§6; max_rounds is the engine's safeguard): each code with its sentence.
END_REASONS: dict[str, str] = {
    "TURN_TRACK_FULL": "the last action turn filled the turn track",
    "ROUND_LIMIT": "the round limit (max_rounds) was reached",
}
