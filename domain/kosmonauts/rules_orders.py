"""Phase 2: sealed simultaneous orders, revealed together by the last one (§4.4)."""

from __future__ import annotations

from domain.game import IllegalMove, Seat
from domain.kosmonauts import events as ev
from domain.kosmonauts.commands import Placement, StayOnBody, SubmitOrders
from domain.kosmonauts.components import (
    CUBE_UNITS,
    DIRECTIONS,
    SHIELD_CONVERSION_FUEL,
    TANK_SLOTS,
)
from domain.kosmonauts.events_round import RevealedOrder
from domain.kosmonauts.flight import EMPTY_ROSE, add_units, opposite
from domain.kosmonauts.rules_evolve import Emitter
from domain.kosmonauts.state import SealedOrder, Ship, State


def _check_open(state: State, seat: Seat) -> Ship:
    return state.ships[seat]  # a seat that gave its orders is no longer to move


def submit_orders(out: Emitter, seat: Seat, command: SubmitOrders) -> None:
    ship = _check_open(out.state, seat)
    placements = command.placements
    if ship.stay_committed and placements:
        raise IllegalMove(
            "STAY_COMMITTED",
            "you answered the Solar Wind with STAY_ON_BODY, so your ship stays on its body "
            "this round: order StayOnBody (or SubmitOrders with no cubes)",
        )
    if len(placements) > ship.max_cubes:
        if ship.max_cubes == 0:
            raise IllegalMove(
                "SOLAR_FLARES_BLOCK",
                "you accepted Solar Flares: no cube may go on your rose this round "
                "(SubmitOrders with no cubes, or StayOnBody if landed)",
            )
        raise IllegalMove(
            "TOO_MANY_CUBES",
            f"Too many cubes: {len(placements)} placed, limit {ship.max_cubes} this round",
        )
    if command.convert_shield and not ship.shields:
        raise IllegalMove(
            "NO_SHIELD",
            "you have no shield left to turn into 2 yellow cubes (convert_shield=false)",
        )
    bonus = SHIELD_CONVERSION_FUEL if command.convert_shield else 0
    normal = sum(1 for p in placements if p.cube == "NORMAL")
    hyper = len(placements) - normal
    if normal > ship.normal + bonus or hyper > ship.hyper:
        raise IllegalMove(
            "INSUFFICIENT_FUEL",
            f"your tank holds {ship.normal} yellow and {ship.hyper} red cubes"
            + (" (+2 yellow from the shield)" if command.convert_shield else "")
            + ": each NORMAL cube ordered takes a yellow one, each HYPER a red one",
        )
    # A35: a landed ship that places nothing simply stays on its body.
    staying = not ship.flying and not placements and ship.rose == EMPTY_ROSE
    order = SealedOrder(
        kind="STAY" if staying else "FLY",
        placements=placements,
        convert_shield=command.convert_shield,
    )
    _seal(out, seat, order)


def stay_on_body(out: Emitter, seat: Seat, command: StayOnBody) -> None:
    ship = _check_open(out.state, seat)
    if ship.flying:
        raise IllegalMove(
            "SHIP_NOT_LANDED",
            "only a landed ship can stay: a flying ship flies on (SubmitOrders, no cubes to coast)",
        )
    if ship.rose != EMPTY_ROSE:
        raise IllegalMove(
            "WIND_FORCES_TAKEOFF",
            "the Solar Wind you accepted put cubes on your rose, so your ship takes off this round "
            "(SubmitOrders)",
        )
    if command.convert_shield and not ship.shields:
        raise IllegalMove(
            "NO_SHIELD",
            "you have no shield left to turn into 2 yellow cubes (convert_shield=false)",
        )
    _seal(out, seat, SealedOrder(kind="STAY", convert_shield=command.convert_shield))


def _seal(out: Emitter, seat: Seat, order: SealedOrder) -> None:
    out.emit(ev.OrdersSubmitted(seat=seat))
    out.emit(
        ev.OrdersSealed(
            seat=seat,
            kind=order.kind,
            placements=order.placements,
            convert_shield=order.convert_shield,
        )
    )


def all_orders_in(state: State) -> bool:
    return all(ship.order is not None for ship in state.ships)


def reveal_orders(out: Emitter) -> None:
    state = out.state
    order_seats = state.seats_from_instructor()
    revealed = []
    for seat in order_seats:
        order = state.ships[seat].order
        assert order is not None
        revealed.append(
            RevealedOrder(
                seat=seat,
                kind=order.kind,
                placements=order.placements,
                convert_shield=order.convert_shield,
            )
        )
    out.emit(ev.OrdersRevealed(round=state.round, orders=tuple(revealed)))
    for seat in order_seats:
        _carry_out(out, seat)
    out.emit(ev.PhaseEnded(phase="ORDERS"))


def _carry_out(out: Emitter, seat: Seat) -> None:
    ship = out.state.ships[seat]
    order = ship.order
    assert order is not None
    if order.convert_shield:
        out.emit(
            ev.ShieldConvertedToFuel(
                seat=seat, normal_added=SHIELD_CONVERSION_FUEL, shields_after=ship.shields - 1
            )
        )
        ship = out.state.ships[seat]
    if order.placements:
        out.emit(_place_cubes(seat, ship, order.placements))
        ship = out.state.ships[seat]
    surplus = ship.normal + ship.hyper - TANK_SLOTS
    if surplus > 0:  # A19: only after a conversion; surplus yellow returns to the supply
        out.emit(ev.FuelDiscardedOverCapacity(seat=seat, normal=surplus, hyper=0))
    if ship.landed_on is not None:
        if order.kind == "STAY":
            out.emit(ev.ShipStayed(seat=seat, body=ship.landed_on))
        else:
            out.emit(ev.ShipTookOff(seat=seat, body=ship.landed_on))


def _place_cubes(seat: Seat, ship: Ship, placements: tuple[Placement, ...]) -> ev.CubesPlaced:
    rose = ship.rose
    cancelled = [0] * 6
    for p in placements:
        rose, gone = add_units(rose, p.direction, CUBE_UNITS[p.cube])
        cancelled[DIRECTIONS.index(opposite(p.direction))] += gone
    normal = ship.normal - sum(1 for p in placements if p.cube == "NORMAL")
    hyper = ship.hyper - sum(1 for p in placements if p.cube == "HYPER")
    return ev.CubesPlaced(
        seat=seat,
        placements=placements,
        cancelled=(
            cancelled[0],
            cancelled[1],
            cancelled[2],
            cancelled[3],
            cancelled[4],
            cancelled[5],
        ),
        rose_after=rose,
        normal_after=normal,
        hyper_after=hyper,
    )
