"""Scoring (digest 6.3, 6.4): chips, printed VP and the bonus of every 6-cost development."""

from __future__ import annotations

from collections.abc import Callable

from .components import TRADE_POWER_CODES, Design, ScoringRule, card
from .state import State


def _has_phase(design: Design, phase: int) -> bool:
    return any(p.phase == phase for p in design.powers)


def _has_trade(design: Design) -> bool:
    return any(p.code in TRADE_POWER_CODES for p in design.powers)


def _has_consume(design: Design) -> bool:
    # Digest 6.3: $ powers are not Consume powers; trade-value and hand discarding are.
    return any(p.phase == 4 and p.code not in TRADE_POWER_CODES for p in design.powers)


def _production(good: str) -> Callable[[Design, ScoringRule], bool]:
    return lambda d, r: d.is_production and d.good == good


def _windfall(good: str) -> Callable[[Design, ScoringRule], bool]:
    return lambda d, r: d.is_windfall and d.good == good


_PER_CARD: dict[str, Callable[[Design, ScoringRule], bool]] = {
    "NOVELTY_PRODUCTION": _production("NOVELTY"),
    "RARE_PRODUCTION": _production("RARE"),
    "GENE_PRODUCTION": _production("GENES"),
    "ALIEN_PRODUCTION": _production("ALIEN"),
    "NOVELTY_WINDFALL": _windfall("NOVELTY"),
    "RARE_WINDFALL": _windfall("RARE"),
    "GENE_WINDFALL": _windfall("GENES"),
    "ALIEN_WINDFALL": _windfall("ALIEN"),
    "MILITARY": lambda d, r: d.is_world and d.is_military,
    "REBEL_MILITARY": lambda d, r: d.is_world and d.is_military and d.is_rebel,
    "ALIEN_FLAG": lambda d, r: "ALIEN" in d.flags,
    "DEVEL_EXPLORE": lambda d, r: d.is_development and _has_phase(d, 1),
    "WORLD_EXPLORE": lambda d, r: d.is_world and _has_phase(d, 1),
    "DEVEL_TRADE": lambda d, r: d.is_development and _has_trade(d),
    "WORLD_TRADE": lambda d, r: d.is_world and _has_trade(d),
    "DEVEL_CONSUME": lambda d, r: d.is_development and _has_consume(d),
    "WORLD_CONSUME": lambda d, r: d.is_world and _has_consume(d),
    "SIX_DEVEL": lambda d, r: d.is_six_cost,
    "DEVEL": lambda d, r: d.is_development,
    "WORLD": lambda d, r: d.is_world,
    "NAME": lambda d, r: d.name == r.name,
}


def unconditional_military(tableau: tuple[int, ...]) -> int:
    """Digest 6.3: plain military of the tableau, negatives included, no conditional strength."""
    return sum(p.value for c in tableau for p in card(c).powers if p.code == "MILITARY")


def six_cost_bonus(dev: Design, tableau: tuple[int, ...], chips: int) -> int:
    total = 0
    for c in tableau:
        design = card(c)
        # Digest A22: a card counts once per development, with its best matching condition.
        vps = [r.vp for r in dev.scoring if r.kind in _PER_CARD and _PER_CARD[r.kind](design, r)]
        if vps:
            total += max(vps)
    for rule in dev.scoring:
        if rule.kind == "THREE_VP":
            total += rule.vp * (chips // 3)  # digest A24
        elif rule.kind == "TOTAL_MILITARY":
            total += rule.vp * unconditional_military(tableau)  # digest A23: may be negative
    return total


def card_vp(tableau: tuple[int, ...]) -> int:
    return sum(card(c).vp for c in tableau)


def seat_score(state: State, seat: int) -> int:
    p = state.player(seat)
    bonus = sum(six_cost_bonus(card(c), p.tableau, p.chips) for c in p.tableau if card(c).scoring)
    return p.chips + card_vp(p.tableau) + bonus


def tiebreak(state: State, seat: int) -> int:
    p = state.player(seat)
    return len(p.hand) + len(p.goods)


def scores(state: State) -> tuple[int, ...]:
    return tuple(seat_score(state, s) for s in range(state.n_seats))
