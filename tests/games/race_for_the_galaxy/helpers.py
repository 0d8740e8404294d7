"""Hand-built states and small drivers for the Race for the Galaxy tests."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from msgspec.structs import replace

from domain.chance import HouseChance, TableChance
from domain.game import Chance, GameEvent, IllegalMove, Rng
from domain.race_for_the_galaxy import RULES
from domain.race_for_the_galaxy.components import CARDS
from domain.race_for_the_galaxy.state import Player, RaceOptions, State
from tests.support.scenario import Scenario
from tests.support.scenario import of_type as of_type


def ids(name: str) -> list[int]:
    found = [i for i, d in enumerate(CARDS) if d.name == name]
    assert found, name
    return found


def one(name: str, copy: int = 0) -> int:
    return ids(name)[copy]


def build(
    tableaus: Sequence[Sequence[int]],
    hands: Sequence[Sequence[int]] = (),
    goods: Sequence[Sequence[int]] = (),
    deck: Sequence[int] | None = None,
    chips: Sequence[int] = (),
    pool: int | None = None,
    advanced: bool = False,
    order: Sequence[int] | None = None,
) -> State:
    """A state at the start of a round (action selection) with the given tableaus and hands.

    `goods` lists worlds holding a good; good cards and the deck come from the unused cards.
    The deck is a multiset (held sorted): which of its cards a draw takes is chance's to say."""
    n = len(tableaus)
    hands = list(hands) + [[] for _ in range(n - len(hands))]
    goods = list(goods) + [[] for _ in range(n - len(goods))]
    used = {c for seq in (*tableaus, *hands) for c in seq}
    spare = [c for c in range(len(CARDS)) if c not in used and c not in (deck or ())]
    players = []
    for seat in range(n):
        held = tuple((w, spare.pop()) for w in goods[seat])
        players.append(
            Player(
                hand=tuple(hands[seat]),
                tableau=tuple(tableaus[seat]),
                goods=held,
                chips=chips[seat] if seat < len(chips) else 0,
            )
        )
    return State(
        n_seats=n,
        advanced=advanced,
        max_rounds=RaceOptions().max_rounds,
        players=tuple(players),
        deck=tuple(sorted(deck if deck is not None else spare)),
        discard=(),
        pool=12 * n if pool is None else pool,
        order=tuple(order) if order is not None else tuple(range(n)),
        round=1,
        stage="SELECT",
        waiting=frozenset(range(n)),
    )


def house(seed: int, n: int) -> HouseChance:
    """The house's chance for decision `n` of a match seeded `seed`."""
    return HouseChance(Rng(seed, n))


def play(
    state: State,
    seat: int,
    command: Any,
    seed: int = 0,
    *,
    drawn: Sequence[Any] | None = None,
) -> tuple[State, list[GameEvent]]:
    """`seat` decides `command`; with `drawn`, the table gives chance's outcomes (the cards
    drawn, in the order the rules draw them; a card forced as the last of its pile is not
    given) and every one of them must be used."""
    chance: Chance = house(seed, state.round * 1000 + len(state.deck))
    if drawn is not None:
        chance = TableChance(drawn)
    events = RULES.decide(state, seat, command, chance)
    if isinstance(chance, TableChance):
        assert chance.left == 0, f"{chance.left} outcome(s) left unused"
    return RULES.fold(state, events), events


def refused(state: State, seat: int, command: Any, code: str) -> None:
    with pytest.raises(IllegalMove) as info:
        RULES.decide(state, seat, command, house(0, 0))
    assert info.value.code == code, info.value


refused_by_match = Scenario(RULES).refused
"""The platform's refusal (NOT_YOUR_TURN, GAME_OVER) for a command sent in `state`."""


def select(
    state: State, *actions: Sequence[str], drawn: Sequence[Any] | None = None
) -> tuple[State, list[GameEvent]]:
    """Every seat chooses its action card(s), in seat order; with `drawn`, the table gives the
    outcomes of the last choice, which reveals them all and runs the round (see `play`)."""
    from domain.race_for_the_galaxy.commands import SelectAction

    events: list[GameEvent] = []
    for seat, chosen in enumerate(actions):
        last = seat == len(actions) - 1
        given = None if drawn is None else (drawn if last else ())
        state, evs = play(state, seat, SelectAction(tuple(chosen)), drawn=given)
        events += evs
    return state, events


def hand_of(state: State, seat: int) -> tuple[int, ...]:
    return state.player(seat).hand


def with_stage(state: State, **changes: Any) -> State:
    return replace(state, **changes)


def new_match(n_seats: int, seed: int, **options: Any) -> State:
    opts = RULES.options(options)
    state = RULES.initial(n_seats, opts)
    return RULES.fold(state, RULES.setup(n_seats, opts, house(seed, 0)))


def random_match(
    n_seats: int, seed: int, check_all_legal: bool = False, **options: Any
) -> tuple[State, list[tuple[int, GameEvent]]]:
    """Play a match choosing uniformly among legal commands; returns the end state and every
    event with the index of the decision that produced it (setup is decision 0)."""
    opts = RULES.options(options)
    state = RULES.initial(n_seats, opts)
    setup_events = RULES.setup(n_seats, opts, house(seed, 0))
    log: list[tuple[int, GameEvent]] = [(0, e) for e in setup_events]
    state = RULES.fold(state, setup_events)
    r = random.Random(seed)
    n = 0
    while RULES.result(state) is None:
        n += 1
        movers = sorted(RULES.to_move(state))
        assert movers, f"nobody to move in stage {state.stage}"
        seat = r.choice(movers)
        commands = RULES.legal(state, seat)
        assert commands, f"seat {seat} has no legal command in {state.stage}"
        if check_all_legal:
            for other in commands:
                RULES.decide(state, seat, other, house(seed, n))
        events = RULES.decide(state, seat, r.choice(commands), house(seed, n))
        log += [(n, e) for e in events]
        state = RULES.fold(state, events)
        RULES.view(state, seat)
    return state, log
