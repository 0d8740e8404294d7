"""Onward to Venus component data (digest §2.13), sourced and PROPOSED, in one table.

Every value the digest marks PROPOSED is tagged here and only here, so a corrected value is a
one-line change. Everything else in the package reads these names.
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

PlanetName = Literal["MERCURY", "VENUS", "EARTH", "MOON", "MARS", "GANYMEDE", "TITAN", "KUIPER"]
UnitKind = Literal["INF", "CRU", "TANK"]
BuildingKind = Literal["FACTORY", "MINE"]
TileKind = Literal["FACTORY", "CARDS", "TROPHY", "FORTUNE", "MINE", "CRISIS", "TENSION", "ALIEN"]

# §2.1: the canonical resolution order (Earth before the Moon).
PLANETS: Final[tuple[PlanetName, ...]] = (
    "MERCURY",
    "VENUS",
    "EARTH",
    "MOON",
    "MARS",
    "GANYMEDE",
    "TITAN",
    "KUIPER",
)

# §2.2 Resolution: the Moon touches Venus and Mars as well as Earth (derived from the column).
ADJACENCY: Final[tuple[tuple[PlanetName, PlanetName], ...]] = (
    ("MERCURY", "VENUS"),
    ("VENUS", "EARTH"),
    ("VENUS", "MOON"),
    ("EARTH", "MOON"),
    ("EARTH", "MARS"),
    ("MOON", "MARS"),
    ("MARS", "GANYMEDE"),
    ("GANYMEDE", "TITAN"),
    ("TITAN", "KUIPER"),
)

VP_HEXES: Final[dict[str, tuple[int, ...]]] = {
    "MERCURY": (7, 4),  # PROPOSED
    "VENUS": (9, 5, 3),  # PROPOSED
    "EARTH": (8, 5, 3),  # PROPOSED
    "MOON": (9, 5, 3),
    "MARS": (10, 6, 3),  # PROPOSED
    "GANYMEDE": (7, 4),  # PROPOSED
    "TITAN": (8, 5),  # PROPOSED
    "KUIPER": (8, 4),  # PROPOSED
}

# §2.12, sourced from the Hungarian back-page table (row mapping reconstructed).
TILES_PER_PLANET: Final[dict[int, dict[str, int]]] = {
    2: {
        "MERCURY": 2,
        "VENUS": 3,
        "EARTH": 3,
        "MOON": 3,
        "MARS": 3,
        "GANYMEDE": 2,
        "TITAN": 2,
        "KUIPER": 2,
    },
    3: {
        "MERCURY": 2,
        "VENUS": 3,
        "EARTH": 3,
        "MOON": 3,
        "MARS": 3,
        "GANYMEDE": 2,
        "TITAN": 2,
        "KUIPER": 2,
    },
    4: {
        "MERCURY": 3,
        "VENUS": 3,
        "EARTH": 4,
        "MOON": 3,
        "MARS": 4,
        "GANYMEDE": 2,
        "TITAN": 2,
        "KUIPER": 3,
    },
    5: {
        "MERCURY": 3,
        "VENUS": 4,
        "EARTH": 5,
        "MOON": 4,
        "MARS": 4,
        "GANYMEDE": 2,
        "TITAN": 2,
        "KUIPER": 3,
    },
}

# §2.10: the die is SKULL, 2..6; SKULL is stored as 0 (its value wherever a number is needed)
# and is also the crisis symbol (derived: the only non-numeric face).
SKULL: Final = 0
DIE_FACES: Final[tuple[int, ...]] = (SKULL, 2, 3, 4, 5, 6)

UNIT_COST: Final[dict[str, int]] = {"INF": 2, "TANK": 3, "CRU": 4}
UNIT_CP: Final[dict[str, int]] = {"INF": 1, "TANK": 2, "CRU": 1}
UNIT_DEFENCE: Final[dict[str, int]] = {"INF": 1, "TANK": 2, "CRU": 1}
# The modifier cards raise each unit of their kind to this value in one combat.
MODIFIED_CP: Final[dict[str, tuple[str, int]]] = {
    "ELITE_INFANTRY": ("INF", 2),
    "MODERN_CRUISERS": ("CRU", 2),
    "BIGGER_TANKS": ("TANK", 3),
}

# Source counts; the pairing of counts with piece types follows reading order (PROPOSED).
PIECES_PER_EMPIRE: Final[dict[str, int]] = {
    "INF": 9,  # PROPOSED pairing
    "CRU": 7,  # PROPOSED pairing
    "TANK": 5,  # PROPOSED pairing
    "MINE": 12,  # PROPOSED pairing
    "FACTORY": 8,  # PROPOSED pairing
}
UNIT_KINDS: Final[tuple[UnitKind, ...]] = ("INF", "CRU", "TANK")
BUILDING_KINDS: Final[tuple[BuildingKind, ...]] = ("FACTORY", "MINE")
UNITS_PER_EMPIRE: Final = sum(PIECES_PER_EMPIRE[k] for k in UNIT_KINDS)
BUILDINGS_PER_EMPIRE: Final = sum(PIECES_PER_EMPIRE[k] for k in BUILDING_KINDS)
INCOME: Final[dict[str, int]] = {"MINE": 3, "FACTORY": 2}
STARTING_UNITS: Final[dict[str, int]] = {"INF": 4, "CRU": 2}
STARTING_MONEY: Final = 12
HAND_LIMIT: Final = 9  # source (HU); Games Gazette says 10
PERIODS: Final = 3
BASE_ALLOWANCE: Final = 2
STARTING_DEAL: Final = 2
TILE_CARD_DRAW: Final = 2
FORTUNE_MONEY: Final = 3
RAISE_CARD_UNITS: Final = 1  # B-6 Resolution: the Raise Military Unit card raises one unit

# Source counts; the pairing of counts with tile types follows reading order (PROPOSED).
BAG: Final[dict[str, int]] = {
    "FACTORY": 17,  # PROPOSED pairing
    "CARDS": 31,  # PROPOSED pairing
    "TROPHY": 2,  # PROPOSED pairing
    "FORTUNE": 6,  # PROPOSED pairing
    "MINE": 28,  # PROPOSED pairing
    "CRISIS": 13,  # PROPOSED pairing
    "TENSION": 6,  # PROPOSED pairing
}
MINE_DEFENCE: Final[dict[int, int]] = {1: 4, 2: 8, 3: 10, 4: 6}  # PROPOSED
# (defence, carries the crisis mark) per crisis tile
CRISIS_TILES: Final[tuple[tuple[int, bool], ...]] = (
    (2, True),  # PROPOSED
    (2, False),  # PROPOSED
    (2, False),  # PROPOSED
    (3, True),  # PROPOSED
    (3, True),  # PROPOSED
    (3, True),  # PROPOSED
    (3, False),  # PROPOSED
    (3, False),  # PROPOSED
    (4, True),  # PROPOSED
    (4, True),  # PROPOSED
    (4, True),  # PROPOSED
    (4, False),  # PROPOSED
    (4, False),  # PROPOSED
)
ALIEN_TILES: Final = 3
ALIEN_DEFENCE: Final = 7
ALIEN_VP: Final = 2
TROPHY_VP: Final = 1
CRISIS_VP: Final = 1
KEPT_TILE_VP: Final[dict[str, int]] = {"TROPHY": TROPHY_VP, "CRISIS": CRISIS_VP, "ALIEN": ALIEN_VP}
"""The VP a kept tile is worth at the end, by its kind."""
ALIEN_PATH: Final[tuple[PlanetName, ...]] = ("KUIPER", "TITAN", "GANYMEDE", "MARS", "MOON", "EARTH")
ALIEN_LANDING: Final[tuple[PlanetName, ...]] = ("KUIPER", "TITAN", "GANYMEDE")

# §6.1: every way a match ends (`Result.reason`), for humans.
END_REASONS: Final[dict[str, str]] = {
    "THIRD_PERIOD_SCORED": "the third period ended and the planets were scored",
    "MAX_ROUNDS": "the match reached its max_rounds limit and was scored as it stood",
    "ROBOT_DOMINATION": "the robots took over Earth (Earth crisis level 4), so everyone lost",
    "ALIENS_REACHED_EARTH": "the aliens reached Earth, so everyone lost",
}

EMPIRES: Final[tuple[str, ...]] = ("GB", "FR", "DE", "RU", "US")
# the `empires` option: every empire id, each with a comma and a space after it at most
EMPIRES_OPTION_LENGTH: Final = 4 * len(EMPIRES)
EMPIRE_NAMES: Final[dict[str, str]] = {
    "GB": "British Empire",
    "FR": "French Empire",
    "DE": "German Empire",
    "RU": "Russian Empire",
    "US": "United States of America",
}
STARTING_CARDS: Final[dict[str, tuple[str, ...]]] = {
    "GB": ("CP_2", "CP_2", "CP_3", "MOVE_PLUS_1"),  # PROPOSED
    "FR": ("CP_2", "CP_2", "CP_3", "MOVE_PLUS_1"),  # PROPOSED
    "DE": ("CP_2", "CP_2", "CP_3", "MOVE_PLUS_1"),  # PROPOSED
    "RU": ("CP_2", "CP_2", "CP_3", "MOVE_PLUS_1"),  # PROPOSED
    "US": ("CP_2", "CP_2", "CP_3", "MOVE_PLUS_1"),  # PROPOSED
}

# §2.8.4 draw deck (111 cards, without starting cards).
DECK: Final[dict[str, int]] = {
    "CP_1": 16,  # PROPOSED
    "CP_2": 24,  # PROPOSED
    "CP_3": 14,  # PROPOSED
    "CP_4": 5,  # PROPOSED
    "CP_5": 1,  # PROPOSED
    "MOVE_PLUS_1": 3,  # PROPOSED
    "MOVE_PLUS_2": 2,  # PROPOSED
    "BIGGER_TANKS": 2,  # PROPOSED
    "ELITE_INFANTRY": 2,  # PROPOSED
    "MODERN_CRUISERS": 2,  # PROPOSED
    "SPACE_TRANSPORTS": 2,  # PROPOSED
    "EXCLUDE_DIE": 2,  # PROPOSED
    "RECYCLE": 1,  # PROPOSED
    "CARD_SWAP": 1,  # PROPOSED
    "DRAW4_KEEP2": 1,  # PROPOSED
    "REROLL": 2,  # PROPOSED
    "DESTROYED_TO_EARTH": 1,  # PROPOSED
    "ESPIONAGE": 1,  # PROPOSED
    "CP1_AND_DRAW": 2,  # PROPOSED
    "MOON_ASSAULT": 1,  # PROPOSED
    "LAST_PASS_EXTRA_ACTION": 1,  # PROPOSED
    "DESTROY_INFANTRY": 2,  # PROPOSED
    "DESTROY_UNIT": 1,  # PROPOSED
    "DESTROY_CRUISER": 1,  # PROPOSED
    "EXPLOSIVE_TANK": 1,  # PROPOSED
    "KAMIKAZE": 1,  # PROPOSED
    "TRAITOR": 2,  # PROPOSED
    "IGNORE_SKULL": 2,  # PROPOSED
    "RETURN_TANK": 1,  # PROPOSED
    "RETURN_INFANTRY": 1,  # PROPOSED
    "BUY_CARDS": 1,  # PROPOSED
    "EXTRA_ACTION": 2,  # PROPOSED
    "RAISE_UNIT": 1,  # PROPOSED
    "TAKE_PASS_MARKER": 1,  # PROPOSED
    "PLACE_TENSION": 1,  # PROPOSED
    "DISCARD_TENSION": 1,  # PROPOSED
    "FORCED_DISCARD": 1,  # PROPOSED
    "RICH_VEINS": 1,  # PROPOSED
    "SPACE_LOTTERY": 1,  # PROPOSED
    "BIG_GAME_HUNT": 1,  # PROPOSED
    "VENUS_ASSAULT": 1,  # PROPOSED
    "EARTH_CRISIS": 1,  # PROPOSED
}

CardKind = Literal["CP", "ACTION", "FREE", "BENEFIT", "REACTION"]
# §2.8.3 kinds; PROPOSED except RAISE_UNIT (free) and EARTH_CRISIS (benefit), which the source states.
CARD_KIND: Final[dict[str, CardKind]] = {
    "MOVE_PLUS_1": "BENEFIT",  # PROPOSED
    "MOVE_PLUS_2": "BENEFIT",  # PROPOSED
    "BIGGER_TANKS": "BENEFIT",  # PROPOSED
    "ELITE_INFANTRY": "BENEFIT",  # PROPOSED
    "MODERN_CRUISERS": "BENEFIT",  # PROPOSED
    "SPACE_TRANSPORTS": "BENEFIT",  # PROPOSED
    "EXCLUDE_DIE": "BENEFIT",  # PROPOSED
    "RECYCLE": "FREE",  # PROPOSED
    "CARD_SWAP": "ACTION",  # PROPOSED
    "DRAW4_KEEP2": "ACTION",  # PROPOSED
    "DESTROY_INFANTRY": "ACTION",  # PROPOSED
    "DESTROY_UNIT": "ACTION",  # PROPOSED
    "DESTROY_CRUISER": "ACTION",  # PROPOSED
    "EXPLOSIVE_TANK": "BENEFIT",  # PROPOSED
    "KAMIKAZE": "BENEFIT",  # PROPOSED
    "TRAITOR": "ACTION",  # PROPOSED
    "IGNORE_SKULL": "BENEFIT",  # PROPOSED (also a reaction)
    "RETURN_TANK": "FREE",  # PROPOSED
    "RETURN_INFANTRY": "FREE",  # PROPOSED
    "BUY_CARDS": "ACTION",  # PROPOSED
    "EXTRA_ACTION": "FREE",  # PROPOSED
    "RAISE_UNIT": "FREE",
    "TAKE_PASS_MARKER": "FREE",  # PROPOSED
    "PLACE_TENSION": "ACTION",  # PROPOSED
    "DISCARD_TENSION": "ACTION",  # PROPOSED
    "REROLL": "BENEFIT",  # PROPOSED
    "DESTROYED_TO_EARTH": "REACTION",  # PROPOSED
    "FORCED_DISCARD": "ACTION",  # PROPOSED
    "ESPIONAGE": "ACTION",  # PROPOSED
    "RICH_VEINS": "ACTION",  # PROPOSED
    "SPACE_LOTTERY": "ACTION",  # PROPOSED
    "BIG_GAME_HUNT": "ACTION",  # PROPOSED
    "CP1_AND_DRAW": "BENEFIT",  # PROPOSED
    "VENUS_ASSAULT": "BENEFIT",  # PROPOSED
    "MOON_ASSAULT": "BENEFIT",  # PROPOSED
    "EARTH_CRISIS": "BENEFIT",
    "LAST_PASS_EXTRA_ACTION": "REACTION",  # PROPOSED
}
MOVE_BONUS: Final[dict[str, int]] = {"MOVE_PLUS_1": 1, "MOVE_PLUS_2": 2}
SACRIFICE_CP: Final = 3  # Explosive Tank / Kamikaze
TRAITOR_DEFENCE: Final = 2
TRAITOR_MONEY: Final = 3
BUY_CARDS_PRICE: Final = 3
BUY_CARDS_COUNT: Final = 3
LOTTERY_MONEY: Final = 3
SWAP_MAX: Final = 3
DRAW4_COUNT: Final = 4  # Draw 4 keep 2 (§4.8.1)
DRAW4_KEEP: Final = 2
FORCED_DISCARD_COUNT: Final = 2
# planet-bound CP cards: (planet, CP, crisis tiles only)
ASSAULT_CARDS: Final[dict[str, tuple[str, int, bool]]] = {
    "VENUS_ASSAULT": ("VENUS", 2, False),
    "MOON_ASSAULT": ("MOON", 3, False),
    "EARTH_CRISIS": ("EARTH", 3, True),
}
BAZAGTHOTH_PRICE: Final[dict[int, int]] = {1: 1, 2: 1, 3: 3}


def card_kind(effect: str) -> CardKind:
    return "CP" if effect.startswith("CP_") else CARD_KIND[effect]


def card_points(effect: str) -> int:
    return int(effect[3:]) if effect.startswith("CP_") else 0


class TileSpec(msgspec.Struct, frozen=True):
    kind: TileKind
    defence: int = 0
    marked: bool = False

    @property
    def defended(self) -> bool:
        return self.kind in ("MINE", "CRISIS", "TENSION", "ALIEN")


def _tiles() -> dict[int, TileSpec]:
    specs: list[TileSpec] = []
    for kind in ("FACTORY", "CARDS", "TROPHY", "FORTUNE"):
        specs += [TileSpec(kind)] * BAG[kind]
    for defence, count in MINE_DEFENCE.items():
        specs += [TileSpec("MINE", defence)] * count
    specs += [TileSpec("CRISIS", defence, marked) for defence, marked in CRISIS_TILES]
    specs += [TileSpec("TENSION")] * BAG["TENSION"]
    specs += [TileSpec("ALIEN", ALIEN_DEFENCE)] * ALIEN_TILES
    return {i + 1: spec for i, spec in enumerate(specs)}


# Tile ids T1.. are the bag in the order above; the last ALIEN_TILES ids are the alien tiles.
TILES: Final[dict[int, TileSpec]] = _tiles()
ALIEN_TILE_IDS: Final[tuple[int, ...]] = tuple(i for i, t in TILES.items() if t.kind == "ALIEN")
BAG_TILE_IDS: Final[tuple[int, ...]] = tuple(i for i, t in TILES.items() if t.kind != "ALIEN")


def _cards() -> tuple[dict[int, str], dict[str, tuple[int, ...]]]:
    effects: dict[int, str] = {}
    starting: dict[str, tuple[int, ...]] = {}
    next_id = 1
    for empire in EMPIRES:
        ids = []
        for effect in STARTING_CARDS[empire]:
            effects[next_id] = effect
            ids.append(next_id)
            next_id += 1
        starting[empire] = tuple(ids)
    for effect, count in DECK.items():
        for _ in range(count):
            effects[next_id] = effect
            next_id += 1
    return effects, starting


# Card ids C1..C20 are the empires' starting cards (4 each, in EMPIRES order), then the deck.
CARD_EFFECT, STARTING_CARD_IDS = _cards()
DECK_CARD_IDS: Final[tuple[int, ...]] = tuple(
    i for i in CARD_EFFECT if all(i not in ids for ids in STARTING_CARD_IDS.values())
)


def card_name(card: int) -> str:
    """A card as the table names it, in listings and errors: `C57 REROLL`."""
    return f"C{card} {CARD_EFFECT[card]}"


def tile_name(tile: int) -> str:
    """A planet tile as the table names it: `T12 FACTORY`, `T70 MINE(8)`, `T95 CRISIS(3*)`."""
    spec = TILES[tile]
    strength = f"({spec.defence}{'*' if spec.marked else ''})" if spec.defence else ""
    return f"T{tile} {spec.kind}{strength}"


def face_name(face: int) -> str:
    """A die face as printed on the die: SKULL (stored as 0), 2 to 6."""
    return "SKULL" if face == SKULL else str(face)


def _distances() -> dict[tuple[str, str], int]:
    neighbours: dict[str, set[str]] = {p: set() for p in PLANETS}
    for a, b in ADJACENCY:
        neighbours[a].add(b)
        neighbours[b].add(a)
    out: dict[tuple[str, str], int] = {}
    for start in PLANETS:
        frontier: list[str] = [start]
        seen: set[str] = {start}
        d = 0
        while frontier:
            for p in frontier:
                out[(start, p)] = d
            nxt = [n for p in frontier for n in sorted(neighbours[p]) if n not in seen]
            seen.update(nxt)
            frontier, d = list(dict.fromkeys(nxt)), d + 1
    return out


DISTANCE: Final[dict[tuple[str, str], int]] = _distances()
