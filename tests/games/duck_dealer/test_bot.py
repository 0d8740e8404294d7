"""The Duck Dealer bot: legal, ends matches by the turn track, never peeks, beats random play."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cache

import pytest
from msgspec.structs import replace

from domain.duck_dealer import RULES
from domain.duck_dealer.bot import bot, choose
from domain.duck_dealer.commands import EndActionTurn, MineGoods, SubmitTurnOrderBid
from domain.duck_dealer.components import Energy
from domain.duck_dealer.state import DuckDealerOptions, State
from domain.game import HouseChance, Result, Rng

from .given import board, explore, in_action_turn, opening, place_site, play, set_player
from .play import new_match
from .test_random_play import check_invariants, check_views

AUCTION = DuckDealerOptions(auction=True)


@dataclass
class Match:
    result: Result
    decisions: int
    final: State
    bot_commands: Counter[str] = field(default_factory=Counter)
    longest_mining_run: int = 0  # bot MineGoods commands in a row
    states: list[State] = field(default_factory=list)


def play_match(
    n_seats: int, seed: int, smart: tuple[bool, ...], keep_states: bool = False
) -> Match:
    """Seats marked smart play the bot, the others uniformly at random; `decide` checks each."""
    rnd = random.Random(seed)
    state = new_match(n_seats, AUCTION if seed % 2 else None, seed)
    commands: Counter[str] = Counter()
    states: list[State] = []
    decisions = run = longest_run = 0
    while RULES.result(state) is None:
        seat = rnd.choice(sorted(RULES.to_move(state)))
        if smart[seat]:
            command = bot(state, seat, rnd)
            commands[type(command).__name__] += 1
            run = run + 1 if isinstance(command, MineGoods) else 0
            longest_run = max(longest_run, run)
            if keep_states:
                states.append(state)
        else:
            command = rnd.choice(list(RULES.legal(state, seat)))
        state = RULES.fold(
            state, RULES.decide(state, seat, command, HouseChance(Rng(seed, decisions + 1)))
        )
        decisions += 1
        assert decisions < 5000, "a bot match takes a few hundred decisions"
    result = RULES.result(state)
    assert result is not None
    return Match(result, decisions, state, commands, longest_run, states)


@cache
def bot_match(n_seats: int, seed: int) -> Match:
    return play_match(n_seats, seed, (True,) * n_seats, keep_states=True)


SEEDED = [(n, seed) for n in (2, 3, 4, 5) for seed in range(2)]


@pytest.mark.parametrize(("n_seats", "seed"), SEEDED)
def test_every_bot_command_is_accepted_and_the_match_ends(n_seats: int, seed: int) -> None:
    match = bot_match(n_seats, seed)  # `decide` raised on no bot command, and a result came
    assert match.decisions > 100
    check_invariants(match.final)
    check_views(match.final)


def test_bot_matches_end_by_the_turn_track_with_differing_scores() -> None:
    results = [bot_match(n, seed).result for n, seed in SEEDED]
    by_track = [r for r in results if r.reason == "TURN_TRACK_FULL"]
    assert len(by_track) >= 0.9 * len(results)
    assert sum(len(set(r.scores)) > 1 for r in results) >= 0.75 * len(results)


def test_bot_matches_show_the_economy() -> None:
    seen = sum((bot_match(n, seed).bot_commands for n, seed in SEEDED), Counter[str]())
    for kind in (
        "AccumulateEnergy",
        "BeginActionTurn",
        "MoveShip",
        "ChooseExplorationClient",
        "MineGoods",
        "ProduceGoods",
        "BuildFactory",
        "BuildSite",
        "DeliverGoods",
        "PlaceFreeRouteSegment",
        "EndActionTurn",
    ):
        assert seen[kind] > 0, kind
    # The privilege rule lets a holder mine for free within a stay: the bot still mines in
    # measure, never more than a couple of commands in a row.
    assert max(bot_match(n, seed).longest_mining_run for n, seed in SEEDED) <= 3
    assert all(min(bot_match(n, seed).result.scores) >= 0 for n, seed in SEEDED)
    assert sum(max(bot_match(n, seed).result.scores) for n, seed in SEEDED) > 20 * len(SEEDED)


def test_the_bot_beats_uniform_random_play() -> None:
    bot_scores: list[int] = []
    random_scores: list[int] = []
    for seed in range(4):
        smart = (seed % 2 == 0, seed % 2 == 1)
        scores = play_match(2, seed, smart).result.scores
        bot_scores.append(scores[smart.index(True)])
        random_scores.append(scores[smart.index(False)])
    assert sum(bot_scores) > sum(random_scores)
    assert all(score > 0 for score in bot_scores)


def test_the_bot_decides_from_the_view_and_the_legal_commands_alone() -> None:
    """Its choice is `choose(view, legal)`, and changing the amounts of the other seats' sealed
    bids, the only hidden facts (§5), changes nothing."""
    states = bot_match(3, 1).states  # an auction match: the bot bids while others' bids are sealed
    forged_states = 0
    for i, state in enumerate(states):
        seat = sorted(RULES.to_move(state))[0]
        sealed = [
            s for s in range(state.n_seats) if s != seat and state.player(s).sealed_bid is not None
        ]
        if not sealed and i % 5:
            continue
        seen = RULES.view(state, seat)
        by_bot = bot(state, seat, random.Random(i))
        assert by_bot == choose(seen, seat, RULES.legal(state, seat), random.Random(i))  # type: ignore[arg-type]
        forged = state
        for other in sealed:
            forged = forged.with_player(other, replace(state.player(other), sealed_bid=50 + i))
        forged_states += bool(sealed)
        assert RULES.view(forged, seat) == seen
        assert bot(forged, seat, random.Random(i)) == by_bot
    assert forged_states > 0


@pytest.mark.parametrize("n_seats", [2, 3, 5])
def test_the_bot_ignores_the_sealed_bids_of_others(n_seats: int) -> None:
    """§5: sealed bids are the only hidden facts; another seat's bid must not sway the bot."""
    state = opening(n_seats, AUCTION)
    choices = set()
    for amount in (0, 3, 40):
        sealed, _ = play(state, 0, SubmitTurnOrderBid(amount=amount))
        choices.add(bot(sealed, 1, random.Random(5)))
        # The same with the bid put into the state directly, then a stranger value still.
        forged = sealed.with_player(0, replace(sealed.player(0), sealed_bid=amount + 7))
        choices.add(bot(forged, 1, random.Random(5)))
    assert len(choices) == 1


@pytest.mark.parametrize("energy", [Energy(0, 1, 3), Energy(2, 1, 3), Energy(3, 3, 9)])
def test_a_privilege_holder_mines_in_measure_and_ends_its_turn(energy: Energy) -> None:
    """The privilege makes mining free for the rest of a stay (§4.8): the bot still mines only
    what its project needs and its hold takes, then builds, moves on or ends the turn."""
    state = explore(board(2), "P5", "CL_ECONOMY")
    state = place_site(state, "M_BEADS_1", privilege=0)
    state = set_player(state, 0, location="P5", slots=["CARGO", "CARGO", "CARGO"])
    state = in_action_turn(set_player(state, 0, energy=energy, markers=9), 0)
    mined = run = longest_run = 0
    for n in range(40):
        command = bot(state, 0, random.Random(n))
        mined += isinstance(command, MineGoods)
        run = run + 1 if isinstance(command, MineGoods) else 0
        longest_run = max(longest_run, run)
        state = RULES.fold(state, RULES.decide(state, 0, command, HouseChance(Rng(0, n + 1))))
        assert len(state.player(0).goods) <= state.player(0).capacity
        if isinstance(command, EndActionTurn):
            break
    else:
        pytest.fail("the bot's action turn did not end")
    assert mined >= 1
    assert longest_run <= 2


def test_the_bot_uses_portals_hires_crew_and_trades() -> None:
    """Issue #15: every kind of decision when it is worth it (seeded bot matches, 3 seats)."""
    from cli.simulate import play_bot_match
    from domain.match import Match

    used: set[str] = set()
    for seed in (1002, 1004):
        match = play_bot_match("duck-dealer", 3, seed, smart=True)
        for event in match.pending_events:
            if isinstance(event, Match.Decided):
                kind = type(event.command).__name__
                part = getattr(event.command, "part", None)
                used.add(f"{kind}:{part}" if part else kind)
                used.update(type(fact).__name__ for fact in event.outcome)
    assert {"PlacePortal", "UsePortal", "ProposeTrade", "TradeCompleted"} <= used
    assert used & {"BuyShipUpgrade:PILOT", "BuyShipUpgrade:BUILDER", "BuyShipUpgrade:MERCHANT"}
