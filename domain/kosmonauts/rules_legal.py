"""Every legal command of a seat now; `decide` accepts each one."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from domain.game import Command, Seat
from domain.kosmonauts import commands as cmd
from domain.kosmonauts.components import (
    BODIES,
    DIRECTIONS,
    MARKED_SPACES,
    ORBITS,
    SHIELD_CONVERSION_FUEL,
    Body,
)
from domain.kosmonauts.flight import EMPTY_ROSE, destination, flight_outcome
from domain.kosmonauts.rules_event_phase import allowed_responses, needs_responses
from domain.kosmonauts.rules_flight import flight_turn, landing_turn
from domain.kosmonauts.state import Ship, State

_ALL_PLACEMENTS: tuple[cmd.Placement, ...] = tuple(
    cmd.Placement(direction=d, cube=c) for d in DIRECTIONS for c in ("NORMAL", "HYPER")
)


def legal(state: State, seat: Seat) -> list[Command]:
    if not _may_act(state, seat):
        return []
    phase = state.phase
    if phase == "PLACE_PLANETS":
        return _placements_of_planets(state, seat)
    if phase == "KEEP_MISSIONS":
        missions = state.ships[seat].missions
        return [cmd.KeepMissions(keep=pair) for pair in combinations(missions, 2)]
    if phase == "EVENT":
        if state.round_card is None:
            return [cmd.ChooseEventCard(card=c) for c in state.face_up]
        if state.gravity_choices:
            return [cmd.ChooseGravityTarget(body=b) for b in state.gravity_choices]
        return [cmd.RespondToEvent(response=r, amount=n) for r, n in allowed_responses(state, seat)]
    if phase == "ORDERS":
        return _orders(state.ships[seat])
    if phase == "FLIGHT":
        return _flight_choices(state, state.ships[seat])
    if phase == "PLANETS":
        bodies = [o.body for o in state.opportunities if o.seat == seat]
        return [*(cmd.LandOnArrivingBody(body=b) for b in bodies), cmd.DeclineLanding()]
    return []


def _may_act(state: State, seat: Seat) -> bool:
    phase = state.phase
    if phase == "PLACE_PLANETS":
        return seat == state.placer
    if phase == "KEEP_MISSIONS":
        return not state.ships[seat].missions_kept
    if phase == "EVENT":
        if state.round_card is None:
            return seat == state.instructor
        if state.gravity_choices:
            return seat == state.gravity_queue[0]
        return needs_responses(state) and not state.ships[seat].responded
    if phase == "ORDERS":
        return state.ships[seat].order is None
    if phase == "FLIGHT":
        return flight_turn(state) == seat
    if phase == "PLANETS":
        return landing_turn(state) == seat
    return False


def _placements_of_planets(state: State, seat: Seat) -> list[Command]:
    if not state.advanced:
        return [
            cmd.PlacePlanet(body=b, orbit_index=i, hex=ORBITS[b][i])
            for b in state.planet_hands[seat]
            for i in sorted(MARKED_SPACES[b])
        ]
    bodies: tuple[Body, ...] = ("EARTH",) if not state.is_placed("EARTH") else BODIES
    return [
        cmd.PlacePlanet(body=b, orbit_index=i, hex=ORBITS[b][i])
        for b in bodies
        if not state.is_placed(b)
        for i in range(len(ORBITS[b]))
    ]


def _orders(ship: Ship) -> list[Command]:
    limit = 0 if ship.stay_committed else ship.max_cubes
    orders: list[Command] = list(_cube_orders(limit, ship.normal, ship.hyper, False))
    if ship.shields:
        orders += _cube_orders(limit, ship.normal + SHIELD_CONVERSION_FUEL, ship.hyper, True)
    if not ship.flying and ship.rose == EMPTY_ROSE:
        orders.append(cmd.StayOnBody(convert_shield=False))
        if ship.shields:
            orders.append(cmd.StayOnBody(convert_shield=True))
    return orders


@lru_cache(maxsize=512)
def _cube_orders(limit: int, normal: int, hyper: int, convert: bool) -> tuple[Command, ...]:
    """Every distinct multiset of at most `limit` cubes the tank can pay for."""
    out: list[Command] = []
    for size in range(limit + 1):
        for chosen in combinations_with_replacement(_ALL_PLACEMENTS, size):
            reds = sum(1 for p in chosen if p.cube == "HYPER")
            if reds <= hyper and size - reds <= normal:
                out.append(cmd.SubmitOrders(placements=chosen, convert_shield=convert))
    return tuple(out)


def _flight_choices(state: State, ship: Ship) -> list[Command]:
    if ship.staying:
        kinds: tuple[cmd.RefuelKind, ...] = ("QUICK", "FULL") if state.advanced else ("STANDARD",)
        refuels: list[Command] = [
            cmd.Refuel(kind=k, take_hyperfuel=t)
            for k in kinds
            if k != "FULL" or ship.shields
            for t in ((True,) if k == "QUICK" else (True, False))
        ]
        return [*refuels, cmd.SkipRefuel()]
    choices: list[Command] = [cmd.ResolveFlight(land_on=None), cmd.RequestEvacuation()]
    if flight_outcome(ship.hex, ship.rose) == "OK":
        end = destination(ship.hex, ship.rose)
        choices += [cmd.ResolveFlight(land_on=b) for b in state.bodies_at(end)]
    return choices
