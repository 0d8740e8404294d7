"""Race for the Galaxy's chance through the Chance interface (#24): the table decides as the house.

(a) House matches (random seats and the game's bot, every seat count and option) decided again
with the house's outcomes given by a table give identical events. (b) Every chance site - the
start world dealt to a seat, the opening hands, a windfall start world's good, a card drawn, an
Explore draw, a good produced, a Gambling World reveal and a draw from a reshuffled pile - stops
at a chance node listing exactly the cards it could take, and refuses a card it could not take.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.chance import ChanceNode, TableChance, node_of
from domain.game import IllegalMove
from domain.race_for_the_galaxy import RULES
from domain.race_for_the_galaxy import events as ev
from domain.race_for_the_galaxy.commands import SelectAction, UseConsumePower
from domain.race_for_the_galaxy.components import CARDS, GAME_CARDS, INITIAL_DEAL, START_WORLDS
from domain.race_for_the_galaxy.state import State
from tests.support.chance_replay import assert_table_decides_the_same, house_steps

from .helpers import build, one, select

# --- (a) the table decides as the house ---------------------------------------------------------

MATCHES = st.one_of(
    st.tuples(st.integers(2, 4), st.just(False)),
    st.tuples(st.just(2), st.just(True)),  # the 2-player advanced variant
)


def _decided_again(seed: int, match: tuple[int, bool], smart: bool) -> None:
    n_seats, advanced = match
    options = RULES.options({"advanced_two_player": advanced})
    steps = house_steps(RULES, n_seats, options, seed, smart=smart, max_steps=1500)
    assert sum(len(step.outcomes) for step in steps) > 50  # the match really drew
    final = assert_table_decides_the_same(RULES, n_seats, options, steps)
    assert final.deck == tuple(sorted(final.deck))  # the pile stays a multiset in one order


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), match=MATCHES)
def test_random_play_is_decided_the_same_by_the_table(seed: int, match: tuple[int, bool]) -> None:
    _decided_again(seed, match, smart=False)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), match=MATCHES)
def test_bot_play_is_decided_the_same_by_the_table(seed: int, match: tuple[int, bool]) -> None:
    _decided_again(seed, match, smart=True)


# --- (b) every chance site: its node and an impossible outcome ------------------------------------


def _node(decision: Callable[[TableChance], object], given: Sequence[Any] = ()) -> ChanceNode:
    node = node_of(decision, list(given))
    assert node is not None, "the decision asked chance for nothing more"
    return node


def _refused(decision: Callable[[TableChance], object], given: Sequence[Any], card: int) -> str:
    with pytest.raises(IllegalMove) as refused:
        decision(TableChance(given))
    assert refused.value.code == "IMPOSSIBLE_OUTCOME"
    assert refused.value.message.startswith(f"{card} cannot be "), refused.value.message
    return refused.value.message


def _pile(node: ChanceNode, cards: Sequence[int]) -> None:
    """The node offers exactly `cards`, one copy each (every card of the game is one id)."""
    assert node.kind == "draw"
    assert sorted(node.outcomes) == sorted(cards) and set(node.counts) == {1}
    assert node.total == len(cards)


def _setup(n_seats: int) -> Callable[[TableChance], object]:
    options = RULES.options({})
    return lambda chance: RULES.setup(n_seats, options, chance)


def _decide(state: State, seat: int, command: Any) -> Callable[[TableChance], object]:
    return lambda chance: RULES.decide(state, seat, command, chance)


def test_each_seat_is_dealt_one_of_the_start_worlds_left() -> None:
    setup = _setup(3)
    first = _node(setup)
    assert first.kind == "pick" and first.what == "the start world dealt to {seat:0}"
    assert first.outcomes == START_WORLDS and first.counts == (1,) * 5
    assert first.name(one("Alpha Centauri")) == f"Alpha Centauri (#{one('Alpha Centauri')})"
    second = _node(setup, [one("New Sparta")])
    assert second.what == "the start world dealt to {seat:1}"
    assert one("New Sparta") not in second.outcomes and len(second.outcomes) == 4

    # a game card is no start world, and a start world is dealt once
    _refused(setup, [GAME_CARDS[0]], GAME_CARDS[0])
    _refused(setup, [one("New Sparta"), one("New Sparta")], one("New Sparta"))


def test_the_opening_hands_are_drawn_from_every_card_not_dealt() -> None:
    setup, worlds = _setup(2), [one("New Sparta"), one("Old Earth")]
    node = _node(setup, worlds)
    assert node.what == "a card {seat:0} draws"
    _pile(node, [c for c in range(len(CARDS)) if c not in worlds])
    hand = list(GAME_CARDS[:INITIAL_DEAL])
    second = _node(setup, [*worlds, *hand])
    assert second.what == "a card {seat:1} draws"
    _pile(second, [c for c in range(len(CARDS)) if c not in (*worlds, *hand)])

    # a start world in a tableau and a card already in a hand cannot be drawn
    _refused(setup, [*worlds, one("Old Earth")], one("Old Earth"))
    _refused(setup, [*worlds, *hand, hand[0]], hand[0])


def test_a_windfall_start_world_gets_a_card_of_the_pile_no_one_sees() -> None:
    setup, worlds = _setup(2), [one("Alpha Centauri"), one("Old Earth")]
    hands = list(GAME_CARDS[: 2 * INITIAL_DEAL])
    node = _node(setup, [*worlds, *hands])
    assert node.what == "the card placed face down as a good on {seat:0}'s Alpha Centauri"
    _pile(node, [c for c in range(len(CARDS)) if c not in (*worlds, *hands)])
    _refused(setup, [*worlds, *hands, hands[-1]], hands[-1])

    good = GAME_CARDS[-1]
    table = TableChance([*worlds, *hands, good])
    events = RULES.setup(2, RULES.options({}), table)
    assert table.left == 0
    (placed,) = [e for e in events if isinstance(e, ev.GoodCardPlaced)]
    assert (placed.world, placed.card) == (one("Alpha Centauri"), good)
    assert placed.visibility().is_public is False and not placed.visibility().allows(0)
    assert not any(isinstance(e, ev.DeckShuffled) and e.reshuffle for e in events)


# Cards for the piles below: no start world, none of the tableau cards used here.
_USED = {"Merchant Guild", "Gambling World", "New Sparta", "Old Earth", "Earth's Lost Colony"}
SPARE = [c for c in GAME_CARDS if CARDS[c].name not in _USED][:8]


def _produce_round(deck: Sequence[int], discard: Sequence[int] = ()) -> State:
    """Seat 0 (Earth's Lost Colony, Merchant Guild) and seat 1 (New Sparta) about to produce:
    seat 1 has chosen and seat 0's choice completes the round's selection."""
    s = build([[one("Earth's Lost Colony"), one("Merchant Guild")], [one("New Sparta")]], deck=deck)
    s = replace(s, discard=tuple(discard), order=(1, 0))
    return RULES.fold(s, RULES.decide(s, 1, SelectAction(("PRODUCE",)), TableChance([])))


def test_a_good_produced_is_a_card_of_the_pile() -> None:
    decision = _decide(_produce_round(SPARE[:5]), 0, SelectAction(("PRODUCE",)))
    node = _node(decision)
    assert node.what == "the card placed face down as a good on {seat:0}'s Earth's Lost Colony"
    _pile(node, SPARE[:5])
    _refused(decision, [SPARE[6]], SPARE[6])  # a card not in the pile


def test_a_card_drawn_is_a_card_of_the_pile_and_never_one_drawn_already() -> None:
    decision = _decide(_produce_round(SPARE[:5]), 0, SelectAction(("PRODUCE",)))
    node = _node(decision, [SPARE[0]])  # Merchant Guild draws after the good
    assert node.what == "a card {seat:0} draws"
    _pile(node, SPARE[1:5])
    _refused(decision, [SPARE[0], SPARE[0]], SPARE[0])
    _refused(decision, [SPARE[0], SPARE[1], SPARE[1]], SPARE[1])
    assert node_of(decision, [SPARE[0], SPARE[1], SPARE[2]]) is None


def test_a_reshuffled_pile_offers_the_discard_pile_only() -> None:
    # the good takes the last card (forced: nobody is asked), the discard pile is reshuffled
    decision = _decide(_produce_round(SPARE[:1], SPARE[1:4]), 0, SelectAction(("PRODUCE",)))
    node = _node(decision)
    assert node.what == "a card {seat:0} draws"
    _pile(node, SPARE[1:4])
    _refused(decision, [SPARE[0]], SPARE[0])  # the good on the world is no longer in the pile
    _refused(decision, [SPARE[5]], SPARE[5])  # nor is a card that was never discarded


def test_an_explore_draw_is_a_card_of_the_pile() -> None:
    s = build([[one("Old Earth")], [one("New Sparta")]], deck=SPARE[:8])
    s, _ = select(s, ("EXPLORE_5",))
    decision = _decide(s, 1, SelectAction(("EXPLORE_1_1",)))
    node = _node(decision)
    assert node.what == "a card {seat:0} draws"
    _pile(node, SPARE[:8])
    _refused(decision, [one("Old Earth")], one("Old Earth"))
    # seat 0 draws 2 + 5, seat 1 the last card (forced) of the 8: seven outcomes in all
    assert node_of(decision, SPARE[:7]) is None


def test_a_gambling_world_reveal_is_a_card_of_the_pile() -> None:
    gambling = one("Gambling World")
    s = build([[one("New Sparta"), gambling], [one("Old Earth")]], deck=SPARE[:4])
    s, _ = select(s, ("CONSUME_2VP",), ("CONSUME_TRADE",), drawn=[])
    decision = _decide(s, 0, UseConsumePower(gambling, 1, (), (), 3))
    node = _node(decision)
    assert node.what == "the card {seat:0} reveals with Gambling World"
    _pile(node, SPARE[:4])
    message = _refused(decision, [gambling], gambling)  # a card in a tableau
    assert "it is one of " in message
