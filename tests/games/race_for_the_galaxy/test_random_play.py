"""Random play: full matches choosing uniformly among legal commands end and stay consistent."""

import random

import pytest

from domain.race_for_the_galaxy import RULES
from domain.race_for_the_galaxy import events as ev
from domain.race_for_the_galaxy.components import CARDS

from .helpers import house, random_match


def _all_cards_accounted_for(state) -> None:
    places = [*state.deck, *state.discard]
    for p in state.players:
        places += [*p.hand, *p.tableau, *p.explored, *(g for _, g in p.goods)]
        if p.choice is not None and p.choice not in p.hand:
            places.append(p.choice)
    assert sorted(places) == list(range(len(CARDS)))


@pytest.mark.parametrize(
    ("n_seats", "options"),
    [(2, {}), (3, {}), (4, {}), (2, {"advanced_two_player": True})],
)
def test_random_matches_end_and_stay_consistent(n_seats: int, options: dict) -> None:
    for seed in range(12):
        state, log = random_match(n_seats, seed, check_all_legal=seed < 3, **options)
        result = RULES.result(state)
        assert result is not None and RULES.to_move(state) == frozenset()
        assert result.scores == RULES.score(state)
        assert isinstance(log[-1][1], ev.GameEnded)
        assert state.round <= state.max_rounds
        _all_cards_accounted_for(state)
        for seat in (None, *range(n_seats)):
            names = [f"p{i}" for i in range(n_seats)]
            assert "game over" in RULES.render(RULES.view(state, seat), names)


def test_max_rounds_stops_a_random_match() -> None:
    state, log = random_match(2, 5, max_rounds=2)
    ended = log[-1][1]
    assert isinstance(ended, ev.GameEnded) and state.round <= 2


def test_replaying_the_log_rebuilds_the_state() -> None:
    state, log = random_match(3, 7)
    replayed = RULES.fold(RULES.initial(3, RULES.options({})), [e for _, e in log])
    assert replayed == state


def test_events_round_trip_through_json() -> None:
    import msgspec

    _, log = random_match(2, 3)
    for _, event in log:
        raw = msgspec.json.encode(event)
        assert msgspec.json.decode(raw, type=RULES.event_type) == event


def test_decide_is_deterministic_for_a_given_rng() -> None:
    r = random.Random(1)
    opts = RULES.options({})
    s = RULES.fold(RULES.initial(2, opts), RULES.setup(2, opts, house(4, 0)))
    for _ in range(30):
        if RULES.result(s) is not None:
            break
        seat = min(RULES.to_move(s))
        command = r.choice(RULES.legal(s, seat))
        first = RULES.decide(s, seat, command, house(4, 1))
        assert first == RULES.decide(s, seat, command, house(4, 1))
        s = RULES.fold(s, first)
