"""Kosmonauts rules: the shape of the game on one screen.

Setup (rules_setup), then rounds of four phases: the instructor's event (rules_event_phase),
sealed orders (rules_orders), flight or refuel and planet movement (rules_flight), landing and
emergencies (rules_landing), the automatic steps between decisions (rules_round) and the final
scoring (rules_scoring). `evolve` lives in rules_evolve.
"""

from __future__ import annotations

from domain.game import Chance, CommandRule, CommandTable, Handler, Result, Seat, gate
from domain.kosmonauts import commands as cmd
from domain.kosmonauts import events as ev
from domain.kosmonauts.rules_event_phase import (
    choose_event_card,
    choose_gravity_target,
    needs_responses,
    respond_to_event,
)
from domain.kosmonauts.rules_evolve import Emitter, evolve
from domain.kosmonauts.rules_flight import (
    decline_landing,
    flight_turn,
    land_on_arriving_body,
    landing_turn,
    refuel,
    request_evacuation,
    resolve_flight,
    skip_refuel,
)
from domain.kosmonauts.rules_legal import legal
from domain.kosmonauts.rules_orders import stay_on_body, submit_orders
from domain.kosmonauts.rules_round import advance
from domain.kosmonauts.rules_scoring import marker_vp
from domain.kosmonauts.rules_setup import initial, keep_missions, place_planet, setup
from domain.kosmonauts.state import Phase, State


def _in(phase: Phase, refusal: str, handler: Handler) -> CommandRule:
    return CommandRule(handler, frozenset({phase}), refusal)


COMMANDS: CommandTable = {
    cmd.PlacePlanet: _in("PLACE_PLANETS", "planets are placed only during setup", place_planet),
    cmd.KeepMissions: _in(
        "KEEP_MISSIONS", "missions are kept after all bodies are placed", keep_missions
    ),
    cmd.ChooseEventCard: _in(
        "EVENT", "event cards are chosen in Phase 1 from round 2", choose_event_card
    ),
    cmd.RespondToEvent: _in(
        "EVENT", "events are answered in Phase 1 (the event phase)", respond_to_event
    ),
    cmd.ChooseGravityTarget: _in("EVENT", "Gravity is resolved in Phase 1", choose_gravity_target),
    cmd.SubmitOrders: _in("ORDERS", "orders are given in Phase 2", submit_orders),
    cmd.StayOnBody: _in("ORDERS", "orders are given in Phase 2", stay_on_body),
    cmd.ResolveFlight: _in("FLIGHT", "ships fly in Phase 3", resolve_flight),
    cmd.RequestEvacuation: _in("FLIGHT", "ships fly in Phase 3", request_evacuation),
    cmd.Refuel: _in("FLIGHT", "ships refuel in Phase 3", refuel),
    cmd.SkipRefuel: _in("FLIGHT", "ships refuel in Phase 3", skip_refuel),
    cmd.LandOnArrivingBody: _in(
        "PLANETS", "arriving bodies are met in Phase 4", land_on_arriving_body
    ),
    cmd.DeclineLanding: _in("PLANETS", "arriving bodies are met in Phase 4", decline_landing),
}

SETUP_COMMANDS = (cmd.PlacePlanet, cmd.KeepMissions)
"""Setup's decisions end setup themselves; every other decision is followed by the round's
automatic steps (`advance`)."""


def decide(state: State, seat: Seat, command: cmd.Command, chance: Chance) -> list[ev.Event]:
    # The platform (Match.decide) has checked that the match runs and that `seat` is to move.
    out = Emitter(state, chance)
    gate(COMMANDS, state.phase, command).handler(out, seat, command)
    if not isinstance(command, SETUP_COMMANDS):
        advance(out)
    return out.events


def to_move(state: State) -> frozenset[Seat]:
    phase = state.phase
    if phase == "PLACE_PLANETS":
        return frozenset({state.placer})
    if phase == "KEEP_MISSIONS":
        return frozenset(s for s, ship in enumerate(state.ships) if not ship.missions_kept)
    if phase == "EVENT":
        if state.round_card is None:
            return frozenset({state.instructor})
        if state.gravity_choices:
            return frozenset({state.gravity_queue[0]})
        if needs_responses(state):
            return frozenset(s for s, ship in enumerate(state.ships) if not ship.responded)
        return frozenset()
    if phase == "ORDERS":
        return frozenset(s for s, ship in enumerate(state.ships) if ship.order is None)
    if phase == "FLIGHT":
        seat = flight_turn(state)
        return frozenset() if seat is None else frozenset({seat})
    if phase == "PLANETS":
        seat = landing_turn(state)
        return frozenset() if seat is None else frozenset({seat})
    return frozenset()


def score(state: State) -> tuple[int, ...]:
    """Landing markers are public (A25); mission points join them only at the end."""
    if state.phase == "ENDED":
        return state.final_scores
    return tuple(marker_vp(state, seat) for seat in range(state.n_seats))


def result(state: State) -> Result | None:
    if state.phase != "ENDED" or not state.places:
        return None
    return Result(
        scores=state.final_scores,
        places=state.places,
        winners=state.winners,
        reason=state.end_reason or "",
    )


__all__ = ["decide", "evolve", "initial", "legal", "result", "score", "setup", "to_move"]
