"""The words Kosmonauts is told in (domain/kosmonauts/narration.py): the game's codes as English,
in tables, and the few helpers that make amounts, lists, courses and card names read as prose.

Every name comes from the static tables in components.py (and the mission family words chance
already prints), never from a state, so a sentence holds only what its one event carries.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from domain.game import Seat, words
from domain.kosmonauts.chance_words import FAMILY_WORDS
from domain.kosmonauts.commands import Placement
from domain.kosmonauts.components import (
    ASTEROIDS_FUEL_LOST,
    BODIES,
    DIRECTIONS,
    ENERGY_CONVERSION_MAX,
    EVENT_CARDS,
    GRAVITY_RANGE,
    MISSIONS,
    NON_EARTH_BODIES,
    THRUST_MAX_CUBES,
    Body,
    Cube,
    Direction,
    EventKind,
    Hex,
)
from domain.kosmonauts.flight import Rose, hex_text
from domain.kosmonauts.state import OrderKind, Phase

LIST_LIMIT = 6
"""A list longer than this is told as its first items "and N more"."""
SENTENCE_LIMIT = 200
"""A sentence that would run longer is told in its short form."""

BODY_NAMES: dict[Body, str] = {body: body.title() for body in BODIES} | {"COMET": "Halley's Comet"}
DIRECTION_WORDS: dict[Direction, str] = {
    "E": "east",
    "SE": "south-east",
    "SW": "south-west",
    "W": "west",
    "NW": "north-west",
    "NE": "north-east",
}
CUBE_WORDS: dict[Cube, str] = {"NORMAL": "yellow", "HYPER": "red"}
EVENT_NAMES: dict[EventKind, str] = {
    "SOLAR_WIND": "Solar Wind",
    "REFUELLING": "Refuelling",
    "ENERGY_CONVERSION": "Energy Conversion",
    "GRAVITY": "Gravity",
    "THRUST": "Thrust",
    "ASTEROIDS": "Asteroids",
    "SOLAR_FLARES": "Solar Flares",
}
EFFECTS: dict[EventKind, str] = {
    "SOLAR_WIND": "it pushes every ship that does not avoid it",
    "REFUELLING": "each may take a red cube",
    "ENERGY_CONVERSION": f"a shield for up to {ENERGY_CONVERSION_MAX} yellow cubes",
    "GRAVITY": f"flying ships within {GRAVITY_RANGE} hexes land on the nearest body",
    "THRUST": f"up to {THRUST_MAX_CUBES} cubes this round",
    "ASTEROIDS": f"each loses {ASTEROIDS_FUEL_LOST} yellow cubes",
    "SOLAR_FLARES": "no cube this round unless a shield is spent",
}
PHASE_WORDS: dict[Phase, str] = {
    "PLACE_PLANETS": "the placing of the bodies",
    "KEEP_MISSIONS": "the choice of missions",
    "EVENT": "the event phase (1)",
    "ORDERS": "the orders phase (2)",
    "FLIGHT": "the flight phase (3)",
    "PLANETS": "the planets phase (4)",
    "ENDED": "the end of the game",
}
ORDER_WORDS: dict[OrderKind, str] = {"FLY": "flies", "STAY": "stays to refuel"}

# The str-coded fields of events (reasons, causes, kinds), each code as its words. A code missing
# here is told in plain lower-case words (`code_words`); tests/games/kosmonauts/test_narration.py checks
# that every code play produces has its entry.
INSTRUCTOR_REASONS: dict[str, str] = {"SETUP_RANDOM": "drawn at random"}
RESPONSES: dict[str, str] = {
    "ACCEPT": "takes the event as it comes",
    "SPEND_SHIELD": "spends a shield to escape the event",
    "STAY_ON_BODY": "stays on its body to escape the event",
    "CONVERT": "turns a shield into {cubes}",
    "TAKE_HYPERFUEL": "takes a red cube",
    "DECLINE": "declines the event",
}
LIMIT_REASONS: dict[str, str] = {"THRUST": "Thrust", "SOLAR_FLARES": "Solar Flares"}
SHIELD_REASONS: dict[str, str] = {
    "AVOID_SOLAR_WIND": "to escape the Solar Wind",
    "AVOID_SOLAR_FLARES": "to escape the Solar Flares",
    "AVOID_ASTEROIDS": "to escape the Asteroids",
    "ENERGY_CONVERSION": "on Energy Conversion",
    "FULL_REFUEL": "on a full refuel",
}
FUEL_REASONS: dict[str, str] = {
    "ENERGY_CONVERSION": "Energy Conversion",
    "REFUELLING_EVENT": "Refuelling",
    "ASTEROIDS": "the Asteroids",
}
LANDING_CAUSES: dict[str, str] = {
    "FLIGHT": "lands on {body}",
    "GRAVITY": "is pulled down onto {body} by Gravity",
    "PLANET_ARRIVAL": "lands on {body} as it arrives",
}
NO_MARKER_REASONS: dict[str, str] = {
    "BODY_EXCLUDED": "{body} is left out of this game",
    "ALREADY_VISITED": "a second landing there scores nothing",
    "STACK_EMPTY": "{body} has no marker left",
    "EARTH_NOT_FINAL": (
        "Earth is the last body: it counts after landing on 7 of the 8 others "
        "(the advanced game: after 4 markers)"
    ),
    "EARTH_LATE_PHASE4": "another ship came home earlier this round",
}
EMERGENCY_CAUSES: dict[str, str] = {
    "INTO_SUN": "emergency: {who}'s flight would end in the Sun",
    "OUT_OF_BOUNDS": "emergency: {who}'s flight would leave the board",
    "REQUESTED": "{who} calls for a rescue",
    "DANGER_NO_SHIELD": "emergency: {who} is in a danger sector with no shield left",
}
SECTORS: dict[str, str] = {"SOLAR": "beside the Sun", "ASTEROID_BELT": "in the asteroid belt"}
REFUEL_KINDS: dict[str, str] = {
    "STANDARD": "refuels",
    "QUICK": "refuels quickly",
    "FULL": "refuels fully",
}
END_WORDS: dict[str, str] = {
    "EARTH_RETURN": "a ship came home to Earth and its round was played out",
    "ROUND_LIMIT": "the round limit was reached",
}
DECIDED_BY: dict[str, str] = {
    "SCORE": "on points",
    "SHIELDS": "on shields left",
    "EARTH_RETURN_ORDER": "by coming home earliest",
    "FOUR_VP_MARKERS": "on 4 VP markers",
    "SHARED": "",
}
ORDINALS: tuple[str, ...] = ("first", "second", "third", "fourth")
PLACES: tuple[str, ...] = ("1st", "2nd", "3rd", "4th")


def code_words(code: str) -> str:
    """A code this narration has no words for, as plain words: ROUND_LIMIT -> round limit."""
    return code.replace("_", " ").lower()


def told(table: dict[str, str], code: str) -> str:
    return table.get(code, code_words(code))


def seat_name(names: Sequence[str], seat: Seat) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def plural(count: int, word: str) -> str:
    """2 cubes, 1 cube."""
    return words.counted(count, word)


def joined(items: Iterable[str], last: str = "and", limit: int = LIST_LIMIT) -> str:
    """a; a and b; a, b and c; a list longer than `limit` as its first items and "N more"."""
    return words.join(items, last=last, limit=limit)


def ordinal(number: int) -> str:
    return ORDINALS[number - 1] if 1 <= number <= len(ORDINALS) else f"number {number}"


def standing(number: int) -> str:
    return PLACES[number - 1] if 1 <= number <= len(PLACES) else f"{number}th"


def body_name(body: Body) -> str:
    return BODY_NAMES[body]


def bodies(items: Iterable[Body], last: str = "and") -> str:
    return joined((body_name(b) for b in items), last)


def place(h: Hex) -> str:
    """A hex as players read and type it: (q,r)."""
    return hex_text(h)


def cube_counts(normal: int, hyper: int) -> list[str]:
    """["3 yellow cubes", "1 red cube"], leaving out a colour there is none of."""
    return [plural(n, f"{colour} cube") for n, colour in ((normal, "yellow"), (hyper, "red")) if n]


def cubes(normal: int, hyper: int) -> str:
    """3 yellow cubes and 1 red cube; no cube."""
    return joined(cube_counts(normal, hyper)) or "no cube"


def tank(normal: int, hyper: int) -> str:
    return f"tank {normal} yellow, {hyper} red"


def shields_left(count: int) -> str:
    return f"{plural(count, 'shield')} left"


def course(rose: Rose) -> str:
    """The ship's velocity in words: 2 east and 1 north-east; at rest."""
    legs = [f"{n} {DIRECTION_WORDS[d]}" for d, n in zip(DIRECTIONS, rose, strict=True) if n]
    return joined(legs) or "at rest"


def placements(items: Sequence[Placement]) -> str:
    """Cubes onto the rose, alike ones counted, the noun said once: 2 yellow cubes east and
    1 red north-east."""
    counted = Counter((p.cube, p.direction) for p in items)
    return joined(
        f"{n} {CUBE_WORDS[cube]}{(' cubes' if n > 1 else ' cube') if i == 0 else ''} "
        f"{DIRECTION_WORDS[direction]}"
        for i, ((cube, direction), n) in enumerate(counted.items())
    )


def event_card_effect(card: str) -> str:
    """A card with what it does: Thrust: up to 4 cubes this round."""
    found = EVENT_CARDS.get(card)
    return event_card(card) if found is None else f"{event_card(card)}: {EFFECTS[found[0]]}"


def order(kind: OrderKind, items: Sequence[Placement], convert_shield: bool) -> str:
    """A Phase 2 order as what the seat does: "places 2 yellow cubes east"; "coasts"."""
    if kind == "STAY":
        done = ORDER_WORDS[kind]
    elif items:
        done = f"places {placements(items)}"
    else:
        done = "coasts"
    return f"turns a shield into fuel and {done}" if convert_shield else done


def order_count(kind: OrderKind, items: Sequence[Placement]) -> str:
    """The short form of `order`: how many cubes, not which."""
    if kind == "STAY":
        return ORDER_WORDS[kind]
    return f"places {plural(len(items), 'cube')}" if items else "coasts"


def event_card(card: str) -> str:
    """EV08 -> Solar Wind (2 south-east); EV13 -> Refuelling."""
    found = EVENT_CARDS.get(card)
    if found is None:
        return "an unknown event card"
    kind, direction, strength = found
    if direction is None:
        return EVENT_NAMES[kind]
    return f"{EVENT_NAMES[kind]} ({strength} {DIRECTION_WORDS[direction]})"


def mission(card: str) -> str:
    """M1-MARS -> Mars (Mission I)."""
    found = MISSIONS.get(card)
    if found is None:
        return "an unknown mission"
    family, body = found
    return f"{body_name(body)} ({FAMILY_WORDS[family]})"


def missions(cards: Iterable[str]) -> str:
    return joined(mission(card) for card in cards) or "no mission"


def stacks(items: Sequence[tuple[Body, tuple[int, ...]]]) -> str:
    """Landing-marker stacks, bodies with alike stacks together: 4/3/2/1 VP on Mercury, ..."""
    alike: dict[tuple[int, ...], list[Body]] = {}
    for body, values in items:
        alike.setdefault(values, []).append(body)
    return "; ".join(
        f"{'/'.join(str(v) for v in values)} VP on {_stacked_on(group)}"
        for values, group in alike.items()
    )


def _stacked_on(group: Sequence[Body]) -> str:
    return "every body but Earth" if set(group) == set(NON_EARTH_BODIES) else bodies(group)
