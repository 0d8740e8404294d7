"""§4.9 trading and discarding; §8 A18's trading rulings."""

from __future__ import annotations

from domain.duck_dealer import RULES
from domain.duck_dealer.commands import (
    CancelTrade,
    DiscardGoods,
    EndActionTurn,
    MineGoods,
    ProposeTrade,
    RespondToTrade,
)
from domain.duck_dealer.components import Energy
from domain.duck_dealer.events import TradeCompleted, TradeProposed, TradeRejected
from domain.duck_dealer.state import State

from .given import board, explore, in_action_turn, play, rejected, set_player

ANNA, BRUNO = 0, 1


def _docked_together() -> State:
    state = explore(board(2), "P5", "CL_ECONOMY")
    state = set_player(state, ANNA, location="P5", goods=["RUBBER_DUCK", "SOLAR_PANEL"])
    state = set_player(state, BRUNO, location="P5", goods=["BLUE_PAINT"])
    return in_action_turn(state, ANNA)


def test_a_trade_needs_the_partner_to_accept() -> None:
    state = _docked_together()
    offer = ProposeTrade(partner=BRUNO, give=("RUBBER_DUCK",), receive=("BLUE_PAINT",))
    state, events = play(state, ANNA, offer)
    assert events == [
        TradeProposed(
            trade_id=1, proposer=ANNA, partner=BRUNO, give=("RUBBER_DUCK",), receive=("BLUE_PAINT",)
        )
    ]
    assert RULES.to_move(state) == frozenset({ANNA, BRUNO})
    rejected(state, ANNA, MineGoods(mine="M_BEADS_1", quantity=1), "TRADE_PENDING")
    rejected(state, ANNA, EndActionTurn(return_energy=Energy(), discard_goods=()), "TRADE_PENDING")
    rejected(state, ANNA, RespondToTrade(accept=True), "NOT_YOUR_TRADE")
    rejected(state, BRUNO, CancelTrade(), "NOT_YOUR_TRADE")
    state, events = play(state, BRUNO, RespondToTrade(accept=True))
    assert events == [TradeCompleted(trade_id=1)]
    assert state.player(ANNA).goods == ("BLUE_PAINT", "SOLAR_PANEL")
    assert state.player(BRUNO).goods == ("RUBBER_DUCK",)
    assert state.trade is None


def test_a_trade_can_be_rejected_or_cancelled() -> None:
    state = _docked_together()
    offer = ProposeTrade(partner=BRUNO, give=("SOLAR_PANEL",), receive=())
    pending, _ = play(state, ANNA, offer)
    rejected_state, events = play(pending, BRUNO, RespondToTrade(accept=False))
    assert events == [TradeRejected(trade_id=1)] and rejected_state.trade is None
    cancelled, _ = play(pending, ANNA, CancelTrade())
    assert cancelled.trade is None and cancelled.player(ANNA).goods == state.player(ANNA).goods


def test_the_partner_must_stay_within_capacity_and_may_discard_first() -> None:
    state = set_player(_docked_together(), BRUNO, goods=["BLUE_PAINT"])
    gift = ProposeTrade(partner=BRUNO, give=("RUBBER_DUCK",), receive=())
    state, _ = play(state, ANNA, gift)
    rejected(state, BRUNO, RespondToTrade(accept=True), "PARTNER_OVER_CAPACITY")
    state, _ = play(state, BRUNO, DiscardGoods(goods=("BLUE_PAINT",)))
    state, _ = play(state, BRUNO, RespondToTrade(accept=True))
    assert state.player(BRUNO).goods == ("RUBBER_DUCK",)


def test_trading_needs_both_ships_docked_at_one_planet_and_the_goods() -> None:
    state = set_player(_docked_together(), BRUNO, location="P5-P11.1")
    swap = ProposeTrade(partner=BRUNO, give=("RUBBER_DUCK",), receive=("BLUE_PAINT",))
    rejected(state, ANNA, swap, "TRADE_NOT_SAME_PLANET")
    state = _docked_together()
    rejected(
        state,
        ANNA,
        ProposeTrade(partner=BRUNO, give=("MEDICINE",), receive=()),
        "INSUFFICIENT_GOODS",
    )
    rejected(
        state,
        ANNA,
        ProposeTrade(partner=ANNA, give=("RUBBER_DUCK",), receive=()),
        "INVALID_PARTNER",
    )
    rejected(state, BRUNO, swap, "NOT_YOUR_TURN")


def test_discarding_needs_the_goods() -> None:
    state = _docked_together()
    rejected(state, BRUNO, DiscardGoods(goods=("RUBBER_DUCK",)), "INSUFFICIENT_GOODS")
    rejected(state, BRUNO, DiscardGoods(goods=()), "BAD_QUANTITY")
    assert DiscardGoods(goods=("BLUE_PAINT",)) in RULES.legal(state, BRUNO)
