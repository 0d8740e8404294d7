"""Helpers for Duck Dealer tests: fold setups, play random matches, build hand-made states."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from domain.duck_dealer import RULES
from domain.duck_dealer.events import Event
from domain.duck_dealer.state import DuckDealerOptions, State
from domain.game import Command, GameEvent, HouseChance, Rng, Seat


def new_match(n_seats: int, options: DuckDealerOptions | None = None, seed: int = 0) -> State:
    options = options or DuckDealerOptions()
    state = RULES.initial(n_seats, options)
    return RULES.fold(state, RULES.setup(n_seats, options, HouseChance(Rng(seed, 0))))


def apply(state: State, seat: Seat, command: Command, n: int = 1) -> tuple[State, list[Event]]:
    events = RULES.decide(state, seat, command, HouseChance(Rng(0, n)))
    return RULES.fold(state, events), events


@dataclass
class Played:
    state: State
    events: list[GameEvent] = field(default_factory=list)
    decisions: int = 0


def play_random(
    n_seats: int, seed: int, options: DuckDealerOptions | None = None, max_decisions: int = 20000
) -> Played:
    """Uniform random play among `legal`; checks every legal command is accepted on the way."""
    rnd = random.Random(seed)
    state = new_match(n_seats, options, seed)
    played = Played(state)
    while RULES.result(state) is None and played.decisions < max_decisions:
        seats = sorted(RULES.to_move(state))
        assert seats, "a running match always has someone to move"
        seat = rnd.choice(seats)
        commands: Sequence[Command] = RULES.legal(state, seat)
        assert commands, f"seat {seat} must have a legal command in phase {state.phase}"
        command = rnd.choice(list(commands))
        events = RULES.decide(state, seat, command, HouseChance(Rng(seed, played.decisions + 1)))
        state = RULES.fold(state, events)
        played.events.extend(events)
        played.decisions += 1
        RULES.score(state)
    played.state = state
    return played
