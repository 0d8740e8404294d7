"""Random matches for every seat count: they end, and the contract holds on the way."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain.game import IllegalMove
from domain.onward_to_venus import RULES

from .helpers import house, match_at, random_match


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(4))
def test_random_matches_end(n: int, seed: int) -> None:
    state, decisions = random_match(n, seed)
    result = RULES.result(state)
    assert result is not None
    assert result.reason in {
        "THIRD_PERIOD_SCORED",
        "MAX_ROUNDS",
        "ROBOT_DOMINATION",
        "ALIENS_REACHED_EARTH",
    }
    assert len(result.scores) == len(result.places) == n
    assert decisions > 0
    if result.reason == "THIRD_PERIOD_SCORED":
        assert state.period == 3 and result.winners


@pytest.mark.parametrize("n", [2, 5])
def test_every_legal_command_is_accepted(n: int) -> None:
    options = RULES.options({"max_rounds": 12})
    state = RULES.fold(RULES.initial(n, options), RULES.setup(n, options, house(n, 0)))
    chooser = random.Random(n)
    match = match_at(state)
    step = 0
    while RULES.result(state) is None:
        (seat,) = RULES.to_move(state)
        commands = RULES.legal(state, seat)
        match.state = state
        for other in range(n):
            assert other == seat or not RULES.legal(state, other)
        if step % 3 == 0:
            for command in commands:
                RULES.fold(state, RULES.decide(state, seat, command, house(n, step + 1)))
        for other in range(n):
            if other != seat and commands:
                with pytest.raises(IllegalMove) as caught:
                    match.decide(other, commands[0])
                assert caught.value.code == "NOT_YOUR_TURN"
        command = chooser.choice(commands)
        state = RULES.fold(state, RULES.decide(state, seat, command, house(n, step + 1)))
        step += 1


def test_max_rounds_ends_a_match_scored_normally() -> None:
    state, _ = random_match(3, 11, max_rounds=2)
    result = RULES.result(state)
    assert result is not None and result.reason == "MAX_ROUNDS"
    assert state.turns >= 2 * 3


def test_events_and_commands_survive_json() -> None:
    options = RULES.options({"max_rounds": 10})
    events = RULES.setup(3, options, house(9, 0))
    state = RULES.fold(RULES.initial(3, options), events)
    chooser = random.Random(9)
    step = 0
    while RULES.result(state) is None:
        (seat,) = RULES.to_move(state)
        commands = RULES.legal(state, seat)
        for command in commands:
            assert RULES.parse_command(msgspec.json.encode(command)) == command
        new = RULES.decide(state, seat, chooser.choice(commands), house(9, step + 1))
        events += new
        state = RULES.fold(state, new)
        step += 1
    decoded = msgspec.json.decode(msgspec.json.encode(events), type=list[RULES.event_type])
    assert decoded == events
    assert RULES.fold(RULES.initial(3, options), decoded) == state
