"""Hostile input (issue #12): every command type and the options refuse extreme values cleanly.

Given a value outside the game's bounds, when it is decoded, then BAD_COMMAND (or BAD_OPTION);
given an in-bounds value that names nothing the seat holds, when a Match decides it at any point of
a match, then an IllegalMove, never an internal error.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from domain.game import IllegalMove
from domain.match import Match
from domain.race_for_the_galaxy import RULES
from domain.race_for_the_galaxy import commands as cmd
from domain.race_for_the_galaxy.bot import bot
from domain.race_for_the_galaxy.components import (
    MAX_GOOD_WORLDS,
    MAX_PAYMENT,
    N_CARDS,
)
from domain.race_for_the_galaxy.state import State
from tests import DECODE_REFUSALS

HUGE_INTS = [-1, N_CARDS, 2**31, 2**63, 2**64 - 1, 10**40]
LONG_STRING = "X" * 100_000

# A decodable example of every command type; each field is then replaced by hostile values.
VALID: dict[str, dict[str, Any]] = {
    "DiscardInitialCards": {"cards": [0, 1]},
    "SelectAction": {"actions": ["EXPLORE_5"]},
    "KeepExploredCards": {"cards": [0]},
    "ChooseDevelopment": {"card": None},
    "PayForDevelopment": {"discards": [0]},
    "ChooseWorld": {"card": 3},
    "ResolveSettle": {"method": "PAY", "discards": [0], "colony_ship": None, "temp_military": []},
    "SellGood": {"world": 5},
    "UseConsumePower": {"card": 5, "power": 0, "worlds": [5], "hand": [], "number": None},
    "FinishConsume": {},
    "UseProducePower": {"world": 5, "card": None, "power": 0},
    "FinishProduce": {},
    "DiscardForHandLimit": {"cards": [0]},
}


def _hostile_values(value: Any) -> list[Any]:
    """Values of the wrong size, sign, length or kind for a field holding `value`."""
    if isinstance(value, list):
        return [[h] for h in HUGE_INTS] + [[0] * 100_000, [LONG_STRING], list(range(N_CARDS + 1))]
    if isinstance(value, str):
        return [LONG_STRING, "", "explore_5", "UNKNOWN", 5, None]
    return [*HUGE_INTS, LONG_STRING, [0], 1.5]


def test_every_command_type_has_a_decodable_example() -> None:
    # given the union of command types, when each example is decoded, then it is that type
    for kind, fields in VALID.items():
        decoded = RULES.parse_command({"type": kind, **fields})
        assert type(decoded).__name__ == kind
    assert set(VALID) == {t.__name__ for t in cmd.Command.__args__}


@pytest.mark.parametrize("kind", sorted(VALID))
def test_out_of_bounds_fields_are_refused_at_decode(kind: str) -> None:
    for field, value in VALID[kind].items():
        for hostile in _hostile_values(value):
            # given a command with one hostile field; when decoded (as a dict and as JSON)
            raw = {"type": kind, **VALID[kind], field: hostile}
            for data in (raw, msgspec.json.encode(raw)):
                # then it is refused as a bad command, never accepted or crashing
                with pytest.raises(IllegalMove) as refused:
                    RULES.parse_command(data)
                assert refused.value.code in DECODE_REFUSALS, (kind, field, refused.value)


def test_unknown_types_extra_fields_and_garbage_are_refused() -> None:
    for data in (
        {"type": "StealCards"},
        {"type": "FinishConsume", "cards": [1]},
        {"type": "SelectAction"},  # no field may be left to a default that decides
        {"type": "ChooseWorld"},
        {"type": "UseProducePower", "world": 5},
        {"type": "ResolveSettle", "method": "PAY"},
        {"type": "UseConsumePower", "card": 5, "power": 0},
        b"{" * 10_000,
        b"\xff\xfe",
        "[" + "1," * 100_000 + "1]",
    ):
        with pytest.raises(IllegalMove) as refused:
            RULES.parse_command(data)
        assert refused.value.code in DECODE_REFUSALS


def test_the_longest_lists_the_rules_allow_decode() -> None:
    # given lists exactly at their bounds, when decoded, then accepted for `decide` to judge
    RULES.parse_command({"type": "KeepExploredCards", "cards": list(range(N_CARDS))})
    RULES.parse_command({"type": "PayForDevelopment", "discards": list(range(MAX_PAYMENT))})
    RULES.parse_command({**VALID["UseConsumePower"], "type": "UseConsumePower",
                         "worlds": list(range(MAX_GOOD_WORLDS)), "hand": [1, 2], "number": 7})  # fmt: skip


@pytest.mark.parametrize(
    "options",
    [
        {"max_rounds": 0},
        {"max_rounds": -1},
        {"max_rounds": 2**64 - 1},
        {"max_rounds": LONG_STRING},
        {"advanced_two_player": LONG_STRING},
        {"players": 9},
    ],
)
def test_hostile_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(IllegalMove) as refused:
        RULES.options(options)
    assert refused.value.code == "BAD_OPTION"


def _strangers(state: State, seat: int) -> list[int]:
    """Card ids the seat holds nowhere (deck cards): in bounds, but never the seat's to name."""
    p = state.player(seat)
    mine = {*p.hand, *p.tableau, *p.explored, *(w for w, _ in p.goods)}
    if p.choice is not None:
        mine.add(p.choice)
    return [c for c in state.deck if c not in mine][:3]


def _in_bounds_probes(state: State, seat: int) -> list[Any]:
    """Decodable commands of every type that name cards the seat does not hold."""
    x, y, z = _strangers(state, seat)
    everything = tuple(range(N_CARDS))
    return [
        cmd.DiscardInitialCards((x, y)),
        cmd.DiscardInitialCards(()),
        cmd.SelectAction(()),
        cmd.SelectAction(("EXPLORE_5", "EXPLORE_5")),
        cmd.KeepExploredCards((x,)),
        cmd.KeepExploredCards(everything),
        cmd.ChooseDevelopment(x),
        cmd.PayForDevelopment((x, y, z)),
        cmd.PayForDevelopment((x,) * MAX_PAYMENT),
        cmd.ChooseWorld(x),
        cmd.ResolveSettle("CONQUER", (x,), y, (z, z)),
        cmd.ResolveSettle("PAY_MILITARY", (x,) * MAX_PAYMENT, None, ()),
        cmd.SellGood(x),
        cmd.UseConsumePower(x, 2, (y,) * MAX_GOOD_WORLDS, (z, z), 7),
        cmd.UseConsumePower(x, 0, (), (), 1),
        cmd.UseProducePower(x, y, 2),
        cmd.UseProducePower(x, None, 0),
        cmd.DiscardForHandLimit(everything),
        cmd.DiscardForHandLimit((x, x)),
    ]


def _probe_a_match(seats: int, options: dict[str, Any], seed: int) -> set[str]:
    """Play a bot match; at every decision probe every seat with foreign commands."""
    names = [f"p{i}" for i in range(seats)]
    match = Match.start(RULES.slug, names, options, seed)
    probe = Match.start(RULES.slug, names, options, seed)
    bots = random.Random(seed)
    stages: set[str] = set()
    while match.result is None:
        state = match.state
        if len(_strangers(state, 0)) == 3:  # a deck of three cards or more to name from
            for seat in range(seats):
                for command in _in_bounds_probes(state, seat):
                    # given the match at this point, when a foreign command is decided,
                    probe.state = state
                    with pytest.raises(IllegalMove):  # then it is refused, nothing else
                        probe.decide(seat, command)
            for wrong_seat in (seats, 7):
                probe.state = state
                with pytest.raises(IllegalMove) as refused:
                    probe.decide(wrong_seat, cmd.FinishConsume())
                assert refused.value.code == "UNKNOWN_SEAT"
            stages.add(state.stage)
        seat = bots.choice(sorted(RULES.to_move(state)))
        match.decide(seat, bot(state, seat, bots))
    return stages


def test_in_bounds_but_foreign_values_are_refused_by_decide_throughout_a_match() -> None:
    stages = _probe_a_match(2, {"advanced_two_player": True}, 11)
    stages |= _probe_a_match(3, {}, 11)
    stages |= _probe_a_match(4, {}, 12)
    assert {"SETUP_DISCARD", "SELECT", "EXPLORE", "DEVELOP_CHOOSE", "SETTLE_CHOOSE"} <= stages
    assert {"DEVELOP_PAY", "SETTLE_RESOLVE", "CONSUME", "PRODUCE"} <= stages
