"""Phase 3 (flight or refuel, one player at a time) and Phase 4 (planet movement) (§4.5, §4.6)."""

from __future__ import annotations

from domain.game import IllegalMove, Seat
from domain.kosmonauts import events as ev
from domain.kosmonauts.commands import (
    DeclineLanding,
    LandOnArrivingBody,
    Refuel,
    RequestEvacuation,
    ResolveFlight,
    SkipRefuel,
)
from domain.kosmonauts.components import (
    BODIES,
    MAX_HYPER,
    ORBITS,
    QUICK_REFUEL_FUEL,
    TANK_SLOTS,
)
from domain.kosmonauts.events_flight import PlanetMove
from domain.kosmonauts.flight import destination, flight_outcome
from domain.kosmonauts.rules_evolve import Emitter
from domain.kosmonauts.rules_landing import check_danger, evacuate, land
from domain.kosmonauts.state import Opportunity, Ship, State


def flight_turn(state: State) -> Seat | None:
    """A23: Phase 3 is played one seat at a time in instructor order."""
    for seat in state.seats_from_instructor():
        if not state.ships[seat].flight_done:
            return seat
    return None


# The platform lets only the seat whose turn it is decide (§4.5, A23); what remains is whether
# this kind of command is what its ship is asked now: a flight for a flying ship, a refuel for
# a staying one. Anything else is WRONG_PHASE, as in every game (the digest's NOT_FLYING /
# NOT_STAYING name the same case).


def _check_flying(state: State, seat: Seat) -> Ship:
    ship = state.ships[seat]
    if not ship.flying:
        raise IllegalMove(
            "WRONG_PHASE", "your ship stayed on its body: Refuel or SkipRefuel is asked now"
        )
    return ship


def _check_staying(state: State, seat: Seat) -> Ship:
    ship = state.ships[seat]
    if not ship.staying:
        raise IllegalMove(
            "WRONG_PHASE",
            "your ship flies: ResolveFlight or RequestEvacuation is asked now "
            "(only a ship that stayed on its body refuels)",
        )
    return ship


def resolve_flight(out: Emitter, seat: Seat, command: ResolveFlight) -> None:
    ship = _check_flying(out.state, seat)
    outcome = flight_outcome(ship.hex, ship.rose)
    end = destination(ship.hex, ship.rose)
    if command.land_on is not None:
        if outcome != "OK":
            raise IllegalMove(
                "LANDING_IMPOSSIBLE_IN_EMERGENCY",
                "your flight ends in an emergency (into the Sun or off the board): the ship "
                "is rescued to the last body it visited, so land_on must be none",
            )
        if command.land_on not in out.state.bodies_at(end):
            raise IllegalMove(
                "BODY_NOT_AT_DESTINATION",
                f"{command.land_on.title()} is not where your flight ends: a ship lands only on a "
                "body at the hex where its flight stops (land_on none flies on)",
            )
    if outcome != "OK":
        evacuate(out, seat, outcome)
        return
    out.emit(ev.ShipMoved(seat=seat, from_hex=ship.hex, to_hex=end, rose=ship.rose))
    if command.land_on is not None:
        land(out, seat, command.land_on, 3, "FLIGHT")
    else:
        check_danger(out, seat)


def request_evacuation(out: Emitter, seat: Seat, command: RequestEvacuation) -> None:
    _check_flying(out.state, seat)
    evacuate(out, seat, "REQUESTED")  # A12: instead of the flight


def refuel(out: Emitter, seat: Seat, command: Refuel) -> None:
    ship = _check_staying(out.state, seat)
    allowed = ("QUICK", "FULL") if out.state.advanced else ("STANDARD",)
    if command.kind not in allowed:
        raise IllegalMove(
            "REFUEL_KIND_NOT_ALLOWED", f"this game refuels with {' or '.join(allowed)}"
        )
    if command.kind == "FULL" and not ship.shields:
        raise IllegalMove(
            "NO_SHIELD", "a FULL refuel costs a shield and you have none left (QUICK is free)"
        )
    normal, hyper = ship.normal, ship.hyper
    free = TANK_SLOTS - normal - hyper
    hyper_added, swapped = 0, False
    if command.kind == "QUICK":
        normal += min(QUICK_REFUEL_FUEL, free)
    else:
        if command.kind == "FULL":
            out.emit(
                ev.ShieldSpent(seat=seat, reason="FULL_REFUEL", shields_after=ship.shields - 1)
            )
        # §4.5.6 / A18: a red cube goes in when there is room; the swap on a full tank is optional.
        if hyper < MAX_HYPER:
            if free >= 1:
                hyper, hyper_added = hyper + 1, 1
            elif command.take_hyperfuel and normal >= 1:
                normal, hyper, swapped = normal - 1, hyper + 1, True
        normal = TANK_SLOTS - hyper
    out.emit(
        ev.ShipRefuelled(
            seat=seat,
            kind=command.kind,
            shield_spent=command.kind == "FULL",
            hyper_added=hyper_added,
            swapped=swapped,
            normal_added=max(0, normal - ship.normal),
            normal_after=normal,
            hyper_after=hyper,
        )
    )


def skip_refuel(out: Emitter, seat: Seat, command: SkipRefuel) -> None:
    _check_staying(out.state, seat)
    out.emit(ev.RefuelSkipped(seat=seat))


def move_planets(out: Emitter) -> None:
    """§4.6: every body moves one space clockwise, landed ships ride along, and a flying ship
    whose hex a body arrives on may land there."""
    state = out.state
    moves = []
    for body in BODIES:
        index = state.orbit_index[BODIES.index(body)]
        to_index = (index + 1) % len(ORBITS[body])
        moves.append(
            PlanetMove(
                body=body,
                from_index=index,
                to_index=to_index,
                from_hex=ORBITS[body][index],
                to_hex=ORBITS[body][to_index],
            )
        )
    out.emit(ev.PlanetsAdvanced(moves=tuple(moves)))
    for seat, ship in enumerate(out.state.ships):
        if ship.landed_on is not None:
            out.emit(
                ev.ShipCarried(
                    seat=seat, body=ship.landed_on, to_hex=out.state.body_hex(ship.landed_on)
                )
            )
    for seat in out.state.seats_from_instructor():
        ship = out.state.ships[seat]
        if ship.flying:
            for body in out.state.bodies_at(ship.hex):
                out.emit(ev.LandingOpportunityOpened(seat=seat, body=body, hex=ship.hex))


def landing_turn(state: State) -> Seat | None:
    return state.opportunities[0].seat if state.opportunities else None


def _check_opportunity(state: State) -> None:
    # The seat to move in Phase 4 is always the one whose opportunity comes first (A23).
    if state.phase != "PLANETS":
        raise IllegalMove("WRONG_PHASE", "arriving bodies are met in Phase 4")


def land_on_arriving_body(out: Emitter, seat: Seat, command: LandOnArrivingBody) -> None:
    _check_opportunity(out.state)
    if Opportunity(seat=seat, body=command.body) not in out.state.opportunities:
        raise IllegalMove(
            "NO_LANDING_OPPORTUNITY",
            f"{command.body.title()} has not moved onto your ship's hex: a flying ship may land in "
            "Phase 4 only on a body that arrives on its hex",
        )
    land(out, seat, command.body, 4, "PLANET_ARRIVAL")


def decline_landing(out: Emitter, seat: Seat, command: DeclineLanding) -> None:
    _check_opportunity(out.state)
    for chance in out.state.opportunities:
        if chance.seat == seat:
            out.emit(ev.LandingOpportunityDeclined(seat=seat, body=chance.body))
