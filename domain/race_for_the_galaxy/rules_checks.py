"""Validation shared by the command handlers: stage, waiting seats, turn order."""

from __future__ import annotations

from domain.game import IllegalMove

from .state import State


def stage_is(state: State, *stages: str) -> None:
    if state.stage not in stages:
        raise IllegalMove("WRONG_STAGE", f"not possible during {state.stage}")


def waiting_on(state: State, seat: int, code: str = "ALREADY_SUBMITTED") -> None:
    if seat not in state.waiting:
        raise IllegalMove(code, "you have nothing to decide here now")


def turn_of(state: State, seat: int) -> None:
    if not state.queue or state.queue[0] != seat:
        raise IllegalMove("NOT_YOUR_TURN", "another player acts first (player order)")
