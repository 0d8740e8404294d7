"""Dispatching commands to their rules, and whose decision it is (rules digest §4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain import game
from domain.game import Chance, CommandRule, CommandTable, Seat, gate

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
from .rules_evolve import evolve
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

Decider = Callable[[State, Seat, Any], list[Event]]


def _row(decider: Decider) -> CommandRule:
    """A command's row: its rules give the events from the state (Duck Dealer's rules are
    written as functions of the state), which the decision's emitter folds in turn."""

    def handler(em: game.Emitter[State, Event], seat: Seat, command: Any) -> None:
        em.emit(*decider(em.state, seat, command))

    return CommandRule(handler)


def _bid(em: game.Emitter[State, Event], seat: Seat, command: SubmitTurnOrderBid) -> None:
    """§7: the only decision that may ask chance (a tie left after the auction's re-bid)."""
    em.emit(*decide_bid(em.state, seat, command, em.chance))


COMMANDS: CommandTable = {
    SubmitTurnOrderBid: CommandRule(_bid),
    ChooseTurnPosition: _row(decide_position),
    PlaceStartingParts: _row(decide_parts),
    ChooseStartingPlanet: _row(decide_start_planet),
    AccumulateEnergy: _row(decide_accumulate),
    BeginActionTurn: _row(decide_begin),
    EndActionTurn: _row(decide_end),
    PlaceFreeRouteSegment: _row(decide_free_segment),
    BuyRouteSegment: _row(decide_buy_segment),
    MoveShip: _row(decide_move),
    UsePortal: _row(decide_use_portal),
    ChooseExplorationClient: _row(decide_choose_client),
    PlacePortal: _row(decide_place_portal),
    BuildSite: _row(decide_build_site),
    BuildFactory: _row(decide_build_factory),
    ClaimPrivilege: _row(decide_claim_privilege),
    MineGoods: _row(decide_mine),
    ProduceGoods: _row(decide_produce),
    BuyShipUpgrade: _row(decide_upgrade),
    DeliverGoods: _row(decide_deliver),
    DiscardGoods: _row(decide_discard),
    ProposeTrade: _row(decide_propose),
    RespondToTrade: _row(decide_respond),
    CancelTrade: _row(decide_cancel),
}


def decide(state: State, seat: Seat, command: Command, chance: Chance) -> list[Event]:
    """Every rule check, then all resulting events; after setup, chance is asked only to break
    a tie left after the auction's re-bid (§3.1, §7)."""
    em = game.Emitter(evolve, state, chance)
    gate(COMMANDS, state.phase, command).handler(em, seat, command)
    return em.events


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
