"""Race for the Galaxy (Tom Lehmann): build a galactic tableau by simultaneous role selection."""

from __future__ import annotations

from domain.game import Rules

from .commands import Command
from .components import END_REASONS
from .events import Event
from .rules import decide, evolve, initial, result, score, setup, to_move
from .rules_legal import legal
from .state import RaceOptions, State
from .view import render, view

RULES: Rules[State] = Rules(
    slug="race-for-the-galaxy",
    name="Race for the Galaxy",
    min_seats=2,
    max_seats=4,
    # 2: reshuffle at once (digest 7.2), Produce seat by seat (4.9); 3: Consumer Markets, Research
    # Labs and Diversified Economy draw in their owner's Produce turn, not at the end (4.9, #23);
    # 4: the draw pile is a multiset and every card is drawn through Chance when it is taken (#24),
    # so a seed deals other cards than before (the same distributions)
    rules_version="4",
    options_type=RaceOptions,
    command_type=Command,
    event_type=Event,
    state_type=State,
    initial=initial,
    setup=setup,
    decide=decide,
    evolve=evolve,
    to_move=to_move,
    legal=legal,
    view=view,
    score=score,
    result=result,
    render=render,
    bot="domain.race_for_the_galaxy.bot:bot",  # imported when first used
    narration="domain.race_for_the_galaxy.narration",
    end_reasons=END_REASONS,
    description=(
        "Base game, 114 cards (5 start worlds dealt at random, 6 cards dealt, 2 discarded). "
        "Each round everyone secretly picks an action card; the chosen phases (Explore, Develop, "
        "Settle, Consume, Produce) run for all, with a bonus for those who chose them. The game "
        "ends after a round in which a tableau reaches 12 cards or the VP chips run out."
    ),
    option_help={
        "advanced_two_player": "2 players only: each picks two different action cards a round",
        "max_rounds": "end the match after this many rounds, scored normally",
    },
)
