"""End conditions, Earth markers, missions, scoring and tie-breakers (T13, T14, §6)."""

from __future__ import annotations

from domain.game import TableChance
from domain.kosmonauts import RULES
from domain.kosmonauts import events as ev
from domain.kosmonauts.commands import LandOnArrivingBody, Refuel, ResolveFlight
from domain.kosmonauts.rules_evolve import Emitter
from domain.kosmonauts.rules_scoring import end_match, mission_met
from tests.games.kosmonauts.helpers import game, names, of_type, rejected, rose, ship, when

P1_MARKERS = (
    ("MARS", 4),
    ("SATURN", 4),
    ("NEPTUNE", 4),
    ("MERCURY", 3),
    ("VENUS", 3),
    ("COMET", 3),
    ("JUPITER", 3),
)
P2_MARKERS = (
    ("MERCURY", 4),
    ("VENUS", 4),
    ("COMET", 4),
    ("JUPITER", 4),
    ("URANUS", 4),
    ("MARS", 3),
    ("SATURN", 3),
)
T13_LANDERS = {
    "MARS": (0, 1),
    "SATURN": (0, 1),
    "NEPTUNE": (0,),
    "MERCURY": (1, 0),
    "VENUS": (1, 0),
    "COMET": (1, 0),
    "JUPITER": (1, 0),
    "URANUS": (1,),
}


def t13_state():
    p1 = ship(
        (4, 1),
        rose_units=rose(NW=1),
        markers=P1_MARKERS,
        missions=("M1-MARS", "M2A-MERCURY", "M2B-SATURN"),
    )
    p2 = ship(
        (2, 3),
        rose_units=rose(NW=1),
        markers=P2_MARKERS,
        missions=("M1-VENUS", "M2A-MARS", "M2B-NEPTUNE"),
    )
    return game([p1, p2], phase="FLIGHT", round=14, spaces={"EARTH": 0}, landers=T13_LANDERS)


def test_t13_end_of_a_basic_game_and_the_return_order_tie_break() -> None:
    state, events = when(t13_state(), 0, ResolveFlight(land_on="EARTH"))
    assert names(events)[:5] == [
        "ShipMoved",
        "ShipLanded",
        "EarthReturnCompleted",
        "GameEndTriggered",
        "LandingMarkerTaken",
    ]
    assert of_type(events, ev.EarthReturnCompleted)[0].phase == 3
    assert of_type(events, ev.LandingMarkerTaken)[0].value == 2
    assert RULES.result(state) is None
    state, events = when(state, 1, ResolveFlight(land_on=None))
    assert [(e.seat, e.body) for e in of_type(events, ev.LandingOpportunityOpened)] == [
        (1, "EARTH")
    ]
    state, events = when(state, 1, LandOnArrivingBody(body="EARTH"))
    assert of_type(events, ev.EarthReturnCompleted)[0].phase == 4
    assert of_type(events, ev.LandingRecordedWithoutMarker)[0].reason == "EARTH_LATE_PHASE4"
    assert of_type(events, ev.GameEnded)[0].reason == "EARTH_RETURN"
    scored = {(e.seat, e.card): e.vp for e in of_type(events, ev.MissionScored)}
    assert scored == {
        (0, "M1-MARS"): 2,
        (0, "M2A-MERCURY"): 4,
        (0, "M2B-SATURN"): 0,
        (1, "M1-VENUS"): 2,
        (1, "M2A-MARS"): 4,
        (1, "M2B-NEPTUNE"): 0,
    }
    finals = of_type(events, ev.FinalScoreComputed)
    assert [(f.marker_vp, f.mission_vp, f.total) for f in finals] == [(26, 6, 32), (26, 6, 32)]
    assert [f.four_vp_markers for f in finals] == [3, 5]
    declared = of_type(events, ev.WinnersDeclared)[0]
    assert (declared.winners, declared.decided_by) == ((0,), "EARTH_RETURN_ORDER")
    assert all(type(e).reveals for e in of_type(events, ev.MissionsRevealed))
    result = RULES.result(state)
    assert result is not None and result.scores == (32, 32) and result.places == (1, 2)
    assert not RULES.to_move(state)
    assert rejected(state, 0, ResolveFlight(land_on=None)) == "GAME_OVER"


def test_a_phase_4_return_earns_the_earth_marker_when_nobody_returned_earlier() -> None:
    state = t13_state()
    state, _ = when(
        state, 0, ResolveFlight(land_on=None)
    )  # P1 flies to Earth's hex but does not land
    state, events = when(state, 1, ResolveFlight(land_on=None))
    state, events = when(state, 1, LandOnArrivingBody(body="EARTH"))
    assert of_type(events, ev.LandingMarkerTaken)[0].body == "EARTH"
    assert of_type(events, ev.GameEnded)


def test_ties_on_return_phase_go_to_the_four_point_markers_then_are_shared() -> None:
    state = t13_state()
    out = Emitter(state, TableChance())
    end_match(out, "ROUND_LIMIT")
    declared = of_type(out.events, ev.WinnersDeclared)[0]
    # 24+6 against 26+6: no return, so the score decides
    assert (declared.winners, declared.decided_by) == ((1,), "SCORE")
    twins = game([ship((0, 5)), ship((0, 6))], phase="PLANETS")
    out = Emitter(twins, TableChance())
    end_match(out, "ROUND_LIMIT")
    assert of_type(out.events, ev.WinnersDeclared)[0].decided_by == "SHARED"
    fours = game(
        [ship((0, 5), markers=(("MARS", 4),)), ship((0, 6), markers=(("MARS", 3), ("VENUS", 1)))],
        phase="PLANETS",
    )
    out = Emitter(fours, TableChance())
    end_match(out, "ROUND_LIMIT")
    declared = of_type(out.events, ev.WinnersDeclared)[0]
    assert (declared.winners, declared.decided_by) == ((0,), "FOUR_VP_MARKERS")


def test_the_round_limit_ends_and_scores_the_match() -> None:
    state = game(
        [ship((0, 5), rose_units=rose()), ship((0, 6), rose_units=rose(), markers=(("MARS", 4),))],
        phase="FLIGHT",
        round=3,
        max_rounds=3,
    )
    state, _ = when(state, 0, ResolveFlight(land_on=None))
    state, events = when(state, 1, ResolveFlight(land_on=None))
    assert of_type(events, ev.GameEnded)[0].reason == "ROUND_LIMIT"
    result = RULES.result(state)
    assert result is not None and result.winners == (1,) and result.reason == "ROUND_LIMIT"


def advanced_staying(shields: int, normal: int, hyper: int):
    p1 = ship((-8, 8), "JUPITER", shields=shields, normal=normal, hyper=hyper, staying=True)
    return game([p1, ship((0, 10))], phase="FLIGHT", advanced=True)


def test_t14_advanced_refuel() -> None:
    state = advanced_staying(0, 1, 2)
    assert rejected(state, 0, Refuel(kind="FULL", take_hyperfuel=True)) == "NO_SHIELD"
    assert (
        rejected(state, 0, Refuel(kind="STANDARD", take_hyperfuel=True))
        == "REFUEL_KIND_NOT_ALLOWED"
    )
    _, events = when(state, 0, Refuel(kind="QUICK", take_hyperfuel=True))
    refuelled = of_type(events, ev.ShipRefuelled)[0]
    assert (refuelled.normal_added, refuelled.normal_after, refuelled.hyper_after) == (5, 6, 2)
    _, events = when(advanced_staying(1, 9, 1), 0, Refuel(kind="FULL", take_hyperfuel=True))
    assert of_type(events, ev.ShieldSpent)[0].reason == "FULL_REFUEL"
    refuelled = of_type(events, ev.ShipRefuelled)[0]
    assert refuelled.swapped and (refuelled.normal_after, refuelled.hyper_after) == (8, 2)


ADVANCED_STACKS = {
    "MERCURY": (),
    "VENUS": (),
    "MARS": (),
    "COMET": (),
    "JUPITER": (),
    "SATURN": (2,),
    "URANUS": (3,),
    "NEPTUNE": (3,),
}


def advanced_return(stacks):
    p1 = ship(
        (3, 0),
        rose_units=rose(E=1),
        markers=(("MARS", 2), ("JUPITER", 3), ("SATURN", 3)),
    )
    return game(
        [p1, ship((0, 10))],
        phase="FLIGHT",
        advanced=True,
        spaces={"EARTH": 0},
        landers={"MARS": (0,), "JUPITER": (0,), "SATURN": (0,)},
        stacks=stacks,
    )


def test_t14_final_landing_needs_four_markers_or_none_left() -> None:
    _, events = when(advanced_return(ADVANCED_STACKS), 0, ResolveFlight(land_on="EARTH"))
    assert of_type(events, ev.LandingRecordedWithoutMarker)[0].reason == "EARTH_NOT_FINAL"
    assert not of_type(events, ev.GameEndTriggered)
    none_left = {**ADVANCED_STACKS, "URANUS": (), "NEPTUNE": ()}
    _, events = when(advanced_return(none_left), 0, ResolveFlight(land_on="EARTH"))
    assert names(events)[1:5] == [
        "ShipLanded",
        "EarthReturnCompleted",
        "GameEndTriggered",
        "LandingMarkerTaken",
    ]


def test_advanced_ties_are_broken_by_shields_left() -> None:
    state = game([ship((0, 5), shields=1), ship((0, 6), shields=2)], phase="PLANETS", advanced=True)
    out = Emitter(state, TableChance())
    end_match(out, "ROUND_LIMIT")
    declared = of_type(out.events, ev.WinnersDeclared)[0]
    assert (declared.winners, declared.decided_by) == ((1,), "SHIELDS")


def test_advanced_final_landings_in_phase_4_also_take_an_earth_marker() -> None:
    four = (("MARS", 2), ("JUPITER", 3), ("SATURN", 3), ("URANUS", 4))
    p1 = ship((3, 0), rose_units=rose(E=1), markers=four)
    p2 = ship((2, 3), rose_units=rose(NW=1), markers=four)
    state = game([p1, p2], phase="FLIGHT", advanced=True, spaces={"EARTH": 0})
    state, events = when(state, 0, ResolveFlight(land_on="EARTH"))
    assert of_type(events, ev.GameEndTriggered)
    state, _ = when(state, 1, ResolveFlight(land_on=None))
    state, events = when(state, 1, LandOnArrivingBody(body="EARTH"))
    taken = of_type(events, ev.LandingMarkerTaken)[0]
    assert (taken.seat, taken.body, taken.value) == (1, "EARTH", 2)
    assert of_type(events, ev.GameEnded)[0].reason == "EARTH_RETURN"


def test_mission_conditions() -> None:
    # §6: Mission I = first lander; Mission II = second lander or the only lander
    state = game(
        [ship((0, 5)), ship((0, 6)), ship((0, 7))],
        landers={"MARS": (0, 1, 2), "URANUS": (2,), "VENUS": (1,)},
    )
    assert mission_met(state, 0, "M1-MARS") and not mission_met(state, 1, "M1-MARS")
    assert mission_met(state, 1, "M2A-MARS") and not mission_met(state, 2, "M2A-MARS")
    assert mission_met(state, 2, "M2A-URANUS") and mission_met(state, 2, "M1-URANUS")
    assert not mission_met(state, 0, "M2B-VENUS") and not mission_met(state, 0, "M1-JUPITER")
