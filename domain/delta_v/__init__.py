"""Delta V (Fantasy Flight Publishing, 2001): memory, bluff and bribes in an asteroid field."""

from __future__ import annotations

from domain.game import Rules

from .commands import Command
from .components import END_REASONS, MAX_SEATS, MIN_SEATS
from .events import Event
from .rules import decide, evolve, initial, result, score, setup, to_move
from .rules_legal import legal
from .state import DeltaVOptions, State
from .view import render, view

RULES: Rules[State] = Rules(
    slug="delta-v",
    name="Delta V",
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    # 3: chance as a player (#24): a face-down tile's face is drawn from the tiles still unseen
    # when it is first peeked at or turned over (no secret layout dealt at setup), and tiles are
    # named by their cell; same distributions, other outcomes for a given seed.
    rules_version="3",
    options_type=DeltaVOptions,
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
    bot="domain.delta_v.bot:bot",  # imported when first used
    end_reasons=END_REASONS,
    narration="domain.delta_v.narration",
    description=(
        "Mining corporations race for government contracts in a 7x7 field of face-down asteroid "
        "tiles: move rockets, peek, bribe, bid up, and remember what everyone has seen."
    ),
    option_help={
        "max_rounds": "end the match after this many full rounds, scored normally (default 60)",
        "manifest_id": "component data: proposed-v1 (tile split and contracts are PROPOSED)",
        "contract_attempt_mandatory": "R4: the contract attempt is compulsory (default true)",
        "occupancy_counts_face_up_alien": "R13: face-up Alien Encounters count for the full field",
        "scan_respects_blocking": "R10: Mineral Scan extra peeks skip opponent and alien tiles",
        "memory_aid": "show each seat a persistent map of the tiles it knows",
        "reveal_layout_at_end": "R15: publish the whole layout when the game ends (default true)",
    },
)

__all__ = ["RULES"]
