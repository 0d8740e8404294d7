"""Setup and the optional turn-order auction (rules digest §3, §3.1, §4.11)."""

from __future__ import annotations

from domain.game import Chance, IllegalMove, Seat, fold, seat_ref

from .commands import (
    ChooseStartingPlanet,
    ChooseTurnPosition,
    PlaceStartingParts,
    SubmitTurnOrderBid,
)
from .components import (
    CLIENT_TIER_VP,
    CLIENT_TIERS,
    MINES,
    OTHER_PLANETS,
    SPACEPORTS,
    START_PLANETS,
    STARTING_PARTS,
)
from .events import (
    BidTieBroken,
    Event,
    FirstPlayerDetermined,
    MainPhaseStarted,
    PlanetPiece,
    PlayerTurnStarted,
    SeatAmount,
    SetupRandomized,
    StartingPartsPlaced,
    StartingPlanetChosen,
    TurnOrderBidSealed,
    TurnOrderBidsRevealed,
    TurnOrderBidSubmitted,
    TurnOrderFixed,
    TurnOrderRebidRequired,
    TurnPositionChosen,
)
from .rules_evolve import evolve
from .state import DuckDealerOptions, State, bid_key


def setup(n_seats: int, options: DuckDealerOptions, chance: Chance) -> list[Event]:
    """§3 steps 2-5 and §7: every tile laid out here, face up, and recorded in `SetupRandomized`.

    A pile shuffled and laid out at once is drawn tile by tile, planet by planet (and the client
    track tier by tier, top first): the same distribution as shuffling first, asked of `chance`
    the way a table lays the tiles out."""
    if not 0 <= options.first_player < n_seats:
        raise IllegalMove("BAD_OPTION", f"first_player must be a seat from 0 to {n_seats - 1}")
    start_mines = tuple(m for m, spec in MINES.items() if spec.starting)
    if options.fixed_start_mines:
        placed = tuple(PlanetPiece(p, m) for p, m in zip(START_PLANETS, start_mines, strict=True))
    else:
        placed = _laid_on(START_PLANETS, start_mines, "starting mine", chance)
    other_mines = tuple(m for m, spec in MINES.items() if not spec.starting)
    tiers = zip(CLIENT_TIER_VP, CLIENT_TIERS, strict=True)
    events: list[Event] = [
        SetupRandomized(
            start_mines=placed,
            spaceports=_laid_on(START_PLANETS, tuple(SPACEPORTS), "spaceport", chance),
            mines=_laid_on(OTHER_PLANETS, other_mines, "mine", chance),
            client_track=tuple(
                tile
                for vp, tier in tiers
                for tile in chance.arrange(
                    sorted(tier), f"the next {vp}-pt client tile stacked on the client track"
                )
            ),
        )
    ]
    if not options.auction:
        # §3 step 7: the table applies the birthday rule and names the first player; play then
        # goes clockwise in seating order.
        first = options.first_player
        events.append(FirstPlayerDetermined(seat=first, method="host"))
        events.append(TurnOrderFixed(order=tuple((first + i) % n_seats for i in range(n_seats))))
    return events


def _laid_on(
    planets: tuple[str, ...], pile: tuple[str, ...], kind: str, chance: Chance
) -> tuple[PlanetPiece, ...]:
    """§3: one tile of a shuffled pile on each planet, in the planets' order: each drawn from
    the tiles still in the pile (kept sorted: a pile nobody has seen has no order)."""
    left = sorted(pile)
    placed: list[PlanetPiece] = []
    for planet in planets:
        tile = chance.draw(left, f"the {kind} laid on {planet}")
        left.remove(tile)
        placed.append(PlanetPiece(planet, tile))
    return tuple(placed)


def decide_bid(
    state: State, seat: Seat, command: SubmitTurnOrderBid, chance: Chance
) -> list[Event]:
    if state.phase != "bidding":
        raise IllegalMove("WRONG_PHASE", "no turn-order bids are being taken")
    # §3.1 ruling: a re-bid is a new sealed bid of at least the tied amount.
    floor = state.player(seat).bid if state.bid_round > 1 else 0
    if command.amount < floor:
        raise IllegalMove("BID_TOO_LOW", f"bid at least {floor}")
    events: list[Event] = [
        TurnOrderBidSubmitted(seat=seat),
        TurnOrderBidSealed(seat=seat, amount=command.amount),
    ]
    after = fold(evolve, state, events)
    if any(after.player(s).sealed_bid is None for s in after.bidders):
        return events
    bids = tuple(SeatAmount(s, after.player(s).sealed_bid or 0) for s in after.bidders)
    revealed = TurnOrderBidsRevealed(bid_round=state.bid_round, bids=bids)
    events.append(revealed)
    amounts = [bid.amount for bid in bids]
    tied = tuple(bid.seat for bid in bids if amounts.count(bid.amount) > 1)
    if tied and state.bid_round == 1:
        events.append(TurnOrderRebidRequired(seats=tied))
    elif state.bid_round > 1:
        events.extend(_ties_broken(fold(evolve, after, [revealed]), chance))
    return events


def _ties_broken(state: State, chance: Chance) -> list[Event]:
    """§3.1, §7: seats whose first bids and re-bids are both equal are ordered by chance, one
    group at a time (best bids first), when the tie shows and not before."""
    groups: dict[tuple[int, int], list[Seat]] = {}
    for seat in range(state.n_seats):
        groups.setdefault(bid_key(state, seat), []).append(seat)
    events: list[Event] = []
    for key in sorted(groups):
        seats = groups[key]
        if len(seats) > 1:
            tied = ", ".join(seat_ref(s) for s in seats)
            what = f"the seat ranked next of {tied}, still tied after the re-bid"
            events.append(BidTieBroken(order=tuple(chance.arrange(seats, what, label=seat_ref))))
    return events


def decide_position(state: State, seat: Seat, command: ChooseTurnPosition) -> list[Event]:
    if state.phase != "choosing_positions":
        raise IllegalMove("WRONG_PHASE", "turn positions are not being chosen")
    taken = {position for _, position in state.chosen_positions}
    if not 1 <= command.position <= state.n_seats or command.position in taken:
        raise IllegalMove("INVALID_POSITION", "choose a free position in the turn order")
    events: list[Event] = [TurnPositionChosen(seat=seat, position=command.position)]
    chosen = (*state.chosen_positions, (seat, command.position))
    if len(chosen) == state.n_seats - 1:
        last = state.choosers[-1]
        free = next(p for p in range(1, state.n_seats + 1) if p not in taken | {command.position})
        events.append(TurnPositionChosen(seat=last, position=free))
        chosen = (*chosen, (last, free))
    if len(chosen) == state.n_seats:
        order = tuple(s for s, _ in sorted(chosen, key=lambda pair: pair[1]))
        events.append(TurnOrderFixed(order=order))
    return events


def setup_turn(state: State) -> Seat:
    return state.turn_order[state.setup_index]


def decide_parts(state: State, seat: Seat, command: PlaceStartingParts) -> list[Event]:
    if state.phase != "starting_parts":
        raise IllegalMove("WRONG_PHASE", "starting parts are not being placed")
    if len(command.parts) > STARTING_PARTS:
        raise IllegalMove(
            "INVALID_START_SLOT", f"at most {STARTING_PARTS} parts, on the slots marked 8"
        )
    return [StartingPartsPlaced(seat=seat, parts=command.parts)]


def decide_start_planet(state: State, seat: Seat, command: ChooseStartingPlanet) -> list[Event]:
    if state.phase != "starting_planets":
        raise IllegalMove("WRONG_PHASE", "starting planets are not being chosen")
    if command.planet not in START_PLANETS:
        raise IllegalMove("NOT_A_START_PLANET", f"{command.planet} is not a starting planet")
    if any(p.location == command.planet for p in state.players):
        raise IllegalMove("START_PLANET_TAKEN", f"{command.planet} is taken")
    events: list[Event] = [StartingPlanetChosen(seat=seat, planet=command.planet)]
    if state.setup_index + 1 == state.n_seats:
        events.append(MainPhaseStarted(turn_order=state.turn_order))
        events.append(PlayerTurnStarted(seat=state.turn_order[0], player_turn_seq=1))
    return events
