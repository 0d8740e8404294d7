"""The Kosmonauts bot: its matches end by a return to Earth, every command it gives is accepted,
it decides without peeking at hidden facts, and it beats uniform random play."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from domain.game import Command, GameEvent, HouseChance, Rng, Seat
from domain.kosmonauts import RULES
from domain.kosmonauts import events as ev
from domain.kosmonauts.bot import bot
from domain.kosmonauts.commands import ChooseEventCard
from domain.kosmonauts.state import State
from tests.games.kosmonauts.helpers import check_invariants, game, play_random, ship
from tests.games.kosmonauts.test_hidden_information import disguised


@dataclass
class Match:
    state: State
    history: list[GameEvent] = field(default_factory=list)
    bot_commands: int = 0


def play(n_seats: int, seed: int, bots: set[Seat], **options: object) -> Match:
    """Seats in `bots` play the bot and the others pick uniformly among their legal commands;
    whoever may decide is drawn at random, as `starledger simulate` does."""
    opts = RULES.options(options)
    opening = RULES.setup(n_seats, opts, HouseChance(Rng(seed, 0)))
    match = Match(state=RULES.fold(RULES.initial(n_seats, opts), opening), history=opening)
    chooser = random.Random(seed)
    step = 0
    while RULES.result(match.state) is None:
        seat = chooser.choice(sorted(RULES.to_move(match.state)))
        commands = RULES.legal(match.state, seat)
        command: Command
        if seat in bots:
            command = bot(match.state, seat, chooser)
            assert command in commands, command
            match.bot_commands += 1
        else:
            command = chooser.choice(commands)
        step += 1
        events = RULES.decide(match.state, seat, command, HouseChance(Rng(seed, step)))
        match.history += events
        match.state = RULES.fold(match.state, events)
        check_invariants(match.state)
    return match


def test_the_game_offers_its_bot() -> None:
    assert RULES.bot is bot


@pytest.mark.parametrize("advanced", [False, True])
def test_every_bot_match_ends_by_a_return_to_earth_with_landings(advanced: bool) -> None:
    # given: 30 matches of 2, 3 and 4 bots
    for seed in range(30):
        n_seats = 2 + seed % 3
        # when: the bots fly them
        match = play(n_seats, seed, set(range(n_seats)), advanced=advanced)
        # then: every one ends by a ship coming home, every ship having landed and scored
        result = RULES.result(match.state)
        assert result is not None and result.reason == "EARTH_RETURN", (seed, n_seats)
        landed = {e.seat for e in match.history if isinstance(e, ev.LandingMarkerTaken)}
        assert landed == set(range(n_seats)), "every bot ship lands and scores"
        assert any(isinstance(e, ev.EarthReturnCompleted) for e in match.history)
        assert match.state.round < 30


def test_in_the_advanced_game_the_bot_meets_some_of_its_own_missions() -> None:
    met = 0
    for n_seats in (2, 3):
        for seed in range(3):
            match = play(n_seats, seed, set(range(n_seats)), advanced=True)
            met += sum(1 for e in match.history if isinstance(e, ev.MissionScored) and e.completed)
    assert met >= 3


@pytest.mark.parametrize("advanced", [False, True])
def test_the_bot_beats_uniform_random_play(advanced: bool) -> None:
    bot_total = random_total = 0
    for seed in range(4):
        mine = seed % 2  # the bot plays either seat
        match = play(2, seed, {mine}, advanced=advanced, max_rounds=40)
        result = RULES.result(match.state)
        assert result is not None and result.reason == "EARTH_RETURN"
        assert mine in result.winners
        bot_total += result.scores[mine]
        random_total += result.scores[1 - mine]
    assert bot_total > 2 * random_total


@pytest.mark.parametrize("advanced", [False, True])
def test_the_bot_decides_the_same_whatever_is_hidden_from_it(advanced: bool) -> None:
    """Other seats' missions and sealed orders, and the event deck's order, do not sway it."""
    chance = random.Random(3)
    checked = hidden_missions = 0
    for piloted in (True, False):
        played = play_random(3, 11, keep_states=True, piloted=piloted, advanced=advanced)
        for state in played.states[:150]:
            for seat in sorted(RULES.to_move(state)):
                other = disguised(state, seat, chance)
                hidden_missions += any(
                    o.missions != s.missions for o, s in zip(other.ships, state.ships, strict=True)
                )
                assert bot(state, seat, random.Random(5)) == bot(other, seat, random.Random(5))
                checked += 1
    assert checked > 100 and hidden_missions > 0


def test_equally_good_options_are_drawn_with_the_bots_own_random() -> None:
    # given: an instructor facing three Thrust cards, which are equally good
    thrusts = ("EV22", "EV23", "EV24")
    state = game([ship((0, 5)), ship((0, 6))], phase="EVENT", face_up=thrusts)
    # when: the bot chooses with differently seeded Randoms
    picks = {bot(state, 0, random.Random(seed)) for seed in range(30)}
    # then: it does not always take the first; every pick is one of the tied cards
    assert picks == {ChooseEventCard(card=c) for c in thrusts}
    # and a better card still wins whatever the Random
    better = game([ship((0, 5)), ship((0, 6))], phase="EVENT", face_up=("EV25", "EV22", "EV28"))
    assert {bot(better, 0, random.Random(seed)) for seed in range(10)} == {
        ChooseEventCard(card="EV22")
    }


def test_with_a_fixed_rng_the_bot_is_deterministic() -> None:
    played = play_random(2, 4, keep_states=True, piloted=True, advanced=True)
    for state in played.states[::5]:
        for seat in RULES.to_move(state):
            assert bot(state, seat, random.Random(1)) == bot(state, seat, random.Random(1))
