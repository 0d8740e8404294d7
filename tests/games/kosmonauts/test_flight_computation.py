"""The board data and the flight computation (§2.5, §2.8, §4.5.2), including the worked example."""

from __future__ import annotations

from domain.kosmonauts.components import (
    ASTEROID_BELT,
    BODIES,
    MARKED_SPACES,
    ORBITS,
    SOLAR_DANGER,
)
from domain.kosmonauts.flight import (
    add_units,
    danger_sector,
    destination,
    distance,
    flight_outcome,
    on_board,
)
from tests.games.kosmonauts.helpers import rose


def test_board_check_values_of_the_digest() -> None:
    assert ORBITS["EARTH"][:2] == ((4, 0), (2, 2))
    assert ORBITS["MARS"][13] == (5, -4)
    assert ORBITS["SATURN"][23] == (9, -8)
    assert ORBITS["NEPTUNE"][31] == (12, -10)
    assert ORBITS["URANUS"][32] == (11, -2)
    assert sorted(MARKED_SPACES["MARS"]) == [0, 2, 5, 7, 10, 12]
    assert sorted(MARKED_SPACES["COMET"]) == [0, 2, 5, 8, 11, 14]
    assert len(ORBITS["COMET"]) == 17
    assert len(SOLAR_DANGER) == 6 and len(ASTEROID_BELT) == 42


def test_bodies_never_stand_on_danger_or_off_board_and_never_share_a_space() -> None:
    spaces = [h for b in BODIES for h in ORBITS[b]]
    assert len(spaces) == len(set(spaces))
    for h in spaces:
        assert on_board(h) and danger_sector(h) is None and h != (0, 0)


def test_worked_example_flight_of_p1() -> None:
    # §9 step 20: (4,0) + NE + 3 NW = (5,-4), OK, ring 5, no danger.
    start, units = (4, 0), rose(NE=1, NW=3)
    assert destination(start, units) == (5, -4)
    assert flight_outcome(start, units) == "OK"
    assert distance((5, -4)) == 5 and danger_sector((5, -4)) is None


def test_straight_into_the_sun_and_the_bent_route_around_it() -> None:
    # T5 and T6
    assert flight_outcome((3, 0), rose(W=6)) == "INTO_SUN"
    assert flight_outcome((2, 0), rose(W=3, NW=1)) == "OK"
    assert destination((2, 0), rose(W=3, NW=1)) == (-1, -1)
    assert flight_outcome((2, 0), rose(W=4)) == "INTO_SUN"
    assert flight_outcome((2, 0), rose(W=2)) == "INTO_SUN"


def test_off_the_board_and_an_empty_rose() -> None:
    assert flight_outcome((12, 0), rose(E=2)) == "OUT_OF_BOUNDS"
    assert flight_outcome((5, 5), rose()) == "OK"
    assert destination((5, 5), rose()) == (5, 5)


def test_cancellation_counts_a_red_cube_as_two_units() -> None:
    # §4.4 and T3
    assert add_units(rose(NE=2), "SW", 1) == (rose(NE=1), 1)
    assert add_units(rose(NE=1), "SW", 2) == (rose(SW=1), 1)
    assert add_units(rose(E=3), "NW", 1) == (rose(E=3, NW=1), 0)
    assert destination((0, 0), rose(E=3, NW=1)) == (3, -1)
