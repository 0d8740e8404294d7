"""Race for the Galaxy drawn from a view (digest 5.3): the round, the phase track (I-V, the phases
called this round, the current one), the VP pool and the draw and discard piles; then one band per
seat with its tableau as cards, its score, VP chips, hand size and chosen actions.

A card is drawn as on the table: a world's cost in a circle (filled with its good's colour for a
production world, ringed for a windfall world, red for a military world's defence), a
development's cost in a diamond, its VP in a hexagon ("?" on a 6-cost development), the phases of
its powers along the bottom and a face-down good on a world that holds one. Its tooltip gives the
powers in full.

The private panel is the seat's hand (names, costs), the cards it is exploring, and its own
action cards or Develop/Settle choice while those are sealed from the others. Only the view is
read; the card table (domain/race_for_the_galaxy/cards.json) turns the card numbers it holds into
names, costs and powers."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from domain.race_for_the_galaxy.components import END_REASONS, Design, Power, ScoringRule, card
from domain.race_for_the_galaxy.view import PlayerView, RaceView
from server.boards.svg import INK, MUTED, PAPER, Element, el, group, seat_colour, svg, text

# --- geometry ---------------------------------------------------------------------------------

CARD_W, CARD_H, GAP = 90.0, 122.0, 6.0
PER_ROW = 12
MARGIN = 14.0
WIDTH = 2 * MARGIN + PER_ROW * (CARD_W + GAP) - GAP + 8
HEAD = 112.0
STRIP = 40.0  # a band's row of facts above its cards

# --- colours ----------------------------------------------------------------------------------

GOODS: dict[str, tuple[str, str, str]] = {  # good -> (colour, pale card colour, name)
    "NOVELTY": ("#3d9be0", "#d7ebfa", "Novelty"),
    "RARE": ("#9a6132", "#ecdccd", "Rare elements"),
    "GENES": ("#3f9f4f", "#d6efd8", "Genes"),
    "ALIEN": ("#e3b505", "#f8edbf", "Alien technology"),
}
PLAIN_WORLD = "#e1e4ea"
DEVELOPMENT = "#efe6d2"
MILITARY = "#c0392b"
VP_FILL, VP_EDGE = "#fff1b8", "#a8841c"
CARD_BACK = "#3b4a6b"
DONE = "#dfe3ea"  # a phase already played this round

# --- words ------------------------------------------------------------------------------------

PHASES: tuple[tuple[str, str, str], ...] = (  # phase, numeral, name
    ("EXPLORE", "I", "Explore"),
    ("DEVELOP", "II", "Develop"),
    ("SETTLE", "III", "Settle"),
    ("CONSUME", "IV", "Consume"),
    ("PRODUCE", "V", "Produce"),
)
NUMERALS = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
ACTIONS: dict[str, tuple[str, str, str]] = {  # action card -> (phase, printed name, short)
    "EXPLORE_5": ("EXPLORE", "Explore +5", "Explore +5"),
    "EXPLORE_1_1": ("EXPLORE", "Explore +1+1", "Explore +1+1"),
    "DEVELOP": ("DEVELOP", "Develop", "Develop"),
    "DEVELOP_2": ("DEVELOP", "Develop", "Develop"),
    "SETTLE": ("SETTLE", "Settle", "Settle"),
    "SETTLE_2": ("SETTLE", "Settle", "Settle"),
    "CONSUME_TRADE": ("CONSUME", "Consume: Trade", "Trade"),
    "CONSUME_2VP": ("CONSUME", "Consume: 2x VP", "2x VP"),
    "PRODUCE": ("PRODUCE", "Produce", "Produce"),
}
STAGES: dict[str, str] = {
    "SETUP": "setting up",
    "SETUP_DISCARD": "discarding 2 of the opening hand",
    "SELECT": "choosing action cards (sealed)",
    "REVEALED": "action cards revealed",
    "EXPLORE": "exploring: keeping cards",
    "DEVELOP_CHOOSE": "choosing a development (sealed)",
    "DEVELOP_PAY": "paying for developments",
    "SETTLE_CHOOSE": "choosing a world (sealed)",
    "SETTLE_RESOLVE": "placing worlds",
    "CONSUME": "consuming goods",
    "PRODUCE": "producing goods",
    "PRODUCE_END": "production done",
    "BETWEEN_PHASES": "between phases",
    "HAND_LIMIT": "discarding down to 10 cards",
    "ROUND_END": "round over",
    "OVER": "game over",
}
CHOOSE_STAGES = frozenset({"DEVELOP_CHOOSE", "SETTLE_CHOOSE"})
POWER_WORDS: dict[str, str] = {  # the catalogue code -> how a player says it
    "EXPLORE_DRAW": "draw +{value}",
    "EXPLORE_KEEP": "keep +{value}",
    "DEVELOP_REDUCE": "develop cost -{value}",
    "DEVELOP_DRAW_AFTER": "draw {value} after developing",
    "DEVELOP_DRAW_START": "draw {value} at start",
    "SETTLE_REDUCE": "settle cost -{value}",
    "SETTLE_REDUCE_TYPE": "settle {good} cost -{value}",
    "SETTLE_REDUCE_TO_ZERO": "place a non-military world for free",
    "SETTLE_DRAW_AFTER": "draw {value} after settling",
    "MILITARY": "military {value:+d}",
    "MILITARY_VS_TYPE": "military +{value} vs {good}",
    "MILITARY_VS_REBEL": "military +{value} vs rebels",
    "TEMP_MILITARY": "discard for +{value} military",
    "PAY_FOR_MILITARY": "pay for military worlds (-{value})",
    "TRADE_BONUS_ANY": "trade +{value}",
    "TRADE_BONUS_TYPE": "trade {good} +{value}",
    "TRADE_BONUS_THIS_WORLD": "trade this world's good +{value}",
    "CONSUME_GOODS": "consume {good} for {value} VP (x{times})",
    "CONSUME_ALL_GOODS": "consume all goods",
    "CONSUME_DRAW": "consume for {cards} card(s)",
    "CONSUME_TRADE_VALUE": "consume for trade value",
    "CONSUME_DISCARD_HAND_FOR_VP": "discard up to {times} cards for VP",
    "CONSUME_GAMBLE": "gamble",
    "PRODUCE_GOOD": "produce a good",
    "PRODUCE_WINDFALL_TYPE": "produce on a {good} windfall",
    "PRODUCE_WINDFALL_ANY": "produce on any windfall",
    "PRODUCE_DRAW": "draw {value}",
    "PRODUCE_DRAW_IF_PRODUCED": "draw {value} if produced",
    "PRODUCE_DRAW_PER_TYPE_PRODUCED": "draw {value} per {good} produced",
    "PRODUCE_DRAW_PER_KIND_PRODUCED": "draw {value} per kind produced",
    "PRODUCE_DRAW_MOST_TYPE": "draw {value} for most {good}",
    "PRODUCE_DRAW_PER_WORLD_TYPE": "draw {value} per {good} world",
}

SCORING_WORDS: dict[str, str] = {  # a 6-cost development's condition (digest 6.3)
    **{
        f"{key}_{kind.upper()}": f"{good} {kind} world"
        for key, good in (("NOVELTY", "novelty"), ("RARE", "rare"), ("GENE", "genes"),
                          ("ALIEN", "alien"))
        for kind in ("production", "windfall")
    },
    "MILITARY": "military world",
    "REBEL_MILITARY": "rebel military world",
    "ALIEN_FLAG": "ALIEN card",
    "DEVEL_EXPLORE": "development with an Explore power",
    "WORLD_EXPLORE": "world with an Explore power",
    "DEVEL_TRADE": "development with a Trade power",
    "WORLD_TRADE": "world with a Trade power",
    "DEVEL_CONSUME": "development with a Consume power",
    "WORLD_CONSUME": "world with a Consume power",
    "SIX_DEVEL": "6-cost development",
    "DEVEL": "other development",
    "WORLD": "other world",
    "THREE_VP": "3 VP in chips",
    "TOTAL_MILITARY": "point of military",
}  # fmt: skip


# --- the two drawings -------------------------------------------------------------------------


def board(view: RaceView, seats: Sequence[str]) -> Element:
    v = view
    y = HEAD
    bands: list[Element] = []
    leaders = _leaders(v)
    for p in v.players:
        band, height = seat_band(v, p, seats, y, p.seat in leaders)
        bands.append(band)
        y += height + 8
    key, key_height = legend(12, y)
    height = y + key_height
    return svg(
        WIDTH,
        height,
        el("rect", x=0, y=0, width=WIDTH, height=height, fill=PAPER),
        header(v, seats),
        bands,
        key,
        label=f"Race for the Galaxy, round {v.round}: the tableaux of "
        + ", ".join(seats[p.seat] for p in v.players)
        + f"; {v.pool} VP chips left in the pool",
    )


def private(view: RaceView, seat: str, seats: Sequence[str]) -> Element | None:
    v = view
    if v.seat is None:
        return None
    own = v.players[v.seat]
    colour = seat_colour(v.seat)
    parts: list[object] = []
    y = 10.0
    notes = _sealed_notes(v, own)
    for note in notes:
        parts.append(text(14, y + 14, note, 13, text_anchor="start", font_weight="bold"))
        y += 20
    sections: list[tuple[str, tuple[int, ...]]] = [(_hand_caption(v), v.hand)]
    if v.explored:
        keep = min(v.keep, len(v.explored))
        sections.append((f"Exploring: keep {keep} of these {len(v.explored)}", v.explored))
    slot = 0  # sections share a row of cards while they fit, a blank slot between them
    row_y = y
    for caption, cards in sections:
        if slot and slot + 1 + len(cards) > PER_ROW:
            row_y = y + 24 + _rows(slot) * (CARD_H + GAP) + 6
            y, slot = row_y, 0
        elif slot:
            slot += 1
        x0 = 14 + slot * (CARD_W + GAP)
        parts.append(text(x0, row_y + 16, caption, 13, text_anchor="start", fill=MUTED))
        for i, c in enumerate(cards):
            x, cy = _slot(x0, row_y + 24, i)
            parts.append(card_picture(c, x, cy))
            if c == own.choice:
                parts.append(_outline(x, cy, colour, "your choice (sealed from the others)"))
        slot += max(1, len(cards))
    y = row_y + 24 + _rows(slot) * (CARD_H + GAP)
    height = y + 4
    return svg(
        WIDTH,
        height,
        el("rect", x=0, y=0, width=WIDTH, height=height, fill="#fff"),
        el("rect", x=0, y=0, width=6, height=height, fill=colour),
        parts,
        label=f"{seat}'s private knowledge: hand of {len(v.hand)} cards"
        + (f", {len(v.explored)} cards explored" if v.explored else ""),
    )


# --- a card -----------------------------------------------------------------------------------


def card_picture(
    number: int, x: float, y: float, *, good: bool = False, bonus: int | None = None
) -> Element:
    """One card as on the table: cost or defence, VP, name, kind, power phases, its good; a
    6-cost development's VP is `bonus`, what the view says it scores now ("?" unknown)."""
    d = card(number)
    good_colour, pale, _ = GOODS.get(d.good or "", (INK, PLAIN_WORLD, ""))
    fill = DEVELOPMENT if d.is_development else pale
    edge = MILITARY if d.is_military else "#5b6477"
    parts: list[object] = [
        el("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=7, fill=fill, stroke=edge,
           stroke_width=2.2 if d.is_military else 1),
        _cost_mark(d, x + 15, y + 15, good_colour),
        el("polygon", points=_hexagon(x + CARD_W - 15, y + 15, 12.5), fill=VP_FILL,
           stroke=VP_EDGE, stroke_width=1),
        text(x + CARD_W - 15, y + 19.5, ("?" if bonus is None else bonus) if d.is_six_cost else d.vp, 12.5,
             font_weight="bold"),
        [text(x + CARD_W / 2, y + 46 + 13 * i, line, 11, font_weight="600")
         for i, line in enumerate(_name_lines(d.name))],
        text(x + CARD_W / 2, y + CARD_H - 32, _kind_words(d), 9.5, fill=MUTED),
        text(x + 7, y + CARD_H - 9, _phase_numerals(d), 10, text_anchor="start",
             font_weight="bold", fill="#4b5565"),
    ]  # fmt: skip
    if good:
        parts.append(_good_token(x + CARD_W - 23, y + CARD_H - 27, good_colour, d.good or ""))
    return group(parts, title=describe(d))


def _cost_mark(d: Design, cx: float, cy: float, good_colour: str) -> Element:
    if d.is_development:
        r = 13.0
        points = f"{cx},{cy - r} {cx + r},{cy} {cx},{cy + r} {cx - r},{cy}"
        return group(
            el("polygon", points=points, fill=INK),
            text(cx, cy + 4.5, d.cost, 12.5, font_weight="bold", fill=PAPER),
        )
    production = d.is_production
    ring = d.is_windfall
    fill = good_colour if production else "#fff"
    stroke = good_colour if ring else (MILITARY if d.is_military else INK)
    number = "#fff" if production else (MILITARY if d.is_military else INK)
    parts: list[object] = [
        el(
            "circle",
            cx=cx,
            cy=cy,
            r=10,
            fill=fill,
            stroke=stroke,
            stroke_width=3.2 if ring else 1.2,
        )
    ]
    if d.is_military and (production or ring):  # a military world with a good: a red inner ring
        parts.append(
            el("circle", cx=cx, cy=cy, r=6.8, fill="none", stroke=MILITARY, stroke_width=1)
        )
    parts.append(text(cx, cy + 3.8, d.cost, 10.5, font_weight="bold", fill=number))
    if d.is_rebel:
        parts.append(el("circle", cx=cx + 9, cy=cy + 9, r=3, fill=MILITARY))
    return group(parts)


def _good_token(x: float, y: float, colour: str, good: str) -> Element:
    name = GOODS.get(good, ("", "", "a good"))[2]
    return group(
        el("rect", x=x + 2, y=y + 2, width=17, height=21, rx=2, fill="#00000033"),
        el("rect", x=x, y=y, width=17, height=21, rx=2, fill=colour, stroke=INK, stroke_width=1.2),
        el("rect", x=x + 3, y=y + 3, width=11, height=15, rx=1, fill="none", stroke="#ffffffaa",
           stroke_width=1),
        title=f"a good ({name}) lies face down on this world",
    )  # fmt: skip


def _outline(x: float, y: float, colour: str, words: str) -> Element:
    return el("rect", x=x - 3, y=y - 3, width=CARD_W + 6, height=CARD_H + 6, rx=8, fill="none",
              stroke=colour, stroke_width=3, stroke_dasharray="6 3", title=words)  # fmt: skip


def _card_back(x: float, y: float, words: str, label: str) -> Element:
    return group(
        el("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=6, fill=CARD_BACK, stroke=INK),
        el("circle", cx=x + CARD_W / 2, cy=y + CARD_H / 2 - 6, r=16, fill="none",
           stroke="#9fb0d6", stroke_width=1.5),
        text(x + CARD_W / 2, y + CARD_H / 2 - 0.5, "?", 18, fill="#dfe6f5", font_weight="bold"),
        text(x + CARD_W / 2, y + CARD_H - 14, label, 11, fill="#dfe6f5"),
        title=words,
    )  # fmt: skip


def _name_lines(name: str) -> list[str]:
    lines = textwrap.wrap(name, 13)
    return lines if len(lines) <= 4 else [*lines[:3], lines[3] + "…"]


def _kind_words(d: Design) -> str:
    """A card's kind in two words (a military world says so by its red frame and defence)."""
    if d.is_development:
        return "6-cost dev." if d.is_six_cost else "development"
    if not d.good:
        return "military world" if d.is_military else "world"
    good = GOODS[d.good][2].split()[0].lower()
    return f"{good} {'windfall' if d.is_windfall else 'world'}"


def _phase_numerals(d: Design) -> str:
    return " ".join(NUMERALS[n] for n in sorted({p.phase for p in d.powers}))


def _power_words(p: Power) -> str:
    words = POWER_WORDS.get(p.code, p.code.lower().replace("_", " "))
    good = (p.good or "any").lower()
    return f"{NUMERALS[p.phase]}: " + words.format(
        value=p.value, times=p.times, cards=p.cards, good=good
    )


def describe(d: Design) -> str:
    """The tooltip of a card: what it is, its numbers and its powers in words."""
    kind = ("rebel " if d.is_rebel else "") + _kind_words(d).replace("dev.", "development")
    if d.is_military and d.good:
        kind = f"military {kind}"
    price = "defence" if d.is_military else "cost"
    vp = "? VP (scored at the end)" if d.is_six_cost else f"{d.vp} VP"
    lines = [f"{d.name} — {kind}, {price} {d.cost}, {vp}"]
    lines += [_power_words(p) for p in d.powers]
    lines += [f"end: {r.vp} VP per {_condition(r)}" for r in d.scoring]
    return "\n".join(lines)


def _condition(rule: ScoringRule) -> str:
    """A 6-cost development's condition; a named card in block capitals, as the card prints it
    (so a tooltip never spells another card's name as a card on the table would)."""
    if rule.name:
        return rule.name.upper()
    return SCORING_WORDS.get(rule.kind, rule.kind.lower().replace("_", " "))


# --- the header: round, phase track, pool and piles ---------------------------------------------


def header(v: RaceView, seats: Sequence[str]) -> Element:
    stage = STAGES.get(v.stage, v.stage.lower().replace("_", " "))
    line = f"Round {v.round} · {stage}" if v.round else f"Setup · {stage}"
    waiting = ", ".join(seats[s] for s in v.to_move)
    parts: list[object] = [
        text(14, 26, "Race for the Galaxy", 19, text_anchor="start", font_weight="bold"),
        text(236, 26, line, 15, text_anchor="start"),
        text(14, 100, f"to move: {waiting}" if waiting else "", 12, text_anchor="start",
             fill=MUTED),
        phase_track(v, 14, 40),
        piles(v, WIDTH - 330, 34),
        text(WIDTH - 14, 100, "player order: " + " → ".join(seats[s] for s in v.order), 12,
             text_anchor="end", fill=MUTED),
    ]  # fmt: skip
    if v.end_reason:
        parts.append(_banner(v))
    return group(parts)


def called_phases(v: RaceView) -> dict[str, int]:
    """How often each phase runs this round, by the action cards this view shows (a player who
    chose both Develop or both Settle cards of the advanced 2-player game runs it twice)."""
    times: dict[str, int] = {}
    for p in v.players:
        mine: dict[str, int] = {}
        for a in p.actions or ():
            phase = ACTIONS.get(a, ("",))[0]
            mine[phase] = mine.get(phase, 0) + 1
        for phase, n in mine.items():
            times[phase] = max(times.get(phase, 0), n)
    return times


def phase_track(v: RaceView, x: float, y: float) -> Element:
    called = called_phases(v)
    boxes: list[object] = []
    width, gap = 104.0, 6.0
    now = next((i for i, (phase, _, _) in enumerate(PHASES) if phase == v.phase), None)
    for i, (phase, numeral, name) in enumerate(PHASES):
        bx = x + i * (width + gap)
        current = i == now
        on = phase in called
        done = on and now is not None and i < now
        fill = INK if current else (DONE if done else ("#fff" if on else "none"))
        ink = PAPER if current else (INK if on else MUTED)
        state = "now" if current else ("done" if done else ("called" if on else "not called"))
        twice = called.get(phase, 0) > 1
        if twice:
            state += f", runs twice{f' (this is run {v.instance})' if current else ''}"
        boxes.append(group(
            el("rect", x=bx, y=y, width=width, height=34, rx=6, fill=fill,
               stroke=INK if on or current else MUTED, stroke_width=1.6 if on else 1,
               stroke_dasharray=None if on or current else "4 3"),
            text(bx + 18, y + 22, numeral, 14, font_weight="bold", fill=ink),
            text(bx + 36, y + 22, name, 12.5, text_anchor="start", fill=ink),
            text(bx + width - 6, y + 13, f"{v.instance} of 2" if current else "x2", 9.5,
                 text_anchor="end", fill=ink, font_weight="bold") if twice else None,
            title=f"Phase {numeral} {name}: {state}",
        ))  # fmt: skip
    return group(boxes)


def piles(v: RaceView, x: float, y: float) -> Element:
    return group(
        el("polygon", points=_hexagon(x + 24, y + 20, 22), fill=VP_FILL, stroke=VP_EDGE,
           stroke_width=2),
        text(x + 24, y + 26, v.pool, 16, font_weight="bold"),
        text(x + 52, y + 25, "VP pool", 12.5, text_anchor="start"),
        _pile(x + 120, y, v.deck_count, "draw pile", CARD_BACK),
        _pile(x + 222, y, v.discard_count, "discard", "#8b95a8"),
        title=f"{v.pool} VP chips in the pool, {v.deck_count} cards to draw, "
        f"{v.discard_count} discarded",
    )  # fmt: skip


def _pile(x: float, y: float, count: int, name: str, colour: str) -> Element:
    return group(
        el("rect", x=x + 3, y=y + 3, width=28, height=38, rx=3, fill="#00000022"),
        el("rect", x=x, y=y, width=28, height=38, rx=3, fill=colour, stroke=INK),
        text(x + 14, y + 24, count, 12, font_weight="bold", fill="#fff"),
        text(x + 36, y + 25, name, 12.5, text_anchor="start"),
    )


def _banner(v: RaceView) -> Element:
    reason = END_REASONS.get(v.end_reason or "", (v.end_reason or "").lower())
    words = f"Game over: {reason}"
    w = 24 + 7.8 * len(words)
    x = 14  # on the "to move" line, empty once the game is over: the round's title stays clear
    return group(
        el("rect", x=x, y=84, width=w, height=24, rx=12, fill=MILITARY),
        text(x + w / 2, 100.5, words, 13, fill="#fff", font_weight="bold"),
    )


# --- a seat's band ----------------------------------------------------------------------------


def seat_band(
    v: RaceView, p: PlayerView, seats: Sequence[str], y: float, leader: bool
) -> tuple[Element, float]:
    colour = seat_colour(p.seat)
    name = seats[p.seat]
    slots = _pending(v, p)
    height = STRIP + _rows(len(p.tableau) + len(slots)) * (CARD_H + GAP) + 4
    with_goods = {world for world, _ in p.goods}
    bonuses = dict(p.bonuses)
    x0 = MARGIN + 8
    cards: list[object] = []
    for i, c in enumerate(p.tableau):
        x, cy = _slot(x0, y + STRIP, i)
        cards.append(card_picture(c, x, cy, good=c in with_goods, bonus=bonuses.get(c)))
    for j, slot in enumerate(slots):
        x, cy = _slot(x0, y + STRIP, len(p.tableau) + j)
        cards.append(slot(x, cy))
    moving = p.seat in v.to_move
    band = group(
        el("rect", x=6, y=y, width=WIDTH - 12, height=height, rx=10, fill="#fff",
           stroke=colour, stroke_width=3.5 if moving else 1.5),
        el("rect", x=6, y=y, width=8, height=height, rx=3, fill=colour),
        seat_facts(v, p, name, colour, x0, y, leader),
        cards,
        title=f"{name}'s tableau",
    )  # fmt: skip
    return band, height


def seat_facts(
    v: RaceView, p: PlayerView, name: str, colour: str, x: float, y: float, leader: bool
) -> Element:
    """One line above the tableau: name, score (and how it adds up), chips, hand, actions."""
    shown = name if len(name) <= 14 else name[:13] + "…"
    printed = sum(card(c).vp for c in p.tableau)
    bonus = p.score - p.chips - printed
    breakdown = f"= cards {printed} + chips {p.chips}" + (f" + 6-dev {bonus}" if bonus else "")
    base = y + 26
    parts: list[object] = [el("circle", cx=x + 7, cy=base - 5, r=7, fill=colour)]
    x += 20
    parts.append(text(x, base, shown, 16, text_anchor="start", font_weight="bold", title=name))
    x += _width(shown, 16) + 16
    parts.append(text(x, base + 1, p.score, 22, text_anchor="start", font_weight="bold"))
    x += _width(str(p.score), 22) + 6
    vp = "VP ★" if leader else "VP"
    parts.append(text(x, base, vp, 13, text_anchor="start", font_weight="bold",
                      title="the top score" if leader else None))  # fmt: skip
    x += _width(vp, 13) + 6
    parts.append(text(x, base, breakdown, 11, text_anchor="start", fill=MUTED))
    x += _width(breakdown, 11) + 18
    parts.append(_chips(x, base - 16, p.chips))
    x += 78
    parts.append(_hand(x, base - 16, p.hand_count))
    x += 90
    parts.append(action_chips(p, x, base - 15))
    x += 172
    if p.seat in v.to_move:
        parts.append(_pill(x, base - 13, "to move", colour))
        x += 64
    right = WIDTH - 20
    caption = _tableau_caption(p, (right - x) / (11 * 0.55))
    parts.append(text(right, base, caption, 11, text_anchor="end", fill=MUTED))
    return group(parts)


def _tableau_caption(p: PlayerView, room: float) -> str:
    """The tableau's size, goods, military and exploring, as many as fit in `room` letters."""
    military = p.military
    facts = [
        f"tableau {_count(len(p.tableau), 'card')}",
        _count(len(p.goods), "good") if p.goods else "",
        f"military {military:+d}" if military else "",
        f"exploring {p.explored_count}" if p.explored_count else "",
    ]
    shown = [fact for fact in facts if fact]
    while len(shown) > 1 and len(" · ".join(shown)) > room:
        shown.pop()
    return " · ".join(shown)


def _width(words: str, size: float) -> float:
    """About how wide a line of (bold) text is drawn."""
    return len(words) * size * 0.62


def _chips(x: float, y: float, chips: int) -> Element:
    return group(
        el("polygon", points=_hexagon(x + 11, y + 11, 11), fill=VP_FILL, stroke=VP_EDGE,
           stroke_width=1.2),
        text(x + 11, y + 15, chips, 11, font_weight="bold"),
        text(x + 26, y + 15, "chips", 11, text_anchor="start"),
        title=f"{chips} VP chips",
    )  # fmt: skip


def _hand(x: float, y: float, count: int) -> Element:
    return group(
        el("rect", x=x, y=y, width=16, height=22, rx=2, fill=CARD_BACK, stroke=INK),
        text(x + 8, y + 15, count, 10, fill="#fff", font_weight="bold"),
        text(x + 21, y + 15, "in hand", 11, text_anchor="start"),
        title=f"{_count(count, 'card')} in hand",
    )


def action_chips(p: PlayerView, x: float, y: float) -> Element:
    """The seat's action cards this round: named once revealed, a dashed outline while sealed."""
    if p.actions is None:
        words = "actions chosen, sealed" if p.decided else "choosing actions…"
        return group(
            el("rect", x=x, y=y, width=160, height=20, rx=4, fill=CARD_BACK if p.decided else "none",
               stroke=INK, stroke_dasharray=None if p.decided else "4 3"),
            text(x + 80, y + 14, words, 10.5, fill=PAPER if p.decided else MUTED,
                 font_weight="bold"),
            title=f"{words} (hidden until everyone has chosen)",
        )  # fmt: skip
    if not p.actions:
        return group()
    two = len(p.actions) > 1
    width = 78.0 if two else 160.0
    return group(
        _action_chip(x + i * (width + 4), y, width, a, short=two) for i, a in enumerate(p.actions)
    )


def _action_chip(x: float, y: float, width: float, action: str, *, short: bool) -> Element:
    phase, name, brief = ACTIONS.get(action, ("", action, action))
    numeral = next((n for ph, n, _ in PHASES if ph == phase), "")
    return group(
        el("rect", x=x, y=y, width=width, height=20, rx=4, fill=INK),
        text(x + width / 2, y + 14, f"{numeral} {brief if short else name}".strip(),
             9 if short else 10.5, fill=PAPER, font_weight="bold"),
        title=f"action card: {name} (phase {numeral})",
    )  # fmt: skip


def _pill(x: float, y: float, words: str, colour: str) -> Element:
    return group(
        el("rect", x=x, y=y, width=56, height=18, rx=9, fill=colour),
        text(x + 28, y + 13, words, 10.5, fill="#fff", font_weight="bold"),
    )


def _pending(v: RaceView, p: PlayerView) -> list[Any]:
    """Cards about to join the tableau: a revealed (or own) choice, or a sealed card back."""
    if p.choice is not None:
        chosen = p.choice
        sealed = v.stage in CHOOSE_STAGES
        words = "chosen (sealed from the others)" if sealed else "placing"

        def pending(x: float, y: float) -> Element:
            return group(card_picture(chosen, x, y), _outline(x, y, seat_colour(p.seat), words))

        return [pending]
    if v.stage in CHOOSE_STAGES and p.decided and p.seat != v.seat:
        verb = "development" if v.stage == "DEVELOP_CHOOSE" else "world"
        return [lambda x, y: _card_back(x, y, f"has chosen a {verb} or passed (sealed)", "sealed")]
    return []


# --- the legend -------------------------------------------------------------------------------


def legend_marks() -> list[tuple[Element, str]]:
    """Every mark the cards use, with its meaning (drawn centred on 0,0)."""
    goods = [
        (el("rect", x=-8, y=-8, width=16, height=16, rx=3, fill=pale, stroke=colour,
            stroke_width=2), f"{name} world")
        for colour, pale, name in GOODS.values()
    ]  # fmt: skip
    genes = GOODS["GENES"][0]
    return [
        *goods,
        (el("rect", x=-8, y=-8, width=16, height=16, rx=3, fill=PLAIN_WORLD, stroke=INK,
            stroke_width=0.6), "world without goods"),
        (el("circle", r=8, fill=genes, stroke=INK), "production world (cost)"),
        (el("circle", r=8, fill="#fff", stroke=genes, stroke_width=3), "windfall world"),
        (el("circle", r=8, fill="#fff", stroke=MILITARY, stroke_width=1.5),
         "military world (defence)"),
        (el("circle", r=3.5, fill=MILITARY), "rebel"),
        (el("polygon", points="0,-9 9,0 0,9 -9,0", fill=INK), "development (cost)"),
        (el("polygon", points=_hexagon(0, 0, 9), fill=VP_FILL, stroke=VP_EDGE),
         "VP (? = 6-cost bonus)"),
        (el("rect", x=-7, y=-9, width=14, height=17, rx=2, fill=GOODS["RARE"][0], stroke=INK),
         "a good on a world"),
        (text(0, 4, "III", 10, font_weight="bold", fill="#4b5565"), "phases of its powers"),
        (el("rect", x=-7, y=-9, width=14, height=18, rx=2, fill="none", stroke=INK,
            stroke_width=2, stroke_dasharray="3 2"), "chosen, to be placed"),
    ]  # fmt: skip


def legend(x: float, y: float) -> tuple[Element, float]:
    """The key, in as many rows as it needs; returns it and its height."""
    items: list[object] = [text(x, y + 26, "Key:", 12, text_anchor="start", font_weight="bold")]
    cx, row = x + 42, 0
    for mark, name in legend_marks():
        step = 30 + _width(name, 11) * 0.92
        if cx + step > WIDTH - 10:
            cx, row = x + 42, row + 1
        cy = y + 22 + row * 24
        items.append(group(mark, transform=f"translate({cx + 9},{cy})"))
        items.append(text(cx + 22, cy + 4, name, 11, text_anchor="start"))
        cx += step
    return group(items), 40 + row * 24


# --- helpers ----------------------------------------------------------------------------------


def _slot(x0: float, y0: float, i: int) -> tuple[float, float]:
    return x0 + (i % PER_ROW) * (CARD_W + GAP), y0 + (i // PER_ROW) * (CARD_H + GAP)


def _rows(count: int) -> int:
    return max(1, 1 + (count - 1) // PER_ROW)


def _leaders(v: RaceView) -> set[int]:
    if v.end_reason is None or not v.players:
        return set()
    best = max(p.score for p in v.players)
    return {p.seat for p in v.players if p.score == best}


def _hand_caption(v: RaceView) -> str:
    return f"Your hand: {_count(len(v.hand), 'card')}"


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _sealed_notes(v: RaceView, own: PlayerView) -> list[str]:
    """What this seat chose that the others cannot see yet (or has chosen, once revealed)."""
    notes: list[str] = []
    if own.actions:
        names = " and ".join(ACTIONS.get(a, ("", a, a))[1] for a in own.actions)
        sealed = " (sealed until everyone has chosen)" if v.stage == "SELECT" else ""
        notes.append(f"Your action card{'s' if len(own.actions) > 1 else ''}: {names}{sealed}")
    elif v.stage == "SELECT":
        notes.append("You have not chosen your action card yet")
    if v.stage in CHOOSE_STAGES and own.decided:
        verb = "develop" if v.stage == "DEVELOP_CHOOSE" else "settle"
        chosen = "nothing (pass)" if own.choice is None else card(own.choice).name
        notes.append(f"You chose to {verb}: {chosen} (sealed until everyone has chosen)")
    return notes


def _hexagon(x: float, y: float, r: float) -> str:
    return " ".join(
        f"{x + r * c:.1f},{y + r * s:.1f}"
        for c, s in ((0.87, -0.5), (0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5), (0, -1))
    )
