"""Consume commands (digest 4.8): the Trade sale, consume powers and finishing one's Consume."""

from __future__ import annotations

from typing import Any

from domain.game import IllegalMove

from . import commands as cmd
from . import events as ev
from .components import TRADE_VALUE, card
from .flow import Emitter
from .powers import active_powers, trade_bonus
from .powers_consume import CONSUME_HANDLERS
from .rules_round import consume_options_left, must_trade
from .state import State


def sell(flow: Emitter, seat: int, c: cmd.SellGood) -> None:
    s = flow.state
    p = s.player(seat)
    if "CONSUME_TRADE" not in p.actions:
        raise IllegalMove("NOT_TRADE_SELECTOR", "only a player who chose Trade may sell")
    if p.sold:
        raise IllegalMove("ALREADY_SOLD", "you have sold a good this phase")
    if c.world not in p.tableau:
        raise IllegalMove("NOT_YOUR_WORLD", "that world is not in your tableau")
    if all(w != c.world for w, _ in p.goods):
        raise IllegalMove("NO_GOOD_ON_WORLD", "that world holds no good")
    good = card(c.world).good or ""
    cards = TRADE_VALUE[good] + trade_bonus(s, seat, c.world, good)
    flow.emit(ev.GoodSold(seat, c.world, good, cards))
    flow.draw(seat, cards, "TRADE")


def _consume_power(state: State, seat: int, source: int, index: int) -> Any:
    for c, i, power in active_powers(state, seat, 4):
        if c == source and i == index and power.code in CONSUME_HANDLERS:
            return power
    raise IllegalMove("POWER_NOT_AVAILABLE", "no such Consume power in play")


def use_consume(flow: Emitter, seat: int, c: cmd.UseConsumePower) -> None:
    s = flow.state
    if must_trade(s, seat):
        raise IllegalMove(
            "TRADE_REQUIRED_FIRST",
            "with the Trade bonus you sell a good (SellGood) before consuming",
        )
    power = _consume_power(s, seat, c.card, c.power)
    if (c.card, c.power) in s.player(seat).used:
        raise IllegalMove("POWER_ALREADY_USED", "each Consume power is used once per phase")
    handler = CONSUME_HANDLERS[power.code]
    handler.check(s, seat, power, c)
    handler.apply(flow, seat, power, c)


def finish_consume(flow: Emitter, seat: int, c: cmd.FinishConsume) -> None:
    s = flow.state
    if must_trade(s, seat):
        raise IllegalMove(
            "TRADE_REQUIRED_FIRST",
            "with the Trade bonus you sell a good (SellGood) before consuming",
        )
    if consume_options_left(s, seat, mandatory_only=True):
        raise IllegalMove(
            "MANDATORY_POWER_UNUSED", "a Consume power that must be used still can be: use it first"
        )
    flow.emit(ev.TurnFinished(seat, "CONSUME"))
