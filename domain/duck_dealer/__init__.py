"""Duck Dealer (Splotter Spellen, 2008): produce, upgrade, build and deliver across a galaxy."""

from __future__ import annotations

from domain.game import Rules

from .commands import Command
from .components import END_REASONS, MAX_SEATS, MIN_SEATS
from .events import Event
from .rules import decide, evolve, initial, legal, result, score, setup, to_move
from .state import DuckDealerOptions, State
from .view import view
from .view_text import render

RULES: Rules[State] = Rules(
    slug="duck-dealer",
    name="Duck Dealer",
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    # 5: chance asked through the Chance interface (#24): setup tiles drawn planet by planet and
    # the client track tier by tier; a tie left after the auction's re-bid is broken by chance
    # when it shows (BidTieBroken), no tiebreak order drawn at setup. Same distributions, other
    # outcomes for a given seed.
    rules_version="5",
    options_type=DuckDealerOptions,
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
    bot="domain.duck_dealer.bot:bot",  # imported when first used
    narration="domain.duck_dealer.narration",
    end_reasons=END_REASONS,
    description=(
        "Fly a spaceship around the galaxy: collect energy or spend it in action turns to mine, "
        "produce, build, upgrade and deliver goods; 24 shared action turns, the richest wins. "
        "Map, recipes and tile values are the rules digest's PROPOSED data."
    ),
    option_help={
        "max_rounds": "end the match after this many rounds of player turns (default 1600)",
        "first_player": "the seat that starts (the birthday rule, decided at the table; default 0)",
        "auction": "sealed VP bids for turn order, subtracted from final scores (default false)",
        "turn_track_mode": "shared, as the rules say; per_player is a test switch, not a variant",
        "free_segments_anytime": "free route segments may be placed at any moment of the turn",
        "fixed_start_mines": "do not shuffle the starting mines onto the starting planets",
    },
)
