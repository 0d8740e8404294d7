"""`legal`: every command a seat may send now.

Consume powers list every use (their counts are small: at most two hand cards, at most three
goods a use). Payments and discards list every subset of the hand up to LEGAL_LIST_LIMIT and an
even spread beyond (rules_choices.py); `decide` still accepts every other valid subset.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from domain.game import Seat

from . import commands as cmd
from .components import (
    ADVANCED_ACTIONS,
    HAND_LIMIT,
    INITIAL_DISCARD,
    STANDARD_ACTIONS,
)
from .powers import active_powers
from .powers_consume import CONSUME_HANDLERS
from .powers_produce import windfall_options
from .rules import development_problem, to_move, world_problem
from .rules_choices import card_subsets
from .rules_round import bonus_targets, consume_options_left, develop_cost, must_trade
from .rules_settle import settle_options
from .state import State


def _consume(state: State, seat: int) -> list[Any]:
    p = state.player(seat)
    if must_trade(state, seat):
        return [cmd.SellGood(w) for w, _ in p.goods]
    out: list[Any] = []
    for source, index, power in active_powers(state, seat, 4):
        handler = CONSUME_HANDLERS.get(power.code)
        if handler is None or (source, index) in p.used:
            continue
        if handler.usable(state, seat, power):
            out.extend(handler.uses(state, seat, source, index, power))
    if not consume_options_left(state, seat, mandatory_only=True):
        out.append(cmd.FinishConsume())
    return out


def _produce(state: State, seat: int) -> list[Any]:
    out: list[Any] = [cmd.UseProducePower(w, None, 0) for w in bonus_targets(state, seat)]
    mandatory_left = False
    for source, index, targets in windfall_options(state, seat):
        out.extend(cmd.UseProducePower(w, source, index) for w in targets)
        mandatory_left = mandatory_left or bool(targets)
    if not mandatory_left:
        out.append(cmd.FinishProduce())
    return out


def legal(state: State, seat: Seat) -> list[Any]:
    if seat not in to_move(state):
        return []
    p = state.player(seat)
    stage = state.stage
    if stage == "SETUP_DISCARD":
        return [cmd.DiscardInitialCards(c) for c in card_subsets(p.hand, INITIAL_DISCARD)]
    if stage == "SELECT":
        if state.advanced:
            return [cmd.SelectAction(pair) for pair in combinations(ADVANCED_ACTIONS, 2)]
        return [cmd.SelectAction((a,)) for a in STANDARD_ACTIONS]
    if stage == "EXPLORE":
        keep = min(p.keep, len(p.explored))
        return [cmd.KeepExploredCards(c) for c in combinations(p.explored, keep)]
    if stage == "DEVELOP_CHOOSE":
        options = [c for c in p.hand if development_problem(state, seat, c) is None]
        return [cmd.ChooseDevelopment(None), *(cmd.ChooseDevelopment(c) for c in options)]
    if stage == "DEVELOP_PAY":
        assert p.choice is not None
        cost = develop_cost(state, seat, p.choice)
        return [cmd.PayForDevelopment(c) for c in card_subsets(p.hand, cost)]
    if stage == "SETTLE_CHOOSE":
        options = [c for c in p.hand if world_problem(state, seat, c) is None]
        return [cmd.ChooseWorld(None), *(cmd.ChooseWorld(c) for c in options)]
    if stage == "SETTLE_RESOLVE":
        return list(settle_options(state, seat))
    if stage == "CONSUME":
        return _consume(state, seat)
    if stage == "PRODUCE":
        return _produce(state, seat)
    if stage == "HAND_LIMIT":
        return [cmd.DiscardForHandLimit(c) for c in card_subsets(p.hand, len(p.hand) - HAND_LIMIT)]
    return []
