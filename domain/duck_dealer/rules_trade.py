"""Free goods handling: discarding and trading between ships on one planet (rules digest §4.9)."""

from __future__ import annotations

from domain.game import IllegalMove, Seat

from .commands import CancelTrade, DiscardGoods, ProposeTrade, RespondToTrade
from .components import PLANET_SLOTS
from .events import (
    Event,
    GoodsDiscarded,
    TradeCancelled,
    TradeCompleted,
    TradeProposed,
    TradeRejected,
)
from .rules_common import check_action_turn
from .state import State, Trade, sorted_goods


def decide_discard(state: State, seat: Seat, command: DiscardGoods) -> list[Event]:
    # §4.9: at any time, by anyone, even during another player's turn or a pending decision.
    if not command.goods:
        raise IllegalMove("BAD_QUANTITY", "name at least one good to discard")
    if not state.player(seat).holds(command.goods):
        raise IllegalMove("INSUFFICIENT_GOODS", "you do not hold those goods")
    return [GoodsDiscarded(seat=seat, goods=sorted_goods(command.goods))]


def decide_propose(state: State, seat: Seat, command: ProposeTrade) -> list[Event]:
    # §8 A18: goods only, proposed by the active player in an action turn, both ships docked together.
    check_action_turn(state, seat)
    if command.partner == seat or not 0 <= command.partner < state.n_seats:
        raise IllegalMove("INVALID_PARTNER", "trade with another player")
    here = state.player(seat).location
    if here not in PLANET_SLOTS or state.player(command.partner).location != here:
        raise IllegalMove("TRADE_NOT_SAME_PLANET", "both ships must be docked at the same planet")
    if not command.give and not command.receive:
        raise IllegalMove("BAD_QUANTITY", "a trade moves at least one good")
    trade = Trade(state.trade_seq + 1, seat, command.partner, command.give, command.receive)
    check_trade_goods(state, trade)
    return [
        TradeProposed(
            trade_id=trade.trade_id,
            proposer=seat,
            partner=command.partner,
            give=sorted_goods(command.give),
            receive=sorted_goods(command.receive),
        )
    ]


def check_trade_goods(state: State, trade: Trade) -> None:
    if not state.player(trade.proposer).holds(trade.give):
        raise IllegalMove("INSUFFICIENT_GOODS", "the proposer does not hold the offered goods")
    if not state.player(trade.partner).holds(trade.receive):
        raise IllegalMove("INSUFFICIENT_GOODS", "the partner does not hold the asked goods")


def pending_trade(state: State) -> Trade:
    if state.trade is None:
        raise IllegalMove("NO_TRADE_PENDING", "no trade waits for an answer")
    return state.trade


def decide_respond(state: State, seat: Seat, command: RespondToTrade) -> list[Event]:
    trade = pending_trade(state)
    if seat != trade.partner:
        raise IllegalMove("NOT_YOUR_TRADE", "only the partner answers a trade")
    if not command.accept:
        return [TradeRejected(trade_id=trade.trade_id)]
    check_trade_goods(state, trade)
    partner = state.player(trade.partner)
    after = len(partner.goods) - len(trade.receive) + len(trade.give)
    if after > partner.capacity:
        raise IllegalMove(
            "PARTNER_OVER_CAPACITY", f"you would carry more than {partner.capacity} goods"
        )
    return [TradeCompleted(trade_id=trade.trade_id)]


def decide_cancel(state: State, seat: Seat, command: CancelTrade) -> list[Event]:
    trade = pending_trade(state)
    if seat != trade.proposer:
        raise IllegalMove("NOT_YOUR_TRADE", "only the proposer cancels a trade")
    return [TradeCancelled(trade_id=trade.trade_id)]
