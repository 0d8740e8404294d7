"""Phase 1: event cards, answers and Gravity (T2, T11, T15 and every card type of §2.6)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.kosmonauts import events as ev
from domain.kosmonauts.commands import (
    ChooseEventCard,
    ChooseGravityTarget,
    RespondToEvent,
    StayOnBody,
    SubmitOrders,
)
from domain.kosmonauts.rules_legal import legal
from tests.games.kosmonauts.helpers import (
    game,
    names,
    of_type,
    place,
    rejected,
    rose,
    ship,
    space_of,
    when,
)

FLARES, WIND_W1, GRAVITY, THRUST = "EV28", "EV04", "EV19", "EV22"
ENERGY, REFUELLING, ASTEROIDS = "EV16", "EV13", "EV25"


def event_round(ships, card: str, **kw):
    others = [c for c in (THRUST, "EV01", "EV30") if c != card][:2]
    return game(ships, phase="EVENT", face_up=(card, *others), **kw)


def test_t2_solar_flares_block_cubes_unless_a_shield_is_spent() -> None:
    p1 = ship((0, 5), rose_units=rose(E=1))
    p2 = ship((0, 6), rose_units=rose(E=1))
    state = event_round([p1, p2], FLARES, round=3, instructor=1)
    state, _ = when(state, 1, ChooseEventCard(card=FLARES))
    state, events = when(state, 1, RespondToEvent(response="SPEND_SHIELD"))
    assert of_type(events, ev.ShieldSpent)[0].shields_after == 2
    state, events = when(state, 0, RespondToEvent(response="ACCEPT"))
    assert of_type(events, ev.OrderLimitSet)[0].max_cubes == 0
    assert state.phase == "ORDERS"
    assert (
        rejected(state, 0, SubmitOrders(placements=place("E"), convert_shield=False))
        == "SOLAR_FLARES_BLOCK"
    )
    when(state, 0, SubmitOrders(placements=(), convert_shield=False))
    when(state, 1, SubmitOrders(placements=place("E", "E", "E"), convert_shield=False))


def test_t2_solar_wind_stay_or_accept() -> None:
    p1 = ship((0, 5), rose_units=rose(E=2))
    p2 = ship((-3, 3), "VENUS", last_visited="VENUS")
    state = event_round([p1, p2], WIND_W1, round=3)
    state, _ = when(state, 0, ChooseEventCard(card=WIND_W1))
    state, events = when(state, 1, RespondToEvent(response="STAY_ON_BODY"))
    assert of_type(events, ev.StayCommitted)[0].body == "VENUS"
    assert rejected(state, 0, RespondToEvent(response="STAY_ON_BODY")) == "SHIP_NOT_LANDED"
    state, events = when(state, 0, RespondToEvent(response="ACCEPT"))
    wind = of_type(events, ev.SolarWindApplied)[0]
    assert (wind.direction, wind.units, wind.cancelled) == ("W", 1, 1)
    assert wind.rose_after == rose(E=1)
    assert (
        rejected(state, 1, SubmitOrders(placements=place("E"), convert_shield=False))
        == "STAY_COMMITTED"
    )
    when(state, 1, StayOnBody(convert_shield=False))


def test_accepted_wind_forces_a_landed_ship_to_take_off() -> None:
    # A10
    p1 = ship((0, 5), rose_units=rose(E=2))
    p2 = ship((-3, 3), "VENUS", shields=0)
    state = event_round([p1, p2], WIND_W1)
    state, _ = when(state, 0, ChooseEventCard(card=WIND_W1))
    state, _ = when(state, 1, RespondToEvent(response="ACCEPT"))
    state, _ = when(state, 0, RespondToEvent(response="SPEND_SHIELD"))
    assert rejected(state, 1, StayOnBody(convert_shield=False)) == "WIND_FORCES_TAKEOFF"
    state, _ = when(state, 1, SubmitOrders(placements=(), convert_shield=False))
    assert state.ships[1].order is not None and state.ships[1].order.kind == "FLY"


def test_t11_gravity_pulls_flying_ships_to_the_nearest_body() -> None:
    p1 = ship((5, -1), rose_units=rose(NE=2))
    p2 = ship((5, 0), rose_units=rose(E=1))
    spaces = {"EARTH": 0, "MARS": space_of("MARS", (5, -2))}
    state = event_round([p1, p2], GRAVITY, round=6, instructor=1, spaces=spaces)
    state, events = when(state, 1, ChooseEventCard(card=GRAVITY))
    landed = of_type(events, ev.ShipLanded)
    assert [(e.seat, e.body, e.cause, e.phase) for e in landed] == [(1, "EARTH", "GRAVITY", 1)]
    assert of_type(events, ev.LandingRecordedWithoutMarker)[0].reason == "EARTH_NOT_FINAL"
    assert of_type(events, ev.GravityChoicePending)[0].bodies == ("EARTH", "MARS")
    assert rejected(state, 1, ChooseGravityTarget(body="MARS")) == "NOT_YOUR_TURN"
    assert rejected(state, 0, ChooseGravityTarget(body="JUPITER")) == "NOT_A_NEAREST_BODY"
    state, events = when(state, 0, ChooseGravityTarget(body="MARS"))
    landing = of_type(events, ev.ShipLanded)[0]
    assert (landing.body, landing.cause, landing.units_discarded) == ("MARS", "GRAVITY", 2)
    assert of_type(events, ev.LandingMarkerTaken)[0].value == 4
    assert state.phase == "ORDERS"
    for seat in (0, 1):
        assert StayOnBody(convert_shield=False) in legal(state, seat)


def test_energy_conversion_costs_a_shield_and_is_capped_by_free_slots() -> None:
    p1 = ship((0, 5), normal=6, hyper=1)
    p2 = ship((0, 6), shields=0)
    state = event_round([p1, p2], ENERGY)
    state, events = when(state, 0, ChooseEventCard(card=ENERGY))
    assert of_type(events, ev.EventResponseRecorded)[0].auto  # P2 without shield: only DECLINE
    assert rejected(state, 0, RespondToEvent(response="CONVERT", amount=6)) == "INVALID_AMOUNT"
    assert rejected(state, 0, RespondToEvent(response="ACCEPT")) == "RESPONSE_NOT_ALLOWED"
    state, events = when(state, 0, RespondToEvent(response="CONVERT", amount=5))
    gained = of_type(events, ev.FuelGained)[0]
    assert (gained.normal, gained.normal_after) == (3, 9)
    assert of_type(events, ev.ShieldSpent)[0].reason == "ENERGY_CONVERSION"
    assert state.phase == "ORDERS"


def test_refuelling_event_adds_or_swaps_a_red_cube() -> None:
    p1 = ship((0, 5), normal=5, hyper=1)
    p2 = ship((0, 6), normal=9, hyper=1)
    state = event_round([p1, p2], REFUELLING)
    state, _ = when(state, 0, ChooseEventCard(card=REFUELLING))
    state, events = when(state, 0, RespondToEvent(response="TAKE_HYPERFUEL"))
    assert of_type(events, ev.FuelGained)[0].hyper_after == 2
    state, events = when(state, 1, RespondToEvent(response="TAKE_HYPERFUEL"))
    swap = of_type(events, ev.HyperfuelSwapped)[0]
    assert (swap.normal_after, swap.hyper_after) == (8, 2)
    capped = event_round(
        [ship((0, 5), normal=2, hyper=4), p2], REFUELLING, auto_resolve_trivial_decisions=False
    )
    capped, _ = when(capped, 0, ChooseEventCard(card=REFUELLING))
    assert rejected(capped, 0, RespondToEvent(response="TAKE_HYPERFUEL")) == "HYPERFUEL_LIMIT"


def test_asteroids_take_five_yellow_cubes_and_spare_the_red() -> None:
    state = event_round([ship((0, 5), normal=7, hyper=2), ship((0, 6), normal=3)], ASTEROIDS)
    state, events = when(state, 0, ChooseEventCard(card=ASTEROIDS))
    lost = of_type(events, ev.FuelLost)
    assert [(e.normal, e.normal_after, e.hyper_after) for e in lost] == [(5, 2, 2), (3, 0, 1)]
    assert state.phase == "ORDERS"


def test_asteroids_blocked_by_a_shield_under_the_option() -> None:
    # A4: option asteroids_avoidable_by_shield
    state = event_round([ship((0, 5)), ship((0, 6))], ASTEROIDS, asteroids_avoidable_by_shield=True)
    state, events = when(state, 0, ChooseEventCard(card=ASTEROIDS))
    assert not of_type(events, ev.FuelLost)
    state, events = when(state, 1, RespondToEvent(response="SPEND_SHIELD"))
    state, events = when(state, 0, RespondToEvent(response="ACCEPT"))
    assert of_type(events, ev.FuelLost)[0].normal == 5
    assert state.ships[1].normal == 9 and state.ships[1].shields == 2


def test_the_chosen_card_is_discarded_and_the_row_refilled() -> None:
    state = event_round([ship((0, 5)), ship((0, 6))], THRUST)
    top = state.draw_pile[5]
    state, events = when(state, 0, ChooseEventCard(card=THRUST), table=[top])
    assert names(events)[-4:] == [
        "EventCardDiscarded",
        "EventCardRevealed",
        "PhaseEnded",
        "PhaseStarted",
    ]
    assert top in state.face_up and THRUST in state.discard_pile and len(state.face_up) == 3


def test_an_empty_draw_pile_is_reshuffled_from_the_discards() -> None:
    state = event_round([ship((0, 5)), ship((0, 6))], THRUST)
    state = replace(state, draw_pile=(), discard_pile=("EV02", "EV03"))
    state, events = when(state, 0, ChooseEventCard(card=THRUST), table=["EV03"])
    reshuffled = of_type(events, ev.EventDeckReshuffled)[0]
    assert reshuffled.visibility().is_public and reshuffled.count == 3
    assert state.face_up[-1] == "EV03" and state.draw_pile == ("EV02", THRUST)
    assert state.discard_pile == ()


def test_t15_event_card_errors() -> None:
    first = game([ship((0, 5)), ship((0, 6))], phase="ORDERS", round=1)
    assert rejected(first, 0, ChooseEventCard(card=THRUST)) == "WRONG_PHASE"
    state = event_round([ship((0, 5)), ship((0, 6))], THRUST, instructor=0)
    assert rejected(state, 1, ChooseEventCard(card=THRUST)) == "NOT_YOUR_TURN"
    assert rejected(state, 0, ChooseEventCard(card="EV29")) == "CARD_NOT_AVAILABLE"
    assert rejected(state, 0, RespondToEvent(response="ACCEPT")) == "WRONG_PHASE"
