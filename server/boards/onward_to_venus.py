"""Onward to Venus drawn: the solar system from the Sun outwards (Mercury to the Kuiper belt) on
their orbits; on each planet its face-up tiles (factory, mine, crisis, tension, alien... with
their defence), the units in orbit and on the surface and the buildings in their seats'
colours, its VP hexes and what it pays each seat; then the period, phase and action, the combat
under way, the aliens' advance, and each seat's empire, money, hand size, kept tiles and supply.

The private panel is a seat's hand and held cards (and a hand it looked at with Espionage)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import msgspec

from domain.onward_to_venus.components import EMPIRE_NAMES, PLANETS
from domain.onward_to_venus.state import piece_owner
from domain.onward_to_venus.view import CardView, OnwardView, PlanetView, SeatView
from server.boards.svg import INK, MUTED, PAPER, Element, el, group, seat_colour, svg, text

WIDTH = 1320.0
SPACE_TOP, SPACE_H = 70.0, 560.0
STEP = (WIDTH - 230) / 7
ROWS = (SPACE_TOP + 150, SPACE_TOP + 400)  # planets zigzag between two rows
SUN_X = -180.0
SUN_Y = SPACE_TOP + SPACE_H / 2
PLANET_COLOURS = {
    "MERCURY": "#a59d94", "VENUS": "#e3c16f", "EARTH": "#4a86c8", "MOON": "#c9c9c9",
    "MARS": "#c8553d", "GANYMEDE": "#b9a88f", "TITAN": "#d7a54b", "KUIPER": "#8fb3c9",
}  # fmt: skip
TILE_COLOURS = {
    "FACTORY": "#6c8ebf", "MINE": "#a0785a", "CARDS": "#7fb77e", "TROPHY": "#e9c46a",
    "FORTUNE": "#f4a261", "CRISIS": "#d1495b", "TENSION": "#9b5de5", "ALIEN": "#52b788",
}  # fmt: skip


def place(index: int) -> tuple[float, float]:
    return 110 + STEP * index, ROWS[index % 2]


def orbit(index: int) -> Element:
    x, y = place(index)
    radius = math.hypot(x - SUN_X, y - SUN_Y)
    return el("circle", cx=SUN_X, cy=SUN_Y, r=radius, fill="none", stroke="#3a4266",
              stroke_width=1.2, stroke_dasharray="4 4")  # fmt: skip


def chips(pieces: Sequence[str], x: float, y: float, seats: Sequence[str], where: str) -> Element:
    """Pieces grouped by owner and kind, one chip each: `3 inf` in the owner's colour."""
    counted = Counter((piece_owner(p), p.split(".")[1] if "." in p else p) for p in pieces)
    drawn = []
    for i, ((owner, kind), count) in enumerate(
        sorted(counted.items(), key=lambda kv: (kv[0][0] or 0, kv[0][1]))
    ):
        cx = x - 58 + (i % 2) * 60
        cy = y + (i // 2) * 19
        colour = seat_colour(owner) if owner is not None else MUTED
        who = seats[owner] if owner is not None and owner < len(seats) else "no one"
        drawn.append(group(
            el("rect", x=cx, y=cy, width=56, height=16, rx=8, fill=colour, stroke="#fff",
               stroke_width=0.8),
            text(cx + 28, cy + 12, f"{count} {kind.lower()}", 10, fill="#fff", font_weight="bold"),
            title=f"{who}: {count} {kind.lower()} {where}",
        ))  # fmt: skip
    return group(drawn)


def tiles(planet: PlanetView, x: float, y: float) -> Element:
    drawn = []
    for i, tile in enumerate(planet.tiles):
        tx = x - 12 * len(planet.tiles) + 24 * i
        colour = TILE_COLOURS.get(tile.kind, MUTED)
        drawn.append(group(
            el("rect", x=tx, y=y, width=22, height=22, rx=3, fill=colour, stroke=INK,
               stroke_width=1.6 if tile.marked else 0.6),
            text(tx + 11, y + 10, tile.kind[:3], 7.5, fill="#fff", font_weight="bold"),
            text(tx + 11, y + 19, tile.defence or "", 8.5, fill="#fff"),
            title=f"tile {tile.id}: {tile.kind.lower()}, defence {tile.defence}"
            + (" (marked)" if tile.marked else ""),
        ))  # fmt: skip
    return group(drawn)


def planet_picture(index: int, planet: PlanetView, seats: Sequence[str]) -> Element:
    x, y = place(index)
    name = planet.name.title()
    radius = 30
    parts: list[Element] = [
        el("circle", cx=x, cy=y, r=radius, fill=PLANET_COLOURS.get(planet.name, "#999"),
           stroke="#fff", stroke_width=2, title=name + (" (flipped: its VP are scored)" if planet.flipped else "")),
        text(x, y + 4, name, 11, font_weight="bold"),
        tiles(planet, x, y - radius - 30),
        chips(planet.orbit, x, y - radius - 72, seats, f"in orbit of {name}"),
        chips(planet.surface, x, y + radius + 8, seats, f"on {name}"),
        chips(planet.buildings, x, y + radius + 48, seats, f"built on {name}"),
    ]  # fmt: skip
    facts = []
    if planet.vp_hexes:
        facts.append("VP " + "/".join(map(str, planet.vp_hexes)))
    paid = [f"{seats[s]} {n}" for s, n in enumerate(planet.incomes) if n and s < len(seats)]
    if paid:
        facts.append("pays " + ", ".join(paid))
    if planet.alien is not None:
        facts.append(f"aliens {planet.alien}")
    if planet.traitors:
        facts.append("traitors " + ", ".join(map(str, planet.traitors)))
    for i, line in enumerate(facts):
        parts.append(text(x, y + radius + 92 + 13 * i, line, 10, fill="#dfe4f2"))
    return group(parts)


def seat_card(s: SeatView, seats: Sequence[str], x: float, y: float, now: bool) -> Element:
    colour = seat_colour(s.seat)
    supply = ", ".join(f"{n} {kind.lower()}" for kind, n in sorted(s.supply.items())) or "none"
    lines = [
        f"{EMPIRE_NAMES.get(s.empire, s.empire)} · £{s.money} · {s.hand_size} cards in hand",
        f"kept tiles: {', '.join(map(str, s.kept_tiles)) or 'none'}",
        f"in supply: {supply}",
    ]
    width = (WIDTH - 24) / max(1, len(seats)) - 8
    return group(
        el("rect", x=x, y=y, width=width, height=82, rx=8, fill="#fff", stroke=colour,
           stroke_width=3 if now else 1.5),
        el("circle", cx=x + 14, cy=y + 16, r=6, fill=colour),
        text(x + 26, y + 21, seats[s.seat] + ("  (to play)" if now else ""), 13.5,
             text_anchor="start", font_weight="bold"),
        [text(x + 10, y + 40 + 14 * i, line, 10.5, text_anchor="start") for i, line in enumerate(lines)],
    )  # fmt: skip


def header(v: OnwardView, seats: Sequence[str]) -> Element:
    active = f" · {seats[v.active]} acts ({v.actions_left} left)" if v.active is not None else ""
    line = f"Period {v.period} · {v.phase.lower().replace('_', ' ')}{active}"
    facts = [f"draw deck {v.deck_size}", f"tile bag {v.bag_size}", f"discard {len(v.discard)}",
             f"pass markers {v.pass_markers}"]  # fmt: skip
    if v.aliens_invaded:
        front = PLANETS[v.alien_front].title() if 0 <= v.alien_front < len(PLANETS) else "none"
        facts.append(f"the aliens have landed (furthest: {front})")
    if v.combat is not None:
        target = f" on {v.combat.target}" if v.combat.target else ""
        facts.append(f"combat at {v.combat.planet.title()} against tile {v.combat.tile}{target}")
    if v.pending:
        head = v.pending[0]
        facts.append(f"{seats[head.seat]} owes a {head.kind.lower().replace('_', ' ')} decision")
    return group(
        text(12, 24, line, 16, text_anchor="start", font_weight="bold"),
        text(12, 46, " · ".join(facts), 11.5, text_anchor="start", fill=MUTED),
    )


def legend(x: float, y: float) -> Element:
    items: list[Element] = []
    for i, (kind, colour) in enumerate(TILE_COLOURS.items()):
        items.append(el("rect", x=x + 92 * i, y=y, width=12, height=12, rx=2, fill=colour))
        items.append(text(x + 16 + 92 * i, y + 10, kind.lower(), 10.5, text_anchor="start",
                          fill="#dfe4f2"))  # fmt: skip
    items.append(text(x + 92 * len(TILE_COLOURS) + 10, y + 10,
                      "chips above a planet: in orbit · below: on the surface, then buildings",
                      10.5, text_anchor="start", fill="#dfe4f2"))  # fmt: skip
    return group(items)


def board(view: Any, seats: Sequence[str]) -> Element:
    v = msgspec.convert(view, OnwardView)
    top = SPACE_TOP + SPACE_H + 12
    height = top + 92
    width = (WIDTH - 24) / max(1, len(v.seats))
    return svg(
        WIDTH,
        height,
        el("rect", x=0, y=0, width=WIDTH, height=height, fill=PAPER),
        header(v, seats),
        el("rect", x=8, y=SPACE_TOP, width=WIDTH - 16, height=SPACE_H, rx=12, fill="#0f1424"),
        el("defs", el("clipPath", el("rect", x=8, y=SPACE_TOP, width=WIDTH - 16,
                                     height=SPACE_H, rx=12), id="space")),
        group(
            el("circle", cx=SUN_X, cy=SUN_Y, r=230, fill="#ffcc33", opacity=0.9),
            [orbit(i) for i in range(len(v.planets))],
            clip_path="url(#space)",
        ),
        [planet_picture(i, planet, seats) for i, planet in enumerate(v.planets)],
        legend(24, SPACE_TOP + SPACE_H - 22),
        [seat_card(s, seats, 12 + i * (width + 8), top, s.seat in v.to_move)
         for i, s in enumerate(v.seats)],
        label=f"Onward to Venus, period {v.period}: the solar system and {len(seats)} empires",
    )  # fmt: skip


def private(view: Any, seat: str, seats: Sequence[str]) -> Element | None:
    v = msgspec.convert(view, OnwardView)
    if v.seat is None:
        return None
    own = v.seats[v.seat]
    sections: list[tuple[str, Sequence[CardView]]] = [
        (f"Hand ({len(own.hand or ())})", own.hand or ())
    ]
    if own.held:
        sections.append(("Held", own.held))
    if v.spied_hand:
        sections.append(("The hand you looked at (Espionage)", v.spied_hand))
    drawn: list[Element] = []
    y = 8.0
    for title, cards in sections:
        drawn.append(text(12, y + 14, title, 13, text_anchor="start", font_weight="bold"))
        if not cards:
            drawn.append(text(12, y + 40, "no cards", 11, text_anchor="start", fill=MUTED))
        for i, c in enumerate(cards):
            cx, cy = 12 + (i % 9) * 86, y + 22 + (i // 9) * 50
            drawn.append(group(
                el("rect", x=cx, y=cy, width=80, height=44, rx=5, fill="#f4efe1", stroke=INK,
                   stroke_width=0.8),
                text(cx + 40, cy + 18, c.effect.replace("_", " ").title(), 9.5, font_weight="bold"),
                text(cx + 40, cy + 34, c.kind.lower(), 9, fill=MUTED),
                title=f"card {c.id}: {c.effect} ({c.kind})",
            ))  # fmt: skip
        y += 22 + max(1, 1 + (len(cards) - 1) // 9) * 50 + 4
    return svg(800, y, el("rect", x=0, y=0, width=800, height=y, fill="#fff"), drawn,
               label=f"{seat}'s cards")  # fmt: skip
