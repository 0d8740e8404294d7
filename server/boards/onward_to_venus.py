"""Onward to Venus as a picture: the Sun, the planets on their orbits, what lies on each.

The planets sit in two rows of four "stations" (Mercury, Earth, Mars, Titan above; Venus, the
Moon, Ganymede, the Kuiper Belt below), each on its own orbit around the Sun in the top-left
corner, so the distance from the Sun grows in play order and Earth stands over its Moon as in
the rulebook's column. Small links across the gaps join planets one move apart. Each station
shows the planet's tiles (face up, with defence values and crisis marks), its VP hexes, and per
seat: units in orbit, units landed, factories and mines, income (and the VP it would win now).
Below: the fight under way or the decision awaited, then every seat's money, VP, cards, kept
tiles and supply. The private panel shows the seat's hand (and cards held apart, or a hand it
spied on). Everything comes from the view (server/boards/__init__.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from domain.onward_to_venus.components import (
    ADJACENCY,
    EMPIRE_NAMES,
    END_REASONS,
    HAND_LIMIT,
    KEPT_TILE_VP,
    TILES,
)
from domain.onward_to_venus.view import OnwardView
from server.boards.svg import INK, MUTED, PAPER, Element, el, group, seat_colour, svg, text

# --- geometry -------------------------------------------------------------------------------

WIDTH = 1384
STATION_W = 316
GAP = 12
LEFT = 70  # room for the Sun
HEADER_H = 58
TOP = HEADER_H + 8
TILE = 42
TILE_STEP = 46
TILES_PER_ROW = 6
ROW_H = 20
SUN = (-470.0, TOP + 28.0)
SUN_R = 520

# (column, row) of each planet's station; row 0 above, row 1 below
STATIONS: dict[str, tuple[int, int]] = {
    "MERCURY": (0, 0),
    "VENUS": (0, 1),
    "EARTH": (1, 0),
    "MOON": (1, 1),
    "MARS": (2, 0),
    "GANYMEDE": (2, 1),
    "TITAN": (3, 0),
    "KUIPER": (3, 1),
}

# one-move neighbours (digest §2.2): the rules' own table, drawn as links between stations
LINKS = ADJACENCY

# --- the planets ----------------------------------------------------------------------------

PLANET_NAMES: dict[str, str] = {
    "MERCURY": "Mercury",
    "VENUS": "Venus",
    "EARTH": "Earth",
    "MOON": "Moon",
    "MARS": "Mars",
    "GANYMEDE": "Ganymede",
    "TITAN": "Titan",
    "KUIPER": "Kuiper Belt",
}

# (disc colour, rim colour)
PLANET_COLOURS: dict[str, tuple[str, str]] = {
    "MERCURY": ("#a8a29e", "#6b6560"),
    "VENUS": ("#e9c46a", "#b08a2e"),
    "EARTH": ("#4f86c6", "#2d5b8f"),
    "MOON": ("#d4d4d8", "#8d8d95"),
    "MARS": ("#d2603a", "#8f3519"),
    "GANYMEDE": ("#b7a48c", "#7c6a55"),
    "TITAN": ("#e0a951", "#9c6d22"),
    "KUIPER": ("#9fb4cf", "#5d7591"),
}

CRISES: dict[str, str] = {
    "MERCURY": "crisis: Eyeless Bazagthoth",
    "VENUS": "crisis: Venusian Revolt",
    "EARTH": "crisis: Robot Uprising",
    "MOON": "crisis: Revenge of the Moon-Men",
    "MARS": "crisis: Mars Attacks!",
    "GANYMEDE": "no crisis (crisis tiles discarded)",
    "TITAN": "crisis: Space Pirates",
    "KUIPER": "crisis: UFO Invasion",
}

DISASTERS: dict[str, str] = {
    "VENUS": "Independence",
    "MOON": "Rockets",
    "MARS": "Mars Attacks",
}

PLACE_FILLS = ("#e7c14b", "#c7ccd3", "#cf9a6b")  # 1st, 2nd, 3rd VP hex
ORDINALS = ("1st", "2nd", "3rd")

# --- tiles ----------------------------------------------------------------------------------

# kind -> (fill, label, centre mark, what it does)
TILE_STYLE: dict[str, tuple[str, str, str, str]] = {
    "FACTORY": ("#d6e2ef", "FACTORY", "", "land a unit: build one of your factories here"),
    "CARDS": ("#e3d9f1", "CARDS", "+2", "land a unit: draw 2 cards"),
    "TROPHY": ("#f4e2a1", "TROPHY", "★", "land a unit: keep it, 1 VP"),
    "FORTUNE": ("#d8efcf", "FORTUNE", "£3", "land a unit: take £3"),
    "MINE": ("#eadbc6", "MINE", "", "fight for it: build one of your mines here"),
    "CRISIS": ("#f5c2bd", "CRISIS", "⚠", "fight for it: keep it, 1 VP; drives the crisis"),
    "TENSION": ("#f7d5a8", "TENSION", "⚔", "fight to take over a rival's factory or mine"),
    "ALIEN": ("#bfeab2", "ALIEN", "UFO", "alien invaders: defence 7, 2 VP to whoever wins"),
}

# --- pieces ---------------------------------------------------------------------------------

UNIT_KINDS = ("INF", "CRU", "TANK")
UNIT_NAMES = {"INF": "infantry", "CRU": "space cruiser", "TANK": "tank (AFV)"}
BUILDING_CODES = {"FAC": "FACTORY", "MINE": "MINE"}
BUILDING_NAMES = {"FACTORY": "factory", "MINE": "mine"}
SUPPLY_ORDER = ("INF", "CRU", "TANK", "FACTORY", "MINE")

# --- cards ----------------------------------------------------------------------------------

CARD_KIND_COLOURS: dict[str, str] = {
    "CP": "#b23a48",
    "ACTION": "#2f6690",
    "FREE": "#3c8d5a",
    "BENEFIT": "#b7791f",
    "REACTION": "#7b4fa0",
}
CARD_KIND_NAMES = {
    "CP": "combat card",
    "ACTION": "action",
    "FREE": "free action",
    "BENEFIT": "benefit",
    "REACTION": "reaction",
}

# effect -> (name, what it does)
CARD_TEXT: dict[str, tuple[str, str]] = {
    "MOVE_PLUS_1": ("+1 Move", "with a move: allowance +1"),
    "MOVE_PLUS_2": ("+2 Move", "with a move: allowance +2"),
    "BIGGER_TANKS": ("Bigger Tanks", "this fight: every landed tank is worth 3"),
    "ELITE_INFANTRY": ("Elite Infantry", "this fight: every landed infantry is worth 2"),
    "MODERN_CRUISERS": ("Modern Cruisers", "this fight: every landed cruiser is worth 2"),
    "SPACE_TRANSPORTS": ("Space Transports", "this move: tanks travel like infantry"),
    "EXCLUDE_DIE": ("Exclude a Die", "set one combat die aside"),
    "RECYCLE": ("Recycle", "take back a card you played this turn"),
    "CARD_SWAP": ("Card Swap", "discard 0-3 cards, draw one more than that"),
    "DRAW4_KEEP2": ("Draw 4, Keep 2", "draw 4 cards, keep 2, discard 2"),
    "DESTROY_INFANTRY": ("Destroy Infantry", "destroy any one infantry"),
    "DESTROY_UNIT": ("Destroy a Unit", "destroy any one military unit"),
    "DESTROY_CRUISER": ("Destroy Cruiser", "destroy any one space cruiser"),
    "EXPLOSIVE_TANK": ("Explosive Tank", "remove your tank at the fight: +3 CP"),
    "KAMIKAZE": ("Kamikaze", "remove your unit at the fight: +3 CP"),
    "TRAITOR": ("Traitor", "take £3; next crisis tile attacked there gets +2 defence"),
    "IGNORE_SKULL": ("Ignore a Skull", "one skull causes no loss, or cancel a destruction"),
    "RETURN_TANK": ("Return Tank", "a landed tank of yours goes back to orbit"),
    "RETURN_INFANTRY": ("Return Infantry", "a landed infantry of yours goes back to orbit"),
    "BUY_CARDS": ("Buy Cards", "pay £3, draw 3 cards"),
    "EXTRA_ACTION": ("Extra Action", "one more action this turn"),
    "RAISE_UNIT": ("Raise a Unit", "raise one military unit (you pay)"),
    "TAKE_PASS_MARKER": ("Take Pass Marker", "take a pass marker and draw a card"),
    "PLACE_TENSION": ("Place Tension", "put a discarded tension tile on a planet"),
    "DISCARD_TENSION": ("Discard Tension", "remove a tension tile from a planet"),
    "REROLL": ("Reroll", "reroll 1 to 3 combat dice"),
    "DESTROYED_TO_EARTH": ("Back to Earth Orbit", "a destroyed unit of yours goes to Earth orbit"),
    "FORCED_DISCARD": ("Forced Discard", "an opponent discards 2 random cards"),
    "ESPIONAGE": ("Espionage", "look at a hand, swap one card"),
    "RICH_VEINS": ("Rich Veins", "take £1 per mine you have"),
    "SPACE_LOTTERY": ("Space Lottery", "take £3"),
    "BIG_GAME_HUNT": ("Big Game Hunt", "take a trophy tile from any planet"),
    "CP1_AND_DRAW": ("+1 CP and Draw", "this fight: +1 CP and draw a card"),
    "VENUS_ASSAULT": ("Venus Assault", "+2 CP for a tile on Venus"),
    "MOON_ASSAULT": ("Moon Assault", "+3 CP for a tile on the Moon"),
    "EARTH_CRISIS": ("Earth Crisis", "+3 CP for a crisis tile on Earth"),
    "LAST_PASS_EXTRA_ACTION": ("Last Pass, Extra Action", "when the last pass marker goes: act"),
}

CARD_W = 110
CARD_H = 84
CARD_STEP = 116
PANEL_W = 940

# --- decisions and phases -------------------------------------------------------------------

DECISIONS: dict[str, str] = {
    "DISCARD_TO_LIMIT": "must discard down to the hand limit",
    "CHOOSE_KEEP": "chooses which drawn cards to keep",
    "ESPIONAGE": "is spying and owes a card exchange",
    "CASUALTIES": "must choose combat casualties",
    "CANCEL_DESTRUCTION": "may cancel a destruction",
    "SAVE_DESTROYED": "may send destroyed units to Earth orbit",
    "BAZAGTHOTH": "controls Eyeless Bazagthoth",
    "CRISIS_LOSSES": "must choose crisis losses",
}
PHASES = {
    "SETUP": "setup",
    "ACTIONS": "action phase",
    "POST_PASS": "after the last pass marker",
    "CRISES": "crisis phase",
    "OVER": "game over",
}
DIE_SKULL = 0

# ============================================================================================


def board(typed: OnwardView, seats: Sequence[str]) -> Element:
    view = msgspec.to_builtins(typed)  # this board reads the view as JSON-like builtins
    names = _names(view, seats)
    size = _station_size(view)
    stations_bottom = TOP + 2 * size + GAP
    status_y = stations_bottom + 10
    table_y = status_y + 58
    legend_y = table_y + 26 + ROW_H * 1.2 * len(names) + 12
    height = legend_y + 34
    planets = {p["name"]: p for p in view["planets"]}
    return svg(
        WIDTH,
        height,
        _defs(),
        el("rect", x=0, y=0, width=WIDTH, height=height, fill=PAPER),
        _sun_and_orbits(size, height),
        _links(size),
        [_station(planets[name], view, names, size) for name in STATIONS if name in planets],
        _header(view, names),
        _status(view, names, status_y),
        _seat_table(view, names, table_y),
        _legend(legend_y),
        label=_label(view, names),
    )


def private(typed: OnwardView, seat: str, seats: Sequence[str]) -> Element | None:
    view = msgspec.to_builtins(typed)
    me = view.get("seat")
    if me is None:
        return None
    names = _names(view, seats)
    mine = view["seats"][me]
    sections: list[tuple[str, list[dict[str, Any]]]] = [
        (f"{seat}'s hand: {len(mine.get('hand') or ())} cards", list(mine.get("hand") or ()))
    ]
    if mine.get("held"):
        sections.append(("drawn, to keep or discard", list(mine["held"])))
    if view.get("spied_hand") is not None:
        spied = _spied_name(view, names)
        sections.append((f"{spied}'s hand, as you spied it", list(view["spied_hand"])))
    y = 8.0
    drawn: list[Element] = []
    for title, cards in sections:
        block, y = _card_section(title, cards, y, seat_colour(me))
        drawn.append(block)
    return svg(
        PANEL_W,
        y + 6,
        el("rect", x=0, y=0, width=PANEL_W, height=y + 6, fill=PAPER, rx=8),
        drawn,
        label=f"{seat}'s private cards",
    )


# --- helpers: data --------------------------------------------------------------------------


def _names(view: Any, seats: Sequence[str]) -> list[str]:
    count = len(view["seats"])
    return [seats[i] if i < len(seats) else f"seat {i + 1}" for i in range(count)]


def _owner(piece: str) -> int | None:
    head = piece.split(".")[0]
    return int(head[1:]) - 1 if head[1:].isdigit() else None


def _kind(piece: str) -> str:
    parts = piece.split(".")
    return BUILDING_CODES.get(parts[1], parts[1]) if len(parts) > 1 else piece


def _counts(pieces: Iterable[str], seat: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for piece in pieces:
        if _owner(piece) == seat:
            out[_kind(piece)] = out.get(_kind(piece), 0) + 1
    return out


def _short(name: str, limit: int) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _card_name(card: dict[str, Any]) -> str:
    effect = str(card["effect"])
    if effect.startswith("CP_"):
        return f"{effect[3:]} Combat Points"
    return CARD_TEXT.get(effect, (effect.replace("_", " ").title(), ""))[0]


def _card_title(card: dict[str, Any]) -> str:
    effect = str(card["effect"])
    what = CARD_TEXT.get(effect, ("", ""))[1] if not effect.startswith("CP_") else ""
    kind = CARD_KIND_NAMES.get(str(card["kind"]), str(card["kind"]))
    tail = f": {what}" if what else ""
    return f"C{card['id']} {_card_name(card)} ({kind}){tail}"


def _tile_kind(tile: int) -> str:
    spec = TILES.get(tile)
    return spec.kind if spec is not None else "TILE"


def _spied_name(view: Any, names: Sequence[str]) -> str:
    for decision in view.get("pending") or ():
        if decision.get("kind") == "ESPIONAGE" and decision.get("opponent") is not None:
            return names[decision["opponent"]]
    return "an opponent"


def _label(view: Any, names: Sequence[str]) -> str:
    who = "spectator" if view.get("seat") is None else names[view["seat"]]
    phase = PHASES.get(view["phase"], view["phase"])
    return (
        f"Onward to Venus, period {view['period']} of 3, {phase}: the solar system as {who} sees it"
    )


# --- helpers: geometry ----------------------------------------------------------------------


def _station_size(view: Any) -> int:
    most = max(
        (len(p["tiles"]) + len(p["traitors"]) + (1 if p["alien"] else 0) for p in view["planets"]),
        default=0,
    )
    rows = max(1, math.ceil(most / TILES_PER_ROW))
    return 52 + rows * TILE_STEP + 22 + ROW_H * max(2, len(view["seats"])) + 8


def _origin(name: str, size: int) -> tuple[float, float]:
    column, row = STATIONS[name]
    return LEFT + column * (STATION_W + GAP), TOP + row * (size + GAP)


def _disc_centre(name: str, size: int) -> tuple[float, float]:
    x, y = _origin(name, size)
    return x + 28, y + 27


# --- drawing: the sky -----------------------------------------------------------------------


def _defs() -> Element:
    return el(
        "defs",
        el(
            "radialGradient",
            el("stop", offset="0%", stop_color="#fff7c2"),
            el("stop", offset="55%", stop_color="#ffd65a"),
            el("stop", offset="100%", stop_color="#f59e0b"),
            id="otv-sun",
        ),
    )


def _sun_and_orbits(size: int, height: float) -> Element:
    sx, sy = SUN
    orbits = []
    for name in STATIONS:
        if name == "MOON":
            continue
        cx, cy = _disc_centre(name, size)
        radius = math.hypot(cx - sx, cy - sy)
        belt = name == "KUIPER"
        orbits.append(
            el(
                "circle",
                cx=sx,
                cy=sy,
                r=round(radius, 1),
                fill="none",
                stroke="#b9ae93" if not belt else "#9fb4cf",
                stroke_width=8 if belt else 1.2,
                stroke_dasharray="1 7" if belt else None,
                stroke_linecap="round" if belt else None,
                opacity=0.7,
                title=f"orbit of {PLANET_NAMES[name]}",
            )
        )
    return group(
        el("circle", cx=sx, cy=sy, r=SUN_R + 30, fill="#ffe9a8", opacity=0.35),
        el("circle", cx=sx, cy=sy, r=SUN_R, fill="url(#otv-sun)", title="the Sun"),
        text(
            24,
            height / 2,
            "SUN",
            14,
            font_weight="bold",
            fill="#9a5b00",
            letter_spacing=2,
            transform=f"rotate(-90 24 {height / 2})",
        ),
        orbits,
    )


def _links(size: int) -> Element:
    drawn = []
    for a, b in LINKS:
        (ca, ra), (cb, rb) = STATIONS[a], STATIONS[b]
        ax, ay = _link_end(ca, ra, cb, rb, size)
        bx, by = _link_end(cb, rb, ca, ra, size)
        tip = f"{PLANET_NAMES[a]} and {PLANET_NAMES[b]} are one move apart"
        drawn.append(
            group(
                el(
                    "line",
                    x1=ax,
                    y1=ay,
                    x2=bx,
                    y2=by,
                    stroke=MUTED,
                    stroke_width=3,
                    stroke_linecap="round",
                ),
                el("circle", cx=ax, cy=ay, r=3.5, fill=MUTED),
                el("circle", cx=bx, cy=by, r=3.5, fill=MUTED),
                title=tip,
            )
        )
    return group(*drawn)


def _link_end(
    column: int, row: int, other_column: int, other_row: int, size: int
) -> tuple[float, float]:
    """Where a link leaves a station: the edge (or corner) that faces the other station."""
    x0 = LEFT + column * (STATION_W + GAP)
    y0 = TOP + row * (size + GAP)
    dx, dy = other_column - column, other_row - row
    if dx == 0:
        return x0 + 60, (y0 + size - 4) if dy > 0 else (y0 + 4)
    x = (x0 + STATION_W - 4) if dx > 0 else (x0 + 4)
    if dy == 0:
        return x, y0 + 27
    return x, (y0 + size - 8) if dy > 0 else (y0 + 8)


# --- drawing: a planet's station ------------------------------------------------------------


def _station(planet: dict[str, Any], view: Any, names: Sequence[str], size: int) -> Element:
    name = planet["name"]
    x0, y0 = _origin(name, size)
    fill, rim = PLANET_COLOURS[name]
    flipped = bool(planet["flipped"])
    return group(
        el(
            "rect",
            x=x0,
            y=y0,
            width=STATION_W,
            height=size,
            rx=10,
            fill="#ffffff",
            fill_opacity=0.86,
            stroke=rim,
            stroke_width=1.5,
        ),
        el(
            "circle",
            cx=x0 + 28,
            cy=y0 + 27,
            r=25,
            fill="none",
            stroke=rim,
            stroke_width=1,
            stroke_dasharray="3 3",
        ),
        el(
            "circle",
            cx=x0 + 28,
            cy=y0 + 27,
            r=19,
            fill="#6b4040" if flipped else fill,
            stroke=rim,
            stroke_width=2,
            title=PLANET_NAMES[name],
        ),
        text(x0 + 58, y0 + 24, PLANET_NAMES[name], 17, text_anchor="start", font_weight="bold"),
        _subtitle(name, flipped, x0 + 58, y0 + 41),
        _hexes(name, planet["vp_hexes"], x0 + STATION_W - 16, y0 + 24),
        _tile_area(planet, x0 + 8, y0 + 52),
        _presence(planet, names, x0, y0 + 52 + _tiles_height(size, len(names))),
        class_="otv-planet",
        data_planet=name,
    )


def _subtitle(name: str, flipped: bool, x: float, y: float) -> Element:
    if flipped:
        words = f"DISASTER: {DISASTERS.get(name, 'flipped')}"
        return text(x, y, words, 11.5, text_anchor="start", fill="#b42318", font_weight="bold")
    return text(x, y, CRISES[name], 12, text_anchor="start", fill=MUTED)


def _hexes(name: str, hexes: Sequence[int], right: float, y: float) -> Element:
    drawn = []
    for i, vp in enumerate(hexes):
        cx = right - (len(hexes) - 1 - i) * 27
        drawn.append(
            group(
                el(
                    "polygon",
                    points=_hex_points(cx, y, 12.5),
                    fill=PLACE_FILLS[i % 3],
                    stroke=INK,
                    stroke_width=0.8,
                ),
                text(cx, y + 4.5, vp, 12.5, font_weight="bold"),
                title=f"{ORDINALS[i % 3]} highest income on {PLANET_NAMES[name]}: {vp} VP",
            )
        )
    return group(*drawn)


def _hex_points(cx: float, cy: float, r: float) -> str:
    corners = (
        (cx + r * math.cos(math.radians(60 * k + 30)), cy + r * math.sin(math.radians(60 * k + 30)))
        for k in range(6)
    )
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def _tiles_height(size: int, seats: int) -> float:
    """The height of the tile area, the same in every station (`size` made room for it)."""
    return size - 52 - 22 - ROW_H * max(2, seats) - 8


def _tile_area(planet: dict[str, Any], x: float, y: float) -> Element:
    if planet["flipped"]:
        name = planet["name"]
        return group(
            el(
                "rect",
                x=x,
                y=y,
                width=STATION_W - 16,
                height=TILE,
                rx=5,
                fill="#fde2e1",
                stroke="#b42318",
                stroke_dasharray="4 3",
            ),
            text(
                x + (STATION_W - 16) / 2,
                y + 18,
                f"{DISASTERS.get(name, 'flipped')}: flipped",
                12,
                font_weight="bold",
                fill="#b42318",
            ),
            text(
                x + (STATION_W - 16) / 2, y + 33, "no tiles, no landing, no VP", 11, fill="#b42318"
            ),
        )
    items: list[Element] = [_tile(t) for t in planet["tiles"]]
    if planet["alien"]:
        items.append(_alien(int(planet["alien"])))
    items += [_traitor(int(card)) for card in planet["traitors"]]
    if not items:
        return text(
            x + 4, y + 25, "no tiles", 12, text_anchor="start", fill=MUTED, font_style="italic"
        )
    placed = []
    for i, item in enumerate(items):
        dx = (i % TILES_PER_ROW) * TILE_STEP
        dy = (i // TILES_PER_ROW) * TILE_STEP
        placed.append(group(item, transform=f"translate({x + dx:.0f},{y + dy:.0f})"))
    return group(*placed)


def _tile(tile: dict[str, Any]) -> Element:
    kind = str(tile["kind"])
    fill, label, mark, does = TILE_STYLE.get(kind, ("#eeeeee", kind, "", ""))
    defence = int(tile.get("defence") or 0)
    marked = bool(tile.get("marked"))
    tip = f"T{tile['id']} {label.lower()} tile"
    if defence or kind == "TENSION":
        tip += f", defence {defence if kind != 'TENSION' else 'of the defender'}"
    if marked:
        tip += ", carries the crisis mark"
    return group(
        el(
            "rect", x=0, y=0, width=TILE, height=TILE, rx=5, fill=fill, stroke=INK, stroke_width=0.9
        ),
        text(TILE / 2, 10, label, 7.5, font_weight="bold", letter_spacing=-0.2),
        _crisis_mark() if marked else _tile_mark(kind, mark),
        text(3, TILE - 4, f"T{tile['id']}", 8, text_anchor="start", fill=MUTED),
        _defence(defence) if defence else None,
        title=f"{tip}: {does}" if does else tip,
    )


def _tile_mark(kind: str, mark: str) -> Element:
    if kind == "FACTORY":
        return _factory_icon(TILE / 2, 23, "#5b6b7d", 1.5)
    if kind == "MINE":
        return _mine_icon(TILE / 2, 23, "#7a5c3e", 1.5)
    return text(TILE / 2, 28, mark, 15 if len(mark) < 3 else 12, font_weight="bold")


def _defence(value: int) -> Element:
    return group(
        el("rect", x=TILE - 15, y=TILE - 15, width=14, height=14, rx=2, fill="#5f6b7a"),
        text(TILE - 8, TILE - 4, value, 11, font_weight="bold", fill="#ffffff"),
    )


def _crisis_mark() -> Element:
    return group(
        el("circle", cx=TILE / 2, cy=23, r=9, fill="#b42318"),
        text(TILE / 2, 28, "☠", 14, fill="#ffffff"),
    )


def _alien(tile: int) -> Element:
    return group(
        el(
            "rect",
            x=0,
            y=0,
            width=TILE,
            height=TILE,
            rx=5,
            fill=TILE_STYLE["ALIEN"][0],
            stroke="#2f7d1e",
            stroke_width=2,
        ),
        text(TILE / 2, 10, "ALIEN", 7.5, font_weight="bold", fill="#1f5a12"),
        el("ellipse", cx=TILE / 2, cy=23, rx=12, ry=4.5, fill="#6bbf59", stroke="#1f5a12"),
        el("ellipse", cx=TILE / 2, cy=19.5, rx=5.5, ry=4, fill="#cfeec7", stroke="#1f5a12"),
        text(3, TILE - 4, f"T{tile}", 8, text_anchor="start", fill=MUTED),
        _defence(7),
        title=f"T{tile} alien tile: {TILE_STYLE['ALIEN'][3]}",
    )


def _traitor(card: int) -> Element:
    return group(
        el(
            "rect",
            x=0,
            y=0,
            width=TILE,
            height=TILE,
            rx=5,
            fill="#ead7f5",
            stroke="#7b4fa0",
            stroke_width=1.5,
            stroke_dasharray="3 2",
        ),
        text(TILE / 2, 10, "TRAITOR", 7.5, font_weight="bold", fill="#5b2f80"),
        text(TILE / 2, 28, "+2", 14, font_weight="bold", fill="#5b2f80"),
        title=f"Traitor card C{card} attached: the next crisis tile attacked here gets +2 defence",
    )


# --- drawing: who is where ------------------------------------------------------------------

COLUMNS = {"name": 20, "orbit": 80, "surface": 156, "built": 216}


def _presence(planet: dict[str, Any], names: Sequence[str], x0: float, y: float) -> Element:
    incomes = planet["incomes"]
    award = planet["awards"]
    here = [
        s
        for s in range(len(names))
        if any(_owner(p) == s for key in ("orbit", "surface", "buildings") for p in planet[key])
        or (s < len(incomes) and incomes[s])
    ]
    heading = group(
        el("line", x1=x0 + 8, y1=y + 2, x2=x0 + STATION_W - 8, y2=y + 2, stroke="#d8d2c2"),
        [
            text(x0 + COLUMNS[key], y + 14, words, 10.5, text_anchor="start", fill=MUTED)
            for key, words in (("orbit", "in orbit"), ("surface", "landed"), ("built", "built"))
        ],
        text(x0 + STATION_W - 8, y + 14, "£/period", 10.5, text_anchor="end", fill=MUTED),
    )
    if not here:
        empty = text(
            x0 + 20, y + 34, "nobody here", 11, text_anchor="start", fill=MUTED, font_style="italic"
        )
        return group(heading, empty)
    rows = [
        _presence_row(
            planet, s, names[s], x0, y + 20 + i * ROW_H, award[s] if s < len(award) else 0
        )
        for i, s in enumerate(here)
    ]
    return group(heading, *rows)


def _presence_row(
    planet: dict[str, Any], seat: int, name: str, x0: float, y: float, vp: int
) -> Element:
    colour = seat_colour(seat)
    mid = y + ROW_H / 2
    orbit = _counts(planet["orbit"], seat)
    surface = _counts(planet["surface"], seat)
    built = _counts(planet["buildings"], seat)
    income = planet["incomes"][seat]
    where = PLANET_NAMES[planet["name"]]
    return group(
        el("rect", x=x0 + 8, y=mid - 7, width=8, height=14, rx=2, fill=colour),
        text(x0 + COLUMNS["name"], mid + 4, _short(name, 7), 12.5, text_anchor="start", title=name),
        _unit_run(orbit, colour, x0 + COLUMNS["orbit"], mid, f"{name}'s units in orbit of {where}"),
        _unit_run(
            surface,
            colour,
            x0 + COLUMNS["surface"],
            mid,
            f"{name}'s units landed on {where}",
            step=22,
        ),
        _building_run(built, colour, x0 + COLUMNS["built"], mid, f"{name} on {where}"),
        _income(income, vp, x0 + STATION_W - 8, mid, name, where),
    )


def _unit_run(
    counts: dict[str, int], colour: str, x: float, y: float, tip: str, step: float = 24
) -> Element:
    drawn = []
    kinds = [k for k in UNIT_KINDS if counts.get(k)]
    for i, kind in enumerate(kinds):
        cx = x + 6 + i * (step if len(kinds) < 3 else step - 2)
        n = counts[kind]
        drawn.append(
            group(
                _unit_icon(kind, cx, y, colour),
                text(cx + 8, y + 4, n, 12, text_anchor="start", font_weight="bold"),
                title=f"{tip}: {n} {UNIT_NAMES[kind]}",
            )
        )
    return group(*drawn)


def _building_run(counts: dict[str, int], colour: str, x: float, y: float, tip: str) -> Element:
    drawn = []
    for i, kind in enumerate(k for k in ("FACTORY", "MINE") if counts.get(k)):
        cx = x + 7 + i * 24
        icon = _factory_icon if kind == "FACTORY" else _mine_icon
        n = counts[kind]
        drawn.append(
            group(
                icon(cx, y, colour, 1.0),
                text(cx + 9, y + 4, n, 12, text_anchor="start", font_weight="bold"),
                title=f"{tip}: {n} {BUILDING_NAMES[kind]}{'' if n == 1 else 's'}",
            )
        )
    return group(*drawn)


def _income(income: int, vp: int, right: float, y: float, name: str, where: str) -> Element:
    tip = f"{name} earns £{income} a period on {where}"
    if vp:
        tip += f"; as it stands, {vp} VP at the end"
    return group(
        text(
            right - 20, y + 4, f"£{income}", 11.5, text_anchor="end", fill=INK if income else MUTED
        ),
        el(
            "polygon",
            points=_hex_points(right - 8, y, 9.5),
            fill="#e7c14b" if vp else "none",
            stroke=INK if vp else "#cfc8b6",
            stroke_width=0.7,
        ),
        text(right - 8, y + 3.2, vp, 8.5 if vp < 10 else 7.5, font_weight="bold") if vp else None,
        title=tip,
    )


# --- icons ----------------------------------------------------------------------------------


def _unit_icon(kind: str, x: float, y: float, colour: str, scale: float = 1.0) -> Element:
    s = scale
    if kind == "INF":
        return el("circle", cx=x, cy=y, r=5 * s, fill=colour, stroke=INK, stroke_width=0.9)
    if kind == "CRU":
        points = f"{x + 7 * s},{y} {x - 5 * s},{y - 5 * s} {x - 2 * s},{y} {x - 5 * s},{y + 5 * s}"
        return el(
            "polygon",
            points=points,
            fill=colour,
            stroke=INK,
            stroke_width=0.9,
            stroke_linejoin="round",
        )
    return group(
        el(
            "rect",
            x=x - 6 * s,
            y=y - 3 * s,
            width=12 * s,
            height=7 * s,
            rx=2.5 * s,
            fill=colour,
            stroke=INK,
            stroke_width=0.9,
        ),
        el(
            "line",
            x1=x,
            y1=y - 2 * s,
            x2=x + 8 * s,
            y2=y - 5 * s,
            stroke=INK,
            stroke_width=1.6 * s,
            stroke_linecap="round",
        ),
    )


def _factory_icon(x: float, y: float, colour: str, scale: float) -> Element:
    s = scale
    path = (
        f"M{x - 7 * s},{y + 5 * s} L{x - 7 * s},{y - 2 * s} L{x - 3 * s},{y - 5 * s} "
        f"L{x - 3 * s},{y - 2 * s} L{x + 1 * s},{y - 5 * s} L{x + 1 * s},{y - 2 * s} "
        f"L{x + 3 * s},{y - 2 * s} L{x + 3 * s},{y - 8 * s} L{x + 6 * s},{y - 8 * s} "
        f"L{x + 6 * s},{y + 5 * s} Z"
    )
    return el("path", d=path, fill=colour, stroke=INK, stroke_width=0.9, stroke_linejoin="round")


def _mine_icon(x: float, y: float, colour: str, scale: float) -> Element:
    s = scale
    hill = f"M{x - 8 * s},{y + 5 * s} L{x},{y - 6 * s} L{x + 8 * s},{y + 5 * s} Z"
    shaft = (
        f"M{x - 3 * s},{y + 5 * s} L{x - 3 * s},{y + 1 * s} "
        f"A{3 * s},{3 * s} 0 0 1 {x + 3 * s},{y + 1 * s} L{x + 3 * s},{y + 5 * s} Z"
    )
    return group(
        el("path", d=hill, fill=colour, stroke=INK, stroke_width=0.9, stroke_linejoin="round"),
        el("path", d=shaft, fill=INK),
    )


# --- drawing: header, status, seats, legend -------------------------------------------------


def _header(view: Any, names: Sequence[str]) -> Element:
    period = int(view["period"])
    track = [
        group(
            el(
                "circle",
                cx=300 + i * 30,
                cy=22,
                r=11,
                fill="#ffd65a" if i + 1 == period else ("#6b7280" if i + 1 < period else PAPER),
                stroke=INK,
                stroke_width=1,
            ),
            text(
                300 + i * 30,
                26.5,
                i + 1,
                12,
                font_weight="bold",
                fill=PAPER if i + 1 < period else INK,
            ),
            title=f"period {i + 1}" + (" (now)" if i + 1 == period else ""),
        )
        for i in range(3)
    ]
    markers = int(view["pass_markers"])
    total = max(markers, len(view["seats"]) + 2)
    tokens = [
        el(
            "circle",
            cx=500 + i * 17,
            cy=22,
            r=6.5,
            fill="#f2efe6" if i < markers else "none",
            stroke="#f2efe6" if i < markers else "#6b7280",
            stroke_width=1.2,
        )
        for i in range(total)
    ]
    start = view.get("start_player")
    facts = (
        f"deck {view['deck_size']} · discard {len(view['discard'])} · "
        f"tile bag {view['bag_size']} · tiles discarded {len(view['tile_discard'])}"
    )
    return group(
        el("rect", x=0, y=0, width=WIDTH, height=HEADER_H - 4, fill="#1d2333"),
        text(
            16, 28, "Onward to Venus", 20, text_anchor="start", font_weight="bold", fill="#ffd65a"
        ),
        text(
            16,
            46,
            PHASES.get(view["phase"], view["phase"]),
            12,
            text_anchor="start",
            fill="#e5e7eb",
        ),
        text(240, 26, "period", 11, text_anchor="start", fill="#e5e7eb"),
        el("rect", x=282, y=8, width=96, height=28, rx=14, fill="#e5e7eb", opacity=0.15),
        track,
        text(400, 26, "pass markers", 11, text_anchor="start", fill="#e5e7eb"),
        group(*tokens, title=f"{markers} of {total} pass markers left"),
        text(
            400,
            46,
            f"start player: {names[start] if start is not None else '-'}",
            11,
            text_anchor="start",
            fill="#e5e7eb",
        ),
        text(WIDTH - 16, 26, facts, 12, text_anchor="end", fill="#e5e7eb"),
        text(WIDTH - 16, 46, _aliens(view), 12, text_anchor="end", fill="#b6f0a8"),
    )


def _aliens(view: Any) -> str:
    if not view.get("aliens_invaded"):
        return ""
    front = int(view.get("alien_front", -1))
    path = ("KUIPER", "TITAN", "GANYMEDE", "MARS", "MOON", "EARTH")
    reached = PLANET_NAMES[path[front]] if 0 <= front < len(path) else "-"
    going = view.get("aliens_advance") and view.get("result_reason") is None
    advance = "; they advance after this period's crises" if going else ""
    return f"UFO invasion: the aliens have reached {reached}{advance}"


def _status(view: Any, names: Sequence[str], y: float) -> Element:
    parts: list[Element] = [
        el(
            "rect",
            x=LEFT,
            y=y,
            width=WIDTH - LEFT - 14,
            height=46,
            rx=8,
            fill="#ffffff",
            stroke="#d8d2c2",
        )
    ]
    if view.get("result_reason") is not None:
        parts.append(_game_over(view, names, y))
    elif view.get("combat"):
        parts.append(_combat(view, names, y))
    else:
        parts.append(text(LEFT + 14, y + 28, _turn_words(view, names), 13, text_anchor="start"))
    waiting = _waiting(view, names)
    if waiting:
        parts.append(
            text(
                WIDTH - 28,
                y + 28,
                waiting,
                12.5,
                text_anchor="end",
                fill="#b42318",
                font_weight="bold",
            )
        )
    return group(*parts)


def _turn_words(view: Any, names: Sequence[str]) -> str:
    active = view.get("active")
    phase = PHASES.get(view["phase"], view["phase"])
    if active is None:
        movers = ", ".join(names[s] for s in view.get("to_move") or ())
        return f"{phase}: waiting for {movers}" if movers else phase
    left = int(view.get("actions_left") or 0)
    words = f"{names[active]}'s turn: {left} action{'s' if left != 1 else ''} left"
    if view.get("step") == "CLAIM_WINDOW" and view.get("claim_planet"):
        words += f", may claim a tile on {PLANET_NAMES.get(view['claim_planet'], '?')}"
    return words


def _waiting(view: Any, names: Sequence[str]) -> str:
    pending = view.get("pending") or ()
    if not pending:
        return ""
    head = pending[0]
    more = f" (+{len(pending) - 1} more)" if len(pending) > 1 else ""
    what = DECISIONS.get(head["kind"], head["kind"].lower())
    where = PLANET_NAMES.get(head.get("planet") or "", "")
    on = f" on {where}" if where else ""
    return f"waiting: {names[head['seat']]} {what}{on}{more}"


def _game_over(view: Any, names: Sequence[str], y: float) -> Element:
    winners = ", ".join(names[w] for w in view.get("winners") or ()) or "nobody"
    reason = END_REASONS.get(view["result_reason"], str(view["result_reason"]))
    return group(
        text(
            LEFT + 14,
            y + 20,
            f"Game over: {winners} won",
            15,
            text_anchor="start",
            font_weight="bold",
        ),
        text(LEFT + 14, y + 38, reason, 11.5, text_anchor="start", fill=MUTED),
    )


def _combat(view: Any, names: Sequence[str], y: float) -> Element:
    fight = view["combat"]
    attacker = view.get("active")
    who = names[attacker] if attacker is not None else "someone"
    kind = _tile_kind(int(fight["tile"]))
    where = PLANET_NAMES.get(fight["planet"], fight["planet"])
    target = fight.get("target")
    if target:
        owner = _owner(str(target))
        whose = names[owner] if owner is not None and owner < len(names) else "?"
        kind_name = BUILDING_NAMES.get(_kind(str(target)), str(target))
        against = f" to take {whose}'s {kind_name}"
    else:
        against = ""
    faces = list(fight.get("faces") or ())
    excluded = fight.get("excluded")
    tally = view["tally"]
    spread, need, committed = tally["spread"], tally["required"], tally["committed"]
    landed = list(fight.get("landed") or ())
    cards = int(fight.get("card_points") or 0)
    units = committed - cards
    head = f"⚔ {who} fights for T{fight['tile']} ({kind.lower()}) on {where}{against}"
    sums = (
        f"needs {fight['base']} + spread {spread} = {need} · committed {units + cards} "
        f"({len(landed)} units landed = {units}, cards {cards})"
    )
    dice_x = LEFT + 14
    return group(
        text(LEFT + 14, y + 18, head, 13, text_anchor="start", font_weight="bold"),
        [
            _die(f, i == excluded, i in (fight.get("ignored") or ()), dice_x + i * 24, y + 24)
            for i, f in enumerate(faces)
        ],
        text(dice_x + max(1, len(faces)) * 24 + 6, y + 38, sums, 12, text_anchor="start"),
    )


def _die(face: int, excluded: bool, ignored: bool, x: float, y: float) -> Element:
    skull = face == DIE_SKULL
    tip = "skull (0)" if skull else str(face)
    if excluded:
        tip += ", set aside"
    if ignored:
        tip += ", skull ignored"
    return group(
        el(
            "rect",
            x=x,
            y=y,
            width=19,
            height=19,
            rx=4,
            fill="#ffffff" if not excluded else "#e5e7eb",
            stroke=INK,
            stroke_width=1.2,
            stroke_dasharray="3 2" if excluded else None,
        ),
        text(
            x + 9.5,
            y + 14.5,
            "☠" if skull else face,
            13,
            font_weight="bold",
            fill="#b42318" if skull and not ignored else (MUTED if excluded else INK),
        ),
        title=f"die: {tip}",
    )


# the seat table: column -> (x, heading)
SEAT_COLUMNS: dict[str, tuple[float, str]] = {
    "name": (LEFT + 26, "seat"),
    "empire": (LEFT + 150, "empire"),
    "vp": (LEFT + 370, "VP now"),
    "money": (LEFT + 430, "money"),
    "cards": (LEFT + 490, "cards"),
    "kept": (LEFT + 560, "kept tiles"),
    "supply": (LEFT + 720, "in supply"),
    "marks": (LEFT + 1000, ""),
}


def _seat_table(view: Any, names: Sequence[str], y: float) -> Element:
    heads = [
        text(x, y + 14, words, 10.5, text_anchor="start", fill=MUTED)
        for x, words in SEAT_COLUMNS.values()
        if words
    ]
    rows = [
        _seat_row(view, s, names, y + 22 + i * ROW_H * 1.2) for i, s in enumerate(view["seats"])
    ]
    return group(*heads, *rows)


def _seat_row(view: Any, seat: dict[str, Any], names: Sequence[str], y: float) -> Element:
    cols = {key: x for key, (x, _) in SEAT_COLUMNS.items()}
    s = int(seat["seat"])
    name = names[s]
    colour = seat_colour(s)
    mid = y + 12
    scores = view.get("scores") or ()
    vp = scores[s] if s < len(scores) else 0
    return group(
        el(
            "rect",
            x=LEFT,
            y=y + 1,
            width=WIDTH - LEFT - 14,
            height=ROW_H * 1.2 - 2,
            rx=4,
            fill=colour,
            fill_opacity=0.12,
        ),
        el("rect", x=LEFT + 6, y=y + 4, width=12, height=16, rx=3, fill=colour),
        text(
            cols["name"],
            mid + 4.5,
            _short(name, 16),
            13,
            text_anchor="start",
            font_weight="bold",
            title=name,
        ),
        text(
            cols["empire"],
            mid + 4.5,
            EMPIRE_NAMES.get(seat["empire"], seat["empire"]),
            12,
            text_anchor="start",
        ),
        text(
            cols["vp"],
            mid + 4.5,
            vp,
            13,
            text_anchor="start",
            font_weight="bold",
            title=f"{name}: {vp} VP as things stand",
        ),
        text(cols["money"], mid + 4.5, f"£{seat['money']}", 13, text_anchor="start"),
        _hand_size(int(seat["hand_size"]), cols["cards"], mid, name),
        _kept(seat["kept_tiles"], cols["kept"], mid, name),
        _supply(seat["supply"], colour, cols["supply"], mid, name),
        _marks(view, s, cols["marks"], mid),
    )


def _hand_size(size: int, x: float, y: float, name: str) -> Element:
    over = size > HAND_LIMIT
    tip = f"{name} holds {size} cards" + (f", over the limit of {HAND_LIMIT}" if over else "")
    return group(
        el("rect", x=x, y=y - 8, width=11, height=15, rx=2, fill="#fff", stroke=INK),
        el("rect", x=x + 3, y=y - 6, width=11, height=15, rx=2, fill="#fff", stroke=INK),
        text(x + 20, y + 4.5, size, 13, text_anchor="start", fill="#b42318" if over else INK),
        title=tip,
    )


def _kept(tiles: Sequence[int], x: float, y: float, name: str) -> Element:
    if not tiles:
        return text(x, y + 4.5, "-", 12, text_anchor="start", fill=MUTED)
    drawn = []
    for i, tile in enumerate(tiles):
        kind = _tile_kind(int(tile))
        fill = TILE_STYLE.get(kind, ("#eee", kind, "", ""))[0]
        worth = KEPT_TILE_VP.get(kind, 0)
        cx = x + i * 24
        drawn.append(
            group(
                el(
                    "rect",
                    x=cx,
                    y=y - 9,
                    width=20,
                    height=18,
                    rx=3,
                    fill=fill,
                    stroke=INK,
                    stroke_width=0.8,
                ),
                text(
                    cx + 10,
                    y + 4,
                    TILE_STYLE.get(kind, ("", "", "?", ""))[2] or kind[:1],
                    10,
                    font_weight="bold",
                ),
                title=f"{name} keeps T{tile}, a {kind.lower()} tile worth {worth} VP",
            )
        )
    return group(*drawn)


def _supply(supply: dict[str, int], colour: str, x: float, y: float, name: str) -> Element:
    drawn = []
    for i, kind in enumerate(SUPPLY_ORDER):
        cx = x + 8 + i * 48
        n = int(supply.get(kind, 0))
        if kind in UNIT_KINDS:
            icon = _unit_icon(kind, cx, y, colour)
            what = UNIT_NAMES[kind]
        else:
            icon = (_factory_icon if kind == "FACTORY" else _mine_icon)(cx, y, colour, 1.0)
            what = BUILDING_NAMES[kind] + "s"
        drawn.append(
            group(
                icon,
                text(cx + 10, y + 4.5, n, 12, text_anchor="start"),
                title=f"{name} has {n} {what} left in supply",
            )
        )
    return group(*drawn)


def _marks(view: Any, seat: int, x: float, y: float) -> Element:
    words = []
    if view.get("start_player") == seat:
        words.append("★ start")
    if view.get("active") == seat:
        words.append("▶ active")
    elif seat in (view.get("to_move") or ()):
        words.append("▶ to move")
    if seat in (view.get("winners") or ()):
        words.append("winner")
    return text(x, y + 4.5, " · ".join(words), 12, text_anchor="start", font_weight="bold")


def _legend(y: float) -> Element:
    items: list[tuple[Element, str]] = [
        (_unit_icon("INF", 0, 0, "#bbbbbb"), "infantry"),
        (_unit_icon("CRU", 0, 0, "#bbbbbb"), "space cruiser"),
        (_unit_icon("TANK", 0, 0, "#bbbbbb"), "tank"),
        (_factory_icon(0, 0, "#bbbbbb", 1.0), "factory £2"),
        (_mine_icon(0, 0, "#bbbbbb", 1.0), "mine £3"),
        (el("rect", x=-6, y=-6, width=12, height=12, rx=2, fill="#5f6b7a"), "defence"),
        (el("circle", cx=0, cy=0, r=5.5, fill="#b42318"), "crisis mark"),
        (
            el(
                "polygon", points=_hex_points(0, 0, 8), fill="#e7c14b", stroke=INK, stroke_width=0.7
            ),
            "VP for 1st/2nd/3rd income",
        ),
        (
            el(
                "line",
                x1=-8,
                y1=0,
                x2=8,
                y2=0,
                stroke=MUTED,
                stroke_width=3,
                stroke_linecap="round",
            ),
            "one move apart",
        ),
    ]
    drawn = []
    x = float(LEFT)
    for icon, words in items:
        drawn.append(group(icon, transform=f"translate({x + 8:.0f},{y + 12:.0f})"))
        drawn.append(text(x + 20, y + 16, words, 11.5, text_anchor="start", fill=MUTED))
        x += 30 + len(words) * 6.6
    return group(*drawn)


# --- the private panel ----------------------------------------------------------------------


def _card_section(
    title: str, cards: Sequence[dict[str, Any]], y: float, colour: str
) -> tuple[Element, float]:
    per_row = max(1, (PANEL_W - 16) // CARD_STEP)
    heading = group(
        el("rect", x=10, y=y + 4, width=6, height=16, rx=2, fill=colour),
        text(22, y + 17, title, 14, text_anchor="start", font_weight="bold"),
    )
    if not cards:
        empty = text(
            22, y + 44, "no cards", 12, text_anchor="start", fill=MUTED, font_style="italic"
        )
        return group(heading, empty), y + 56
    drawn = []
    for i, card in enumerate(cards):
        cx = 10 + (i % per_row) * CARD_STEP
        cy = y + 28 + (i // per_row) * (CARD_H + 8)
        drawn.append(group(_card(card), transform=f"translate({cx},{cy:.0f})"))
    rows = math.ceil(len(cards) / per_row)
    return group(heading, *drawn), y + 28 + rows * (CARD_H + 8) + 4


def _card(card: dict[str, Any]) -> Element:
    kind = str(card["kind"])
    band = CARD_KIND_COLOURS.get(kind, MUTED)
    effect = str(card["effect"])
    body: Element
    if effect.startswith("CP_"):
        body = group(
            text(CARD_W / 2, 50, effect[3:], 26, font_weight="bold", fill=band),
            text(CARD_W / 2, 66, "combat points", 10, fill=MUTED),
        )
    else:
        body = _card_words(card)
    return group(
        el(
            "rect",
            x=0,
            y=0,
            width=CARD_W,
            height=CARD_H,
            rx=6,
            fill="#fffdf7",
            stroke=band,
            stroke_width=1.5,
        ),
        el(
            "path",
            d=f"M0,16 L0,6 A6,6 0 0 1 6,0 L{CARD_W - 6},0 A6,6 0 0 1 {CARD_W},6 L{CARD_W},16 Z",
            fill=band,
        ),
        text(
            7,
            12,
            CARD_KIND_NAMES.get(kind, kind),
            9.5,
            text_anchor="start",
            fill="#ffffff",
            font_weight="bold",
        ),
        text(CARD_W - 6, 12, f"C{card['id']}", 9, text_anchor="end", fill="#ffffff"),
        body,
        title=_card_title(card),
    )


def _card_words(card: dict[str, Any]) -> Element:
    """A card's name in bold, then what it does in small print."""
    name = _wrap(_card_name(card), 15)[:2]
    what = CARD_TEXT.get(str(card["effect"]), ("", ""))[1]
    small = _wrap(what, 21)[: 4 - len(name)]
    below = 34 + len(name) * 14
    return group(
        [
            text(CARD_W / 2, 34 + i * 14, line, 11.5, font_weight="bold")
            for i, line in enumerate(name)
        ],
        [text(CARD_W / 2, below + i * 11, line, 9, fill=MUTED) for i, line in enumerate(small)],
    )


def _wrap(words: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
