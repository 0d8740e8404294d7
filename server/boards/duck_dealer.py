"""Duck Dealer's board as SVG: the galaxy map, the shared turn track, the tile supplies and
every seat's ship, energy and cargo, drawn from a view (rules digest §2, §5; domain/duck_dealer).

The map is the digest's proposed "DD-PROPOSED-16" (components.ROUTES): P11 in the middle, the
inner ring P1-P5 around it, the start planets S1-S5 and P6-P10 alternating on the outer ring,
each route a line of deep-space spaces. Beside every planet a small card lists its sites
(mine, spaceport, client, factory): a yellow row is a tile still on its unbuilt side, a blue row
a built one, a seat-coloured square a privilege. Ships are name tags in the seat's colour, route
segments seat-coloured squares on their spaces, portals dashed arrows from entrance to exit.

Everything in a Duck Dealer view is public except a seat's own sealed turn-order bid (auction
variant), which only `private` draws.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from domain.duck_dealer.components import (
    CLIENTS,
    DELIVERY_VP,
    FACTORIES,
    MINES,
    PLANET_SLOTS,
    ROUTES,
    SLOT_MARKS,
    SPACEPORTS,
    START_PLANETS,
    TURN_TRACK_LENGTH,
    free_segments_for,
)
from domain.duck_dealer.view import DuckDealerView
from server.boards.svg import INK, MUTED, PAPER, Element, el, group, seat_colour, svg, text

Point = tuple[float, float]

WIDTH = 1220
MAP_CENTRE: Point = (408.0, 432.0)
MAP_HALF_W = 396.0  # the map's frame, around MAP_CENTRE
MAP_TOP, MAP_BOTTOM = 351.0, 367.0
R_INNER = 165.0
R_OUTER = 275.0
PLANET_R = 24.0
NODE_R = 4.5
CUBE = 11.0

# Polar position of each planet (radius, degrees clockwise from straight up).
PLANET_POLAR: dict[str, tuple[float, float]] = {
    "P11": (0.0, 0.0),
    **{f"P{i}": (R_INNER, 72.0 * (i - 1)) for i in range(1, 6)},
    **{f"S{i}": (R_OUTER, 72.0 * (i - 1)) for i in range(1, 6)},
    **{f"P{i + 5}": (R_OUTER, 72.0 * (i - 1) + 36.0) for i in range(1, 6)},
}
# Where each planet's site card sits, as a direction in degrees: outward on the outer ring,
# into the free wedge clockwise of an inner planet, below the centre for P11.
CARD_DIRECTION: dict[str, float] = {
    "P11": 180.0,
    **{f"P{i}": 72.0 * (i - 1) + 63.0 for i in range(1, 6)},
    **{p: PLANET_POLAR[p][1] for p in (*START_PLANETS, "P6", "P7", "P8", "P9", "P10")},
}
CARD_W = 96.0
# Extra distance between a planet and its card (P11's must clear the spokes' spaces).
CARD_GAP: dict[str, float] = {"P11": 40.0}
ROW_H = 16.0

ENERGY_COLOURS: tuple[tuple[str, str, str], ...] = (
    ("red", "#d62828", "move"),
    ("yellow", "#f4c430", "build"),
    ("blue", "#2a6fdb", "trade"),
)
BUILT_FILL = "#cfe2f7"  # a tile's blue (built) side
UNBUILT_FILL = "#fbeec1"  # a tile's yellow (not built) side
MINE_FILL = "#ffffff"
SPACE_FILL = "#101a33"
ROUTE_INK = "#8a93a8"

GOOD_NAMES: dict[str, str] = {
    "RUBBER_DUCK": "Ducks",
    "PLASTIC_BEADS": "Beads",
    "SOLAR_PANEL": "Solar",
    "BLUE_PAINT": "Paint",
    "PHONE_BOOTH": "Phone",
    "SATELLITE": "Satellite",
    "LINEAR_ACCELERATOR": "LinAccel",
    "INVISIBLE_DUCK": "InvisDuck",
    "MODERN_RADIO": "Radio",
    "DIET_PILLS": "DietPills",
    "ECONOMY": "Economy",
    "MODERN_ART": "ModernArt",
    "SCIENCE": "Science",
    "RELIGION": "Religion",
    "POLITICS": "Politics",
    "MEDICINE": "Medicine",
    "MILITARY": "Military",
}
GOOD_VP: dict[str, int] = {
    str(good): vp for good, vp in DELIVERY_VP.items()
}  # VP per delivered unit; primary goods: none
# Goods chips by tier: primary goods (no value), intermediate (3), final (10, 30).
TIER_FILL: dict[int, str] = {0: "#e9e4d8", 3: "#d6ecd2", 10: "#f6d9b8", 30: "#f2c1c9"}
PART_NAMES: dict[str, str] = {
    "CARGO": "cargo hold (+2 goods)",
    "PILOT": "pilot cabin (red crew)",
    "BUILDER": "builder cabin (yellow crew)",
    "MERCHANT": "merchant cabin (blue crew)",
}
PART_FILL: dict[str, str] = {
    "CARGO": "#a47148",
    "PILOT": "#d62828",
    "BUILDER": "#f4c430",
    "MERCHANT": "#2a6fdb",
}
SITE_LETTER: dict[str, str] = {"mine": "M", "spaceport": "S", "client": "C", "factory": "F"}
PHASE_NAMES: dict[str, str] = {
    "bidding": "sealed bids for turn order",
    "choosing_positions": "choosing turn positions",
    "starting_parts": "placing starting parts",
    "starting_planets": "choosing starting planets",
    "main": "main phase",
    "over": "game over",
}


# -- geometry -----------------------------------------------------------------------------


def _polar(radius: float, degrees: float, origin: Point = MAP_CENTRE) -> Point:
    angle = math.radians(degrees)
    return origin[0] + radius * math.sin(angle), origin[1] - radius * math.cos(angle)


PLANET_XY: dict[str, Point] = {p: _polar(r, a) for p, (r, a) in PLANET_POLAR.items()}


def _route_nodes() -> dict[str, Point]:
    nodes: dict[str, Point] = {}
    for a, b, length in ROUTES:
        (ax, ay), (bx, by) = PLANET_XY[a], PLANET_XY[b]
        for i in range(1, length + 1):
            t = i / (length + 1)
            nodes[f"{a}-{b}.{i}"] = (ax + (bx - ax) * t, ay + (by - ay) * t)
    return nodes


NODE_XY: dict[str, Point] = _route_nodes()


def _where(place: str) -> Point | None:
    return PLANET_XY.get(place) or NODE_XY.get(place)


def _card_origin(planet: str, height: float) -> Point:
    """Top-left corner of a planet's site card, just off the planet towards CARD_DIRECTION."""
    angle = math.radians(CARD_DIRECTION.get(planet, 180.0))
    ux, uy = math.sin(angle), -math.cos(angle)
    reach = PLANET_R + 6 + CARD_GAP.get(planet, 0.0) + abs(ux) * CARD_W / 2 + abs(uy) * height / 2
    x, y = PLANET_XY[planet]
    return x + ux * reach - CARD_W / 2, y + uy * reach - height / 2


# -- small helpers ------------------------------------------------------------------------


def _name(seats: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "-"
    return seats[seat] if 0 <= seat < len(seats) else f"seat {seat}"


def _who(seats: Sequence[str], seat: int | None) -> str:
    """A seat's name, cut short for running text."""
    return _short(_name(seats, seat), 20)


def _short(words: str, limit: int = 12) -> str:
    return words if len(words) <= limit else words[: limit - 1] + "…"


def _ink_on(fill: str) -> str:
    """Black or white text, whichever reads better on `fill` (#rrggbb)."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def _good(good: str) -> str:
    return GOOD_NAMES.get(good, good.title())


def _good_title(good: str) -> str:
    vp = GOOD_VP.get(good)
    worth = f", {vp} VP per delivery" if vp else ", a primary good"
    return f"{good.replace('_', ' ').title()}{worth}"


def _recipe(factory: str) -> str:
    spec = FACTORIES.get(factory)
    if spec is None:
        return factory
    inputs = " + ".join(_good(g) for g in spec.inputs)
    return f"{inputs} → {_good(spec.output)} ({spec.vp} VP to build)"


def _energy(value: Any, colour: str) -> int:
    return int((value or {}).get(colour, 0))


def _label(view: Any) -> str:
    return f"Duck Dealer board, {PHASE_NAMES.get(view['phase'], view['phase'])}"


# -- the map ------------------------------------------------------------------------------


def _defs(count: int) -> Element:
    markers = [
        el(
            "marker",
            el("path", d="M0,0 L8,4 L0,8 z", fill=seat_colour(i)),
            id=f"dd-arrow-{i}",
            viewBox="0 0 8 8",
            refX=7,
            refY=4,
            markerWidth=7,
            markerHeight=7,
            orient="auto",
        )
        for i in range(count)
    ]
    glow = el(
        "radialGradient",
        el("stop", offset="0%", stop_color="#24345e"),
        el("stop", offset="100%", stop_color=SPACE_FILL),
        id="dd-space",
    )
    return el("defs", glow, *markers)


def _routes(cubes: dict[str, int], seats: Sequence[str]) -> Element:
    lines = [
        el("line", x1=ax, y1=ay, x2=bx, y2=by, stroke=ROUTE_INK, stroke_width=1.5)
        for a, b, _ in ROUTES
        for (ax, ay), (bx, by) in [(PLANET_XY[a], PLANET_XY[b])]
    ]
    spaces = [_space(node, xy, cubes.get(node), seats) for node, xy in NODE_XY.items()]
    return group(*lines, *spaces, aria_label="routes of deep space")


def _space(node: str, xy: Point, owner: int | None, seats: Sequence[str]) -> Element:
    x, y = xy
    if owner is None:
        return el("circle", cx=x, cy=y, r=NODE_R, fill="#c9cfdc", title=f"deep space {node}")
    return el(
        "rect",
        x=x - CUBE / 2,
        y=y - CUBE / 2,
        width=CUBE,
        height=CUBE,
        fill=seat_colour(owner),
        stroke="#ffffff",
        stroke_width=1.2,
        title=f"route segment of {_name(seats, owner)} on {node} (free to cross for them)",
    )


def _planet(planet: str, explored: bool) -> Element:
    x, y = PLANET_XY[planet]
    start = planet in START_PLANETS
    fill = "#f3d27a" if start else ("#b9a6e8" if explored else "#4b5368")
    kind = "starting planet" if start else "planet"
    state = "explored" if explored else "not explored yet"
    return group(
        el(
            "circle",
            cx=x,
            cy=y,
            r=PLANET_R,
            fill=fill,
            stroke="#ffffff" if explored else "#9aa3b8",
            stroke_width=2,
            stroke_dasharray=None if explored else "4 3",
        ),
        text(x, y + 5, planet, 14, font_weight="bold", fill=INK if explored else "#e6e9f0"),
        title=f"{planet}: {kind}, {state}",
    )


def _site_row(site: dict[str, Any], seats: Sequence[str]) -> tuple[str, str, str]:
    """(label, fill, tooltip) of one site on a planet card."""
    sid, kind, built = site["site"], site["kind"], bool(site["built"])
    side = "built" if built else "not built (yellow side)"
    fill = MINE_FILL if kind == "mine" else (BUILT_FILL if built else UNBUILT_FILL)
    if kind == "mine" and sid in MINES:
        good = MINES[sid].good
        return _good(good), fill, f"mine {sid}: produces {_good_title(good)}"
    if kind == "spaceport" and sid in SPACEPORTS:
        port = SPACEPORTS[sid]
        costs = " + ".join(_good(g) for g in port.upgrade_cost)
        part = port.sells.title()
        return f"Port {part}", fill, f"spaceport {sid}, {side}: sells {part} for {costs}"
    if kind == "client" and sid in CLIENTS:
        spec = CLIENTS[sid]
        label = f"{_good(spec.good)} {spec.vp_each}"
        return label, fill, f"client {sid}, {side}: buys {_good_title(spec.good)}"
    if kind == "factory":
        output = FACTORIES[sid].output if sid in FACTORIES else sid
        return f"→{_good(output)}", fill, f"factory {sid}: {_recipe(sid)}"
    return sid, fill, f"{kind} {sid}, {side}"


def _empty_row(slot: int, explored: bool) -> tuple[str, str, str]:
    if slot == 2 and not explored:
        return "? unexplored", "#e4e6ec", "client slot: a client is placed when explored"
    return "· free slot", "#eef0f4", "free factory slot"


def _site_card(
    planet: str, sites: list[dict[str, Any]], explored: bool, seats: Sequence[str]
) -> Element:
    slots = PLANET_SLOTS.get(planet, 3)
    height = slots * ROW_H + 4
    x0, y0 = _card_origin(planet, height)
    by_slot = {site["slot"]: site for site in sites}
    rows: list[Element] = []
    for slot in range(1, slots + 1):
        site = by_slot.get(slot)
        kind = site["kind"] if site else ("client" if slot == 2 else "factory")
        label, fill, tip = _site_row(site, seats) if site else _empty_row(slot, explored)
        y = y0 + 2 + (slot - 1) * ROW_H
        owner = site.get("privilege") if site else None
        if owner is not None:
            tip += f"; privilege of {_name(seats, owner)}"
        rows.append(
            group(
                el("rect", x=x0 + 2, y=y, width=CARD_W - 4, height=ROW_H - 1, fill=fill, rx=2),
                text(x0 + 10, y + 12, SITE_LETTER[kind], 10, font_weight="bold", fill=MUTED),
                text(x0 + 18, y + 12, label, 11, text_anchor="start"),
                _privilege(x0 + CARD_W - 12, y + 2, owner),
                title=tip,
            )
        )
    return group(
        el("rect", x=x0, y=y0, width=CARD_W, height=height, fill="#ffffff", rx=4, opacity=0.95),
        *rows,
        aria_label=f"sites of {planet}",
    )


def _privilege(x: float, y: float, owner: int | None) -> Element | None:
    if owner is None:
        return None
    return el("rect", x=x, y=y, width=10, height=10, fill=seat_colour(owner), stroke=INK)


def _portal(portal: dict[str, Any], seats: Sequence[str]) -> Element | None:
    start, end = _where(portal["entrance"]), _where(portal["exit"])
    if start is None or end is None:
        return None
    owner = int(portal["owner"])
    (sx, sy), (ex, ey) = start, end
    length = math.hypot(ex - sx, ey - sy) or 1.0
    ux, uy = (ex - sx) / length, (ey - sy) / length
    sx, sy = sx + ux * PLANET_R, sy + uy * PLANET_R
    ex, ey = ex - ux * (PLANET_R + 2), ey - uy * (PLANET_R + 2)
    bend = 0.25 * length
    cx, cy = (sx + ex) / 2 - uy * bend, (sy + ey) / 2 + ux * bend
    return el(
        "path",
        d=f"M{sx:.1f},{sy:.1f} Q{cx:.1f},{cy:.1f} {ex:.1f},{ey:.1f}",
        fill="none",
        stroke=seat_colour(owner),
        stroke_width=2.5,
        stroke_dasharray="7 4",
        marker_end=f"url(#dd-arrow-{owner})",
        title=(
            f"Schrödinger portal of {_name(seats, owner)}: "
            f"{portal['entrance']} → {portal['exit']} (anyone may use it)"
        ),
    )


SHIP_R = 10.0
# Ships at one planet sit on its rim facing its site card, fanned out by these angles.
SHIP_FAN: tuple[float, ...] = (0.0, -30.0, 30.0, -60.0, 60.0, -90.0, 90.0)


def _ships(players: list[dict[str, Any]], seats: Sequence[str]) -> Element:
    """Each ship as a token in its seat's colour with the seat's initial, on its planet's rim
    (towards the planet's card, where no route leaves) or on its deep-space space."""
    at: dict[str, list[dict[str, Any]]] = {}
    for player in players:
        if player.get("location"):
            at.setdefault(player["location"], []).append(player)
    tokens: list[Element] = []
    for place, here in at.items():
        xy = _where(place)
        if xy is None:
            continue
        facing = CARD_DIRECTION.get(place, 90.0)
        reach = PLANET_R + 2 if place in PLANET_XY else 0.0
        for k, player in enumerate(here):
            spot = _polar(reach, facing + SHIP_FAN[k % len(SHIP_FAN)], xy)
            tokens.append(_ship(spot, player, seats))
    return group(*tokens, aria_label="ships")


def _ship(xy: Point, player: dict[str, Any], seats: Sequence[str]) -> Element:
    seat = int(player["seat"])
    name = _name(seats, seat)
    fill = seat_colour(seat)
    x, y = xy
    goods = ", ".join(_good(g) for g in player.get("goods", ())) or "empty hold"
    return group(
        el("circle", cx=x, cy=y, r=SHIP_R, fill=fill, stroke="#ffffff", stroke_width=2),
        text(x, y + 4, (name[:1] or "?").upper(), 12, font_weight="bold", fill=_ink_on(fill)),
        title=(
            f"ship of {name} at {player['location']}: speed {player['speed']}, "
            f"hold {len(player.get('goods', ()))}/{player['capacity']} ({goods})"
        ),
    )


def _exploring(exploration: Any) -> Element | None:
    """A halo around the planet whose explorer must now choose its client."""
    xy = _where(exploration["planet"]) if exploration else None
    if xy is None:
        return None
    return el(
        "circle",
        cx=xy[0],
        cy=xy[1],
        r=PLANET_R + 7,
        fill="none",
        stroke="#ff6b6b",
        stroke_width=3,
        stroke_dasharray="5 3",
        title=f"{exploration['planet']} is being explored: its explorer chooses a client",
    )


def _map(view: Any, seats: Sequence[str]) -> Element:
    explored = set(view["explored"])
    sites_by_planet: dict[str, list[dict[str, Any]]] = {}
    for site in view["sites"]:
        sites_by_planet.setdefault(site["planet"], []).append(site)
    cubes = {cube["node"]: int(cube["seat"]) for cube in view["route_cubes"]}
    cx, cy = MAP_CENTRE
    return group(
        el(
            "rect",
            x=cx - MAP_HALF_W,
            y=cy - MAP_TOP,
            width=2 * MAP_HALF_W,
            height=MAP_TOP + MAP_BOTTOM,
            rx=14,
            fill="url(#dd-space)",
        ),
        _routes(cubes, seats),
        *(_portal(portal, seats) for portal in view["portals"]),
        _exploring(view["exploration"]),
        *(_planet(p, p in explored) for p in PLANET_XY),
        *(_site_card(p, sites_by_planet.get(p, []), p in explored, seats) for p in PLANET_XY),
        _ships(view["players"], seats),
        aria_label="the galaxy map",
    )


# -- status line, tracks and supplies ----------------------------------------------------


def _status(view: Any, seats: Sequence[str]) -> list[str]:
    phase = PHASE_NAMES.get(view["phase"], view["phase"])
    lines = [f"Duck Dealer — {phase}"]
    if view["result"] is not None:
        result = view["result"]
        winners = ", ".join(_who(seats, s) for s in result["winners"])
        scores = ", ".join(f"{_who(seats, s)} {n}" for s, n in enumerate(result["scores"]))
        lines.append(f"winner: {winners} (final scores: {scores})")
    elif view["to_move"]:
        lines.append("to move: " + ", ".join(_who(seats, s) for s in view["to_move"]))
    if view["turn_order"]:
        lines.append("turn order: " + " → ".join(_who(seats, s) for s in view["turn_order"]))
    if view["phase"] in ("main", "over"):
        lines.append(f"{len(view['turn_track'])} of {TURN_TRACK_LENGTH} action turns taken")
    if view["phase"] == "bidding":
        done = [_who(seats, p["seat"]) for p in view["players"] if p["bid_submitted"]]
        lines.append(f"bid round {view['bid_round']}, sealed: {', '.join(done) or 'none yet'}")
    if view["active"] is not None and view["turn_kind"] == "action":
        window = "open" if view["free_segment_window_open"] else "closed"
        bonus = " (bonus)" if view["is_bonus"] else ""
        lines.append(
            f"{_who(seats, view['active'])}'s action turn {view['turn_number']}{bonus}: "
            f"movement left {view['movement_allowance']}, "
            f"free segments {view['free_segments_left']} ({window})"
        )
    return lines


def _events(view: Any, seats: Sequence[str]) -> list[str]:
    lines = []
    exploration = view["exploration"]
    if exploration is not None:
        options = " or ".join(_client_name(c) for c in exploration["options"])
        lines.append(f"exploring {exploration['planet']}: choose {options}")
    trade = view["trade"]
    if trade is not None:
        give = ", ".join(_good(g) for g in trade["give"]) or "nothing"
        receive = ", ".join(_good(g) for g in trade["receive"]) or "nothing"
        lines.append(
            f"trade offer {_who(seats, trade['proposer'])} → {_who(seats, trade['partner'])}: "
            f"{give} for {receive}"
        )
    return lines


def _client_name(client: str) -> str:
    spec = CLIENTS.get(client)
    return f"{_good(spec.good)} client ({spec.vp_each})" if spec else client


def _header(view: Any, seats: Sequence[str]) -> Element:
    status = _status(view, seats)
    extra = _events(view, seats)
    return group(
        text(16, 28, status[0], 20, text_anchor="start", font_weight="bold"),
        text(16, 50, " · ".join(status[1:]), 13, text_anchor="start"),
        text(16, 68, " · ".join(extra), 13, text_anchor="start", fill="#9b2c2c"),
        aria_label="status",
    )


def _turn_track(view: Any, seats: Sequence[str], y0: float) -> Element:
    cell, x0 = 49.0, 24.0
    track = list(view["turn_track"])
    current = view["turn_number"] if view["turn_kind"] == "action" else None
    cells: list[Element] = []
    for n in range(1, TURN_TRACK_LENGTH + 1):
        x = x0 + (n - 1) * cell
        band = {1: "#e8eef8", 2: "#dce6f5", 3: "#cbd9f0"}[free_segments_for(n)]
        owner = track[n - 1] if n <= len(track) else None
        tip = f"action turn {n}: {free_segments_for(n)} free route segment(s)"
        if owner is not None:
            tip += f"; taken by {_name(seats, owner)}"
        cells.append(
            group(
                el(
                    "rect",
                    x=x,
                    y=y0,
                    width=cell - 3,
                    height=44,
                    rx=4,
                    fill=band,
                    stroke=INK if n == current else "#aab4c8",
                    stroke_width=2.5 if n == current else 1,
                ),
                text(x + cell / 2 - 1.5, y0 + 13, n, 11, fill=MUTED),
                _track_cube(x + cell / 2 - 1.5, y0 + 28, owner, seats),
                title=tip,
            )
        )
    labels = [
        text(x0 + (first - 1) * cell + 2, y0 + 58, words, 11, text_anchor="start", fill=MUTED)
        for first, words in ((1, "1 free segment"), (7, "2 free segments"), (13, "3 free segments"))
    ]
    heading = text(
        x0,
        y0 - 8,
        "Turn track (shared; one cube per action turn)",
        13,
        text_anchor="start",
        font_weight="bold",
    )
    return group(heading, *cells, *labels, aria_label="turn track")


def _track_cube(x: float, y: float, owner: int | None, seats: Sequence[str]) -> Element | None:
    if owner is None:
        return None
    fill = seat_colour(owner)
    return group(
        el("rect", x=x - 11, y=y - 9, width=22, height=18, rx=3, fill=fill, stroke=INK),
        text(x, y + 4, _short(_name(seats, owner), 3), 10, fill=_ink_on(fill)),
    )


def _chip(x: float, y: float, label: str, fill: str, tip: str, width: float = 0) -> Element:
    width = width or 12 + 6.4 * len(label)
    return group(
        el("rect", x=x, y=y, width=width, height=18, rx=4, fill=fill, stroke="#b7b1a2"),
        text(x + width / 2, y + 13, label, 11),
        title=tip,
    )


def _row_of_chips(
    x0: float, y: float, limit: float, chips: Iterable[tuple[str, str, str]]
) -> list[Element]:
    drawn, x = [], x0
    for label, fill, tip in chips:
        width = 12 + 6.4 * len(label)
        if x + width > limit:
            drawn.append(text(x + 4, y + 13, "…", 12, text_anchor="start"))
            break
        drawn.append(_chip(x, y, label, fill, tip, width))
        x += width + 4
    return drawn


def _client_track(view: Any, y0: float) -> Element:
    chips = []
    for i, client in enumerate(view["client_track"]):
        spec = CLIENTS.get(client)
        label = f"{_good(spec.good)} {spec.vp_each}" if spec else client
        fill = TIER_FILL.get(spec.vp_each if spec else 0, TIER_FILL[0])
        top = " (one of the top two: an explorer's choice)" if i < 2 else ""
        tip = f"{_client_name(client)}, {spec.vp if spec else '?'} VP to build{top}"
        chips.append((("★ " if i < 2 else "") + label, fill, tip))
    return group(
        text(
            24,
            y0,
            "Client track (top first; ★ = explorer may choose)",
            13,
            text_anchor="start",
            font_weight="bold",
        ),
        *_row_of_chips(24, y0 + 8, WIDTH - 20, chips),
        aria_label="client track",
    )


def _factory_reserve(view: Any, y0: float) -> Element:
    chips = []
    for factory in view["factory_reserve"]:
        spec = FACTORIES.get(factory)
        label = _good(spec.output) if spec else factory
        vp = DELIVERY_VP.get(spec.output, 0) if spec else 0
        chips.append((f"→{label}", TIER_FILL.get(vp, TIER_FILL[0]), f"factory: {_recipe(factory)}"))
    return group(
        text(
            24,
            y0,
            "Factory tiles not yet built (hover for recipe)",
            13,
            text_anchor="start",
            font_weight="bold",
        ),
        *_row_of_chips(24, y0 + 8, WIDTH - 20, chips),
        aria_label="factory reserve",
    )


def _supply(view: Any, x0: float, y0: float) -> Element:
    supply = view["supply"]
    discs = [
        _disc(x0 + 14 + 62 * i, y0 + 20, fill, _energy(supply, key), f"{word} energy in supply")
        for i, (key, fill, word) in enumerate(ENERGY_COLOURS)
    ]
    return group(
        text(x0, y0, "Supply", 13, text_anchor="start", font_weight="bold"),
        *discs,
        text(x0 + 196, y0 + 25, f"cargo holds: {view['cargo_supply']}", 12, text_anchor="start"),
        aria_label="energy supply",
    )


def _disc(x: float, y: float, fill: str, count: int, tip: str, r: float = 11) -> Element:
    return group(
        el("circle", cx=x, cy=y, r=r, fill=fill, stroke=INK, stroke_width=1),
        text(x, y + 4, count, 11, font_weight="bold", fill=_ink_on(fill)),
        title=f"{count} {tip}",
    )


def _legend_mark(kind: str, x: float, y: float) -> Element:
    """A small sample of one kind of piece, its top-left corner at (x, y), 14 px tall."""
    samples: dict[str, Element] = {
        "built": el("rect", x=x, y=y, width=16, height=13, fill=BUILT_FILL, stroke=MUTED),
        "unbuilt": el("rect", x=x, y=y, width=16, height=13, fill=UNBUILT_FILL, stroke=MUTED),
        "explored": el("circle", cx=x + 8, cy=y + 7, r=7, fill="#b9a6e8", stroke=MUTED),
        "unexplored": el("circle", cx=x + 8, cy=y + 7, r=7, fill="#4b5368", stroke=MUTED),
        "start": el("circle", cx=x + 8, cy=y + 7, r=7, fill="#f3d27a", stroke=MUTED),
        "cube": el("rect", x=x + 2, y=y + 1, width=CUBE, height=CUBE, fill=MUTED),
        "ship": el("circle", cx=x + 8, cy=y + 7, r=7, fill=MUTED, stroke="#ffffff"),
        "portal": el(
            "line",
            x1=x,
            y1=y + 7,
            x2=x + 16,
            y2=y + 7,
            stroke=MUTED,
            stroke_width=2.5,
            stroke_dasharray="5 3",
        ),
        "privilege": el("rect", x=x + 3, y=y + 2, width=10, height=10, fill=MUTED, stroke=INK),
    }
    return samples[kind]


LEGEND: tuple[tuple[str, str], ...] = (
    ("built", "site built (blue side)"),
    ("unbuilt", "site not built (yellow side)"),
    ("privilege", "privilege (seat colour)"),
    ("explored", "explored planet"),
    ("unexplored", "unexplored planet"),
    ("start", "starting planet"),
    ("ship", "ship (seat colour, initial)"),
    ("cube", "route segment (seat colour)"),
    ("portal", "portal: entrance → exit"),
)


def _legend(x0: float, y0: float) -> Element:
    drawn: list[Element] = [
        text(x0, y0, "Legend", 13, text_anchor="start", font_weight="bold"),
        text(
            x0 + 60,
            y0,
            "site rows: M mine · S spaceport · C client (VP per delivery) · "
            "F factory (→ what it makes)",
            11,
            text_anchor="start",
            fill=MUTED,
        ),
    ]
    for i, (kind, words) in enumerate(LEGEND):
        x = x0 + (i % 3) * 270
        y = y0 + 10 + (i // 3) * 20
        drawn += [_legend_mark(kind, x, y), text(x + 22, y + 11, words, 11, text_anchor="start")]
    return group(*drawn, aria_label="legend")


# -- the seats ----------------------------------------------------------------------------

CARD_X = 816.0
CARD_TOP = 82.0
CARD_WIDTH = 396.0
CARD_HEIGHT = 142.0
SLOT_W = 22.0


def _seat_card(player: dict[str, Any], view: Any, seats: Sequence[str], y0: float) -> Element:
    seat = int(player["seat"])
    colour = seat_colour(seat)
    ink = _ink_on(colour)
    x0 = CARD_X
    marks = []
    if seat in view["to_move"]:
        marks.append("to move")
    if view["active"] == seat and view["turn_kind"] != "none":
        marks.append(f"{view['turn_kind']} turn")
    if view["phase"] == "bidding" and player["bid_submitted"]:
        marks.append("bid sealed")
    if view["result"] is not None and seat in view["result"]["winners"]:
        marks.append("★ winner")
    score = f"{player['vp']} VP"
    if player["bid"]:
        score += f" - bid {player['bid']} = {player['net']}"
    return group(
        el(
            "rect",
            x=x0,
            y=y0,
            width=CARD_WIDTH,
            height=CARD_HEIGHT - 8,
            rx=6,
            fill="#ffffff",
            stroke=colour,
            stroke_width=2,
        ),
        el("rect", x=x0, y=y0, width=CARD_WIDTH, height=24, rx=6, fill=colour),
        text(
            x0 + 10,
            y0 + 17,
            _short(_name(seats, seat), 14),
            15,
            text_anchor="start",
            font_weight="bold",
            fill=ink,
        ),
        text(x0 + 150, y0 + 17, " · ".join(marks), 12, text_anchor="start", fill=ink),
        text(
            x0 + CARD_WIDTH - 10,
            y0 + 18,
            score,
            15,
            text_anchor="end",
            font_weight="bold",
            fill=ink,
        ),
        _energy_row(player, x0 + 10, y0 + 42),
        _ship_board(player, x0 + 10, y0 + 58),
        _cargo(player, x0 + 10, y0 + 90),
        text(x0 + 10, y0 + 125, _pieces(player), 11, text_anchor="start", fill=MUTED),
        aria_label=f"{_name(seats, seat)}: {score}",
    )


def _energy_row(player: dict[str, Any], x0: float, y: float) -> Element:
    discs = [
        _disc(x0 + 10 + 28 * i, y, fill, _energy(player["energy"], key), f"{word} energy held")
        for i, (key, fill, word) in enumerate(ENERGY_COLOURS)
    ]
    virtual = [_energy(player["virtual"], key) for key, _, _ in ENERGY_COLOURS]
    facts = ["energy (move/build/trade)", f"ship at {player['location'] or '—'}"]
    if any(virtual):
        facts.append("virtual " + "/".join(str(n) for n in virtual))
    return group(*discs, text(x0 + 90, y + 4, " · ".join(facts), 12, text_anchor="start"))


def _pieces(player: dict[str, Any]) -> str:
    portal = "portal placed" if player["portal_placed"] else "portal not placed"
    return (
        f"{player['action_turns']} action turns · {player['cubes']} cubes · "
        f"{player['privilege_markers']} privilege markers · {portal}"
    )


def _ship_board(player: dict[str, Any], x0: float, y0: float) -> Element:
    cells: list[Element] = []
    for i, part in enumerate(player["slots"]):
        x = x0 + i * (SLOT_W + 2)
        mark = SLOT_MARKS[i] if i < len(SLOT_MARKS) else "?"
        tip = f"slot {i + 1} (speed {mark}): {PART_NAMES.get(part, part) if part else 'empty'}"
        cells.append(
            group(
                el(
                    "rect",
                    x=x,
                    y=y0,
                    width=SLOT_W,
                    height=26,
                    rx=3,
                    fill="#f1efe9",
                    stroke="#b7b1a2",
                ),
                text(x + 5, y0 + 9, mark, 8, fill=MUTED),
                _part(x + SLOT_W / 2, y0 + 15, part),
                title=tip,
            )
        )
    load = len(player["goods"])
    summary = f"speed {player['speed']} · hold {load}/{player['capacity']}"
    return group(
        *cells,
        text(
            x0 + len(cells) * (SLOT_W + 2) + 8,
            y0 + 18,
            summary,
            12,
            text_anchor="start",
            font_weight="bold",
        ),
    )


def _part(x: float, y: float, part: str | None) -> Element | None:
    if part is None:
        return None
    fill = PART_FILL.get(part, MUTED)
    if part == "CARGO":
        return el("rect", x=x - 8, y=y - 6, width=16, height=12, rx=2, fill=fill, stroke=INK)
    return el("circle", cx=x, cy=y + 1, r=7, fill=fill, stroke=INK)


def _cargo(player: dict[str, Any], x0: float, y0: float) -> Element:
    goods = list(player["goods"])
    if not goods:
        return text(x0, y0 + 13, "cargo: empty", 12, text_anchor="start", fill=MUTED)
    counts: dict[str, int] = {}
    for good in goods:
        counts[good] = counts.get(good, 0) + 1
    chips = [
        (
            f"{count} x {_good(good)}" if count > 1 else _good(good),
            TIER_FILL.get(GOOD_VP.get(good, 0), TIER_FILL[0]),
            _good_title(good),
        )
        for good, count in counts.items()
    ]
    return group(
        text(x0, y0 + 13, "cargo", 12, text_anchor="start", fill=MUTED),
        *_row_of_chips(x0 + 40, y0, x0 + CARD_WIDTH - 20, chips),
    )


# -- the contract -------------------------------------------------------------------------


def board(typed: DuckDealerView, seats: Sequence[str]) -> Element:
    view = msgspec.to_builtins(typed)  # this board reads the view as JSON-like builtins
    players = list(view["players"])
    cards_bottom = CARD_TOP + len(players) * CARD_HEIGHT
    track_y = max(MAP_CENTRE[1] + MAP_BOTTOM, cards_bottom) + 34
    height = track_y + 270
    return svg(
        WIDTH,
        height,
        _defs(len(players)),
        el("rect", x=0, y=0, width=WIDTH, height=height, fill=PAPER),
        _header(view, seats),
        _map(view, seats),
        *(_seat_card(p, view, seats, CARD_TOP + i * CARD_HEIGHT) for i, p in enumerate(players)),
        _turn_track(view, seats, track_y),
        _client_track(view, track_y + 90),
        _factory_reserve(view, track_y + 140),
        _supply(view, 24, track_y + 192),
        _legend(380, track_y + 192),
        label=_label(view),
    )


def private(typed: DuckDealerView, seat: str, seats: Sequence[str]) -> Element | None:
    view = msgspec.to_builtins(typed)
    """A seat's own sealed turn-order bid (auction variant), the one secret of the game."""
    own = view.get("seat")
    player = next((p for p in view["players"] if p["seat"] == own), None)
    if own is None or player is None or player.get("sealed_bid") is None:
        return None
    bid = int(player["sealed_bid"])
    return svg(
        640,
        96,
        el(
            "rect",
            x=2,
            y=2,
            width=636,
            height=92,
            rx=10,
            fill=PAPER,
            stroke=seat_colour(int(own)),
            stroke_width=3,
        ),
        text(
            20,
            36,
            f"{_short(seat, 20)}: your sealed turn-order bid",
            20,
            text_anchor="start",
            font_weight="bold",
        ),
        text(
            20,
            72,
            f"{bid} VP in bid round {view['bid_round']}; the others see only that you have bid",
            17,
            text_anchor="start",
            title=f"your sealed bid: {bid} VP",
        ),
        label=f"private panel of {seat}: sealed bid",
    )
