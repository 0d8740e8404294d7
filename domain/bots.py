"""Bots: whoever may decide picks uniformly among their legal commands, or plays the game's own bot."""

from __future__ import annotations

import random
from typing import Any

from domain.errors import StarledgerError
from domain.game import Command, Rules, Seat


class StuckMatch(StarledgerError):
    """A seat that must decide has no legal command: a bug in that game's `legal`."""

    default_code = "STUCK_MATCH"


def random_decision(
    rules: Rules[Any], state: Any, rng: random.Random, *, smart: bool = False
) -> tuple[Seat, Command]:
    """Who decides (any seat that may) and what: uniformly among the legal commands, or by the
    game's own bot when `smart` and the game has one."""
    seats = sorted(rules.to_move(state))
    if not seats:
        raise StuckMatch(f"{rules.slug}: no seat may decide, but the match is not over")
    seat = rng.choice(seats)
    if smart and rules.bot is not None:
        return seat, rules.bot(state, seat, rng)
    commands = list(rules.legal(state, seat))
    if not commands:
        raise StuckMatch(f"{rules.slug}: seat {seat} must decide but has no legal command")
    return seat, rng.choice(commands)
