"""Duck Dealer told in English (issue #25): each event and each decision as one sentence.

Pure: a sentence is made from the one event or command and the seat names, with the game's own
names from its static tables (wording.py), never from a state. Only the sealed turn-order bid is
private (TurnOrderBidSealed, SubmitTurnOrderBid): its sentence names the amount, its public twin
(TurnOrderBidSubmitted) says only that a bid was sealed; the log shows each viewer only the
events it may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never, cast

from domain.game import Seat

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
from .components import CLIENTS, END_REASONS, FACTORIES, MINES, TURN_TRACK_LENGTH, Good, Part
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
    FinalScore,
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
from .wording import (
    COLOR_NAMES,
    FIRST_PLAYER_METHODS,
    GOOD_NAMES,
    PURPOSES,
    RECOVERIES,
    RETURN_REASONS,
    SCORING_REASONS,
    SITE_NAMES,
    energy,
    good_amount,
    goods,
    join,
    ordinal,
    part,
    parts,
    place,
    plural,
    seat_name,
    site,
)


def event_text(event: Event, names: Sequence[str]) -> str:
    """One event as a sentence ("ann mines 2 Rubber Ducks, paying 2 blue energy")."""
    match event:
        case SetupRandomized():
            return _setup(event)
        case FirstPlayerDetermined(seat=seat, method=method):
            return f"{seat_name(names, seat)} goes first{FIRST_PLAYER_METHODS.get(method, '')}"
        case TurnOrderBidSubmitted(seat=seat):
            return f"{seat_name(names, seat)} seals a bid for the turn order"
        case TurnOrderBidSealed(seat=seat, amount=bid):
            return f"{seat_name(names, seat)} bids {bid} VP for the turn order (sealed)"
        case TurnOrderBidsRevealed(bid_round=bid_round, bids=bids):
            shown = join([f"{seat_name(names, bid.seat)} {bid.amount} VP" for bid in bids])
            return f"Bids of round {bid_round} revealed: {shown}"
        case TurnOrderRebidRequired(seats=seats):
            return f"{_seats(names, seats)} tied and bid again"
        case BidTieBroken(order=order):
            return f"Chance breaks the tie: {_seats(names, order, last='and then')}"
        case TurnPositionChosen(seat=seat, position=position):
            return f"{seat_name(names, seat)} takes the {ordinal(position)} place in turn order"
        case TurnOrderFixed(order=order):
            return f"Turn order: {_seats(names, order, last='and then')}"
        case StartingPartsPlaced(seat=seat, parts=fitted):
            return f"{seat_name(names, seat)} fits {parts(fitted) or 'no parts'} to start with"
        case StartingPlanetChosen(seat=seat, planet=planet):
            return f"{seat_name(names, seat)} starts at {place(planet)}"
        case MainPhaseStarted(turn_order=order):
            return f"Play begins, in the order {_seats(names, order, last='and then')}"
        case PlayerTurnStarted(seat=seat):
            return f"{seat_name(names, seat)}'s turn begins"
        case EnergyAccumulated():
            return _accumulated(event, names)
        case BonusActionTurnGranted(seat=seat, virtual=virtual):
            return (
                f"The supply is short, so {seat_name(names, seat)} takes {energy(virtual)} "
                "as virtual energy and gets a bonus action turn"
            )
        case CubeRecovered(seat=seat, from_kind=from_kind, from_ref=ref, serves_as=serves_as):
            taken, use = RECOVERIES[from_kind, serves_as]
            return f"{seat_name(names, seat)} takes back {taken} from {_place(ref)}{use}"
        case ActionTurnStarted(seat=seat, turn_number=turn, free_segments=free, bonus=bonus):
            which = "a bonus action turn" if bonus else "an action turn"
            return (
                f"{seat_name(names, seat)} takes {which}, {turn} of {TURN_TRACK_LENGTH}, "
                f"with {plural(free, 'free route segment')}"
            )
        case EnergyReturned(seat=seat, energy=returned, reason=reason):
            return (
                f"{seat_name(names, seat)} returns {energy(returned)} to the supply"
                f"{RETURN_REASONS.get(reason, '')}"
            )
        case VirtualEnergyExpired(seat=seat, energy=expired):
            return f"{seat_name(names, seat)}'s unused virtual {energy(expired)} vanishes"
        case TurnEnded(seat=seat, kind="action", turn_number=int(turn)):
            return f"{seat_name(names, seat)}'s action turn {turn} ends"
        case TurnEnded(seat=seat):
            return f"{seat_name(names, seat)}'s turn ends"
        case GameEnded():
            return _game_ended(event, names)
        case RouteSegmentPlaced(seat=seat, node=node, free=free):
            how = "lays a free" if free else "buys a"
            return f"{seat_name(names, seat)} {how} route segment on {place(node)}"
        case FreeSegmentsForfeited(seat=seat, count=0):
            return f"{seat_name(names, seat)} may place no more free route segments"
        case FreeSegmentsForfeited(seat=seat, count=count):
            return f"{seat_name(names, seat)} forfeits {plural(count, 'free route segment')}"
        case EnergySpent(seat=seat, color=color, real=real, virtual=virtual, purpose=purpose):
            spent = f"{real + virtual} {COLOR_NAMES[color]} energy"
            of_it = f" ({virtual} virtual)" if virtual else ""
            purposed = PURPOSES.get(purpose, "")
            return (
                f"{seat_name(names, seat)} spends {spent}{of_it}{' ' if purposed else ''}{purposed}"
            )
        case EngineFired(seat=seat, points=points):
            return f"{seat_name(names, seat)}'s engine fires for {plural(points, 'space')}"
        case ShipMoved(seat=seat, from_node=start, to=to, path=path, allowance_remaining=left):
            return (
                f"{seat_name(names, seat)} flies from {place(start)} to {place(to)} "
                f"({plural(len(path), 'space')}, {left} movement left)"
            )
        case MovementForfeited(seat=seat, points=points):
            return f"{seat_name(names, seat)} loses {points} unused movement"
        case ExplorationRequired(seat=seat, planet=planet, options=options):
            choice = join([site(option) for option in options], last="or")
            return f"{seat_name(names, seat)} must explore {place(planet)}, placing {choice}"
        case PlanetExplored(seat=seat, planet=planet, client=client):
            placed = "no client tile is left" if client is None else f"places {site(client)}"
            return f"{seat_name(names, seat)} explores {place(planet)}: {placed}"
        case PortalPlaced(seat=seat, entrance=entrance, exit=exit_):
            return (
                f"{seat_name(names, seat)} places a Schrödinger portal "
                f"from {place(entrance)} to {place(exit_)}"
            )
        case PortalUsed(seat=seat, portal_owner=owner, from_planet=start, to_planet=to):
            whose = "their own" if owner == seat else f"{seat_name(names, owner)}'s"
            return (
                f"{seat_name(names, seat)} teleports from {place(start)} to {place(to)} "
                f"through {whose} portal"
            )
        case GoodsSpent(seat=seat, goods=paid):
            return f"{seat_name(names, seat)} hands over {goods(paid)}"
        case SiteBuilt(seat=seat, planet=planet, site=built, vp=vp):
            return f"{seat_name(names, seat)} builds {site(built)} on {place(planet)} ({vp} VP)"
        case FactoryBuilt(seat=seat, planet=planet, factory=factory, vp=vp):
            return f"{seat_name(names, seat)} builds {site(factory)} on {place(planet)} ({vp} VP)"
        case VictoryPointsScored(seat=seat, amount=vp, reason=reason, ref=ref):
            scored_for = SCORING_REASONS.get(reason, "from")
            return f"{seat_name(names, seat)} scores {vp} VP {scored_for} {site(ref)}"
        case PrivilegeClaimed(seat=seat, site=claimed):
            return f"{seat_name(names, seat)} claims the privilege of {site(claimed)}"
        case GoodsMined(seat=seat, good=good, quantity=quantity, energy_paid=paid):
            return f"{seat_name(names, seat)} mines {good_amount(quantity, good)}{_paying(paid)}"
        case GoodsProduced(seat=seat, output=good, quantity=quantity, energy_paid=paid):
            made = good_amount(quantity, good)
            return f"{seat_name(names, seat)} produces {made}{_paying(paid)}"
        case ShipUpgradeInstalled():
            return _upgraded(event, names)
        case GoodsDelivered(seat=seat, client=client, good=good, quantity=quantity, vp_each=vp):
            return (
                f"{seat_name(names, seat)} delivers {good_amount(quantity, good)} "
                f"to {site(client)} for {quantity * vp} VP"
            )
        case GoodsDiscarded(seat=seat, goods=thrown):
            return f"{seat_name(names, seat)} throws away {goods(thrown)}"
        case TradeProposed(trade_id=trade, proposer=proposer, partner=partner):
            offer = _offer(event.give, event.receive)
            return f"Trade {trade}: {seat_name(names, proposer)} offers {seat_name(names, partner)} {offer}"
        case TradeCompleted(trade_id=trade):
            return f"Trade {trade} is accepted and the goods change hands"
        case TradeRejected(trade_id=trade):
            return f"Trade {trade} is turned down"
        case TradeCancelled(trade_id=trade):
            return f"Trade {trade} is withdrawn"
        case _:
            assert_never(event)


def command_text(command: Command, seat: Seat, names: Sequence[str]) -> str:
    """One decision as its seat made it ("ann delivers 2 Satellites to the Satellite client")."""
    who = seat_name(names, seat)
    match command:
        case SubmitTurnOrderBid(amount=bid):
            return f"{who} bids {bid} VP for the turn order"
        case ChooseTurnPosition(position=position):
            return f"{who} takes the {ordinal(position)} place in turn order"
        case PlaceStartingParts(parts=fitted):
            return f"{who} fits {parts(fitted) or 'no parts'} to start with"
        case ChooseStartingPlanet(planet=planet):
            return f"{who} starts at {place(planet)}"
        case AccumulateEnergy(color=color, recover_from=ref):
            return f"{who} collects energy, choosing {COLOR_NAMES[color]}{_recovering(ref)}"
        case BeginActionTurn(recover_from=ref):
            return f"{who} takes an action turn{_recovering(ref)}"
        case EndActionTurn(return_energy=returned, discard_goods=thrown):
            kept = [
                *([f"returning {energy(returned)}"] if returned.total else []),
                *([f"throwing away {goods(thrown)}"] if thrown else []),
            ]
            return f"{who} ends the action turn{', ' if kept else ''}{join(kept)}"
        case PlaceFreeRouteSegment(node=node, recover_from=ref):
            return f"{who} lays a free route segment on {place(node)}{_recovering(ref)}"
        case BuyRouteSegment(node=node, recover_from=ref):
            return f"{who} buys a route segment on {place(node)}{_recovering(ref)}"
        case MoveShip(path=()):
            return f"{who} stays put"
        case MoveShip(path=path):
            return f"{who} flies {plural(len(path), 'space')} to {place(path[-1])}"
        case UsePortal():
            return f"{who} teleports through the portal here"
        case ChooseExplorationClient(client=client):
            return f"{who} places {site(client)} on the planet explored"
        case PlacePortal(entrance=entrance, exit=exit_):
            return f"{who} places a Schrödinger portal from {place(entrance)} to {place(exit_)}"
        case BuildSite(site=built, named=named, wildcard=wildcard):
            return f"{who} builds {site(built)}, paying {goods((*named, *wildcard))}"
        case BuildFactory(factory=factory):
            inputs = FACTORIES.get(factory)
            paying = "" if inputs is None else f", paying {goods(inputs.inputs)}"
            return f"{who} builds {site(factory)}{paying}"
        case ClaimPrivilege(site=claimed, recover_from=ref):
            return f"{who} claims the privilege of {site(claimed)}{_recovering(ref)}"
        case MineGoods(mine=mine, quantity=quantity):
            mined = MINES.get(mine)
            what = plural(quantity, "good") if mined is None else good_amount(quantity, mined.good)
            return f"{who} mines {what}"
        case ProduceGoods(factory=factory, quantity=quantity):
            made = FACTORIES.get(factory)
            what = plural(quantity, "good") if made is None else good_amount(quantity, made.output)
            return f"{who} produces {what} at {site(factory)}"
        case BuyShipUpgrade(spaceport=port, part=bought, slot=slot, crew_disc_from_own_stock=own):
            where = "the next empty slot" if slot == "next_empty" else f"slot {slot}"
            disc = ", crewed from their own energy" if own else ""
            return f"{who} buys {part(bought)} for {where} at {site(port)}{disc}"
        case DeliverGoods(client=client, quantity=quantity):
            wanted = CLIENTS.get(client)
            what = (
                plural(quantity, "good") if wanted is None else good_amount(quantity, wanted.good)
            )
            return f"{who} delivers {what} to {site(client)}"
        case DiscardGoods(goods=thrown):
            return f"{who} throws away {goods(thrown)}"
        case ProposeTrade(partner=partner, give=give, receive=receive):
            return f"{who} offers {seat_name(names, partner)} {_offer(give, receive)}"
        case RespondToTrade(accept=accept):
            return f"{who} {'accepts' if accept else 'turns down'} the trade"
        case CancelTrade():
            return f"{who} withdraws the trade offer"
        case _:
            assert_never(command)


def _seats(names: Sequence[str], seats: Sequence[Seat], last: str = "and") -> str:
    return join([seat_name(names, seat) for seat in seats], last=last)


def _place(ref: str) -> str:
    """Where a cube was taken from: "the Satellite client", "the 2nd space out of S1 towards P6"."""
    named = site(ref)
    return named if named != ref else place(ref)


def _recovering(ref: str | None) -> str:
    """§8 A19: a route cube from a space, or a privilege marker from a site, taken back."""
    if ref is None:
        return ""
    taken = "a privilege marker" if ref in SITE_NAMES else "a route cube"
    return f", taking back {taken} from {_place(ref)}"


def _paying(paid: int) -> str:
    return f", paying {paid} blue energy" if paid else " (privilege, no energy)"


def _offer(give: Sequence[Good], receive: Sequence[Good]) -> str:
    return f"{goods(give)} for {goods(receive)}"


def _setup(event: SetupRandomized) -> str:
    mines = len(event.start_mines) + len(event.mines)
    top = [GOOD_NAMES[CLIENTS[tile].good][0] for tile in event.client_track[:2] if tile in CLIENTS]
    return (
        f"{plural(mines, 'mine')} and {plural(len(event.spaceports), 'spaceport')} are laid out; "
        f"{plural(len(event.client_track), 'client tile')} wait, {join(top) or 'none'} on top"
    )


def _accumulated(event: EnergyAccumulated, names: Sequence[str]) -> str:
    short = f"; {energy(event.virtual_gained)} short" if event.virtual_gained.total else ""
    return (
        f"{seat_name(names, event.seat)} collects energy, choosing "
        f"{COLOR_NAMES[event.chosen_color]}: gains {energy(event.real_gained)}{short}"
    )


def _upgraded(event: ShipUpgradeInstalled, names: Sequence[str]) -> str:
    replaced = "" if event.replaced_part is None else f", replacing {part(event.replaced_part)}"
    return (
        f"{seat_name(names, event.seat)} fits {part(event.part)} in slot {event.slot} "
        f"at {site(event.spaceport)}{replaced}: speed {event.new_speed}, "
        f"room for {plural(event.new_capacity, 'good')}"
    )


def _game_ended(event: GameEnded, names: Sequence[str]) -> str:
    why = END_REASONS.get(event.reason, "the match is over")
    best = max((score.net for score in event.final), default=0)
    winners = _seats(names, event.winners)
    wins = "win" if len(event.winners) > 1 else "wins"
    ranked = sorted(event.final, key=lambda score: -score.net)
    others = [_score(score, names) for score in ranked if score.seat not in event.winners]
    rest = f"; {join(others)}" if others else ""
    return f"Game over ({why}): {winners} {wins} with {best} VP{rest}"


def _score(score: FinalScore, names: Sequence[str]) -> str:
    return f"{seat_name(names, score.seat)} {score.net} VP"


def part_text(kind: str, field: str, value: object, names: Sequence[str]) -> str | None:
    """One part of a command a seat picks part by part (forms/menus.py), in words: "a pilot
    cabin", "the 2nd space out of S1 towards P6", "the portal's exit at S3"; None where the
    short form says it."""
    match field, value:
        case "parts", str():
            return parts([cast(Part, value)])  # a Part: the listing typed it
        case "node" | "planet" | "path", str():
            return place(value)
        case "entrance" | "exit", str():
            return f"the portal's {field} at {place(value)}"
        case "recover_from", None:
            return "taking nothing back"
        case "recover_from", str():
            return _recovering(value).removeprefix(", ")
    return None
