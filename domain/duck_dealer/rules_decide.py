"""Dispatching commands to their rules, and whose decision it is (rules digest §4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.game import Chance, Seat

from .commands import (
    AccumulateEnergy,
    BeginActionTurn,
    BuildFactory,
    BuildSite,
    BuyRouteSegment,
    BuyShipUpgrade,
    CancelTrade,
    ChooseExplorationClient,
    ChooseStartingPlanet,
    ChooseTurnPosition,
    ClaimPrivilege,
    Command,
    DeliverGoods,
    DiscardGoods,
    EndActionTurn,
    MineGoods,
    MoveShip,
    PlaceFreeRouteSegment,
    PlacePortal,
    PlaceStartingParts,
    ProduceGoods,
    ProposeTrade,
    RespondToTrade,
    SubmitTurnOrderBid,
    UsePortal,
)
from .events import Event
from .rules_flight import (
    decide_buy_segment,
    decide_choose_client,
    decide_free_segment,
    decide_move,
    decide_place_portal,
    decide_use_portal,
)
from .rules_planet import (
    decide_build_factory,
    decide_build_site,
    decide_claim_privilege,
    decide_deliver,
    decide_mine,
    decide_produce,
    decide_upgrade,
)
from .rules_setup import decide_bid, decide_parts, decide_position, decide_start_planet, setup_turn
from .rules_trade import decide_cancel, decide_discard, decide_propose, decide_respond
from .rules_turn import decide_accumulate, decide_begin, decide_end
from .state import State

# §7: the only decision that may ask chance (a tie left after the auction's re-bid).
_DRAWING: dict[type[Any], Callable[[State, Seat, Any, Chance], list[Event]]] = {
    SubmitTurnOrderBid: decide_bid,
}
_DECIDERS: dict[type[Any], Callable[[State, Seat, Any], list[Event]]] = {
    ChooseTurnPosition: decide_position,
    PlaceStartingParts: decide_parts,
    ChooseStartingPlanet: decide_start_planet,
    AccumulateEnergy: decide_accumulate,
    BeginActionTurn: decide_begin,
    EndActionTurn: decide_end,
    PlaceFreeRouteSegment: decide_free_segment,
    BuyRouteSegment: decide_buy_segment,
    MoveShip: decide_move,
    UsePortal: decide_use_portal,
    ChooseExplorationClient: decide_choose_client,
    PlacePortal: decide_place_portal,
    BuildSite: decide_build_site,
    BuildFactory: decide_build_factory,
    ClaimPrivilege: decide_claim_privilege,
    MineGoods: decide_mine,
    ProduceGoods: decide_produce,
    BuyShipUpgrade: decide_upgrade,
    DeliverGoods: decide_deliver,
    DiscardGoods: decide_discard,
    ProposeTrade: decide_propose,
    RespondToTrade: decide_respond,
    CancelTrade: decide_cancel,
}


def decide(state: State, seat: Seat, command: Command, chance: Chance) -> list[Event]:
    """Every rule check, then all resulting events; after setup, chance is asked only to break
    a tie left after the auction's re-bid (§3.1, §7)."""
    drawing = _DRAWING.get(type(command))
    if drawing is not None:
        return drawing(state, seat, command, chance)
    return _DECIDERS[type(command)](state, seat, command)


def to_move(state: State) -> frozenset[Seat]:
    if state.result is not None:
        return frozenset()
    if state.phase == "bidding":
        return frozenset(s for s in state.bidders if state.player(s).sealed_bid is None)
    if state.phase == "choosing_positions":
        return frozenset({state.choosers[len(state.chosen_positions)]})
    if state.phase in ("starting_parts", "starting_planets"):
        return frozenset({setup_turn(state)})
    if state.trade is not None:
        return frozenset({state.trade.partner, state.trade.proposer})
    return frozenset() if state.active is None else frozenset({state.active})
