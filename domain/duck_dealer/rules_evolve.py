"""`evolve`: each Duck Dealer fact applied to the state, never validated, never mutating its input."""

from __future__ import annotations

from typing import assert_never

from msgspec.structs import replace

from domain.game import Result, places_from_keys

from .components import (
    CLIENT_SLOT,
    CREW_COLOR,
    MINE_SLOT,
    SPACEPORT_SLOT,
    START_PLANETS,
    Color,
    Energy,
    Good,
    Part,
)
from .events import (
    ActionTurnStarted,
    BidTieBroken,
    BonusActionTurnGranted,
    CubeRecovered,
    EnergyAccumulated,
    EnergyReturned,
    EnergySpent,
    EngineFired,
    Event,
    ExplorationRequired,
    FactoryBuilt,
    FirstPlayerDetermined,
    FreeSegmentsForfeited,
    GameEnded,
    GoodsDelivered,
    GoodsDiscarded,
    GoodsMined,
    GoodsProduced,
    GoodsSpent,
    MainPhaseStarted,
    MovementForfeited,
    PlanetExplored,
    PlayerTurnStarted,
    PortalPlaced,
    PortalUsed,
    PrivilegeClaimed,
    RouteSegmentPlaced,
    SetupRandomized,
    ShipMoved,
    ShipUpgradeInstalled,
    SiteBuilt,
    StartingPartsPlaced,
    StartingPlanetChosen,
    TradeCancelled,
    TradeCompleted,
    TradeProposed,
    TradeRejected,
    TurnEnded,
    TurnOrderBidSealed,
    TurnOrderBidsRevealed,
    TurnOrderBidSubmitted,
    TurnOrderFixed,
    TurnOrderRebidRequired,
    TurnPositionChosen,
    VictoryPointsScored,
    VirtualEnergyExpired,
)
from .state import Exploration, Portal, Site, State, Trade, bid_ranking, sorted_goods, without


def evolve(state: State, event: Event) -> State:
    match event:
        case SetupRandomized():
            return _setup_randomized(state, event)
        case FirstPlayerDetermined() | TurnOrderBidSubmitted() | EngineFired():
            return state
        case TurnOrderBidSealed(seat=seat, amount=amount):
            return state.with_player(seat, replace(state.player(seat), sealed_bid=amount))
        case TurnOrderBidsRevealed():
            return _bids_revealed(state, event)
        case BidTieBroken(order=order):
            state = replace(state, tie_order=(*state.tie_order, *order))
            return replace(state, choosers=bid_ranking(state))
        case TurnOrderRebidRequired(seats=seats):
            return replace(state, bidders=seats, bid_round=state.bid_round + 1, phase="bidding")
        case TurnPositionChosen(seat=seat, position=position):
            return replace(state, chosen_positions=(*state.chosen_positions, (seat, position)))
        case TurnOrderFixed(order=order):
            return replace(
                state, turn_order=order, phase="starting_parts", setup_index=0, bidders=()
            )
        case StartingPartsPlaced():
            return _starting_parts(state, event)
        case StartingPlanetChosen(seat=seat, planet=planet):
            state = state.with_player(seat, replace(state.player(seat), location=planet))
            return replace(state, setup_index=state.setup_index + 1)
        case MainPhaseStarted():
            return replace(state, phase="main")
        case PlayerTurnStarted(seat=seat, player_turn_seq=seq):
            return replace(
                state,
                active=seat,
                player_turn_seq=seq,
                turn_kind="none",
                is_bonus=False,
                turn_number=0,
            )
        case EnergyAccumulated():
            player = state.player(event.seat)
            player = replace(
                player,
                energy=player.energy.add(event.real_gained),
                virtual=player.virtual.add(event.virtual_gained),
            )
            state = state.with_player(event.seat, player)
            return replace(
                state, supply=state.supply.minus(event.real_gained), turn_kind="accumulate"
            )
        case BonusActionTurnGranted():
            return replace(state, is_bonus=True)
        case CubeRecovered():
            return _cube_recovered(state, event)
        case ActionTurnStarted():
            player = state.player(event.seat)
            player = replace(player, cubes=player.cubes - 1, action_turns=player.action_turns + 1)
            state = state.with_player(event.seat, player)
            return replace(
                state,
                turn_kind="action",
                turn_number=event.turn_number,
                turn_track=(*state.turn_track, event.seat),
                free_segments_left=event.free_segments,
                window_open=True,
                allowance=0,
                privilege_sessions=frozenset(),
            )
        case EnergyReturned(seat=seat, energy=energy):
            player = state.player(seat)
            state = state.with_player(seat, replace(player, energy=player.energy.minus(energy)))
            return replace(state, supply=state.supply.add(energy))
        case VirtualEnergyExpired(seat=seat):
            return state.with_player(seat, replace(state.player(seat), virtual=Energy()))
        case TurnEnded():
            return replace(
                state,
                turn_kind="none",
                allowance=0,
                privilege_sessions=frozenset(),
                free_segments_left=0,
                window_open=False,
            )
        case GameEnded():
            return _game_ended(state, event)
        case RouteSegmentPlaced(seat=seat, node=node, free=free):
            player = state.player(seat)
            state = state.with_player(seat, replace(player, cubes=player.cubes - 1))
            left = state.free_segments_left - 1 if free else state.free_segments_left
            return replace(
                state, route_cubes={**state.route_cubes, node: seat}, free_segments_left=left
            )
        case FreeSegmentsForfeited():
            return replace(state, free_segments_left=0, window_open=False)
        case EnergySpent():
            return _energy_spent(state, event)
        case ShipMoved(seat=seat, to=to, allowance_remaining=allowance):
            state = state.with_player(seat, replace(state.player(seat), location=to))
            return replace(state, allowance=allowance, privilege_sessions=frozenset())
        case MovementForfeited():
            return replace(state, allowance=0)
        case ExplorationRequired(planet=planet, options=options):
            return replace(state, exploration=Exploration(planet, options))
        case PlanetExplored():
            return _planet_explored(state, event)
        case PortalPlaced(seat=seat, entrance=entrance, exit=exit_planet):
            state = state.with_player(seat, replace(state.player(seat), portal_placed=True))
            return replace(state, portals=(*state.portals, Portal(seat, entrance, exit_planet)))
        case PortalUsed(seat=seat, to_planet=to):
            state = state.with_player(seat, replace(state.player(seat), location=to))
            return replace(state, allowance=0, privilege_sessions=frozenset())
        case GoodsSpent(seat=seat, goods=goods) | GoodsDiscarded(seat=seat, goods=goods):
            player = state.player(seat)
            return state.with_player(seat, replace(player, goods=without(player.goods, goods)))
        case SiteBuilt(site=site_id):
            site = state.sites[site_id]
            return replace(state, sites={**state.sites, site_id: replace(site, built=True)})
        case FactoryBuilt(planet=planet, slot=slot, factory=factory):
            site = Site("factory", planet, slot, built=True)
            reserve = tuple(f for f in state.factory_reserve if f != factory)
            return replace(state, sites={**state.sites, factory: site}, factory_reserve=reserve)
        case VictoryPointsScored(seat=seat, amount=amount):
            player = state.player(seat)
            return state.with_player(seat, replace(player, vp=player.vp + amount))
        case PrivilegeClaimed(seat=seat, site=site_id):
            player = state.player(seat)
            state = state.with_player(seat, replace(player, markers=player.markers - 1))
            site = state.sites[site_id]
            return replace(state, sites={**state.sites, site_id: replace(site, privilege=seat)})
        case GoodsMined(seat=seat, mine=mine, good=good, quantity=quantity):
            state = _gain(state, seat, (good,) * quantity)
            return _privilege_session(state, seat, mine)
        case GoodsProduced(seat=seat, factory=factory, output=output, quantity=quantity):
            state = _gain(state, seat, (output,) * quantity)
            return _privilege_session(state, seat, factory)
        case ShipUpgradeInstalled():
            return _upgrade_installed(state, event)
        case GoodsDelivered(seat=seat, client=client):
            return _privilege_session(state, seat, client)
        case TradeProposed():
            trade = Trade(event.trade_id, event.proposer, event.partner, event.give, event.receive)
            return replace(state, trade=trade, trade_seq=event.trade_id)
        case TradeCompleted():
            return _trade_completed(state)
        case TradeCancelled() | TradeRejected():
            return replace(state, trade=None)
        case _:
            assert_never(event)


def _setup_randomized(state: State, event: SetupRandomized) -> State:
    sites: dict[str, Site] = {}
    for placed in (*event.start_mines, *event.mines):
        sites[placed.piece] = Site("mine", placed.planet, MINE_SLOT, built=True)
    for placed in event.spaceports:
        sites[placed.piece] = Site("spaceport", placed.planet, SPACEPORT_SLOT, built=False)
    # §8 A32: starting planets are explored from the start.
    return replace(
        state,
        sites=sites,
        client_track=event.client_track,
        explored=frozenset(START_PLANETS),
        bidders=tuple(range(state.n_seats)) if state.options.auction else (),
        phase="bidding" if state.options.auction else "starting_parts",
    )


def _bids_revealed(state: State, event: TurnOrderBidsRevealed) -> State:
    players = list(state.players)
    for bid in event.bids:
        player = players[bid.seat]
        first = bid.amount if event.bid_round == 1 else player.first_bid
        players[bid.seat] = replace(player, sealed_bid=None, bid=bid.amount, first_bid=first)
    state = replace(state, players=tuple(players), bidders=())
    ranking = bid_ranking(state)
    return replace(state, phase="choosing_positions", choosers=ranking, chosen_positions=())


def _starting_parts(state: State, event: StartingPartsPlaced) -> State:
    player = state.player(event.seat)
    slots = list(player.slots)
    supply, cargo = state.supply, state.cargo_supply
    for index, part in enumerate(event.parts):
        slots[index] = part
        supply, cargo = _take_part(supply, cargo, part)
    player = replace(player, slots=tuple(slots), starting_parts_placed=True)
    state = state.with_player(event.seat, player)
    done = state.setup_index + 1
    if done == state.n_seats:
        return replace(
            state, supply=supply, cargo_supply=cargo, phase="starting_planets", setup_index=0
        )
    return replace(state, supply=supply, cargo_supply=cargo, setup_index=done)


def _take_part(supply: Energy, cargo: int, part: Part) -> tuple[Energy, int]:
    if part == "CARGO":
        return supply, cargo - 1
    return supply.plus(CREW_COLOR[part], -1), cargo


def _cube_recovered(state: State, event: CubeRecovered) -> State:
    # §8 A19: the piece comes back to the supply of the one who recovers it, to be placed at once.
    player = state.player(event.seat)
    if event.serves_as == "cube":
        player = replace(player, cubes=player.cubes + 1)
    else:
        player = replace(player, markers=player.markers + 1)
    state = state.with_player(event.seat, player)
    if event.from_kind == "route":
        cubes = {node: seat for node, seat in state.route_cubes.items() if node != event.from_ref}
        return replace(state, route_cubes=cubes)
    # Digest A19 over §4.8: a privilege marker taken back ends that claim at once, so its site
    # leaves this stay's privilege sessions and every later use in the same stay is paid.
    site = state.sites[event.from_ref]
    return replace(
        state,
        sites={**state.sites, event.from_ref: replace(site, privilege=None)},
        privilege_sessions=state.privilege_sessions - {event.from_ref},
    )


def _energy_spent(state: State, event: EnergySpent) -> State:
    player = state.player(event.seat)
    color: Color = event.color
    player = replace(
        player,
        energy=player.energy.plus(color, -event.real),
        virtual=player.virtual.plus(color, -event.virtual),
    )
    state = state.with_player(event.seat, player)
    return replace(state, supply=state.supply.plus(color, event.real))


def _planet_explored(state: State, event: PlanetExplored) -> State:
    state = replace(state, exploration=None, explored=state.explored | {event.planet})
    if event.client is None:
        return state
    site = Site("client", event.planet, CLIENT_SLOT, built=False)
    track = tuple(c for c in state.client_track if c != event.client)
    return replace(state, sites={**state.sites, event.client: site}, client_track=track)


def _gain(state: State, seat: int, goods: tuple[Good, ...]) -> State:
    player = state.player(seat)
    return state.with_player(seat, replace(player, goods=sorted_goods((*player.goods, *goods))))


def _privilege_session(state: State, seat: int, site_id: str) -> State:
    """§4.8: a privilege holder's first paid use opens a free session on that site for the stay."""
    if state.sites[site_id].privilege != seat:
        return state
    return replace(state, privilege_sessions=state.privilege_sessions | {site_id})


def _upgrade_installed(state: State, event: ShipUpgradeInstalled) -> State:
    player = state.player(event.seat)
    supply, cargo = state.supply, state.cargo_supply
    if event.replaced_part is not None:
        # A replaced part goes back to the supply (§2.4).
        if event.replaced_part == "CARGO":
            cargo += 1
        else:
            supply = supply.plus(CREW_COLOR[event.replaced_part], 1)
    energy = player.energy
    if event.crew_from_own_stock and event.part != "CARGO":
        energy = energy.plus(CREW_COLOR[event.part], -1)
    else:
        supply, cargo = _take_part(supply, cargo, event.part)
    slots = list(player.slots)
    slots[event.slot - 1] = event.part
    state = state.with_player(event.seat, replace(player, slots=tuple(slots), energy=energy))
    state = replace(state, supply=supply, cargo_supply=cargo)
    return _privilege_session(state, event.seat, event.spaceport)


def _trade_completed(state: State) -> State:
    trade = state.trade
    if trade is None:
        return state
    proposer = state.player(trade.proposer)
    partner = state.player(trade.partner)
    proposer = replace(
        proposer, goods=sorted_goods((*without(proposer.goods, trade.give), *trade.receive))
    )
    partner = replace(
        partner, goods=sorted_goods((*without(partner.goods, trade.receive), *trade.give))
    )
    state = state.with_player(trade.proposer, proposer).with_player(trade.partner, partner)
    return replace(state, trade=None)


def _game_ended(state: State, event: GameEnded) -> State:
    scores = tuple(score.net for score in sorted(event.final, key=lambda s: s.seat))
    result = Result(
        scores=scores,
        places=places_from_keys([(score,) for score in scores]),
        winners=event.winners,
        reason=event.reason,
    )
    return replace(state, phase="over", result=result, active=None, exploration=None, trade=None)
