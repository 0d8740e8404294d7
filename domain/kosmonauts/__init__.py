"""Kosmonauts (Yamshchikov & Penkrat, MEBO Games 2012): a race around the Solar System."""

from __future__ import annotations

from domain.game import Rules
from domain.kosmonauts.commands import Command
from domain.kosmonauts.components import END_REASONS
from domain.kosmonauts.events import Event
from domain.kosmonauts.rules import decide, evolve, initial, legal, result, score, setup, to_move
from domain.kosmonauts.state import KosmonautsOptions, State
from domain.kosmonauts.view import view
from domain.kosmonauts.view_text import render

RULES: Rules[State] = Rules(
    slug="kosmonauts",
    name="Kosmonauts",
    min_seats=2,
    max_seats=4,
    # 2: chance drawn through the Chance interface (#24): the mission decks and the event pile
    # are multisets drawn from when a card is dealt or turned up, so a seed deals differently.
    rules_version="2",
    options_type=KosmonautsOptions,
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
    bot="domain.kosmonauts.bot:bot",  # imported when first used
    narration="domain.kosmonauts.narration",
    end_reasons=END_REASONS,
    description=(
        "Fly a spaceship by inertia around the Solar System: fuel cubes on a compass rose keep "
        "pushing the ship, planets orbit every round, and the first to land on a body scores most."
    ),
    option_help={
        "advanced": "advanced game: hidden choices of planet start spaces, 2 markers per body, "
        "unscored bodies with 2-3 players, quick/full refuel, end after 4 markers and Earth",
        "youngest_seat": "seat of the youngest player, who places the first planet (basic game)",
        "asteroids_avoidable_by_shield": "let a shield block the Asteroids event (rules A4)",
        "gravity_includes_distance_zero": "Gravity also pulls a flying ship on a body's hex (A11)",
        "advanced_mission_dedupe": "advanced game: redraw a Mission I that names a body of one of "
        "the same player's Mission II cards, as in the basic game (A16)",
        "auto_resolve_trivial_decisions": "answer events automatically when only one answer is legal",
        "max_rounds": "end and score the match after this many rounds (default 100)",
    },
)

__all__ = ["RULES"]
