"""`legal` samples two large spaces; `decide` must accept all of them, not only the samples."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.delta_v import RULES
from domain.delta_v.commands import MoveRockets, RocketMove, SatelliteSurvey
from domain.delta_v.rules_actions import survey_lines
from domain.delta_v.rules_board import (
    asteroid_positions,
    is_locked,
    rockets_in_play,
    unspent_bribes,
)
from domain.delta_v.state import State
from domain.game import HouseChance, Rng

from .test_hidden_information import play_prefix


def action_states(seed: int, limit: int) -> list[State]:
    """The first states of one random match in which a seat is about to take its action."""
    chooser = random.Random(seed)
    options = RULES.options({})
    state = RULES.fold(
        RULES.initial(3, options), RULES.setup(3, options, HouseChance(Rng(seed, 0)))
    )
    found = []
    step = 0
    while RULES.result(state) is None and len(found) < limit:
        if state.phase == "ACTION":
            found.append(state)
        (seat,) = RULES.to_move(state)
        step += 1
        command = chooser.choice(RULES.legal(state, seat))
        state = RULES.fold(state, RULES.decide(state, seat, command, HouseChance(Rng(seed, step))))
    return found


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 500), st.integers(0, 2**32))
def test_any_multi_rocket_move_is_accepted(seed: int, pick: int) -> None:
    chooser = random.Random(pick)
    for state in action_states(seed, limit=12):
        seat = state.active
        tiles = list(asteroid_positions(state))
        movable = [r for r in rockets_in_play(state, seat) if not is_locked(state, r)]
        if not movable:
            continue
        chosen = [r for r in movable if chooser.random() < 0.7] or movable[:1]
        chooser.shuffle(chosen)
        moves = tuple(
            RocketMove(r.rocket_id, chooser.choice(tiles) if r.location == "STATION" else "STATION")
            for r in chosen
        )
        events = RULES.decide(state, seat, MoveRockets(moves), HouseChance(Rng(0, 0)))
        RULES.fold(state, events)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 120))
def test_every_survey_of_three_in_a_line_is_accepted(seed: int, steps: int) -> None:
    state, _ = play_prefix(2, seed, steps, False)
    if state.phase != "ACTION":
        return
    seat = state.active
    for bribe in unspent_bribes(state, seat):
        for line in survey_lines(state, seat):
            triples = list(itertools.combinations(line, 3)) or [line]
            for positions in triples:
                RULES.decide(
                    state, seat, SatelliteSurvey(bribe.bribe_id, positions), HouseChance(Rng(0, 0))
                )
