"""The end of period 3: planet scoring with shared places, kept tiles, tie-breakers (§6)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.onward_to_venus import RULES
from domain.onward_to_venus.events import GameEnded, PlanetScored
from domain.onward_to_venus.state import State

from .helpers import clear_board, end_action_phase, fresh, of, place_building, put_tile


def last_period(state: State) -> State:
    return replace(state, period=3)


def moon_awards(events) -> dict[int, int]:
    scored = next(e for e in of(events, PlanetScored) if e.planet == "MOON")
    return {a.seat: a.vp for a in scored.awards}


# 16
def test_moon_scoring_shares_places_without_using_up_ranks() -> None:
    state = clear_board(fresh(5))
    # yellow (DE) 5, red (GB) 3, blue (FR) 3, green (US) 2
    for bid in ("P3.MINE.1", "P3.FAC.1", "P1.MINE.1", "P2.MINE.1", "P5.FAC.1"):
        state = place_building(state, bid, "MOON")
    state, events = end_action_phase(last_period(state))
    assert moon_awards(events) == {2: 9, 0: 5, 1: 5, 4: 3}
    assert of(events, GameEnded)[0].reason == "THIRD_PERIOD_SCORED"


def test_two_top_incomes_share_the_first_hex() -> None:
    state = clear_board(fresh(3))
    for bid in ("P1.MINE.1", "P1.FAC.1", "P2.MINE.1", "P2.FAC.1", "P3.MINE.1"):
        state = place_building(state, bid, "MOON")
    state, events = end_action_phase(last_period(state))
    assert moon_awards(events) == {0: 9, 1: 9, 2: 5}


def test_kept_tiles_score_one_each_and_aliens_two() -> None:
    state = clear_board(fresh(3))
    state, trophy = put_tile(state, "MOON", "TROPHY")
    state, crisis = put_tile(state, "MOON", "CRISIS")
    moon = state.planets[3]
    planets = (*state.planets[:3], replace(moon, tiles=()), *state.planets[4:])
    kept = ((trophy, crisis), (104,), ())
    state, events = end_action_phase(last_period(replace(state, planets=planets, kept=kept)))
    assert of(events, GameEnded)[0].scores == (2, 2, 0)


# 17
def test_the_start_player_marker_breaks_a_tie() -> None:
    state = place_building(fresh(3), "P2.FAC.1", None)
    state, events = end_action_phase(last_period(state), taker=2)
    ended = of(events, GameEnded)[0]
    assert ended.scores[0] == ended.scores[2] > ended.scores[1]
    assert ended.winners == (2,) and ended.tiebreak_step == 1
    assert RULES.result(state).places == (2, 3, 1)


def test_then_factories_and_mines_break_a_tie() -> None:
    state = place_building(fresh(3), "P2.FAC.1", None)
    state = place_building(state, "P3.FAC.2", "EARTH")
    state, trophy = put_tile(state, "MOON", "TROPHY")
    kept = ((trophy, 92, 93), (), ())
    state = replace(state, kept=kept, planets=tuple(replace(p, tiles=()) for p in state.planets))
    state, events = end_action_phase(last_period(state), taker=1)
    ended = of(events, GameEnded)[0]
    assert ended.scores[0] == ended.scores[2] == 8
    assert ended.winners == (2,) and ended.tiebreak_step == 2


def test_a_full_tie_shares_the_win() -> None:
    state = place_building(fresh(3), "P2.FAC.1", None)
    state, events = end_action_phase(last_period(state), taker=1)
    ended = of(events, GameEnded)[0]
    assert ended.winners == (0, 2) and ended.tiebreak_step == 4
