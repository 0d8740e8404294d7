"""House matches decided again with the table's chance (domain/chance.py), for every game.

`house_steps` plays a match with the house's seeded chance, keeping each decision's outcomes;
`assert_table_decides_the_same` gives exactly those outcomes to a `TableChance` and checks that
setup and every decision emit the same events, asking for no more and no fewer outcomes. A game
whose rules drew anything outside its `Chance` (a hidden shuffle, a global random) fails here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from domain.bots import random_decision
from domain.chance import HouseChance, TableChance
from domain.game import Command, Rules, Seat
from domain.rng import Rng


@dataclass(frozen=True)
class Step:
    """One setup (seat and command None) or decision of a house match, with what chance gave."""

    seat: Seat | None
    command: Command | None
    outcomes: list[Any]
    events: list[Any]


def house_steps(
    rules: Rules[Any],
    n_seats: int,
    options: Any,
    seed: int,
    *,
    smart: bool = False,
    max_steps: int = 5000,
) -> list[Step]:
    """A match dealt by the house (Rng(seed, n) for decision n), played by random or bot seats."""
    chance = HouseChance(Rng(seed, 1))
    opening = list(rules.setup(n_seats, options, chance))
    steps = [Step(None, None, chance.outcomes, opening)]
    state = rules.fold(rules.initial(n_seats, options), opening)
    players = random.Random(seed)
    for n in range(2, max_steps + 2):
        if rules.result(state) is not None:
            break
        seat, command = random_decision(rules, state, players, smart=smart)
        chance = HouseChance(Rng(seed, n))
        events = list(rules.decide(state, seat, command, chance))
        steps.append(Step(seat, command, chance.outcomes, events))
        state = rules.fold(state, events)
    return steps


def assert_table_decides_the_same(
    rules: Rules[Any], n_seats: int, options: Any, steps: list[Step]
) -> Any:
    """Setup and every decision re-run with the house's outcomes given by a table: the same
    events, every given outcome used. Returns the final state."""
    state = rules.initial(n_seats, options)
    for step in steps:
        table = TableChance(step.outcomes)
        if step.seat is None:
            events = list(rules.setup(n_seats, options, table))
        else:
            assert step.command is not None
            events = list(rules.decide(state, step.seat, step.command, table))
        assert events == step.events, f"step {steps.index(step)}: the table decided otherwise"
        assert table.left == 0, f"step {steps.index(step)}: {table.left} outcome(s) left unused"
        state = rules.fold(state, events)
    return state
