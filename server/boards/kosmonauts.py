"""Kosmonauts drawn: the hex board (axial q, r as every command names hexes) with the Sun, the
solar danger ring, the asteroid belt, each body's orbit and where it stands now and next round,
ships in their seats' colours with their course for the round, and a table of the seats.

The private panel is a seat's missions (met or not if the game ended now) and its sealed orders.
The view is read back into the game's own typed view (`KosmonautsView`), so the texts are the
command line's (domain/kosmonauts/view_text.py)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from domain.kosmonauts.components import (
    ASTEROID_BELT,
    BOARD_RADIUS,
    MARKED_SPACES,
    ORBITS,
    SOLAR_DANGER,
    SUN,
    Body,
    Hex,
)
from domain.kosmonauts.view import KosmonautsView, ShipView
from domain.kosmonauts.view_text import (
    BODY_CODES,
    PHASE_TITLES,
    card_text,
    mission_text,
    orders_text,
    plan_text,
    rose_text,
)
from server.boards.svg import INK, MUTED, PAPER, Element, el, group, seat_colour, svg, text

SIZE = 13.0  # a hex's radius in user units (pointy top)
BOARD_W = 2 * math.sqrt(3) * SIZE * (BOARD_RADIUS + 1)
BOARD_H = 3 * SIZE * (BOARD_RADIUS + 1)
SIDE = 360.0
HEAD = 56.0

BODY_COLOURS: dict[Body, str] = {
    "MERCURY": "#9c8f86",
    "VENUS": "#d9b36c",
    "EARTH": "#3f7fd0",
    "MARS": "#c4553a",
    "COMET": "#7fc6d8",
    "JUPITER": "#c99a6b",
    "SATURN": "#d8c27a",
    "URANUS": "#77c4c0",
    "NEPTUNE": "#4b63c4",
}
GROUND = {"space": "#11162a", "danger": "#6e2a12", "belt": "#3b3446"}
GRID = "#2a3150"


def centre(h: Hex) -> tuple[float, float]:
    q, r = h
    return (
        BOARD_W / 2 + math.sqrt(3) * SIZE * (q + r / 2),
        HEAD + BOARD_H / 2 + 1.5 * SIZE * r,
    )


def hexagon(h: Hex, fill: str) -> Element:
    x, y = centre(h)
    corners = " ".join(
        f"{x + SIZE * math.cos(math.radians(60 * i - 30)):.1f},"
        f"{y + SIZE * math.sin(math.radians(60 * i - 30)):.1f}"
        for i in range(6)
    )
    return el("polygon", points=corners, fill=fill, stroke=GRID, stroke_width=0.6,
              title=f"hex {h[0]}:{h[1]}")  # fmt: skip


def board_hexes() -> list[Hex]:
    n = BOARD_RADIUS
    return [(q, r) for q in range(-n, n + 1) for r in range(-n, n + 1) if abs(q + r) <= n]


def ground(h: Hex) -> str:
    if h in SOLAR_DANGER:
        return GROUND["danger"]
    if h in ASTEROID_BELT:
        return GROUND["belt"]
    return GROUND["space"]


def grid() -> Element:
    cells = [hexagon(h, ground(h)) for h in board_hexes()]
    labels = [
        text(*_shift(centre(h), 0, 2), f"{h[0]}:{h[1]}", 4.2, fill="#56608a")
        for h in board_hexes()
        if h != SUN and (h[0] % 3 == 0 and h[1] % 3 == 0)
    ]
    sx, sy = centre(SUN)
    sun = el("circle", cx=sx, cy=sy, r=SIZE * 0.95, fill="#ffcc33", stroke="#ff9900",
             stroke_width=2, title="the Sun")  # fmt: skip
    return group(cells, labels, sun)


def orbits(v: KosmonautsView) -> Element:
    lines = []
    for body in v.bodies:
        spaces = ORBITS[body.body]
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in map(centre, spaces))
        colour = BODY_COLOURS[body.body]
        lines.append(el("polygon", points=points, fill="none", stroke=colour,
                        stroke_width=0.9, stroke_opacity=0.55, stroke_dasharray="3 3"))  # fmt: skip
        for index in sorted(MARKED_SPACES[body.body]):
            x, y = centre(spaces[index])
            lines.append(el("circle", cx=x, cy=y, r=2, fill=colour, fill_opacity=0.7))
    return group(lines)


def bodies(v: KosmonautsView) -> Element:
    drawn = []
    for body in v.bodies:
        colour = BODY_COLOURS[body.body]
        name = body.body.title()
        if body.next_hex is not None and body.next_hex != body.hex:
            nx, ny = centre(body.next_hex)
            drawn.append(el("circle", cx=nx, cy=ny, r=SIZE * 0.45, fill="none", stroke=colour,
                            stroke_width=1.5, stroke_dasharray="2 2",
                            title=f"{name} next round ({body.next_hex[0]}:{body.next_hex[1]})"))  # fmt: skip
        if body.hex is None:
            continue
        x, y = centre(body.hex)
        top = f", top marker {body.stack[0]}" if body.stack else ", no marker left"
        excluded = " (out of this game)" if body.excluded else ""
        drawn.append(
            group(
                el("circle", cx=x, cy=y, r=SIZE * 0.8, fill=colour, stroke="#fff",
                   stroke_width=1.2, opacity=0.45 if body.excluded else 1),
                text(x, y + 3.5, BODY_CODES[body.body], 9.5, fill=INK, font_weight="bold"),
                title=f"{name} at {body.hex[0]}:{body.hex[1]}{top}{excluded}",
            )
        )  # fmt: skip
        if body.stack:
            drawn.append(_badge(x + SIZE * 0.75, y - SIZE * 0.7, str(body.stack[0]), "#fff"))
    return group(drawn)


SETUP_PHASES = ("PLACE_PLANETS", "KEEP_MISSIONS")
"""Phases before the ships are placed on Earth (rule A8): no ship is on the board yet."""


def ships(v: KosmonautsView, seats: Sequence[str]) -> Element:
    drawn: list[Element] = []
    crowd: dict[Hex, int] = {}
    if v.phase in SETUP_PHASES:
        return group(drawn)
    for ship in v.ships:
        colour = seat_colour(ship.seat)
        x, y = centre(ship.hex)
        slot = crowd.get(ship.hex, 0)
        crowd[ship.hex] = slot + 1
        x, y = x + (slot - 0.5) * 7, y + SIZE * 0.55
        plan = ship.flight_plan
        if plan is not None and plan.destination != ship.hex:
            tx, ty = centre(plan.destination)
            drawn.append(el("line", x1=x, y1=y, x2=tx, y2=ty, stroke=colour, stroke_width=2,
                            stroke_dasharray="5 3", marker_end=f"url(#arrow-{ship.seat})"))  # fmt: skip
        name = seats[ship.seat]
        drawn.append(
            el("polygon", points=_triangle(x, y, 6.5), fill=colour, stroke="#fff",
               stroke_width=1, title=f"{name}: {_status(v, ship)}")
        )  # fmt: skip
    return group(drawn)


def arrowheads(count: int) -> Element:
    return el(
        "defs",
        [
            el("marker", el("path", d="M0,0 L8,4 L0,8 z", fill=seat_colour(i)),
               id=f"arrow-{i}", viewBox="0 0 8 8", refX=7, refY=4, markerWidth=6,
               markerHeight=6, orient="auto-start-reverse")
            for i in range(count)
        ],
    )  # fmt: skip


def header(v: KosmonautsView, seats: Sequence[str]) -> Element:
    phase = PHASE_TITLES.get(v.phase, v.phase)
    line = f"Round {v.round} · {phase}"
    if v.to_move:
        line += " · to move: " + ", ".join(seats[s] for s in v.to_move)
    event = f"This round: {card_text(v.round_card)}" if v.round_card else ""
    return group(
        text(12, 22, line, 15, text_anchor="start", font_weight="bold"),
        text(12, 42, event, 12, text_anchor="start", fill=MUTED),
    )


def seat_table(v: KosmonautsView, seats: Sequence[str]) -> Element:
    x0 = BOARD_W + 16
    rows: list[Element] = [text(x0, HEAD + 4, "Seats", 14, text_anchor="start", font_weight="bold")]
    y = HEAD + 24
    for ship in v.ships:
        colour = seat_colour(ship.seat)
        where = f"on {ship.landed_on.title()}" if ship.landed_on else "flying"
        at = f"{where} at {ship.hex[0]}:{ship.hex[1]}"
        lines = [
            f"{v.scores[ship.seat]} VP · {'not placed yet' if v.phase in SETUP_PHASES else at}",
            f"tank {ship.normal} yellow + {ship.hyper} red · shields {ship.shields}",
            f"{rose_text(ship.rose)}",
            "markers " + (", ".join(f"{m.body[:2].title()}{m.value}" for m in ship.markers)
                          or "none"),
            f"visited {ship.bodies_visited} · {ship.mission_count} missions"
            + (" · orders in" if ship.order_submitted and v.phase == "ORDERS" else ""),
        ]  # fmt: skip
        rows.append(el("rect", x=x0, y=y - 12, width=SIDE - 28, height=22 + 15 * len(lines),
                       rx=6, fill="#fff", stroke=colour, stroke_width=2))  # fmt: skip
        rows.append(el("polygon", points=_triangle(x0 + 12, y - 2, 6), fill=colour))
        rows.append(text(x0 + 24, y + 2, seats[ship.seat], 13, text_anchor="start",
                         font_weight="bold"))  # fmt: skip
        for i, line in enumerate(lines):
            rows.append(text(x0 + 10, y + 18 + 15 * i, line, 11, text_anchor="start"))
        y += 26 + 15 * len(lines)
    y += 6
    rows.append(text(x0, y, f"Event cards (draw pile {v.draw_pile_size})", 13,
                     text_anchor="start", font_weight="bold"))  # fmt: skip
    for card in v.face_up:
        y += 15
        rows.append(text(x0, y, _clip(card_text(card), 54), 10.5, text_anchor="start"))
    y += 22
    rows.append(legend(x0, y))
    return group(rows)


def legend(x: float, y: float) -> Element:
    keys = [("danger", "solar danger (costs a shield)"), ("belt", "asteroid belt")]
    items: list[Element] = []
    for i, (key, words) in enumerate(keys):
        items.append(el("rect", x=x, y=y + 16 * i - 9, width=12, height=12, fill=GROUND[key]))
        items.append(text(x + 18, y + 16 * i + 1, words, 11, text_anchor="start"))
    y += 16 * len(keys)
    items.append(el("circle", cx=x + 6, cy=y - 3, r=5, fill="none", stroke=MUTED,
                    stroke_dasharray="2 2"))  # fmt: skip
    items.append(text(x + 18, y + 1, "where a body stands next round", 11, text_anchor="start"))
    items.append(_badge(x + 6, y + 13, "4", "#fff"))
    items.append(text(x + 18, y + 17, "its top landing marker (VP)", 11, text_anchor="start"))
    return group(items)


def board(view: KosmonautsView, seats: Sequence[str]) -> Element:
    v = view
    width, height = BOARD_W + SIDE, HEAD + BOARD_H
    return svg(
        width,
        height,
        arrowheads(len(seats)),
        el("rect", x=0, y=0, width=width, height=height, fill=PAPER),
        el("rect", x=0, y=HEAD, width=BOARD_W, height=BOARD_H, fill="#0b0f1e", rx=8),
        header(v, seats),
        grid(),
        orbits(v),
        bodies(v),
        ships(v, seats),
        seat_table(v, seats),
        label=f"Kosmonauts, round {v.round}: the solar system, {len(seats)} ships",
    )


def private(view: KosmonautsView, seat: str, seats: Sequence[str]) -> Element | None:
    v = view
    own = next((ship for ship in v.ships if seats[ship.seat] == seat), None)
    if own is None or own.missions is None:
        return None
    lines = [("Missions", True)]
    met = own.missions_met_now or ()
    for i, card in enumerate(own.missions):
        status = "met now" if i < len(met) and met[i] else "not met yet"
        lines.append((f"{mission_text(card)} — {status}", False))
    if own.discarded_missions:
        lines.append(("Set aside: " + ", ".join(own.discarded_missions), False))
    orders = orders_text(v, own)
    if orders:
        lines += [("Orders", True), (orders, False)]
    if own.flight_plan is not None:
        lines += [("Course", True), (plan_text(v, own), False)]
    height = 18 * len(lines) + 16
    return svg(
        720,
        height,
        el("rect", x=0, y=0, width=720, height=height, fill="#fff"),
        [
            text(10, 20 + 18 * i, words, 13 if bold else 12, text_anchor="start",
                 font_weight="bold" if bold else None)
            for i, (words, bold) in enumerate(lines)
        ],
        label=f"what {seat} alone knows: missions and orders",
    )  # fmt: skip


def _status(v: KosmonautsView, ship: ShipView) -> str:
    where = f"on {ship.landed_on.title()}" if ship.landed_on else "flying"
    plan = f"; {plan_text(v, ship)}" if ship.flight_plan is not None else ""
    return f"{where} at {ship.hex[0]}:{ship.hex[1]}, {rose_text(ship.rose)}{plan}"


def _triangle(x: float, y: float, r: float) -> str:
    return f"{x:.1f},{y - r:.1f} {x + r * 0.87:.1f},{y + r * 0.5:.1f} {x - r * 0.87:.1f},{y + r * 0.5:.1f}"


def _badge(x: float, y: float, words: str, fill: str) -> Element:
    return group(
        el("circle", cx=x, cy=y, r=5.5, fill=fill, stroke=INK, stroke_width=0.8),
        text(x, y + 3, words, 8, font_weight="bold"),
    )


def _shift(point: tuple[float, float], dx: float, dy: float) -> tuple[float, float]:
    return point[0] + dx, point[1] + dy


def _clip(words: str, size: int) -> str:
    return words if len(words) <= size else words[: size - 1] + "…"
