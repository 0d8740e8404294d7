"""Duck Dealer drawn: the star map (the start planets and the outer planets on a ring, the
inner pentagon around the hub, every route with its deep-space spaces), route cubes, portals,
ships in their seats' colours, each planet's sites (mine, spaceport, factory, client; built or
not, with privilege markers), the turn track, the client track and each seat's ship and store.

Everything in Duck Dealer is open but a sealed turn-order bid: the private panel shows the
seat's own bid while it is sealed. (The map's geometry is the PROPOSED route table of
domain/duck_dealer/components.py laid out on two rings: drawn, not ruled.)"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import msgspec

from domain.duck_dealer.components import (
    PLANETS,
    ROUTES,
    START_PLANETS,
    TURN_TRACK_LENGTH,
)
from domain.duck_dealer.view import DuckDealerView, PlayerView, SiteView
from server.boards.svg import INK, MUTED, PAPER, Element, el, group, seat_colour, svg, text

MAP = 760.0
CX, CY = MAP / 2, MAP / 2 + 50
SIDE = 430.0
TRACK_H = 120.0
SITE_COLOURS = {
    "mine": "#b08968",
    "spaceport": "#4f86c6",
    "factory": "#9c6ade",
    "client": "#e07a5f",
}
ENERGY = (("red", "#d1495b"), ("yellow", "#edae49"), ("blue", "#2e86ab"))


def planet_place(planet: str) -> tuple[float, float]:
    """Hub P11 in the middle; P1-P5 around it; S1-S5 and P6-P10 alternating on the outer ring."""
    if planet == "P11":
        return CX, CY
    number = int(planet[1:])
    if planet.startswith("S"):
        angle, radius = -90 + 72 * (number - 1), 320.0
    elif number <= 5:
        angle, radius = -90 + 72 * (number - 1), 150.0
    else:
        angle, radius = -90 + 72 * (number - 6) + 36, 320.0
    return CX + radius * math.cos(math.radians(angle)), CY + radius * math.sin(math.radians(angle))


def node_places() -> dict[str, tuple[float, float]]:
    places = {planet: planet_place(planet) for planet in PLANETS}
    for a, b, length in ROUTES:
        (ax, ay), (bx, by) = places[a], places[b]
        for i in range(1, length + 1):
            f = i / (length + 1)
            places[f"{a}-{b}.{i}"] = (ax + (bx - ax) * f, ay + (by - ay) * f)
    return places


PLACES = node_places()


def routes() -> Element:
    lines = []
    for a, b, length in ROUTES:
        (ax, ay), (bx, by) = PLACES[a], PLACES[b]
        lines.append(el("line", x1=ax, y1=ay, x2=bx, y2=by, stroke="#4a5275", stroke_width=2))
        for i in range(1, length + 1):
            x, y = PLACES[f"{a}-{b}.{i}"]
            lines.append(el("circle", cx=x, cy=y, r=5, fill="#1b2036", stroke="#8a93b8",
                            stroke_width=1, title=f"deep space {a}-{b}.{i}"))  # fmt: skip
    return group(lines)


def planets(v: DuckDealerView) -> Element:
    by_planet: dict[str, list[SiteView]] = {}
    for site in v.sites:
        by_planet.setdefault(site.planet, []).append(site)
    drawn = []
    for planet in PLANETS:
        x, y = PLACES[planet]
        explored = planet in v.explored or planet in START_PLANETS
        start = planet in START_PLANETS
        drawn.append(el("circle", cx=x, cy=y, r=26, fill="#f2c14e" if start else "#7fb3d5",
                        stroke="#fff", stroke_width=2, opacity=1 if explored else 0.45,
                        title=f"planet {planet}" + ("" if explored else " (unexplored)")))  # fmt: skip
        drawn.append(text(x, y + 5, planet, 13, font_weight="bold"))
        sites = sorted(by_planet.get(planet, []), key=lambda s: s.slot)
        for i, site in enumerate(sites):
            sx, sy = x - 13 * len(sites) + 26 * i + 13, y + 40
            colour = SITE_COLOURS.get(site.kind, MUTED)
            tip = f"{site.kind} {site.site} on {planet}, slot {site.slot}" + (
                "" if site.built else " (not built)")  # fmt: skip
            if site.privilege is not None:
                tip += f"; privilege: seat {site.privilege + 1}"
            drawn.append(el("rect", x=sx - 11, y=sy - 11, width=22, height=22, rx=4,
                            fill=colour if site.built else "#fff", stroke=colour,
                            stroke_width=2, title=tip))  # fmt: skip
            drawn.append(text(sx, sy + 4, site.kind[0].upper(), 11,
                              fill="#fff" if site.built else colour, font_weight="bold"))  # fmt: skip
            if site.privilege is not None:
                drawn.append(el("circle", cx=sx + 10, cy=sy - 10, r=5,
                                fill=seat_colour(site.privilege), stroke="#fff"))  # fmt: skip
    return group(drawn)


def pieces(v: DuckDealerView, seats: Sequence[str]) -> Element:
    drawn = []
    for cube in v.route_cubes:
        if cube.node in PLACES:
            x, y = PLACES[cube.node]
            drawn.append(el("rect", x=x - 4.5, y=y - 4.5, width=9, height=9,
                            fill=seat_colour(cube.seat), stroke="#fff", stroke_width=0.8,
                            title=f"{seats[cube.seat]}'s route cube at {cube.node}"))  # fmt: skip
    for portal in v.portals:
        if portal.entrance in PLACES and portal.exit in PLACES:
            (ax, ay), (bx, by) = PLACES[portal.entrance], PLACES[portal.exit]
            drawn.append(el("line", x1=ax, y1=ay, x2=bx, y2=by, stroke=seat_colour(portal.owner),
                            stroke_width=3, stroke_dasharray="2 5", stroke_linecap="round",
                            title=f"{seats[portal.owner]}'s portal {portal.entrance} to "
                            f"{portal.exit}"))  # fmt: skip
    for i, player in enumerate(v.players):
        if player.location is None or player.location not in PLACES:
            continue
        x, y = PLACES[player.location]
        x += -14 + 9 * i
        y -= 30 if player.location in PLANETS else 12
        drawn.append(el("path", d=f"M{x},{y - 10} L{x + 7},{y + 6} L{x},{y + 2} L{x - 7},{y + 6} Z",
                        fill=seat_colour(player.seat), stroke="#fff", stroke_width=1.2,
                        title=f"{seats[player.seat]}'s ship at {player.location}"))  # fmt: skip
    return group(drawn)


def turn_track(v: DuckDealerView, seats: Sequence[str], top: float) -> Element:
    width = (MAP + SIDE - 40) / TURN_TRACK_LENGTH
    drawn: list[Element] = [text(12, top + 14, f"Turn track ({len(v.turn_track)} of "
                                 f"{TURN_TRACK_LENGTH})", 13, text_anchor="start",
                                 font_weight="bold")]  # fmt: skip
    for i in range(TURN_TRACK_LENGTH):
        x = 12 + i * width
        taken = v.turn_track[i] if i < len(v.turn_track) else None
        drawn.append(el("rect", x=x, y=top + 22, width=width - 3, height=26, rx=4,
                        fill=seat_colour(taken) if taken is not None else "#fff", stroke=INK,
                        stroke_width=0.6,
                        title=f"space {i + 1}" + (f": {seats[taken]}" if taken is not None else "")))  # fmt: skip
        drawn.append(text(x + width / 2 - 1.5, top + 40, i + 1, 10,
                          fill="#fff" if taken is not None else MUTED))  # fmt: skip
    clients = ", ".join(v.client_track) or "none"
    factories = ", ".join(v.factory_reserve) or "none"
    drawn.append(
        text(12, top + 70, f"Client track (top first): {clients}", 11.5, text_anchor="start")
    )
    drawn.append(text(12, top + 88, f"Factory reserve: {factories}", 11.5, text_anchor="start"))
    return group(drawn)


def player_card(p: PlayerView, seats: Sequence[str], x: float, y: float, now: bool) -> Element:
    colour = seat_colour(p.seat)
    held = Counter((slot or "EMPTY").lower() for slot in p.slots)
    parts = ", ".join(f"{count} {part}" for part, count in sorted(held.items()))
    lines = [
        f"{p.net} net VP ({p.vp} VP - bid {p.bid}) · {p.cubes} cubes · {p.privilege_markers} privileges",
        f"ship at {p.location or '—'} · speed {p.speed} · capacity {p.capacity}",
        f"goods: {', '.join(g.lower().replace('_', ' ') for g in p.goods) or 'none'}",
        f"slots: {parts}",
    ]  # fmt: skip
    bars = []
    for i, (name, colour_of) in enumerate(ENERGY):
        amount = getattr(p.energy, name)
        bars.append(el("rect", x=x + 10 + 130 * i, y=y + 96, width=min(110, 3 * amount + 2),
                       height=10, rx=2, fill=colour_of, title=f"{amount} {name} energy"))  # fmt: skip
        bars.append(text(x + 10 + 130 * i, y + 122, f"{amount} {name}", 10.5, text_anchor="start"))
    return group(
        el("rect", x=x, y=y, width=SIDE - 20, height=134, rx=8, fill="#fff", stroke=colour,
           stroke_width=3 if now else 1.5),
        el("circle", cx=x + 14, cy=y + 16, r=6, fill=colour),
        text(x + 26, y + 21, seats[p.seat] + ("  (to play)" if now else ""), 14,
             text_anchor="start", font_weight="bold"),
        [text(x + 10, y + 40 + 14 * i, line, 11, text_anchor="start") for i, line in enumerate(lines)],
        bars,
    )  # fmt: skip


def header(v: DuckDealerView, seats: Sequence[str]) -> Element:
    turn = (
        v.phase.replace("_", " ")
        if v.active is None
        else f"{seats[v.active]} to choose a turn"
        if v.turn_kind == "none"
        else f"{seats[v.active]}'s {v.turn_kind} turn"
    )
    line = f"Duck Dealer · {v.phase.replace('_', ' ')} · {turn}"
    order = "turn order: " + ", ".join(seats[s] for s in v.turn_order)
    supply = (f"supply {v.supply.red} red, {v.supply.yellow} yellow, {v.supply.blue} blue"
              f" · cargo holds {v.cargo_supply}")  # fmt: skip
    if v.trade is not None:
        supply += f" · {seats[v.trade.proposer]} offers {seats[v.trade.partner]} a trade"
    return group(
        text(12, 24, line, 16, text_anchor="start", font_weight="bold"),
        text(12, 44, f"{order} · {supply}", 11.5, text_anchor="start", fill=MUTED),
    )


def legend(x: float, y: float) -> Element:
    items: list[Element] = []
    for i, (kind, colour) in enumerate(SITE_COLOURS.items()):
        items.append(el("rect", x=x + 100 * i, y=y, width=14, height=14, rx=3, fill=colour))
        items.append(text(x + 19 + 100 * i, y + 11, kind, 11, text_anchor="start"))
    items.append(text(x, y + 30, "filled: built · outline: not yet built · dot: a privilege",
                      10.5, text_anchor="start", fill=MUTED))  # fmt: skip
    return group(items)


def board(view: Any, seats: Sequence[str]) -> Element:
    v = msgspec.convert(view, DuckDealerView)
    width = MAP + SIDE
    cards_h = 60 + 142 * len(v.players)
    top = max(MAP + 90, cards_h + 50)
    height = top + TRACK_H
    return svg(
        width,
        height,
        el("rect", x=0, y=0, width=width, height=height, fill=PAPER),
        el("rect", x=8, y=60, width=MAP - 8, height=MAP - 8, rx=12, fill="#0f1424"),
        header(v, seats),
        routes(),
        planets(v),
        pieces(v, seats),
        [player_card(p, seats, MAP + 10, 60 + 142 * i, p.seat in v.to_move)
         for i, p in enumerate(v.players)],
        legend(MAP + 10, 66 + 142 * len(v.players)),
        turn_track(v, seats, top),
        label=f"Duck Dealer: the star map, {len(seats)} ships and the turn track",
    )  # fmt: skip


def private(view: Any, seat: str, seats: Sequence[str]) -> Element | None:
    v = msgspec.convert(view, DuckDealerView)
    own = next((p for p in v.players if seats[p.seat] == seat), None)
    if own is None or own.sealed_bid is None:
        return None
    return svg(
        420,
        44,
        el("rect", x=0, y=0, width=420, height=44, fill="#fff"),
        text(12, 28, f"Your sealed bid for turn order: {own.sealed_bid} VP", 15,
             text_anchor="start", font_weight="bold"),
        label=f"{seat}'s sealed bid",
    )  # fmt: skip
