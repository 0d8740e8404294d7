"""Onward to Venus (Martin Wallace, Treefrog Games 2014): empires race across the solar system."""

from __future__ import annotations

from domain.game import Rules

from .commands import Command
from .components import END_REASONS
from .events import Event
from .rules import decide, evolve, initial, legal, result, score, setup, to_move
from .state import OnwardOptions, State
from .view import render, view

RULES: Rules[State] = Rules(
    slug="onward-to-venus",
    name="Onward to Venus",
    min_seats=2,
    max_seats=5,
    # 2: every chance outcome is asked of one Chance (issue #24): a forced outcome (the last card
    # of the deck, the only card of a hand, the last tile of the bag) no longer uses a draw of the
    # seeded Rng, so the same seed can deal otherwise after one; the distributions are unchanged.
    rules_version="2",
    options_type=OnwardOptions,
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
    bot="domain.onward_to_venus.bot:bot",  # imported when first used
    narration="domain.onward_to_venus.narration",
    end_reasons=END_REASONS,
    description=(
        "2-5 Earth empires claim planet tiles over three periods, fight for mines and crises, "
        "and score planets by income; robot uprisings or aliens can make everyone lose."
    ),
    option_help={
        "max_rounds": "end the match, scored normally, after this many rounds of turns (default 200)",
        "empires": "empire per seat in seat order, from GB, FR, DE, RU, US (default in that order)",
    },
)

__all__ = ["RULES"]
