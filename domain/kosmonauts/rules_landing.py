"""Landing, the return to Earth, danger sectors and evacuation (§4.5.3-§4.5.5)."""

from __future__ import annotations

from domain.game import Seat
from domain.kosmonauts import events as ev
from domain.kosmonauts.components import (
    ADVANCED_MARKERS_TO_RETURN,
    BASIC_BODIES_TO_RETURN,
    NON_EARTH_BODIES,
    Body,
)
from domain.kosmonauts.flight import danger_sector
from domain.kosmonauts.rules_evolve import Emitter
from domain.kosmonauts.state import State


def bodies_visited(state: State, seat: Seat) -> int:
    return sum(1 for b in NON_EARTH_BODIES if seat in state.landers(b))


def non_earth_markers(state: State, seat: Seat) -> int:
    return sum(1 for m in state.ships[seat].markers if m.body != "EARTH")


def qualifies_for_return(state: State, seat: Seat) -> bool:
    """§4.5.3 qualifies(): basic 7 of the 8 bodies visited; advanced 4 markers, or none left."""
    if not state.advanced:
        return bodies_visited(state, seat) >= BASIC_BODIES_TO_RETURN
    if non_earth_markers(state, seat) >= ADVANCED_MARKERS_TO_RETURN:
        return True
    held = {m.body for m in state.ships[seat].markers}
    return all(
        not state.stack(b) for b in NON_EARTH_BODIES if b not in state.excluded and b not in held
    )


def land(out: Emitter, seat: Seat, body: Body, phase: int, cause: str) -> None:
    state = out.state
    ship = state.ships[seat]
    out.emit(
        ev.ShipLanded(
            seat=seat,
            body=body,
            hex=state.body_hex(body),
            phase=phase,
            cause=cause,
            units_discarded=sum(ship.rose),
        )
    )
    if body == "EARTH":
        _land_on_earth(out, seat, phase)
        return
    first = seat not in state.landers(body)
    if body in state.excluded:
        out.emit(ev.LandingRecordedWithoutMarker(seat=seat, body=body, reason="BODY_EXCLUDED"))
    elif not first:
        out.emit(ev.LandingRecordedWithoutMarker(seat=seat, body=body, reason="ALREADY_VISITED"))
    elif not state.stack(body):
        out.emit(ev.LandingRecordedWithoutMarker(seat=seat, body=body, reason="STACK_EMPTY"))
    else:
        _take_marker(out, seat, body)


def _take_marker(out: Emitter, seat: Seat, body: Body) -> None:
    state = out.state
    position = len(state.landers(body)) if body != "EARTH" else 1 + _earth_markers_taken(state)
    out.emit(
        ev.LandingMarkerTaken(
            seat=seat, body=body, value=state.stack(body)[0], stack_position=position
        )
    )


def _earth_markers_taken(state: State) -> int:
    return sum(1 for ship in state.ships for m in ship.markers if m.body == "EARTH")


def _land_on_earth(out: Emitter, seat: Seat, phase: int) -> None:
    state = out.state
    if not qualifies_for_return(state, seat):
        out.emit(ev.LandingRecordedWithoutMarker(seat=seat, body="EARTH", reason="EARTH_NOT_FINAL"))
        return
    out.emit(ev.EarthReturnCompleted(seat=seat, round=state.round, phase=phase))
    if state.end_triggered_round is None:
        out.emit(ev.GameEndTriggered(round=state.round, seat=seat, phase=phase))
    state = out.state
    if any(m.body == "EARTH" for m in state.ships[seat].markers) or not state.stack("EARTH"):
        return
    # A21: in the basic game a Phase 4 return earns the marker only if nobody returned earlier
    # in that round (Phase 1 Gravity or Phase 3).
    earlier = any(
        ship.earth_return is not None
        and ship.earth_return.round == state.round
        and ship.earth_return.phase < 4
        for ship in state.ships
    )
    if state.advanced or phase < 4 or not earlier:
        _take_marker(out, seat, "EARTH")
    else:
        out.emit(
            ev.LandingRecordedWithoutMarker(seat=seat, body="EARTH", reason="EARTH_LATE_PHASE4")
        )


def evacuate(out: Emitter, seat: Seat, cause: str) -> None:
    """§4.5.5: back to the last visited body, speed zero, no marker and no return."""
    ship = out.state.ships[seat]
    out.emit(ev.EmergencyDeclared(seat=seat, cause=cause))
    out.emit(
        ev.ShipEvacuated(
            seat=seat,
            cause=cause,
            to_body=ship.last_visited,
            to_hex=out.state.body_hex(ship.last_visited),
            units_discarded=sum(ship.rose),
        )
    )


def check_danger(out: Emitter, seat: Seat) -> None:
    """§4.5.4 / A26: a flying ship ending Phase 3 on a danger hex pays a shield or is rescued."""
    ship = out.state.ships[seat]
    sector = danger_sector(ship.hex)
    if sector is None:
        return
    if ship.shields >= 1:
        out.emit(
            ev.DangerSectorDamage(
                seat=seat, hex=ship.hex, sector=sector, shields_after=ship.shields - 1
            )
        )
    else:
        evacuate(out, seat, "DANGER_NO_SHIELD")
