"""Duck Dealer in words: the names of its goods, parts, sites and spaces, and English lists.

Tables only, read by the narration (narration.py). Goods and tiles carry their names in Title
Case (rules digest §2.2); sites take the name of what they trade; planets keep their map labels
(the digest's map is PROPOSED and names no planet otherwise).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from domain.game import words

from .components import (
    CLIENTS,
    DEEP_SPACE,
    FACTORIES,
    MINES,
    PLANETS,
    Color,
    Energy,
    Good,
    Part,
)

# Each good as one unit and as many (a mass noun names both alike).
GOOD_NAMES: dict[Good, tuple[str, str]] = {
    "RUBBER_DUCK": ("Rubber Duck", "Rubber Ducks"),
    "PLASTIC_BEADS": ("Plastic Beads", "Plastic Beads"),
    "SOLAR_PANEL": ("Solar Panel", "Solar Panels"),
    "BLUE_PAINT": ("Blue Paint", "Blue Paint"),
    "PHONE_BOOTH": ("Telephone Booth", "Telephone Booths"),
    "SATELLITE": ("Satellite", "Satellites"),
    "LINEAR_ACCELERATOR": ("Linear Accelerator", "Linear Accelerators"),
    "INVISIBLE_DUCK": ("Invisible Duck", "Invisible Ducks"),
    "MODERN_RADIO": ("Modern Radio", "Modern Radios"),
    "DIET_PILLS": ("Diet Pills", "Diet Pills"),
    "ECONOMY": ("Economy", "Economy"),
    "MODERN_ART": ("Modern Art", "Modern Art"),
    "SCIENCE": ("Science", "Science"),
    "RELIGION": ("Religion", "Religion"),
    "POLITICS": ("Politics", "Politics"),
    "MEDICINE": ("Medicine", "Medicine"),
    "MILITARY": ("Military", "Military"),
}

PART_NAMES: dict[Part, tuple[str, str]] = {
    "CARGO": ("cargo hold", "cargo holds"),
    "PILOT": ("pilot cabin", "pilot cabins"),
    "BUILDER": ("builder cabin", "builder cabins"),
    "MERCHANT": ("merchant cabin", "merchant cabins"),
}

COLOR_NAMES: dict[Color, str] = {"RED": "red", "YELLOW": "yellow", "BLUE": "blue"}

# The spaceports sell a part each; two sell cargo holds, told apart by their tile letter.
SPACEPORT_NAMES: dict[str, str] = {
    "SP_CARGO_A": "Cargo Hold spaceport A",
    "SP_CARGO_B": "Cargo Hold spaceport B",
    "SP_PILOT": "Pilot Cabin spaceport",
    "SP_BUILDER": "Builder Cabin spaceport",
    "SP_MERCHANT": "Merchant Cabin spaceport",
}

SITE_NAMES: dict[str, str] = {
    **{mine: f"{GOOD_NAMES[spec.good][0]} mine" for mine, spec in MINES.items()},
    **SPACEPORT_NAMES,
    **{client: f"{GOOD_NAMES[spec.good][0]} client" for client, spec in CLIENTS.items()},
    **{factory: f"{GOOD_NAMES[spec.output][0]} factory" for factory, spec in FACTORIES.items()},
}


ORDINAL_SUFFIXES: dict[int, str] = {1: "st", 2: "nd", 3: "rd"}


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ORDINAL_SUFFIXES.get(number % 10, 'th')}"


def _deep_space_name(node: str) -> str:
    """A deep-space node in words: "S1-P6.2" is the 2nd space out of S1 towards P6."""
    route, _, index = node.rpartition(".")
    start, _, end = route.partition("-")
    return f"the {ordinal(int(index))} space out of {start} towards {end}"


PLACE_NAMES: dict[str, str] = {
    **{planet: planet for planet in PLANETS},
    **{node: _deep_space_name(node) for node in DEEP_SPACE},
    **SITE_NAMES,
}

# Why energy was spent (EnergySpent.purpose), finishing "ann spends 1 red energy ...".
PURPOSES: dict[str, str] = {
    "engine": "on the engine",
    "portal": "to use a portal",
    "route_segment": "on a route segment",
    "build_site": "to build",
    "build_factory": "to build a factory",
    "privilege": "on a privilege",
    "mine": "to mine",
    "produce": "to produce",
    "ship_upgrade": "on a ship upgrade",
    "delivery": "to deliver",
}

# Why VP were scored (VictoryPointsScored.reason), before the site's name.
SCORING_REASONS: dict[str, str] = {
    "build_site": "for building",
    "build_factory": "for building",
    "delivery": "for delivering to",
}

# A cube or marker taken back (CubeRecovered): what it was, and what it serves as now if not that.
RECOVERIES: dict[tuple[str, str], tuple[str, str]] = {
    ("route", "cube"): ("a route cube", ""),
    ("route", "marker"): ("a route cube", " to serve as a privilege marker"),
    ("privilege", "cube"): ("a privilege marker", " to serve as a cube"),
    ("privilege", "marker"): ("a privilege marker", ""),
}

FIRST_PLAYER_METHODS: dict[str, str] = {"host": " (named by the table)"}

RETURN_REASONS: dict[str, str] = {"end_of_turn_limit": " (at most 4 may be kept)"}

MAX_LISTED = 6
"""A list longer than this is cut short: its first items, then "and N more"."""


def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def place(ref: str) -> str:
    """A planet, deep-space node or site in words (an id the tables do not know, as it is)."""
    return PLACE_NAMES.get(ref, ref)


def site(ref: str) -> str:
    """A site with its article: "the Satellite client"."""
    found = SITE_NAMES.get(ref)
    return ref if found is None else f"the {found}"


def join(items: Sequence[str], *, last: str = "and") -> str:
    """ "a", "a and b", "a, b and c"; past MAX_LISTED items, "a, b, ... and 4 more"."""
    return words.join(items, last=last, limit=MAX_LISTED)


def amount(count: int, forms: tuple[str, str]) -> str:
    """ "1 Satellite", "3 Satellites"."""
    return words.counted(count, forms[0], forms[1])


def goods(held: Iterable[Good]) -> str:
    """Goods as amounts, in the order first named: "2 Rubber Ducks and 1 Blue Paint"."""
    counted = Counter(held)
    return join([amount(n, GOOD_NAMES[good]) for good, n in counted.items()]) or "no goods"


def good_amount(count: int, good: Good) -> str:
    return amount(count, GOOD_NAMES[good])


def parts(fitted: Iterable[Part]) -> str:
    """ "a pilot cabin and 2 cargo holds"."""
    counted = Counter(fitted)
    return join(
        [
            f"a {PART_NAMES[part][0]}" if n == 1 else amount(n, PART_NAMES[part])
            for part, n in counted.items()
        ]
    )


def part(fitted: Part) -> str:
    return f"a {PART_NAMES[fitted][0]}"


def energy(tokens: Energy) -> str:
    """ "1 red and 2 blue energy"; "no energy"."""
    counts: Mapping[Color, int] = {"RED": tokens.red, "YELLOW": tokens.yellow, "BLUE": tokens.blue}
    listed = [f"{n} {COLOR_NAMES[color]}" for color, n in counts.items() if n]
    return f"{join(listed)} energy" if listed else "no energy"


def plural(count: int, singular: str, many: str | None = None) -> str:
    """ "1 space", "4 spaces"."""
    return amount(count, (singular, many or f"{singular}s"))
