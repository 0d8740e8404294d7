"""What a seat (or a spectator) may see (§5); `view_text.render` draws it as text."""

from __future__ import annotations

import msgspec

from domain.game import Seat
from domain.kosmonauts.components import BODIES, ORBITS, Body, Hex
from domain.kosmonauts.flight import Rose, danger_sector, destination, flight_outcome
from domain.kosmonauts.rules import score, to_move
from domain.kosmonauts.rules_landing import bodies_visited
from domain.kosmonauts.rules_scoring import mission_met
from domain.kosmonauts.state import MarkerHeld, Opportunity, SealedOrder, State


class FlightPlan(msgspec.Struct, frozen=True):
    """Where a flying ship's next flight ends with the units on its rose now: after the reveal,
    this round's flight (§4.4 FlightPlans); before it, where the ship coasts without new cubes."""

    destination: Hex
    outcome: str
    bodies_there: tuple[Body, ...]
    danger: str | None


class ShipView(msgspec.Struct, frozen=True):
    seat: Seat
    hex: Hex
    landed_on: Body | None
    last_visited: Body
    rose: Rose
    normal: int
    hyper: int
    shields: int
    markers: tuple[MarkerHeld, ...]
    bodies_visited: int
    mission_count: int
    missions: tuple[str, ...] | None  # None: hidden from this viewer
    missions_met_now: tuple[bool, ...] | None  # §5: each mission's status if the game ended now
    discarded_missions: tuple[str, ...] | None
    missions_kept: bool
    order_submitted: bool
    order: SealedOrder | None  # another seat's sealed order is hidden until revealed
    max_cubes: int
    responded: bool
    stay_committed: bool
    staying: bool
    flight_done: bool
    earth_return_phase: int | None
    flight_plan: FlightPlan | None


class BodyView(msgspec.Struct, frozen=True):
    body: Body
    orbit_index: int  # -1 while unplaced
    hex: Hex | None
    next_orbit_index: int  # where the body stands after the coming Phase 4 (§4.6)
    next_hex: Hex | None
    stack: tuple[int, ...]
    landers: tuple[Seat, ...]
    excluded: bool


class KosmonautsView(msgspec.Struct, frozen=True):
    viewer: Seat | None
    advanced: bool
    phase: str
    round: int
    instructor: Seat
    to_move: tuple[Seat, ...]
    scores: tuple[int, ...]
    ships: tuple[ShipView, ...]
    bodies: tuple[BodyView, ...]
    planet_hands: tuple[tuple[Body, ...], ...]
    placer: Seat
    face_up: tuple[str, ...]
    draw_pile_size: int
    discard_pile: tuple[str, ...]
    round_card: str | None
    gravity_choices: tuple[Body, ...]
    opportunities: tuple[Opportunity, ...]
    end_triggered_round: int | None
    end_reason: str | None
    winners: tuple[Seat, ...]
    places: tuple[int, ...]


def _next_space(body: Body, index: int) -> int:
    return -1 if index < 0 else (index + 1) % len(ORBITS[body])


def view(state: State, seat: Seat | None) -> KosmonautsView:
    ended = state.phase == "ENDED"
    ships = []
    for s, ship in enumerate(state.ships):
        own = seat == s
        sealed = state.phase == "ORDERS" and not own
        plan = None
        if ship.flying and state.round > 0:
            end = destination(ship.hex, ship.rose)
            plan = FlightPlan(
                destination=end,
                outcome=flight_outcome(ship.hex, ship.rose),
                bodies_there=state.bodies_at(end),
                danger=danger_sector(end),
            )
        ships.append(
            ShipView(
                seat=s,
                hex=ship.hex,
                landed_on=ship.landed_on,
                last_visited=ship.last_visited,
                rose=ship.rose,
                normal=ship.normal,
                hyper=ship.hyper,
                shields=ship.shields,
                markers=ship.markers,
                bodies_visited=bodies_visited(state, s),
                mission_count=len(ship.missions),
                missions=ship.missions if own or ended else None,
                missions_met_now=tuple(mission_met(state, s, c) for c in ship.missions)
                if own or ended
                else None,
                discarded_missions=ship.discarded_missions if own else None,
                missions_kept=ship.missions_kept,
                order_submitted=ship.order is not None,
                order=None if sealed else ship.order,
                max_cubes=ship.max_cubes,
                responded=ship.responded,
                stay_committed=ship.stay_committed,
                staying=ship.staying,
                flight_done=ship.flight_done,
                earth_return_phase=None if ship.earth_return is None else ship.earth_return.phase,
                flight_plan=plan,
            )
        )
    bodies = tuple(
        BodyView(
            body=b,
            orbit_index=state.orbit_index[i],
            hex=state.body_hex(b) if state.is_placed(b) else None,
            next_orbit_index=_next_space(b, state.orbit_index[i]),
            next_hex=ORBITS[b][_next_space(b, state.orbit_index[i])]
            if state.is_placed(b)
            else None,
            stack=state.stacks[i],
            landers=state.landing_order[i],
            excluded=b in state.excluded,
        )
        for i, b in enumerate(BODIES)
    )
    return KosmonautsView(
        viewer=seat,
        advanced=state.advanced,
        phase=state.phase,
        round=state.round,
        instructor=state.instructor,
        to_move=tuple(sorted(to_move(state))),
        scores=score(state),
        ships=tuple(ships),
        bodies=bodies,
        planet_hands=state.planet_hands,
        placer=state.placer,
        face_up=state.face_up,
        draw_pile_size=len(state.draw_pile),
        discard_pile=state.discard_pile,
        round_card=state.round_card,
        gravity_choices=state.gravity_choices,
        opportunities=state.opportunities,
        end_triggered_round=state.end_triggered_round,
        end_reason=state.end_reason,
        winners=state.winners,
        places=state.places,
    )


__all__ = ["BodyView", "FlightPlan", "KosmonautsView", "ShipView", "view"]
