"""Phases 3 and 4: flight, landing, danger, evacuation, refuelling, planets arriving
(T5-T10, T12 and the landing examples of T16)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.kosmonauts import events as ev
from domain.kosmonauts.commands import (
    DeclineLanding,
    LandOnArrivingBody,
    Refuel,
    RequestEvacuation,
    ResolveFlight,
    SkipRefuel,
    StayOnBody,
    SubmitOrders,
)
from domain.kosmonauts.rules_scoring import mission_met
from tests.games.kosmonauts.helpers import (
    game,
    names,
    of_type,
    rejected,
    rose,
    ship,
    space_of,
    when,
)

QUIET = ship((0, 10), rose_units=rose())  # a flying ship far from everything


def flight(ships, **kw):
    return game(ships, phase="FLIGHT", **kw)


def test_t5_straight_into_the_sun_evacuates_to_the_last_body() -> None:
    p1 = ship((3, 0), rose_units=rose(W=6), last_visited="MARS")
    state = flight([p1, QUIET], spaces={"MARS": space_of("MARS", (5, -2))})
    state, events = when(state, 0, ResolveFlight(land_on=None))
    assert of_type(events, ev.EmergencyDeclared)[0].cause == "INTO_SUN"
    evacuated = of_type(events, ev.ShipEvacuated)[0]
    assert (evacuated.to_body, evacuated.to_hex, evacuated.units_discarded) == ("MARS", (5, -2), 6)
    assert not of_type(events, ev.LandingMarkerTaken) and not of_type(events, ev.ShipMoved)
    assert state.ships[0].landed_on == "MARS" and state.ships[0].rose == rose()
    assert state.landers("MARS") == ()
    # The evacuated ship has used its Phase 3 action: the platform refuses anything more.
    assert rejected(state, 0, ResolveFlight(land_on=None)) == "NOT_YOUR_TURN"
    assert rejected(state, 0, RequestEvacuation()) == "NOT_YOUR_TURN"
    assert rejected(state, 1, Refuel(kind="STANDARD", take_hyperfuel=True)) == "WRONG_PHASE"
    state, events = when(state, 1, ResolveFlight(land_on=None))
    carried = of_type(events, ev.ShipCarried)[0]
    assert (carried.seat, carried.body, carried.to_hex) == (0, "MARS", (5, 0))


def test_t6_bent_route_around_the_sun_is_legal() -> None:
    p1 = ship((2, 0), rose_units=rose(W=3, NW=1))
    _state, events = when(flight([p1, QUIET]), 0, ResolveFlight(land_on=None))
    moved = of_type(events, ev.ShipMoved)[0]
    assert (moved.from_hex, moved.to_hex) == ((2, 0), (-1, -1))
    assert not of_type(events, ev.DangerSectorDamage)
    _, events = when(
        flight([ship((2, 0), rose_units=rose(W=4)), QUIET]), 0, ResolveFlight(land_on=None)
    )
    assert of_type(events, ev.EmergencyDeclared)[0].cause == "INTO_SUN"


def test_t7_dangerous_sectors() -> None:
    p1 = ship((5, 0), rose_units=rose(E=2), shields=2)
    _, events = when(flight([p1, QUIET]), 0, ResolveFlight(land_on=None))
    damage = of_type(events, ev.DangerSectorDamage)[0]
    assert (damage.hex, damage.sector, damage.shields_after) == ((7, 0), "ASTEROID_BELT", 1)
    p1 = ship((5, 0), rose_units=rose(E=2), shields=0)
    _, events = when(flight([p1, QUIET]), 0, ResolveFlight(land_on=None))
    assert of_type(events, ev.EmergencyDeclared)[0].cause == "DANGER_NO_SHIELD"
    assert of_type(events, ev.ShipEvacuated)[0].to_body == "EARTH"
    p1 = ship((6, 0), rose_units=rose(E=2), shields=2)
    _, events = when(flight([p1, QUIET]), 0, ResolveFlight(land_on=None))
    assert of_type(events, ev.ShipMoved)[0].to_hex == (8, 0)
    assert not of_type(events, ev.DangerSectorDamage)
    p1 = ship((2, 0), rose_units=rose(W=1), shields=1)
    _, events = when(flight([p1, QUIET]), 0, ResolveFlight(land_on=None))
    assert of_type(events, ev.DangerSectorDamage)[0].sector == "SOLAR"


def test_t8_off_the_board_and_voluntary_evacuation() -> None:
    p1 = ship((12, 0), rose_units=rose(E=2))
    p2 = ship((3, 3), rose_units=rose(E=1), last_visited="VENUS")
    state = flight([p1, p2], spaces={"URANUS": 0})
    code = rejected(state, 0, ResolveFlight(land_on="URANUS"))
    assert code == "LANDING_IMPOSSIBLE_IN_EMERGENCY"
    state, events = when(state, 0, ResolveFlight(land_on=None))
    assert of_type(events, ev.EmergencyDeclared)[0].cause == "OUT_OF_BOUNDS"
    assert of_type(events, ev.ShipEvacuated)
    state, events = when(state, 1, RequestEvacuation())
    assert of_type(events, ev.EmergencyDeclared)[0].cause == "REQUESTED"
    assert of_type(events, ev.ShipEvacuated)[0].to_body == "VENUS"
    assert not of_type(events, ev.LandingMarkerTaken)


def test_t9_simultaneous_landings_in_instructor_order_and_the_phase_4_rank() -> None:
    p1 = ship((8, 0), rose_units=rose(E=1))
    p2 = ship((7, 0), rose_units=rose(E=2))
    p3 = ship((6, 2), rose_units=rose(E=1), missions=())
    state = flight([p1, p2, p3], instructor=1, spaces={"SATURN": 0})
    assert rejected(state, 0, ResolveFlight(land_on="SATURN")) == "NOT_YOUR_TURN"
    state, events = when(state, 1, ResolveFlight(land_on="SATURN"))
    assert of_type(events, ev.LandingMarkerTaken)[0].value == 4
    state, events = when(state, 2, ResolveFlight(land_on=None))
    assert of_type(events, ev.ShipMoved)[0].to_hex == (7, 2)
    assert not of_type(events, ev.DangerSectorDamage)
    state, events = when(state, 0, ResolveFlight(land_on="SATURN"))
    assert of_type(events, ev.LandingMarkerTaken)[0].value == 3
    carried = {(e.seat, e.to_hex) for e in of_type(events, ev.ShipCarried)}
    assert carried == {(0, (7, 2)), (1, (7, 2))}
    opened = of_type(events, ev.LandingOpportunityOpened)
    assert [(e.seat, e.body) for e in opened] == [(2, "SATURN")]
    state, events = when(state, 2, LandOnArrivingBody(body="SATURN"))
    taken = of_type(events, ev.LandingMarkerTaken)[0]
    assert (taken.seat, taken.value) == (2, 2)
    assert state.landers("SATURN") == (1, 0, 2)
    assert mission_met(state, 0, "M2B-SATURN")
    assert names(events)[-1] == "PhaseStarted"  # the next round has begun
    assert state.round == 3 and state.instructor == 2


def test_t10_landing_again_earth_too_early_and_wrong_target() -> None:
    p1 = ship((4, 0), rose_units=rose(E=1), markers=(("MARS", 4),))
    state = flight(
        [p1, QUIET], spaces={"MARS": 0}, landers={"MARS": (0,)}, stacks={"MARS": (3, 2, 1)}
    )
    _, events = when(state, 0, ResolveFlight(land_on="MARS"))
    assert of_type(events, ev.ShipLanded)[0].body == "MARS"
    assert of_type(events, ev.LandingRecordedWithoutMarker)[0].reason == "ALREADY_VISITED"
    early = flight(
        [ship((3, 0), rose_units=rose(E=1)), QUIET],
        round=6,
        spaces={"EARTH": 0},
        landers={"MARS": (0,), "VENUS": (0,), "COMET": (0,)},
    )
    _, events = when(early, 0, ResolveFlight(land_on="EARTH"))
    assert of_type(events, ev.LandingRecordedWithoutMarker)[0].reason == "EARTH_NOT_FINAL"
    assert not of_type(events, ev.GameEndTriggered)
    assert rejected(early, 0, ResolveFlight(land_on="SATURN")) == "BODY_NOT_AT_DESTINATION"


def staying(normal: int, hyper: int, shields: int = 3):
    return ship((-5, 5), "MARS", normal=normal, hyper=hyper, shields=shields, staying=True)


def test_t12_staying_and_refuelling() -> None:
    landed = ship((-5, 5), "MARS", normal=2, hyper=4)
    orders = game([ship((0, 10), rose_units=rose(E=1)), landed], round=5)
    assert rejected(orders, 0, StayOnBody(convert_shield=False)) == "SHIP_NOT_LANDED"
    state, _ = when(orders, 1, StayOnBody(convert_shield=False))
    state, _ = when(state, 0, SubmitOrders(placements=(), convert_shield=False))
    assert state.phase == "FLIGHT" and state.ships[1].staying
    assert rejected(state, 0, Refuel(kind="STANDARD", take_hyperfuel=True)) == "WRONG_PHASE"
    state, _ = when(state, 0, ResolveFlight(land_on=None))
    assert (
        rejected(state, 1, Refuel(kind="QUICK", take_hyperfuel=True)) == "REFUEL_KIND_NOT_ALLOWED"
    )
    _, events = when(state, 1, Refuel(kind="STANDARD", take_hyperfuel=True))
    refuelled = of_type(events, ev.ShipRefuelled)[0]
    assert (refuelled.hyper_added, refuelled.normal_added) == (0, 4)
    assert (refuelled.normal_after, refuelled.hyper_after) == (6, 4)
    cases = [
        ((9, 1), True, (8, 2), True, 0),
        ((9, 1), False, (9, 1), False, 0),
        ((5, 1), False, (8, 2), False, 1),
    ]
    for (normal, hyper), take, after, swapped, added in cases:
        state = flight([staying(normal, hyper), QUIET])
        _, events = when(state, 0, Refuel(kind="STANDARD", take_hyperfuel=take))
        refuelled = of_type(events, ev.ShipRefuelled)[0]
        assert (refuelled.normal_after, refuelled.hyper_after) == after
        assert (refuelled.swapped, refuelled.hyper_added) == (swapped, added)
    state, events = when(flight([staying(1, 0), QUIET]), 0, SkipRefuel())
    assert of_type(events, ev.RefuelSkipped) and state.ships[0].normal == 1


def test_t16_landing_and_phase_4_examples() -> None:
    p1 = ship((8, 0), rose_units=rose(E=1))
    state = flight([p1, QUIET], spaces={"SATURN": 0})
    state, events = when(state, 0, ResolveFlight(land_on="SATURN"))
    assert state.ships[0].rose == rose()
    assert of_type(events, ev.LandingMarkerTaken)[0].value == 4
    # Phase 4: the landed ship rides Saturn; Uranus only passes over (10,1); Neptune arrives.
    p2 = ship((10, 1), rose_units=rose())
    p3 = ship((10, 2), rose_units=rose())
    state = flight([state.ships[0], p2, p3], spaces={"SATURN": 0, "URANUS": 0, "NEPTUNE": 0})
    state, _ = when(state, 1, ResolveFlight(land_on=None))
    state, events = when(state, 2, ResolveFlight(land_on=None))
    assert [(e.seat, e.body) for e in of_type(events, ev.ShipCarried)] == [(0, "SATURN")]
    opened = of_type(events, ev.LandingOpportunityOpened)
    assert [(e.seat, e.body, e.hex) for e in opened] == [(2, "NEPTUNE", (10, 2))]
    assert rejected(state, 1, DeclineLanding()) == "NOT_YOUR_TURN"
    assert rejected(state, 2, LandOnArrivingBody(body="URANUS")) == "NO_LANDING_OPPORTUNITY"
    state, events = when(state, 2, DeclineLanding())
    assert of_type(events, ev.LandingOpportunityDeclined)[0].body == "NEPTUNE"
    assert state.round == 3 and state.ships[2].landed_on is None


def test_a_ship_at_rest_on_a_danger_hex_still_pays_a_shield() -> None:
    # A26: zero speed counts
    _, events = when(
        flight([ship((0, 7), rose_units=rose(), shields=3), QUIET]), 0, ResolveFlight(land_on=None)
    )
    damage = of_type(events, ev.DangerSectorDamage)[0]
    assert (damage.hex, damage.shields_after) == ((0, 7), 2)


def test_advanced_landings_without_markers() -> None:
    # §4.5.3: an emptied stack or an excluded body records the landing without a marker
    p1 = ship((-4, 5), rose_units=rose(W=1))
    emptied = flight([p1, QUIET], advanced=True, stacks={"MARS": ()}, landers={"MARS": (1,)})
    after, events = when(emptied, 0, ResolveFlight(land_on="MARS"))
    assert of_type(events, ev.LandingRecordedWithoutMarker)[0].reason == "STACK_EMPTY"
    assert after.landers("MARS") == (1, 0)  # A14: still counts for the missions
    excluded = replace(flight([p1, QUIET], advanced=True), excluded=frozenset({"MARS"}))
    after, events = when(excluded, 0, ResolveFlight(land_on="MARS"))
    assert of_type(events, ev.LandingRecordedWithoutMarker)[0].reason == "BODY_EXCLUDED"
    assert after.landers("MARS") == (0,)
