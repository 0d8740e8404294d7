"""Race for the Galaxy drawn: every seat's tableau as a row of cards (worlds coloured by their
good, developments violet, military worlds edged red; cost, VP and a good on a world shown as on
the cards), with its score, VP chips, hand size and chosen actions; the VP pool, the draw and
discard piles, the round and the phase.

The private panel is a seat's hand (and the cards it is exploring), with its own Develop or
Settle choice while that is still sealed from the others."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

import msgspec

from domain.race_for_the_galaxy.components import card
from domain.race_for_the_galaxy.view import PlayerView, RaceView
from server.boards.svg import INK, MUTED, PAPER, Element, el, group, seat_colour, svg, text

CARD_W, CARD_H, GAP = 78.0, 104.0, 6.0
PER_ROW = 12
WIDTH = 24 + PER_ROW * (CARD_W + GAP)
HEAD = 82.0

GOODS: dict[str, tuple[str, str]] = {  # good -> (card colour, name)
    "NOVELTY": ("#8fd3f4", "Novelty"),
    "RARE": ("#c08a5b", "Rare elements"),
    "GENES": ("#8fd18f", "Genes"),
    "ALIEN": ("#f2d45c", "Alien technology"),
}
ACTIONS = {"EXPLORE_5": "Explore +5", "EXPLORE_1_1": "Explore +1+1",
           "CONSUME_TRADE": "Consume-Trade", "CONSUME_2X": "Consume-2x"}  # fmt: skip
WORLD = "#d9dde6"
DEVELOPMENT = "#c8b6e2"
MILITARY = "#c0392b"
PHASES = {"EXPLORE": "I Explore", "DEVELOP": "II Develop", "SETTLE": "III Settle",
          "CONSUME": "IV Consume", "PRODUCE": "V Produce"}  # fmt: skip


def card_picture(number: int, x: float, y: float, *, good: bool = False) -> Element:
    """One card: its name, its cost (defense for a military world) and its VP."""
    design = card(number)
    fill = DEVELOPMENT if design.is_development else GOODS.get(design.good or "", (WORLD,))[0]
    edge = MILITARY if design.is_military else INK
    name = textwrap.wrap(design.name, 12)[:4]
    kind = "development" if design.is_development else (
        "military world" if design.is_military else "world")  # fmt: skip
    tip = f"{design.name} — {kind}, cost {design.cost}, {design.vp} VP"
    if design.good:
        tip += f", {GOODS[design.good][1]}{' windfall' if design.is_windfall else ''}"
    parts: list[object] = [
        el("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=6, fill=fill, stroke=edge,
           stroke_width=2.2 if design.is_military else 1),
        el("circle", cx=x + 11, cy=y + 11, r=8, fill="#fff", stroke=edge, stroke_width=1),
        text(x + 11, y + 15, design.cost, 10, font_weight="bold"),
        el("polygon", points=_hexagon(x + CARD_W - 12, y + 12, 9), fill="#fff7d6", stroke=INK,
           stroke_width=0.8),
        text(x + CARD_W - 12, y + 16, "?" if design.is_six_cost else design.vp, 10,
             font_weight="bold"),
        [text(x + CARD_W / 2, y + 36 + 12 * i, line, 9.5) for i, line in enumerate(name)],
    ]  # fmt: skip
    if design.is_windfall:
        parts.append(text(x + CARD_W / 2, y + CARD_H - 8, "windfall", 8, fill=MUTED))
    if good:
        parts.append(el("rect", x=x + CARD_W / 2 - 9, y=y + CARD_H - 26, width=18, height=18,
                        rx=3, fill=GOODS[design.good or "NOVELTY"][0], stroke=INK,
                        stroke_width=1.5, title="a good on this world"))  # fmt: skip
    return group(parts, title=tip)


def action_name(action: str) -> str:
    return ACTIONS.get(action, action.replace("_", " ").title())


def rows_of(count: int) -> int:
    return max(1, 1 + (count - 1) // PER_ROW)


def seat_band(p: PlayerView, seats: Sequence[str], y: float, v: RaceView) -> tuple[Element, float]:
    colour = seat_colour(p.seat)
    with_goods = {world for world, _ in p.goods}
    actions = "sealed" if p.actions is None else (", ".join(map(action_name, p.actions)) or "—")
    if p.actions is None and p.decided:
        actions = "chosen (sealed)"
    facts = (f"{p.score} VP · {p.chips} VP chips · {p.hand_count} cards in hand"
             f" · actions: {actions}")  # fmt: skip
    if p.choice is not None:
        facts += f" · placing {card(p.choice).name}"
    height = 34 + rows_of(len(p.tableau)) * (CARD_H + GAP) + 8
    cards = [
        card_picture(c, 16 + (i % PER_ROW) * (CARD_W + GAP), y + 34 + (i // PER_ROW) * (CARD_H + GAP),
                     good=c in with_goods)
        for i, c in enumerate(p.tableau)
    ]  # fmt: skip
    to_play = p.seat in v.to_move
    band = group(
        el("rect", x=8, y=y, width=WIDTH - 16, height=height - 6, rx=8, fill="#fff",
           stroke=colour, stroke_width=3 if to_play else 1.5),
        el("circle", cx=24, cy=y + 17, r=7, fill=colour),
        text(38, y + 22, seats[p.seat], 14, text_anchor="start", font_weight="bold"),
        text(38 + 9 * len(seats[p.seat]) + 14, y + 22, facts, 11.5, text_anchor="start"),
        cards,
        title=f"{seats[p.seat]}'s tableau",
    )  # fmt: skip
    return band, height


def header(v: RaceView, seats: Sequence[str]) -> Element:
    phase = f" · phase {PHASES.get(v.phase, v.phase)}" if v.phase else ""
    line = f"Round {v.round}{phase} · {v.stage.lower().replace('_', ' ')}"
    if v.to_move:
        line += " · to move: " + ", ".join(seats[s] for s in v.to_move)
    piles = f"VP pool {v.pool} · draw pile {v.deck_count} · discard pile {v.discard_count}"
    if v.end_reason:
        piles += f" · game over ({v.end_reason.lower().replace('_', ' ')})"
    return group(
        text(12, 24, line, 16, text_anchor="start", font_weight="bold"),
        text(12, 46, piles, 12.5, text_anchor="start", fill=MUTED),
        legend(12, 58),
    )


def legend(x: float, y: float) -> Element:
    keys = [(colour, name) for colour, name in GOODS.values()]
    keys += [(WORLD, "no good"), (DEVELOPMENT, "development")]
    items: list[Element] = []
    for i, (colour, name) in enumerate(keys):
        cx, cy = x + i * 150, y
        items.append(el("rect", x=cx, y=cy, width=12, height=12, rx=2, fill=colour, stroke=INK,
                        stroke_width=0.5))  # fmt: skip
        items.append(text(cx + 17, cy + 10, name, 10.5, text_anchor="start"))
    return group(items)


def board(view: Any, seats: Sequence[str]) -> Element:
    v = msgspec.convert(view, RaceView)
    y = HEAD
    bands = []
    for p in v.players:
        band, height = seat_band(p, seats, y, v)
        bands.append(band)
        y += height
    return svg(
        WIDTH,
        y + 4,
        el("rect", x=0, y=0, width=WIDTH, height=y + 4, fill=PAPER),
        header(v, seats),
        bands,
        label=f"Race for the Galaxy, round {v.round}: {len(seats)} tableaus and the VP pool",
    )


def private(view: Any, seat: str, seats: Sequence[str]) -> Element | None:
    v = msgspec.convert(view, RaceView)
    if v.seat is None:
        return None
    sections: list[tuple[str, Sequence[int]]] = [(f"Hand ({len(v.hand)} cards)", v.hand)]
    if v.explored:
        sections.append((f"Exploring: keep {v.keep}", v.explored))
    own = v.players[v.seat]
    if own.choice is not None:
        sections.append(("Chosen to place", (own.choice,)))
    drawn: list[Element] = []
    y = 8.0
    for title, cards in sections:
        drawn.append(text(12, y + 14, title, 13, text_anchor="start", font_weight="bold"))
        drawn += [
            card_picture(c, 12 + (i % PER_ROW) * (CARD_W + GAP), y + 22 + (i // PER_ROW) * (CARD_H + GAP))
            for i, c in enumerate(cards)
        ]  # fmt: skip
        y += 22 + rows_of(len(cards)) * (CARD_H + GAP) + 4
    widest = max(len(cards) for _, cards in sections)
    width = max(300, 24 + min(PER_ROW, widest) * (CARD_W + GAP))
    return svg(width, y, el("rect", x=0, y=0, width=width, height=y, fill="#fff"), drawn,
               label=f"{seat}'s hand")  # fmt: skip


def _hexagon(x: float, y: float, r: float) -> str:
    return " ".join(
        f"{x + r * c:.1f},{y + r * s:.1f}"
        for c, s in ((1, 0), (0.5, 0.87), (-0.5, 0.87), (-1, 0), (-0.5, -0.87), (0.5, -0.87))
    )
