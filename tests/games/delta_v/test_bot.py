"""The Delta V bot: legal, ends matches the way real ones end, never peeks, beats random play."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cache

import pytest
from msgspec.structs import replace

from domain.delta_v import RULES
from domain.delta_v.bot import bot, choose
from domain.delta_v.commands import (
    AcceptFailure,
    DeclareContract,
    RevealTile,
)
from domain.delta_v.components import MANIFESTS, mineral
from domain.delta_v.events import ActionTaken
from domain.delta_v.state import State
from domain.game import HouseChance, Result, Rng

from .helpers import ANN, BEN, new_game
from .test_hidden_information import permute, unseen_by

NATURAL = ("LAST_CONTRACT_FULFILLED", "FIELD_FULLY_OCCUPIED")


@dataclass
class Match:
    result: Result
    decisions: int
    bot_commands: Counter[str] = field(default_factory=Counter)
    states: list[State] = field(default_factory=list)


def play_match(
    n_seats: int, seed: int, smart: tuple[bool, ...], keep_states: bool = False
) -> Match:
    """Seats marked smart play the bot, the others uniformly at random; `decide` checks each."""
    chooser = random.Random(seed)
    options = RULES.options({})
    state = RULES.fold(
        RULES.initial(n_seats, options), RULES.setup(n_seats, options, HouseChance(Rng(seed, 0)))
    )
    commands: Counter[str] = Counter()
    states: list[State] = []
    decisions = 0
    while RULES.result(state) is None:
        (seat,) = RULES.to_move(state)
        if smart[seat]:
            command = bot(state, seat, chooser)
            commands[type(command).__name__] += 1
            if keep_states:
                states.append(state)
        else:
            command = chooser.choice(RULES.legal(state, seat))
        decisions += 1
        state = RULES.fold(
            state, RULES.decide(state, seat, command, HouseChance(Rng(seed, decisions)))
        )
        assert decisions < 3000, "a bot match takes a few hundred decisions"
    result = RULES.result(state)
    assert result is not None
    return Match(result, decisions, commands, states)


@cache
def bot_match(n_seats: int, seed: int) -> Match:
    return play_match(n_seats, seed, (True,) * n_seats, keep_states=n_seats == 3)


SEEDED = [(n, seed) for n in (2, 3, 4) for seed in range(4)]


@pytest.mark.parametrize(("n_seats", "seed"), SEEDED)
def test_every_bot_command_is_accepted_and_the_match_ends(n_seats: int, seed: int) -> None:
    match = bot_match(n_seats, seed)  # `decide` raised on no bot command, and a result came
    assert match.decisions > 50


def test_bot_matches_end_by_contracts_or_a_full_field_unlike_random_ones() -> None:
    """Random play nearly always ends on the fifth Alien Encounter; remembering tiles lets the
    bots claim the contracts (or fill the field) in most matches."""
    natural = sum(bot_match(n, seed).result.reason in NATURAL for n, seed in SEEDED)
    randomly = sum(play_match(n, seed, (False,) * n).result.reason in NATURAL for n, seed in SEEDED)
    stuck = sum(bot_match(n, seed).result.reason == "ROUND_LIMIT" for n, seed in SEEDED)
    assert natural >= 3 * len(SEEDED) // 4
    assert natural >= randomly + 6
    assert stuck <= 1  # a field whose last Alien Encounter lies under the alien can stall


def test_bot_matches_show_the_game() -> None:
    seen = sum((bot_match(n, seed).bot_commands for n, seed in SEEDED), Counter[str]())
    for kind in (
        "MoveRockets",
        "Prospect",
        "BuyRocket",
        "DeclareContract",
        "RevealTile",
        "ReplaceMineral",
        "AcceptFailure",
        "BidUp",
        "PassBidUp",
        "ResolveAlienEncounter",
    ):
        assert seen[kind] > 0, kind
    mean = sum(sum(bot_match(n, s).result.scores) / n for n, s in SEEDED) / len(SEEDED)
    assert mean > 15


def test_the_bot_beats_uniform_random_play() -> None:
    bot_scores: list[int] = []
    random_scores: list[int] = []
    for seed in range(4):
        smart = (seed % 2 == 0, seed % 2 == 1)
        scores = play_match(2, seed, smart).result.scores
        bot_scores.append(scores[smart.index(True)])
        random_scores.append(scores[smart.index(False)])
    assert sum(bot_scores) > sum(random_scores) + 40
    assert all(b > r for b, r in zip(bot_scores, random_scores, strict=True))


def test_the_bot_decides_from_the_view_and_the_legal_commands_alone() -> None:
    """Its choice is `choose(view, legal)` with the seat's memory of seen tiles, and shuffling the
    face-down tiles that seat has neither peeked nor seen revealed changes nothing."""
    states = bot_match(3, 1).states
    shuffled = 0
    for i, state in enumerate(states[::3]):
        (seat,) = RULES.to_move(state)
        by_bot = bot(state, seat, random.Random(i))
        remembered = replace(state, options=replace(state.options, memory_aid=True))
        seen = RULES.view(remembered, seat)
        table = MANIFESTS[state.options.manifest_id]
        legal = RULES.legal(state, seat)
        assert by_bot == choose(seen, seat, legal, table, random.Random(i))
        hidden = unseen_by(state, seat)
        if len(hidden) < 2:
            continue
        forged = permute(state, hidden, random.Random(i))
        shuffled += forged.grid != state.grid
        assert bot(forged, seat, random.Random(i)) == by_bot
    assert shuffled > 20


def test_the_bot_claims_a_contract_from_a_tile_it_peeked() -> None:
    game = new_game({(1, 1): mineral("ALP", 4)})
    game.peeked(ANN, "survey", ((1, 0), (1, 1), (1, 2))).given(ActionTaken(ANN, "buy"))
    declared = bot(game.state, ANN, random.Random(0))
    assert declared == DeclareContract("C01")
    game.when(ANN, declared)
    assert bot(game.state, ANN, random.Random(0)) == RevealTile((1, 1))


def test_the_bot_fails_on_a_known_mismatch_rather_than_reveal_blindly() -> None:
    """No contract can be met from what Ann knows, and the attempt is compulsory: she turns over
    the Epsilonium she peeked on a contract that does not need it, risking no Alien Encounter."""
    game = new_game().peeked(ANN, "prospect", ((5, 5),)).given(ActionTaken(ANN, "buy"))
    declared = bot(game.state, ANN, random.Random(1))
    assert isinstance(declared, DeclareContract) and declared.contract_id != "C99"
    game.when(ANN, declared)
    assert bot(game.state, ANN, random.Random(1)) == RevealTile((5, 5))


def test_the_bot_remembers_tiles_a_rival_turned_over() -> None:
    """Ann's failed attempt shows everyone the Alphatite at (1,1); Ben claims C01 with it."""
    game = new_game({(1, 1): mineral("ALP", 5), (0, 0): mineral("BET", 1)}).given(
        ActionTaken(ANN, "buy")
    )
    for command in (DeclareContract("C04"), RevealTile((1, 1)), RevealTile((0, 0))):
        game.when(ANN, command)
    game.when(ANN, AcceptFailure())
    rng = random.Random(2)
    while game.state.phase != "CONTRACT_DECLARATION":
        (seat,) = RULES.to_move(game.state)
        game.when(seat, bot(game.state, seat, rng))
    assert game.state.active == BEN
    assert bot(game.state, BEN, rng) == DeclareContract("C01")
    game.when(BEN, DeclareContract("C01"))
    assert bot(game.state, BEN, rng) == RevealTile((1, 1))
