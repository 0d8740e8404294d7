"""Powers as data: the active powers of a seat, and the handlers of Explore, Develop, Settle and Trade.

Each power code has exactly one handler, found through a dispatch table per phase (digest 4.12);
cards never get code of their own. Consume and Produce handlers live in powers_consume.py and
powers_produce.py because they act on a decision in progress.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import msgspec
from msgspec.structs import replace

from .components import Design, Power, card
from .state import State


def active_cards(state: State, seat: int) -> tuple[int, ...]:
    """GP4: cards in the tableau when the phase instance started and still there."""
    p = state.player(seat)
    return tuple(c for c in p.active if c in p.tableau)


def active_powers(state: State, seat: int, phase: int) -> Iterator[tuple[int, int, Power]]:
    """(card, index of the power on that card, power) for every active power of `phase`."""
    for c in active_cards(state, seat):
        for index, power in enumerate(card(c).powers):
            if power.phase == phase:
                yield c, index, power


# --- Explore (digest 4.5) ------------------------------------------------------------------------


class ExploreTerms(msgspec.Struct, frozen=True):
    draw: int = 0
    keep: int = 0


ExploreHandler = Callable[[Power, ExploreTerms], ExploreTerms]
EXPLORE_HANDLERS: dict[str, ExploreHandler] = {
    "EXPLORE_DRAW": lambda p, t: replace(t, draw=t.draw + p.value),
    "EXPLORE_KEEP": lambda p, t: replace(t, keep=t.keep + p.value),
}


def explore_terms(state: State, seat: int) -> ExploreTerms:
    terms = ExploreTerms()
    for _, _, power in active_powers(state, seat, 1):
        terms = EXPLORE_HANDLERS[power.code](power, terms)
    return terms


# --- Develop (digest 4.6) ------------------------------------------------------------------------


class DevelopTerms(msgspec.Struct, frozen=True):
    draw_start: int = 0
    reduce: int = 0
    draw_after: int = 0


DevelopHandler = Callable[[Power, DevelopTerms], DevelopTerms]
DEVELOP_HANDLERS: dict[str, DevelopHandler] = {
    "DEVELOP_DRAW_START": lambda p, t: replace(t, draw_start=t.draw_start + p.value),
    "DEVELOP_REDUCE": lambda p, t: replace(t, reduce=t.reduce + p.value),
    "DEVELOP_DRAW_AFTER": lambda p, t: replace(t, draw_after=t.draw_after + p.value),
}


def develop_terms(state: State, seat: int) -> DevelopTerms:
    terms = DevelopTerms()
    for _, _, power in active_powers(state, seat, 2):
        terms = DEVELOP_HANDLERS[power.code](power, terms)
    return terms


# --- Settle (digest 4.7) -------------------------------------------------------------------------


class SettleTerms(msgspec.Struct, frozen=True):
    """What a seat's active Settle powers give towards placing one particular world."""

    reduce: int = 0
    military: int = 0
    pay_military: int | None = None  # the discount of a pay-for-military power, if any
    colony_ships: tuple[int, ...] = ()
    temp_military: tuple[tuple[int, int], ...] = ()  # (card, strength)
    draw_after: int = 0


SettleHandler = Callable[[Power, int, Design, SettleTerms], SettleTerms]


def _reduce(p: Power, source: int, world: Design, t: SettleTerms) -> SettleTerms:
    return replace(t, reduce=t.reduce + p.value)


def _reduce_type(p: Power, source: int, world: Design, t: SettleTerms) -> SettleTerms:
    return replace(t, reduce=t.reduce + p.value) if world.good == p.good else t


def _military(p: Power, source: int, world: Design, t: SettleTerms) -> SettleTerms:
    return replace(t, military=t.military + p.value)


def _military_vs_rebel(p: Power, source: int, world: Design, t: SettleTerms) -> SettleTerms:
    if world.is_military and world.is_rebel:
        return replace(t, military=t.military + p.value)
    return t


def _military_vs_type(p: Power, source: int, world: Design, t: SettleTerms) -> SettleTerms:
    if world.is_military and world.good == p.good:
        return replace(t, military=t.military + p.value)
    return t


def _temp_military(p: Power, source: int, world: Design, t: SettleTerms) -> SettleTerms:
    return replace(t, temp_military=(*t.temp_military, (source, p.value)))


def _reduce_to_zero(p: Power, source: int, world: Design, t: SettleTerms) -> SettleTerms:
    return replace(t, colony_ships=(*t.colony_ships, source))


def _pay_for_military(p: Power, source: int, world: Design, t: SettleTerms) -> SettleTerms:
    # Digest A11: pay-for-military is a placement method; several such powers do not add up.
    best = p.value if t.pay_military is None else max(t.pay_military, p.value)
    return replace(t, pay_military=best)


def _settle_draw_after(p: Power, source: int, world: Design, t: SettleTerms) -> SettleTerms:
    return replace(t, draw_after=t.draw_after + p.value)


SETTLE_HANDLERS: dict[str, SettleHandler] = {
    "SETTLE_REDUCE": _reduce,
    "SETTLE_REDUCE_TYPE": _reduce_type,
    "MILITARY": _military,
    "MILITARY_VS_REBEL": _military_vs_rebel,
    "MILITARY_VS_TYPE": _military_vs_type,
    "TEMP_MILITARY": _temp_military,
    "SETTLE_REDUCE_TO_ZERO": _reduce_to_zero,
    "PAY_FOR_MILITARY": _pay_for_military,
    "SETTLE_DRAW_AFTER": _settle_draw_after,
}


def settle_terms(state: State, seat: int, world: Design) -> SettleTerms:
    terms = SettleTerms()
    for source, _, power in active_powers(state, seat, 3):
        terms = SETTLE_HANDLERS[power.code](power, source, world, terms)
    return terms


# --- Trade (digest 4.8, the $ powers) ------------------------------------------------------------

TradeHandler = Callable[[Power, int, int, str], int]
TRADE_HANDLERS: dict[str, TradeHandler] = {
    "TRADE_BONUS_ANY": lambda p, source, world, good: p.value,
    "TRADE_BONUS_TYPE": lambda p, source, world, good: p.value if good == p.good else 0,
    "TRADE_BONUS_THIS_WORLD": lambda p, source, world, good: p.value if world == source else 0,
}


def trade_bonus(state: State, seat: int, world: int, good: str) -> int:
    return sum(
        TRADE_HANDLERS[power.code](power, source, world, good)
        for source, _, power in active_powers(state, seat, 4)
        if power.code in TRADE_HANDLERS
    )
