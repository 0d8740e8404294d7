"""Onward to Venus asks every chance outcome of one Chance (domain/chance.py, issue #24).

A house match decided again with its outcomes given by a table decides the same, and at every
kind of chance site the table is asked exactly what can happen there: the cards of the deck (or
of the discard pile reshuffled), the tiles left in the bag, the faces of a die, the cards of the
hand a random card leaves; an outcome that cannot be is refused by name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.chance import ChanceNode, node_of
from domain.game import ChanceNeeded, GameEvent, IllegalMove, TableChance
from domain.onward_to_venus import RULES
from domain.onward_to_venus.commands import (
    BazagthothOrder,
    ClaimTile,
    PlayActionCard,
    PlayCombatCard,
    TakePassMarker,
)
from domain.onward_to_venus.components import (
    ALIEN_TILE_IDS,
    BAG_TILE_IDS,
    DECK_CARD_IDS,
    DIE_FACES,
    EMPIRES,
    STARTING_DEAL,
)
from domain.onward_to_venus.events import (
    CardsDiscarded,
    CardsDrawnDetail,
    CardTakenDetail,
    CombatDiceRerolled,
    CrisisDiceRolled,
    PlanetTilesDrawn,
    StartPlayerDetermined,
)
from domain.onward_to_venus.state import State
from tests.support.chance_replay import assert_table_decides_the_same, house_steps

from .helpers import (
    SKULL,
    dice,
    end_action_phase,
    fresh,
    of,
    place_building,
    place_unit,
    play,
    put_tile,
    set_hand,
)

Decision = Callable[[TableChance], Sequence[GameEvent]]

# --- (a) a house match, decided again by a table -------------------------------------------


@st.composite
def matches(draw: st.DrawFn) -> tuple[int, Any, int]:
    n = draw(st.integers(min_value=2, max_value=5))
    empires = draw(st.one_of(st.just(""), st.permutations(EMPIRES).map(lambda e: ",".join(e[:n]))))
    rounds = draw(st.integers(min_value=2, max_value=40))
    options = RULES.options({"max_rounds": rounds, "empires": empires})
    return n, options, draw(st.integers(min_value=0, max_value=2**63))


@pytest.mark.parametrize("smart", [False, True], ids=["random", "bot"])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(match=matches())
def test_a_table_given_the_house_outcomes_decides_the_same(
    smart: bool, match: tuple[int, Any, int]
) -> None:
    n, options, seed = match
    steps = house_steps(RULES, n, options, seed, smart=smart)
    state = assert_table_decides_the_same(RULES, n, options, steps)
    assert RULES.result(state) is not None, "the match was played to its end"


# --- (b) every kind of chance site: what the table is asked, what it may not say -------------


def _node(decision: Decision, given: Sequence[Any] = ()) -> ChanceNode:
    node = node_of(decision, list(given))
    assert node is not None, "the decision needs no more chance than given"
    return node


def _refused(decision: Decision, given: Sequence[Any]) -> str:
    with pytest.raises(IllegalMove) as refused:
        decision(TableChance(given))
    assert refused.value.code == "IMPOSSIBLE_OUTCOME"
    return refused.value.message


def _setup(n: int) -> Decision:
    return lambda chance: RULES.setup(n, RULES.options(), chance)


def _decide(state: State, seat: int, command: Any) -> Decision:
    return lambda chance: RULES.decide(state, seat, command, chance)


def test_the_opening_deal_asks_for_the_cards_of_the_deck() -> None:
    node = _node(_setup(3))
    assert (node.kind, node.what) == ("draw", "the card {seat:0} draws")
    assert node.outcomes == DECK_CARD_IDS and set(node.counts) == {1}
    assert node.describe() == "the card {seat:0} draws: one of the 111 in the pile"
    assert node.name(DECK_CARD_IDS[-1]) == f"C{DECK_CARD_IDS[-1]} EARTH_CRISIS"
    second = _node(_setup(3), [30, 31])
    assert second.what == "the card {seat:1} draws" and 30 not in second.outcomes
    assert second.total == 109
    starting = 1  # an empire's own card never enters the deck
    message = _refused(_setup(3), [starting])
    assert message.startswith("1 cannot be the card {seat:0} draws (it is one of 111 others)")
    assert "30 cannot be the card {seat:1} draws" in _refused(_setup(3), [31, 30, 30])


def test_the_start_player_is_rolled_with_the_dice_then_the_bag_is_drawn() -> None:
    cards = list(DECK_CARD_IDS[: 3 * STARTING_DEAL])
    node = _node(_setup(3), cards)
    assert (node.kind, node.what) == ("roll", "a die {seat:0} rolls for the start player")
    assert node.outcomes == DIE_FACES and node.counts == (1,) * 6
    assert node.describe().endswith("a die of 6 faces")
    for face in (7, 1, "one"):
        assert f"{face} cannot be a die {{seat:0}} rolls" in _refused(_setup(3), [*cards, face])
    # a face may be given by its name, as a table would say it
    assert _node(_setup(3), [*cards, "skull"]).what == "a die {seat:0} rolls for the start player"
    assert "it is one of SKULL, 2, 3, 4, 5, 6" in _refused(_setup(3), [*cards, 7])
    # a tie between seats 1 and 2 (10 each) is rolled again by those two only
    rolls = [*dice(2, 3, 4), *dice(6, 4, SKULL), *dice(5, 5, SKULL), *dice(2, 2, 2), *dice(6, 6, 6)]
    tile = _node(_setup(3), [*cards, *rolls])
    assert (tile.kind, tile.what) == ("draw", "a tile drawn from the bag for Mercury")
    assert tile.outcomes == BAG_TILE_IDS and tile.name(BAG_TILE_IDS[0]) == "T1 FACTORY"
    alien = ALIEN_TILE_IDS[0]
    assert f"{alien} cannot be a tile" in _refused(_setup(3), [*cards, *rolls, alien])
    drawn = [50, 51]
    assert "50 cannot be a tile drawn from the bag for Venus" in _refused(
        _setup(3), [*cards, *rolls, *drawn, 50]
    )
    venus = _node(_setup(3), [*cards, *rolls, *drawn])
    assert venus.what == "a tile drawn from the bag for Venus" and venus.total == 101


def test_a_whole_opening_given_by_the_table() -> None:
    cards = list(DECK_CARD_IDS[: 3 * STARTING_DEAL])
    rolls = [*dice(2, 3, 4), *dice(6, 4, SKULL), *dice(5, 5, SKULL), *dice(2, 2, 2), *dice(6, 6, 6)]
    tiles = list(BAG_TILE_IDS[:20])
    table = TableChance([*cards, *rolls, *tiles])
    events = RULES.setup(3, RULES.options(), table)
    assert table.left == 0
    assert of(events, StartPlayerDetermined) == [StartPlayerDetermined(2)]
    dealt = [c for e in of(events, CardsDrawnDetail) for c in e.cards]
    assert dealt == cards
    assert [t for e in of(events, PlanetTilesDrawn) for t in e.tiles] == tiles


def test_a_card_drawn_in_play_comes_from_the_deck_then_from_the_discard_reshuffled() -> None:
    state = fresh()
    take = _decide(state, 0, TakePassMarker())
    node = _node(take)
    assert node.outcomes == state.deck and node.what == "the card {seat:0} draws"
    in_hand = state.hands[1][0]
    assert f"{in_hand} cannot be the card {{seat:0}} draws" in _refused(take, [in_hand])
    _, events = play(state, 0, TakePassMarker(), TableChance([state.deck[7]]))
    assert of(events, CardsDrawnDetail)[0].cards == (state.deck[7],)
    # the deck is out: the discard pile, reshuffled, is what can be drawn
    out = replace(state, deck=(), discard=(40, 41, 42))
    again = _node(_decide(out, 0, TakePassMarker()))
    assert again.outcomes == (40, 41, 42) and again.total == 3
    assert "43 cannot be" in _refused(_decide(out, 0, TakePassMarker()), [43])
    # one card left: it is drawn without asking anyone
    last = TableChance()
    RULES.decide(replace(state, deck=(40,)), 0, TakePassMarker(), last)
    assert last.used == 1 and last.outcomes == []


def _claim() -> tuple[State, Decision]:
    state, tile = put_tile(fresh(), "MARS", "MINE", defence=3)
    for uid in ("P1.INF.1", "P1.INF.2", "P1.CRU.1"):
        state = place_unit(state, uid, "MARS")
    return state, _decide(state, 0, ClaimTile("MARS", tile))


def test_combat_dice_and_rerolls_are_asked_die_by_die() -> None:
    state, claim = _claim()
    node = _node(claim, dice(5))
    assert (node.kind, node.what) == ("roll", "a die {seat:0} rolls in combat 1")
    assert node.outcomes == DIE_FACES
    assert "7 cannot be a die {seat:0} rolls in combat 1" in _refused(claim, [*dice(5, 5), 7])
    state, (reroll,) = set_hand(state, 0, ["REROLL"])
    state, _ = play(state, 0, ClaimTile("MARS", state.planets[4].tiles[0]), TableChance([5, 5, 3]))
    again = _decide(state, 0, PlayCombatCard(reroll, dice=(0, 2)))
    second = _node(again, [6])
    assert second.what == "die 3 {seat:0} rerolls"
    assert "1 cannot be die 1 {seat:0} rerolls" in _refused(again, [1])
    _, events = play(state, 0, PlayCombatCard(reroll, dice=(0, 2)), TableChance([6, SKULL]))
    assert of(events, CombatDiceRerolled)[0].faces == (6, 5, SKULL)


def test_crisis_and_damage_dice() -> None:
    state, _ = put_tile(fresh(), "MARS", "CRISIS", marked=True)
    state, _ = put_tile(state, "MARS", "CRISIS", marked=True)
    state, _ = put_tile(state, "MARS", "CRISIS", marked=False)
    state = replace(state, bag=())
    with pytest.raises(ChanceNeeded) as needed:
        end_action_phase(state, TableChance())
    assert needed.value.node.what == "a crisis die of period 1"
    with pytest.raises(IllegalMove) as refused:
        end_action_phase(state, TableChance([8]))
    assert "8 cannot be a crisis die of period 1" in refused.value.message
    # one skull: Mars reaches level 4 and its rockets roll the damage
    with pytest.raises(ChanceNeeded) as damage:
        end_action_phase(state, TableChance(dice(SKULL, 3, 4)))
    assert damage.value.node.what == "a damage die of the Mars rockets"
    _, events = end_action_phase(state, TableChance(dice(SKULL, 3, 4, 2, 2, 2)))
    assert of(events, CrisisDiceRolled)[0].faces == (SKULL, 3, 4)


def test_a_forced_discard_draws_from_the_opponents_hand() -> None:
    state, (forced,) = set_hand(fresh(), 0, ["FORCED_DISCARD"])
    discard = _decide(state, 0, PlayActionCard(forced, opponent=2))
    node = _node(discard)
    assert node.what == "a card {seat:2} discards at random"
    assert node.outcomes == state.hands[2] and node.total == 4
    second = _node(discard, [state.hands[2][1]])
    assert state.hands[2][1] not in second.outcomes and second.total == 3
    mine = state.hands[1][0]
    assert f"{mine} cannot be a card {{seat:2}} discards at random" in _refused(discard, [mine])
    twice = state.hands[2][1]
    assert f"{twice} cannot be" in _refused(discard, [twice, twice])
    lost = [twice, state.hands[2][3]]
    _, events = play(state, 0, PlayActionCard(forced, opponent=2), TableChance(lost))
    assert list(of(events, CardsDiscarded)[0].cards) == lost


def test_bazagthoth_steals_a_card_of_the_victims_hand() -> None:
    state = place_building(fresh(), "P1.MINE.1", "MERCURY")
    state, _ = put_tile(state, "MERCURY", "CRISIS", marked=False)
    state, _ = end_action_phase(replace(state, bag=()))
    steal = _decide(state, 0, BazagthothOrder("STEAL", opponent=1))
    node = _node(steal)
    assert node.what == "the card {seat:0} takes at random from {seat:1}"
    assert node.outcomes == state.hands[1]
    theirs = state.hands[2][0]
    assert f"{theirs} cannot be the card {{seat:0}} takes" in _refused(steal, [theirs])
    _, events = play(
        state, 0, BazagthothOrder("STEAL", opponent=1), TableChance([node.outcomes[3]])
    )
    assert of(events, CardTakenDetail)[0].card == node.outcomes[3]
