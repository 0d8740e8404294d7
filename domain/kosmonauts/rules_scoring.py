"""End of the match: missions, final scores and tie-breakers (§6)."""

from __future__ import annotations

from domain.game import Seat, places_from_keys
from domain.kosmonauts import events as ev
from domain.kosmonauts.components import MISSION_I_VP, MISSION_II_VP, MISSIONS, TOP_MARKER_VP
from domain.kosmonauts.rules_evolve import Emitter
from domain.kosmonauts.state import State


def marker_vp(state: State, seat: Seat) -> int:
    return sum(m.value for m in state.ships[seat].markers)


def mission_met(state: State, seat: Seat, card: str) -> bool:
    family, body = MISSIONS[card]
    landers = state.landers(body)
    if family == "I":
        return bool(landers) and landers[0] == seat
    return (len(landers) >= 2 and landers[1] == seat) or landers == (seat,)


def mission_vp(state: State, seat: Seat, card: str) -> int:
    if not mission_met(state, seat, card):
        return 0
    return MISSION_I_VP if MISSIONS[card][0] == "I" else MISSION_II_VP


def _return_rank(state: State, seat: Seat) -> int:
    """A22: an earlier return beats a later one (Phase 1 > 3 > 4 > none); higher is better."""
    earth = state.ships[seat].earth_return
    return 0 if earth is None else 5 - earth.phase


def _tie_keys(state: State, seat: Seat) -> tuple[int, ...]:
    ship = state.ships[seat]
    if state.advanced:
        return (ship.shields,)
    fours = sum(1 for m in ship.markers if m.value == TOP_MARKER_VP and m.body != "EARTH")
    return (_return_rank(state, seat), fours)


def end_match(out: Emitter, reason: str) -> None:
    out.emit(ev.GameEnded(round=out.state.round, reason=reason))
    state = out.state
    totals: list[int] = []
    for seat, ship in enumerate(state.ships):
        out.emit(ev.MissionsRevealed(seat=seat, cards=ship.missions))
        for card in ship.missions:
            vp = mission_vp(state, seat, card)
            out.emit(ev.MissionScored(seat=seat, card=card, completed=vp > 0, vp=vp))
        missions = sum(mission_vp(state, seat, c) for c in ship.missions)
        markers = marker_vp(state, seat)
        totals.append(markers + missions)
        out.emit(
            ev.FinalScoreComputed(
                seat=seat,
                marker_vp=markers,
                mission_vp=missions,
                total=markers + missions,
                earth_return_phase=None if ship.earth_return is None else ship.earth_return.phase,
                four_vp_markers=sum(
                    1 for m in ship.markers if m.value == TOP_MARKER_VP and m.body != "EARTH"
                ),
                shields=ship.shields,
            )
        )
    keys = [(totals[s], *_tie_keys(state, s)) for s in range(state.n_seats)]
    places = places_from_keys(keys)
    winners = tuple(s for s in range(state.n_seats) if places[s] == 1)
    out.emit(
        ev.WinnersDeclared(winners=winners, places=places, decided_by=_decided_by(state, keys))
    )


def _decided_by(state: State, keys: list[tuple[int, ...]]) -> str:
    """The criterion that left a single winner, or SHARED when none did."""
    best = max(keys)
    names = (
        ("SCORE", "SHIELDS")
        if state.advanced
        else ("SCORE", "EARTH_RETURN_ORDER", "FOUR_VP_MARKERS")
    )
    for depth, name in enumerate(names, start=1):
        if sum(1 for k in keys if k[:depth] == best[:depth]) == 1:
            return name
    return "SHARED"
