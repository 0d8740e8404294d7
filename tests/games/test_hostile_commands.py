"""Hostile commands (issue #12): every field of every command type of every game, sent with
extreme and malformed values through the same path a user's command takes, is refused cleanly
(an IllegalMove with a stable code) or accepted within sane bounds; never an internal error."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from cli.simulate import SEAT_NAMES
from domain.bots import random_decision
from domain.game import MAX_COMMAND_BYTES, HouseChance, IllegalMove, Rng, Rules
from domain.match import Match
from domain.registry import all_games

GAMES = [rules for rules in all_games()]
IDS = [rules.slug for rules in GAMES]
HOSTILE: list[Any] = [
    0, -1, 2**31, 2**63, 2**64 - 1, -(2**63), 10**30, 1.5, True, None, "", "x" * 5000,
    "\u001b[2J\u202e", [], [0] * 5000, [[[[[]]]]], {}, {"type": "Nope"},
]  # fmt: skip
SANE = 100_000
TRIED: dict[str, int] = {}


def _examples(rules: Rules[Any], seed: int) -> list[tuple[Any, int, dict[str, Any]]]:
    """One legal command of each kind met in a random match, with the state and seat it fits
    (states are immutable values, so each can be kept as it was)."""
    match = Match.start(rules.slug, list(SEAT_NAMES[: rules.min_seats]), None, seed)
    bots = random.Random(seed)
    kinds: dict[str, tuple[Any, int, dict[str, Any]]] = {}
    for _ in range(300):
        if match.result is not None:
            break
        for seat in sorted(rules.to_move(match.state)):
            for command in list(rules.legal(match.state, seat))[:50]:
                raw = msgspec.to_builtins(command)
                kinds.setdefault(raw["type"], (match.state, seat, raw))
        seat, command = random_decision(rules, match.state, bots)
        match.decide(seat, command)
    return list(kinds.values())


def _ints(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [i for v in value.values() for i in _ints(v)]
    if isinstance(value, list | tuple):
        return [i for v in value for i in _ints(v)]
    return []


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_every_field_of_every_command_refuses_hostile_values(rules: Rules[Any]) -> None:
    tried = 0
    for state, seat, raw in _examples(rules, 17):
        for key in [k for k in raw if k != "type"] or ["extra"]:
            for value in HOSTILE:
                payload = {**raw, key: value}
                tried += 1
                try:
                    command = rules.parse_command(msgspec.json.encode(payload))
                    rules.decide(state, seat, command, HouseChance(Rng(17, 99)))
                except IllegalMove as refused:
                    assert refused.code.isupper() and "\n" not in refused.message
                    continue
                assert all(abs(i) <= SANE for i in _ints(msgspec.to_builtins(command))), (
                    f"{rules.slug}: {payload} accepted"
                )
    TRIED[rules.slug] = tried
    assert tried


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_malformed_and_oversized_commands_are_refused_unechoed(rules: Rules[Any]) -> None:
    for text in [
        "{oops",
        "[1]",
        "null",
        '{"type": "\\u001b[31m"}',
        "[" * 50_000 + "]" * 50_000,
        '{"type": "' + "A" * MAX_COMMAND_BYTES + '"}',
        b"\xff\xfe\x00",
    ]:
        with pytest.raises(IllegalMove) as refused:
            rules.parse_command(text)
        assert len(refused.value.message) < 400
