"""Delta V's chance (#24): the first player, and each face-down tile's face drawn from the tiles
still unseen when it is first peeked at, turned over, or laid open when the game ends."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chance import ChanceNode, node_of
from domain.delta_v import RULES
from domain.delta_v.commands import (
    BuyRocket,
    DeclareContract,
    RevealTile,
    SatelliteSurvey,
    SkipContractStep,
)
from domain.delta_v.components import PROPOSED_V1, Face, incident, mineral
from domain.delta_v.events import ActionTaken, GameEnded, TileRevealed, TurnEnded, TurnStarted
from domain.delta_v.state import State
from domain.game import HouseChance, IllegalMove, Rng, TableChance
from tests.support.chance_replay import assert_table_decides_the_same, house_steps

from .helpers import ANN, BEN, new_game

ROW = ((0, 0), (0, 1), (0, 2))
ALP5 = mineral("ALP", 5)  # the manifest's only Alphatite 5
OMN5 = mineral("OMN", 5)  # no such tile


def opening(seats: int = 2, **options: object) -> State:
    """A match dealt by a table: Ann plays first, no tile has a face yet."""
    opts = RULES.options(dict(options))
    return RULES.fold(RULES.initial(seats, opts), RULES.setup(seats, opts, TableChance([ANN])))


def decided(state: State, seat: int, command: Any, outcomes: list[Any]) -> State:
    table = TableChance(outcomes)
    state = RULES.fold(state, RULES.decide(state, seat, command, table))
    assert table.left == 0
    return state


def node(state: State, seat: int, command: Any, outcomes: list[Any]) -> ChanceNode:
    found = node_of(lambda table: RULES.decide(state, seat, command, table), outcomes)
    assert found is not None
    return found


def refused(state: State, seat: int, command: Any, outcomes: list[Any]) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        RULES.decide(state, seat, command, TableChance(outcomes))
    assert caught.value.code == "IMPOSSIBLE_OUTCOME"
    return caught.value


def pile(found: ChanceNode) -> Counter[Face]:
    return Counter(dict(zip(found.outcomes, found.counts, strict=True)))


# (a) House matches decided again by a table: the same events, every outcome used.

matches = st.tuples(
    st.sampled_from([2, 3, 4]),
    st.integers(0, 2**32),
    st.fixed_dictionaries(
        {
            "reveal_layout_at_end": st.booleans(),
            "memory_aid": st.booleans(),
            "scan_respects_blocking": st.booleans(),
            "contract_attempt_mandatory": st.booleans(),
        }
    ),
)


@settings(max_examples=10, deadline=None)
@given(matches)
def test_a_bot_match_is_decided_the_same_by_a_table(match: tuple[int, int, dict[str, Any]]) -> None:
    seats, seed, options = match
    opts = RULES.options(options)
    steps = house_steps(RULES, seats, opts, seed, smart=True, max_steps=600)
    assert_table_decides_the_same(RULES, seats, opts, steps)


@settings(max_examples=8, deadline=None)
@given(matches)
def test_a_random_match_is_decided_the_same_by_a_table(
    match: tuple[int, int, dict[str, Any]],
) -> None:
    seats, seed, options = match
    opts = RULES.options({**options, "max_rounds": 8})
    steps = house_steps(RULES, seats, opts, seed, smart=False, max_steps=400)
    assert_table_decides_the_same(RULES, seats, opts, steps)


def test_the_house_draws_a_first_peek_from_the_whole_manifest() -> None:
    """Drawing from what is unseen is the shuffled layout's distribution: a first survey of
    three tiles finds an Alien Encounter on 3 x 5/48 tiles on average."""
    state = opening()
    aliens = 0
    for n in range(400):
        events = RULES.decide(state, ANN, SatelliteSurvey("0-ALP", ROW), HouseChance(Rng(n, 1)))
        after = RULES.fold(state, events)
        aliens += sum(
            1
            for p in ROW
            if (t := after.grid[p[0] * 7 + p[1]]) and t.face == incident("ALIEN_ENCOUNTER")
        )
    assert abs(aliens / (400 * 3) - 5 / 48) < 0.03


# (b) Each chance site: the node lists exactly the possible outcomes; others are refused.


def test_the_first_player_is_one_of_the_seats() -> None:
    opts = RULES.options({})
    found = node_of(lambda table: RULES.setup(3, opts, table), [])
    assert found is not None and found.kind == "pick" and found.what == "the first player"
    assert found.outcomes == (0, 1, 2) and found.counts == (1, 1, 1)
    assert found.name(2) == "{seat:2}"
    with pytest.raises(IllegalMove) as caught:
        RULES.setup(3, opts, TableChance([3]))
    assert caught.value.code == "IMPOSSIBLE_OUTCOME"
    assert "3 cannot be the first player" in caught.value.message
    with pytest.raises(IllegalMove) as seats:
        RULES.setup(5, opts, TableChance([]))  # refused before chance is asked anything
    assert seats.value.code == "BAD_SEATS"


def test_a_peeked_tile_is_drawn_from_every_tile_nobody_has_seen() -> None:
    state = opening()
    survey = SatelliteSurvey("0-ALP", ROW)
    first = node(state, ANN, survey, [])
    assert first.kind == "draw" and first.what == "the tile {seat:0} peeks at [0, 0]"
    assert pile(first) == Counter(PROPOSED_V1.tiles) and first.total == 48
    assert first.name(ALP5) == "Alphatite 5"
    second = node(state, ANN, survey, [ALP5])
    assert second.what == "the tile {seat:0} peeks at [0, 1]"
    assert pile(second) == Counter(PROPOSED_V1.tiles) - Counter([ALP5])
    assert "Omnidium 5" not in [first.name(o) for o in first.outcomes]
    refused(state, ANN, survey, [OMN5])
    message = refused(state, ANN, survey, [ALP5, ALP5]).message  # its only copy is drawn
    assert "cannot be the tile {seat:0} peeks at [0, 1]" in message


def test_a_tile_once_seen_keeps_its_face_and_leaves_the_unseen_tiles() -> None:
    """Ann peeks privately; Ben's later draws no longer hold those faces; when Ann turns the
    tile over nothing is drawn and everyone sees the face she saw."""
    seen = [ALP5, mineral("BET", 1), mineral("OMN", 1)]
    state = decided(opening(), ANN, SatelliteSurvey("0-ALP", ROW), seen)
    assert Counter(state.unseen) == Counter(PROPOSED_V1.tiles) - Counter(seen)
    state = decided(state, ANN, DeclareContract("C01"), [])
    events = RULES.decide(state, ANN, RevealTile((0, 0)), TableChance([]))
    assert events[0] == TileRevealed(ANN, (0, 0), "t00", ALP5, "contract", "match")
    later = node(state, ANN, RevealTile((1, 0)), [])
    assert later.what == "the tile {seat:0} turns over at [1, 0]" and later.total == 45
    assert ALP5 not in later.outcomes
    refused(state, ANN, RevealTile((1, 0)), [ALP5])


def test_a_turned_tile_is_drawn_and_judged() -> None:
    state = decided(decided(opening(), ANN, BuyRocket(), []), ANN, DeclareContract("C01"), [])
    found = node(state, ANN, RevealTile((2, 2)), [])
    assert found.what == "the tile {seat:0} turns over at [2, 2]"
    assert pile(found) == Counter(PROPOSED_V1.tiles)
    events = RULES.decide(state, ANN, RevealTile((2, 2)), TableChance([mineral("GAM", 3)]))
    assert events[0] == TileRevealed(ANN, (2, 2), "t22", mineral("GAM", 3), "contract", "mismatch")
    refused(state, ANN, RevealTile((2, 2)), [{"mineral": "GAM", "value": 6}])


def test_the_tiles_left_are_drawn_one_by_one_when_the_layout_is_laid_open() -> None:
    """R15: the game ends and every tile nobody has seen is drawn in row-major order."""
    faces = {(0, 0): mineral("ALP", 1), (0, 1): mineral("BET", 2), (6, 6): ALP5}
    game = new_game(faces, filler=None, max_rounds=1, contract_attempt_mandatory=False)
    game.peeked(ANN, "survey", ((0, 1),))
    game.given(TurnEnded(1, ANN), TurnStarted(2, BEN), ActionTaken(BEN, "buy"))
    first = node(game.state, BEN, SkipContractStep(), [])
    assert first.what == "the tile left face down at [0, 0]"
    assert pile(first) == Counter([mineral("ALP", 1), ALP5])  # Ann's Betamite is known
    last = node_of(lambda table: RULES.decide(game.state, BEN, SkipContractStep(), table), [ALP5])
    assert last is None  # one tile left, one face left: nobody is asked
    refused(game.state, BEN, SkipContractStep(), [mineral("BET", 2)])
    events = RULES.decide(game.state, BEN, SkipContractStep(), TableChance([ALP5]))
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.final_layout is not None
    assert [(t.position, t.face) for t in ended.final_layout] == [
        ((0, 0), ALP5),
        ((0, 1), mineral("BET", 2)),
        ((6, 6), mineral("ALP", 1)),
    ]
    closed = new_game(faces, filler=None, max_rounds=1, contract_attempt_mandatory=False,
                      reveal_layout_at_end=False)  # fmt: skip
    closed.given(TurnEnded(1, ANN), TurnStarted(2, BEN), ActionTaken(BEN, "buy"))
    assert (
        node_of(lambda table: RULES.decide(closed.state, BEN, SkipContractStep(), table), [])
        is None
    )
