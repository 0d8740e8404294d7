"""The Onward to Venus bot: its matches end after period 3, every command it gives is accepted,
it claims, builds, fights and raises on the way, it beats uniform random play, and it decides
without peeking at the deck or other hands."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from domain.game import GameEvent, Rng
from domain.onward_to_venus import RULES
from domain.onward_to_venus import events as ev
from domain.onward_to_venus.bot import bot
from domain.onward_to_venus.commands import Command
from domain.onward_to_venus.state import State

from .test_hidden_information import hide_from

NATURAL_ENDINGS = {"NORMAL", "ROBOT_DOMINATION", "ALIENS_REACHED_EARTH"}


@dataclass
class Match:
    state: State
    history: list[GameEvent] = field(default_factory=list)
    states: list[State] = field(default_factory=list)
    bot_commands: int = 0


def play(n: int, seed: int, bots: set[int], keep_states: bool = False) -> Match:
    """Seats in `bots` play the bot, the others pick uniformly among their legal commands."""
    options = RULES.options({"max_rounds": 200})
    opening = RULES.setup(n, options, Rng(seed, 0))
    match = Match(RULES.fold(RULES.initial(n, options), opening), list(opening))
    chooser = random.Random(seed)
    step = 0
    while RULES.result(match.state) is None:
        (seat,) = RULES.to_move(match.state)
        commands = RULES.legal(match.state, seat)
        command: Command
        if seat in bots:
            command = bot(match.state, seat, chooser)
            assert command in commands, command
            match.bot_commands += 1
        else:
            command = chooser.choice(commands)
        if keep_states:
            match.states.append(match.state)
        step += 1
        events = RULES.decide(match.state, seat, command, Rng(seed, step))
        match.history += events
        match.state = RULES.fold(match.state, events)
    return match


def test_the_game_offers_its_bot() -> None:
    assert RULES.bot is bot


def test_bot_matches_end_after_the_third_period_with_the_key_actions() -> None:
    endings = []
    for n in (2, 3, 4, 5):
        match = play(n, n, set(range(n)))
        result = RULES.result(match.state)
        assert result is not None and match.bot_commands > 0
        assert result.reason in NATURAL_ENDINGS, result.reason
        endings.append(result.reason)
        if result.reason == "NORMAL":
            assert match.state.period == 3 and result.winners
        history = match.history
        builders = {e.seat for e in history if isinstance(e, ev.FactoryBuilt | ev.MineBuilt)}
        assert builders == set(range(n)), "every bot builds factories or mines"
        assert any(isinstance(e, ev.MineBuilt) for e in history), "mines are fought for"
        assert any(isinstance(e, ev.CombatResolved) and e.success for e in history)
        assert any(isinstance(e, ev.UnitsRaised) for e in history)
        assert any(isinstance(e, ev.PassMarkerTaken) for e in history)
    assert endings.count("NORMAL") >= len(endings) - 1, endings


def test_the_bot_beats_uniform_random_play() -> None:
    bot_total = random_total = wins = 0
    for seed in range(4):
        mine = seed % 2  # the bot plays either seat
        result = RULES.result(play(2, seed, {mine}).state)
        assert result is not None and result.reason in NATURAL_ENDINGS
        bot_total += result.scores[mine]
        random_total += result.scores[1 - mine]
        wins += mine in result.winners
    assert bot_total > 2 * random_total
    assert wins >= 3


def test_the_bot_decides_the_same_whatever_is_hidden_from_it() -> None:
    """Dealing the deck and the other seats' cards anew never changes the bot's choice."""
    chance = random.Random(3)
    match = play(3, 8, {0}, keep_states=True)
    checked = changed = 0
    for state in match.states[::3]:
        for seat in RULES.to_move(state):
            other = hide_from(state, seat, chance)
            changed += other.hands != state.hands or other.deck != state.deck
            assert bot(state, seat, random.Random(5)) == bot(other, seat, random.Random(5))
            checked += 1
    assert checked > 50 and changed > checked // 2


def test_with_a_fixed_rng_the_bot_is_deterministic() -> None:
    match = play(2, 6, {1}, keep_states=True)
    for state in match.states[::7]:
        for seat in RULES.to_move(state):
            assert bot(state, seat, random.Random(1)) == bot(state, seat, random.Random(1))
