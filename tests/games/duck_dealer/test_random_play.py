"""Random matches for every seat count: every legal command is accepted and every match ends."""

from __future__ import annotations

import random
from functools import cache

import msgspec
import pytest

from domain.duck_dealer import RULES
from domain.duck_dealer.commands import (
    AccumulateEnergy,
    BuildFactory,
    BuildSite,
    BuyShipUpgrade,
    ClaimPrivilege,
    DeliverGoods,
    MineGoods,
    MoveShip,
    ProduceGoods,
    ProposeTrade,
    RespondToTrade,
)
from domain.duck_dealer.components import COLORS, CREW_COLOR, ENERGY_PER_COLOR
from domain.duck_dealer.state import DuckDealerOptions, State
from domain.game import Command, HouseChance, Rng

from .play import new_match, play_random


def check_invariants(state: State) -> None:
    # §4.0: supply + held real energy + crew discs = 40 per colour.
    for color in COLORS:
        held = sum(p.energy.of(color) for p in state.players)
        crew = sum(
            1 for p in state.players for part in p.slots if part and CREW_COLOR.get(part) == color
        )
        assert state.supply.of(color) + held + crew == ENERGY_PER_COLOR
    assert len(state.turn_track) <= 24
    for player in state.players:
        assert min(player.energy.red, player.energy.yellow, player.energy.blue) >= 0
        assert player.cubes >= 0 and player.markers >= 0


def check_views(state: State) -> None:
    names = [f"p{i}" for i in range(state.n_seats)]
    for seat in [None, *range(state.n_seats)]:
        view = RULES.view(state, seat)
        assert view.to_move == tuple(sorted(RULES.to_move(state)))  # type: ignore[attr-defined]
        assert RULES.render(view, names)


@pytest.mark.parametrize("n_seats", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(4))
def test_uniform_random_matches_end(n_seats: int, seed: int) -> None:
    options = DuckDealerOptions(auction=seed % 2 == 1)
    played = play_random(n_seats, seed, options)
    result = RULES.result(played.state)
    assert result is not None
    assert RULES.to_move(played.state) == frozenset()
    assert RULES.legal(played.state, 0) == []
    assert result.scores == RULES.score(played.state)
    check_invariants(played.state)
    check_views(played.state)


GOALS: tuple[type, ...] = (
    DeliverGoods,
    BuildSite,
    BuildFactory,
    ProduceGoods,
    BuyShipUpgrade,
    ClaimPrivilege,
    MineGoods,
    ProposeTrade,
    RespondToTrade,
    MoveShip,
)


def _patient_choice(rnd: random.Random, state: State, commands: list[Command]) -> Command:
    """Hoards energy, then acts at length and greedily, to reach building, trading, delivering."""
    if state.turn_kind == "none" and rnd.random() < 0.75:
        hoard = [c for c in commands if isinstance(c, AccumulateEnergy)]
        if hoard:
            return rnd.choice(hoard)
    if state.turn_kind == "action" and rnd.random() < 0.85:
        for goal in GOALS:
            options = [c for c in commands if isinstance(c, goal)]
            if options and (goal is not MoveShip or rnd.random() < 0.7):
                return rnd.choice(options)
    return rnd.choice(commands)


@cache
def _patient_match(n_seats: int) -> frozenset[str]:
    """Plays one patient match, checking invariants on the way; returns the event kinds seen."""
    rnd = random.Random(n_seats)
    options = DuckDealerOptions(free_segments_anytime=n_seats == 4)
    state = new_match(n_seats, options, seed=n_seats)
    seen: set[str] = set()
    decisions = 0
    while RULES.result(state) is None:
        seat = rnd.choice(sorted(RULES.to_move(state)))
        commands = list(RULES.legal(state, seat))
        command = _patient_choice(rnd, state, commands)
        before = msgspec.json.encode(state)
        events = RULES.decide(state, seat, command, HouseChance(Rng(n_seats, decisions)))
        after = RULES.fold(state, events)
        assert msgspec.json.encode(state) == before, "evolve must not mutate its input"
        seen.update(type(e).__name__ for e in events)
        state = after
        decisions += 1
        if decisions % 50 == 0:
            check_invariants(state)
            check_views(state)
        assert decisions < 30000
    check_invariants(state)
    check_views(state)
    return frozenset(seen)


@pytest.mark.parametrize("n_seats", [2, 3, 4, 5])
def test_patient_random_matches_keep_every_invariant(n_seats: int) -> None:
    assert "GameEnded" in _patient_match(n_seats)


def test_patient_random_matches_reach_the_economy() -> None:
    seen = frozenset().union(*(_patient_match(n) for n in (2, 3, 4, 5)))
    economy = {
        "PrivilegeClaimed",
        "FactoryBuilt",
        "GoodsProduced",
        "TradeCompleted",
        "BonusActionTurnGranted",
    }
    assert economy <= seen


def test_max_rounds_ends_a_match_of_endless_accumulation() -> None:
    options = DuckDealerOptions(max_rounds=3)
    state = new_match(2, options)
    for seat in (0, 1):
        state = RULES.fold(
            state, RULES.decide(state, seat, RULES.legal(state, seat)[0], HouseChance(Rng(0, 1)))
        )
    for seat in (0, 1):
        state = RULES.fold(
            state, RULES.decide(state, seat, RULES.legal(state, seat)[0], HouseChance(Rng(0, 1)))
        )
    turns = 0
    while RULES.result(state) is None:
        seat = next(iter(RULES.to_move(state)))
        state = RULES.fold(
            state, RULES.decide(state, seat, AccumulateEnergy(color="RED"), HouseChance(Rng(0, 1)))
        )
        turns += 1
    assert turns == 6
    assert RULES.result(state).reason == "ROUND_LIMIT"  # type: ignore[union-attr]
