"""Validation shared by the command handlers.

The platform refuses a command from a seat that is not to move (`Match.decide`: GAME_OVER,
UNKNOWN_SEAT, NOT_YOUR_TURN) before `decide` runs; what is left is the kind of decision asked now.
"""

from __future__ import annotations

from domain.game import IllegalMove

from .state import State


def stage_is(state: State, *stages: str) -> None:
    if state.stage not in stages:
        raise IllegalMove("WRONG_PHASE", f"that decision is not asked during {state.stage}")
