"""Random play: every match ends, every legal command is accepted, and every function holds up."""

from __future__ import annotations

import random
from collections import Counter
from typing import get_args

import msgspec
import pytest

from domain.delta_v import RULES
from domain.delta_v.events import Event, GameEnded
from domain.game import HouseChance, Rng

from .helpers import play_random_match

MATCHES = 30


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_matches_end_and_replay(seats: int) -> None:
    reasons: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    names = ["Ann", "Ben", "Cat", "Dan"]
    for seed in range(MATCHES):
        state, log = play_random_match(seats, 1000 * seats + seed)
        result = RULES.result(state)
        assert result is not None and RULES.to_move(state) == frozenset()
        assert isinstance(log[-1], GameEnded)
        assert state.turn <= state.options.max_rounds * seats
        reasons[result.reason] += 1
        kinds.update(type(e).__name__ for e in log)
        assert RULES.fold(RULES.initial(seats, state.options), log) == state
        encoded = msgspec.json.encode(log)
        assert msgspec.json.decode(encoded, type=list[RULES.event_type]) == log
        for seat in (*range(seats), None):
            assert RULES.render(RULES.view(state, seat), names)
        assert len(RULES.score(state)) == seats
    # Uniform random play reaches every kind of fact, not just one corner of the game.
    assert {t.__name__ for t in get_args(Event)} <= set(kinds)
    assert sum(reasons.values()) == MATCHES


def test_every_legal_command_is_accepted_along_a_match() -> None:
    """At each step of a few matches, decide accepts every command legal lists, and views render."""
    for seats in (2, 3, 4):
        chooser = random.Random(seats)
        state = RULES.initial(seats, RULES.options({"memory_aid": True}))
        state = RULES.fold(state, RULES.setup(seats, state.options, HouseChance(Rng(seats, 0))))
        step = 0
        while RULES.result(state) is None and step < 150:
            (seat,) = RULES.to_move(state)
            commands = RULES.legal(state, seat)
            for command in commands:
                events = RULES.decide(state, seat, command, HouseChance(Rng(seats, step)))
                RULES.fold(state, events)
            for other in range(seats):
                if other != seat:
                    assert RULES.legal(state, other) == []
            RULES.render(RULES.view(state, seat), ["a", "b", "c", "d"])
            state = RULES.fold(
                state,
                RULES.decide(state, seat, chooser.choice(commands), HouseChance(Rng(0, step))),
            )
            step += 1


def test_legal_commands_round_trip_through_json() -> None:
    state, _ = play_random_match(2, 7)
    opening = RULES.initial(2, state.options)
    opening = RULES.fold(opening, RULES.setup(2, opening.options, HouseChance(Rng(7, 0))))
    (seat,) = RULES.to_move(opening)
    for command in RULES.legal(opening, seat):
        data = msgspec.json.encode(command)
        assert RULES.parse_command(data) == command


def test_round_limit_ends_a_match() -> None:
    state, log = play_random_match(2, 3, max_rounds=2)
    ended = log[-1]
    assert isinstance(ended, GameEnded)
    assert ended.reason == "ROUND_LIMIT"
    assert state.turn == 4 and RULES.result(state) is not None
