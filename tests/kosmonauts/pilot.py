"""A greedy test pilot: steers toward the bodies it still needs, so matches end by a return to
Earth instead of by the round limit. It only ever picks among `legal` commands."""

from __future__ import annotations

from domain.game import Command, Seat
from domain.kosmonauts import RULES
from domain.kosmonauts import commands as cmd
from domain.kosmonauts.components import CUBE_UNITS, EVENT_CARDS, NON_EARTH_BODIES, ORBITS, Body
from domain.kosmonauts.flight import add_units, danger_sector, destination, distance, flight_outcome
from domain.kosmonauts.rules_landing import qualifies_for_return
from domain.kosmonauts.state import State

PREFERRED_EVENTS = ("THRUST", "REFUELLING", "ENERGY_CONVERSION", "SOLAR_WIND")


def targets(state: State, seat: Seat) -> tuple[Body, ...]:
    if qualifies_for_return(state, seat):
        return ("EARTH",)
    held = {m.body for m in state.ships[seat].markers}
    wanted = tuple(
        b
        for b in NON_EARTH_BODIES
        if seat not in state.landers(b) and b not in state.excluded and b not in held
    )
    if state.advanced:
        wanted = tuple(b for b in wanted if state.stack(b))
    return wanted or ("EARTH",)


def next_hex(state: State, body: Body) -> tuple[int, int]:
    orbit = ORBITS[body]
    return orbit[(orbit.index(state.body_hex(body)) + 1) % len(orbit)]


def pilot_decision(state: State, seat: Seat) -> Command:
    legal = RULES.legal(state, seat)
    ship = state.ships[seat]
    wanted = targets(state, seat)
    if state.phase == "EVENT" and state.round_card is None:
        ranked = sorted(
            legal,
            key=lambda c: (
                PREFERRED_EVENTS.index(EVENT_CARDS[c.card][0])
                if EVENT_CARDS[c.card][0] in PREFERRED_EVENTS
                else 9
            ),
        )
        return ranked[0]
    if state.phase == "EVENT":
        for wish in ("STAY_ON_BODY", "TAKE_HYPERFUEL", "ACCEPT"):
            for c in legal:
                if isinstance(c, cmd.RespondToEvent) and c.response == wish:
                    return c
        return legal[-1]
    if state.phase == "ORDERS":
        return _orders(state, seat, legal, wanted)
    if state.phase == "FLIGHT":
        for c in legal:
            if isinstance(c, cmd.ResolveFlight) and c.land_on in wanted:
                return c
        if ship.staying:
            return legal[0]
        return cmd.ResolveFlight()
    if state.phase == "PLANETS":
        for c in legal:
            if isinstance(c, cmd.LandOnArrivingBody) and c.body in wanted:
                return c
        return cmd.DeclineLanding()
    return legal[0]


def _orders(state: State, seat: Seat, legal: list[Command], wanted: tuple[Body, ...]) -> Command:
    ship = state.ships[seat]
    if not ship.flying and ship.normal + ship.hyper <= 3 and cmd.StayOnBody() in legal:
        return cmd.StayOnBody()
    best, best_cost = legal[0], float("inf")
    for c in legal:
        if not isinstance(c, cmd.SubmitOrders) or c.convert_shield:
            continue
        rose = ship.rose
        for p in c.placements:
            rose, _ = add_units(rose, p.direction, CUBE_UNITS[p.cube])
        if flight_outcome(ship.hex, rose) != "OK":
            continue
        end = destination(ship.hex, rose)
        after = destination(end, rose)
        cost = min(
            0.0
            if end == state.body_hex(b)
            else 0.5
            if end == next_hex(state, b)
            else 1 + distance(end, next_hex(state, b)) + 0.5 * distance(after, next_hex(state, b))
            for b in wanted
        )
        cost += 0.05 * len(c.placements) + (3 if danger_sector(end) else 0)
        if cost < best_cost:
            best, best_cost = c, cost
    return best
