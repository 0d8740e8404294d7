"""Issue #25: a refusal a newcomer meets says the rule behind it in the game's words, and an
early landing on Earth says why it is not the return home; the codes stay as they were."""

from __future__ import annotations

from domain.kosmonauts import events as ev
from domain.kosmonauts.commands import ChooseEventCard, ResolveFlight, RespondToEvent, SubmitOrders
from domain.kosmonauts.narration import event_text
from tests.games.kosmonauts.helpers import of_type, place, refusal, rose, ship, when
from tests.games.kosmonauts.test_event_phase import FLARES, WIND_W1, event_round
from tests.games.kosmonauts.test_flight_phase import QUIET, flight


def test_an_early_landing_on_earth_says_the_end_rule() -> None:
    early = flight(
        [ship((3, 0), rose_units=rose(E=1)), QUIET], round=6, spaces={"EARTH": 0},
        landers={"MARS": (0,), "VENUS": (0,), "COMET": (0,)},
    )  # fmt: skip
    _, events = when(early, 0, ResolveFlight(land_on="EARTH"))
    (none,) = of_type(events, ev.LandingRecordedWithoutMarker)
    said = event_text(none, ["ann", "ben"])
    assert "Earth is the last body" in said and "7 of the 8 others" in said
    wrong = refusal(early, 0, ResolveFlight(land_on="SATURN"))
    assert wrong.code == "BODY_NOT_AT_DESTINATION"
    assert "Saturn is not where your flight ends" in wrong.message
    assert "lands only on a body at the hex where its flight stops" in wrong.message


def test_orders_refused_after_an_event_name_the_event_and_what_to_do() -> None:
    flying = ship((0, 5), rose_units=rose(E=1))
    landed = ship((-3, 3), "VENUS", last_visited="VENUS")
    state = event_round([flying, landed], FLARES, round=3, instructor=1)
    state, _ = when(state, 1, ChooseEventCard(card=FLARES))
    state, _ = when(state, 1, RespondToEvent(response="SPEND_SHIELD"))
    state, _ = when(state, 0, RespondToEvent(response="ACCEPT"))
    flares = refusal(state, 0, SubmitOrders(placements=place("E"), convert_shield=False))
    assert flares.code == "SOLAR_FLARES_BLOCK" and "you accepted Solar Flares" in flares.message

    state = event_round([flying, landed], WIND_W1, round=3)
    state, _ = when(state, 0, ChooseEventCard(card=WIND_W1))
    state, _ = when(state, 1, RespondToEvent(response="STAY_ON_BODY"))
    state, _ = when(state, 0, RespondToEvent(response="SPEND_SHIELD"))
    stay = refusal(state, 1, SubmitOrders(placements=place("E"), convert_shield=False))
    assert stay.code == "STAY_COMMITTED"
    assert "STAY_ON_BODY" in stay.message and "StayOnBody" in stay.message
