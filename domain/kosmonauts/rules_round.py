"""The round loop: the automatic steps between the players' decisions (§4.2, §4.7)."""

from __future__ import annotations

from domain.kosmonauts import events as ev
from domain.kosmonauts.rules_event_phase import event_phase_complete, finish_event_phase
from domain.kosmonauts.rules_evolve import Emitter
from domain.kosmonauts.rules_flight import flight_turn, move_planets
from domain.kosmonauts.rules_orders import all_orders_in, reveal_orders
from domain.kosmonauts.rules_scoring import end_match


def start_round(out: Emitter, number: int) -> None:
    out.emit(ev.RoundStarted(round=number, instructor=out.state.instructor))
    out.emit(ev.PhaseStarted(phase="EVENT"))
    if number == 1:  # §3.1 step 8: round 1 has no event
        out.emit(ev.EventPhaseSkipped(round=1))
        out.emit(ev.PhaseEnded(phase="EVENT"))
        out.emit(ev.PhaseStarted(phase="ORDERS"))


def advance(out: Emitter) -> None:
    """Run every automatic step until some player has a decision to make (or the match ends)."""
    while True:
        state = out.state
        if state.phase == "EVENT" and event_phase_complete(state):
            finish_event_phase(out)
            out.emit(ev.PhaseStarted(phase="ORDERS"))
        elif state.phase == "ORDERS" and all_orders_in(state):
            reveal_orders(out)
            out.emit(ev.PhaseStarted(phase="FLIGHT"))
        elif state.phase == "FLIGHT" and flight_turn(state) is None:
            out.emit(ev.PhaseEnded(phase="FLIGHT"))
            out.emit(ev.PhaseStarted(phase="PLANETS"))
            move_planets(out)
        elif state.phase == "PLANETS" and not state.opportunities:
            out.emit(ev.PhaseEnded(phase="PLANETS"))
            _end_round(out)
        else:
            return


def _end_round(out: Emitter) -> None:
    state = out.state
    if state.end_triggered_round == state.round:
        end_match(out, "EARTH_RETURN")
    elif state.round >= state.options.max_rounds:
        end_match(out, "ROUND_LIMIT")  # A27
    else:
        following = (state.instructor + 1) % state.n_seats
        out.emit(ev.InstructorPassed(from_seat=state.instructor, to_seat=following))
        out.emit(ev.RoundEnded(round=state.round))
        start_round(out, state.round + 1)
