"""Random matches for 2, 3 and 4 seats, basic and advanced: every match ends, every legal
command is accepted, and evolve, score, result, view and render never fail."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain.game import HouseChance, Rng
from domain.kosmonauts import RULES
from tests.games.kosmonauts.helpers import play_random, rejected


@pytest.mark.parametrize("advanced", [False, True])
@pytest.mark.parametrize("n_seats", [2, 3, 4])
def test_random_matches_end_and_are_scored(n_seats: int, advanced: bool) -> None:
    for seed in range(3):
        played = play_random(n_seats, seed * 10 + n_seats, advanced=advanced, max_rounds=40)
        result = RULES.result(played.state)
        assert result is not None and len(result.scores) == n_seats
        assert result.reason in {"EARTH_RETURN", "ROUND_LIMIT"}
        assert played.state.round <= 40
        assert min(result.places) == 1 and set(result.winners) <= set(range(n_seats))
        for seat in (None, *range(n_seats)):
            msgspec.json.encode(RULES.view(played.state, seat))
            assert "Game over" in RULES.render(RULES.view(played.state, seat), ["A", "B", "C", "D"])


def test_a_long_match_reaches_the_default_round_limit_or_ends_by_a_return() -> None:
    played = play_random(4, 99)
    result = RULES.result(played.state)
    assert result is not None
    assert played.state.round == 100 or result.reason == "EARTH_RETURN"


@pytest.mark.parametrize("advanced", [False, True])
def test_every_legal_command_is_accepted_and_views_render(advanced: bool) -> None:
    opts = RULES.options({"advanced": advanced, "max_rounds": 6})
    for n_seats in (2, 3, 4):
        state = RULES.fold(
            RULES.initial(n_seats, opts), RULES.setup(n_seats, opts, HouseChance(Rng(5, 0)))
        )
        chooser = random.Random(n_seats)
        step = 0
        while RULES.result(state) is None:
            step += 1
            movers = sorted(RULES.to_move(state))
            for seat in range(n_seats):
                commands = RULES.legal(state, seat)
                assert bool(commands) == (seat in movers)
                for command in commands:
                    RULES.decide(state, seat, command, HouseChance(Rng(5, step)))
                    decoded = RULES.parse_command(msgspec.json.encode(command))
                    assert decoded == command
                RULES.render(RULES.view(state, seat), ["A", "B", "C", "D"])
            RULES.score(state)
            seat = chooser.choice(movers)
            command = chooser.choice(RULES.legal(state, seat))
            state = RULES.fold(state, RULES.decide(state, seat, command, HouseChance(Rng(5, step))))
        assert not RULES.to_move(state)


def test_commands_of_a_seat_not_to_move_are_refused() -> None:
    played = play_random(3, 4, keep_states=True, max_rounds=5)
    for state in played.states[:60]:
        movers = RULES.to_move(state)
        for seat in set(range(3)) - movers:
            for mover in movers:
                for command in RULES.legal(state, mover)[:3]:
                    assert rejected(state, seat, command) == "NOT_YOUR_TURN"


@pytest.mark.parametrize("advanced", [False, True])
def test_every_event_survives_a_json_round_trip_and_replays_to_the_same_state(
    advanced: bool,
) -> None:
    played = play_random(3, 8, piloted=True, advanced=advanced)
    opts = RULES.options({"advanced": advanced})
    decoded = [
        msgspec.json.decode(msgspec.json.encode(e), type=RULES.event_type)
        for _, e in played.history
    ]
    assert decoded == [e for _, e in played.history]
    assert RULES.fold(RULES.initial(3, opts), decoded) == played.state
