"""Hostile input (issue #12): every field of every command and of the options, sent with values
outside the game's bounds, is refused cleanly: at decode when it comes as JSON (BAD_COMMAND, or
COMMAND_TOO_LARGE for a huge one), and by `Match.decide` (an IllegalMove, the state unchanged)
when it comes as a typed command, in every moment of the game that asks for that kind."""

from __future__ import annotations

import typing
from collections.abc import Iterator
from typing import Any

import msgspec
import msgspec.inspect as mi
import pytest
from msgspec.structs import replace

from domain.game import IllegalMove
from domain.match import Match
from domain.onward_to_venus import RULES
from domain.onward_to_venus import commands as c
from domain.onward_to_venus.components import CARD_EFFECT, TILES
from domain.onward_to_venus.state import Combat, Decision, State
from tests import DECODE_REFUSALS
from tests.support.toy_game import Take

from .helpers import fresh, match_at, place_unit, put_tile, set_hand, with_money

HUGE = 100_000
HOSTILE_INTS = (-1, -(2**63), 2**63, 2**64 - 1, 10**40)
HOSTILE_STRS = (
    "",
    "x" * HUGE,
    "P1.INF.1" * 50,
    "P0.INF.1",
    "P9.INF.1",
    "P1.INF.0",
    "P1.CRU.99",
    "P1.MINE.999",
    "P1.DRAGON.1",
    "P1.INF.1\n",
    "P\u0661.INF.1",  # an Arabic-Indic digit
    "PLUTO",
)

# One well-formed command of each kind, naming things that exist; each field is then spoiled.
EVERY_EFFECT = sorted(set(CARD_EFFECT.values()))


def _card(effect: str) -> int:
    return min(card for card, name in CARD_EFFECT.items() if name == effect)


BASES: list[c.Command] = [
    c.MoveGroup("EARTH", "MARS", ("P1.CRU.1", "P1.INF.1")),
    c.SkipClaim(),
    c.ClaimTile("EARTH", 1, landing_unit="P1.INF.1"),
    c.RaiseUnits((c.Recruit("INF", "EARTH"),)),
    *(
        c.PlayActionCard(
            _card(e), unit="P2.INF.1", planet="MARS", tile=1, opponent=1, cards=(_card("CP_1"),)
        )
        for e in EVERY_EFFECT
    ),
    *(
        c.PlayFreeActionCard(
            _card(e), unit="P1.TANK.1", recruits=(c.Recruit("TANK", "EARTH"),), returned_card=1
        )
        for e in EVERY_EFFECT
    ),
    c.TakePassMarker(),
    c.EndTurn(),
    c.LandForCombat(("P1.INF.1",)),
    *(c.PlayCombatCard(_card(e), dice=(0,), unit="P1.TANK.1") for e in EVERY_EFFECT),
    c.ConcludeCombat(),
    c.AbandonClaim(),
    c.AssignCasualties(("P1.INF.1",)),
    c.DiscardToHandLimit((_card("CP_1"),)),
    c.ChooseKeep((_card("CP_1"), _card("CP_2"))),
    c.EspionageChoice(_card("CP_2"), _card("CP_1")),
    c.PlayReaction(_card("DESTROYED_TO_EARTH"), "P1.INF.1"),
    c.DeclineReaction(),
    c.BazagthothOrder("STEAL", opponent=1, unit="P2.INF.1", building="P2.FAC.1"),
    c.ChooseCrisisLosses("EARTH", ("P1.INF.1", "P1.FAC.1")),
]


def _bad_values(kind: Any, typed: bool) -> Iterator[Any]:
    """Values outside `kind`'s bounds; `typed` keeps only those of the right Python type."""
    if isinstance(kind, mi.UnionType):
        for inner in kind.types:
            yield from _bad_values(inner, typed)
        return
    if isinstance(kind, mi.IntType):
        yield from HOSTILE_INTS
        if kind.ge is not None:
            yield kind.ge - 1
        if kind.le is not None:
            yield kind.le + 1
    elif isinstance(kind, mi.StrType | mi.LiteralType):
        yield from HOSTILE_STRS
        if isinstance(kind, mi.StrType) and kind.max_length is not None:
            yield "P1.INF.1" + "1" * kind.max_length
    elif isinstance(kind, mi.VarTupleType):
        good = _good_value(kind.item_type)
        yield (good,) * ((kind.max_length or 0) + 1)
        yield (good,) * HUGE
        for bad in _bad_values(kind.item_type, typed):
            yield (bad,)
    elif isinstance(kind, mi.StructType):
        for field in kind.fields:
            good = {f.name: _good_value(f.type) for f in kind.fields}
            for bad in _bad_values(field.type, typed):
                yield kind.cls(**{**good, field.name: bad}) if typed else {**good, field.name: bad}
    if typed or isinstance(kind, mi.NoneType):
        return
    if isinstance(kind, mi.BoolType):
        yield from ("yes", 2)
    else:
        yield from ({"a": 1}, 1.5, "1" if isinstance(kind, mi.IntType) else 1)


def _good_value(kind: Any) -> Any:
    if isinstance(kind, mi.UnionType):
        return _good_value(kind.types[0])
    if isinstance(kind, mi.IntType):
        return kind.ge or 0
    if isinstance(kind, mi.LiteralType):
        return kind.values[0]
    if isinstance(kind, mi.StrType):
        return "P1.INF.1" if "INF" in (kind.pattern or "") else "P1.FAC.1"
    if isinstance(kind, mi.StructType):
        return kind.cls(**{f.name: _good_value(f.type) for f in kind.fields})
    return ()


def spoiled(base: c.Command, typed: bool) -> Iterator[tuple[str, Any]]:
    """(field, bad value) for every field of `base`'s command type."""
    for field in mi.type_info(type(base)).fields:  # type: ignore[union-attr]
        for bad in _bad_values(field.type, typed):
            yield field.name, bad


# --- the moments that ask for each kind of command ------------------------------------------


def _moments() -> list[tuple[str, State]]:
    """States where every kind of command reaches its own checks (seat 0 always decides)."""
    idle = fresh(3)
    idle, _ = set_hand(idle, 0, EVERY_EFFECT)  # one card of every effect
    idle, _ = set_hand(idle, 1, ["CP_1", "CP_2", "CP_3"])
    idle = with_money(idle, 0, 30)
    idle = place_unit(idle, "P1.TANK.1", "EARTH", surface=True)
    idle = place_unit(idle, "P2.INF.1", "MARS")
    idle, mine = put_tile(idle, "EARTH", "MINE")
    idle, _ = put_tile(idle, "MARS", "CRISIS")
    combat = Combat(1, "EARTH", mine, None, 2, False, faces=(0, 3, 5))
    moments = [
        ("idle", idle),
        ("claim window", replace(idle, step="CLAIM_WINDOW", claim_planet="EARTH")),
        ("turn done", replace(idle, actions_left=0)),
        ("combat", replace(idle, step="COMBAT", combat=combat, combats=1)),
        (
            "fight won",
            replace(
                idle,
                step="COMBAT",
                combat=replace(combat, landed=("P1.TANK.1",), card_points=20),
                combats=1,
            ),
        ),
        ("last pass", replace(idle, phase="POST_PASS", active=None, post_pass_queue=(0, 1, 2))),
    ]
    held = replace(idle, held=(tuple(range(60, 64)), (), ()), deck=idle.deck[4:])
    owed = [
        ("discard", idle, Decision("DISCARD_TO_LIMIT", 0, count=2)),
        ("keep", held, Decision("CHOOSE_KEEP", 0, count=2)),
        ("espionage", idle, Decision("ESPIONAGE", 0, opponent=1)),
        ("casualties", idle, Decision("CASUALTIES", 0, count=1, planet="EARTH")),
        ("cancel", idle, Decision("CANCEL_DESTRUCTION", 0, units=("P1.INF.1",), by=1)),
        (
            "save",
            place_unit(idle, "P1.INF.9", None),
            Decision("SAVE_DESTROYED", 0, units=("P1.INF.9",)),
        ),
        *(
            (f"bazagthoth {level}", idle, Decision("BAZAGTHOTH", 0, level=level, planet="MERCURY"))
            for level in (1, 2, 3)
        ),
        (
            "crisis losses",
            idle,
            Decision("CRISIS_LOSSES", 0, count=1, buildings=1, planet="EARTH", pool=("EARTH",)),
        ),
    ]
    for name, state, decision in owed:
        moments.append((name, replace(state, pending=(decision,))))
    return moments


MOMENTS = _moments()
ASKED_IN = {
    kind: [state for _, state in MOMENTS if any(type(x) is kind for x in RULES.legal(state, 0))]
    for kind in typing.get_args(c.Command)
}


def refused(state: State | Match, command: c.Command) -> IllegalMove:
    """When seat 0 sends `command`, then the Match refuses it and nothing changes."""
    match = state if isinstance(state, Match) else match_at(state)
    before = msgspec.json.encode(match.state)
    with pytest.raises(IllegalMove) as caught:
        match.decide(0, command)
    assert msgspec.json.encode(match.state) == before
    return caught.value


@pytest.mark.parametrize("kind", sorted({type(b).__name__ for b in BASES}))
def test_json_outside_the_bounds_is_refused_at_decode(kind: str) -> None:
    for base in (b for b in BASES if type(b).__name__ == kind):
        for name, bad in spoiled(base, typed=False):
            data = {**msgspec.to_builtins(base), name: bad}
            with pytest.raises(IllegalMove) as caught:
                RULES.parse_command(msgspec.json.encode(data))
            assert caught.value.code in DECODE_REFUSALS, (kind, name, str(bad)[:40])


@pytest.mark.parametrize("kind", sorted({type(b).__name__ for b in BASES}))
def test_typed_commands_outside_the_bounds_are_refused_by_decide(kind: str) -> None:
    for base in (b for b in BASES if type(b).__name__ == kind):
        variants = [replace(base, **{name: bad}) for name, bad in spoiled(base, typed=True)]
        for state in ASKED_IN[type(base)] or [state for _, state in MOMENTS]:
            match = match_at(state)
            for command in variants:
                refused(match, command)


def test_every_command_kind_is_asked_in_some_moment() -> None:
    """The moments above reach every command's own checks, not only the platform's."""
    asked = {type(cmd).__name__ for _, state in MOMENTS for cmd in RULES.legal(state, 0)}
    kinds = {t.__name__ for t in typing.get_args(c.Command)}
    assert kinds <= asked, kinds - asked


def test_well_formed_ids_of_nothing_are_refused() -> None:
    moments = dict(MOMENTS)
    idle, window, combat = moments["idle"], moments["claim window"], moments["combat"]
    for command in (
        c.MoveGroup("EARTH", "MARS", ("P5.CRU.1",)),  # no fifth seat in a 3-seat match
        c.MoveGroup("EARTH", "MARS", ("P1.CRU.9",)),  # seven cruisers only
        c.ClaimTile("EARTH", len(TILES), landing_unit="P1.INF.1"),  # an alien tile, in no bag
        c.PlayActionCard(_card("FORCED_DISCARD"), opponent=7),
        c.PlayActionCard(_card("CARD_SWAP"), cards=None),  # Card Swap names its discards
        c.PlayActionCard(_card("DESTROY_UNIT"), unit="P4.INF.1"),
        c.RaiseUnits((c.Recruit("INF", "EARTH"),) * 2 + (c.Recruit("CRU", "EARTH"),)),
    ):
        refused(idle, command)
    refused(window, c.ClaimTile("EARTH", 1, landing_unit="P1.INF.1", as_part_of_move=True))
    refused(combat, c.PlayCombatCard(_card("REROLL"), dice=(0, 0)))
    refused(combat, c.AssignCasualties(("P1.INF.1",)))


def test_options_outside_the_bounds_are_refused() -> None:
    for given in (
        {"max_rounds": 0},
        {"max_rounds": -1},
        {"max_rounds": 2**63},
        {"max_rounds": 2**64 - 1},
        {"empires": "GB," * HUGE},
        {"empires": 12},
        {"dragons": 1},
    ):
        with pytest.raises(IllegalMove) as caught:
            RULES.options(given)
        assert caught.value.code == "BAD_OPTION", given


def test_a_command_of_another_game_is_refused() -> None:
    error = refused(dict(MOMENTS)["idle"], Take(1))  # type: ignore[arg-type]
    assert error.code == "BAD_COMMAND"
