"""The chance interface (domain/chance.py): the house's draws, the table's given outcomes."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.chance import Chance, ChanceNeeded, HouseChance, TableChance, node_of
from domain.errors import IllegalMove
from domain.game import seat_ref
from domain.rng import Rng

PILE = (3, 3, 5, 8, 8, 8)


def opening(chance: Chance) -> dict[str, Any]:
    """A small 'setup' using every kind: a deal, a die, a first player, a row laid out."""
    hand = chance.deal(PILE, 3, f"a card {seat_ref(0)} draws", label=lambda c: f"card {c}")
    return {
        "hand": hand,
        "die": chance.roll((1, 2, 3, 4, 5, 6), "the die"),
        "first": chance.pick((0, 1, 2), "the first player"),
        "row": chance.arrange(("A", "B", "C"), "the tile laid next"),
    }


def test_the_house_draws_every_item_of_a_pile_uniformly() -> None:
    seen = Counter(HouseChance(Rng(11, n)).draw(PILE, "a card") for n in range(6000))
    for card, copies in Counter(PILE).items():
        assert abs(seen[card] / 6000 - copies / len(PILE)) < 0.03


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=0, max_value=500))
def test_a_table_given_the_house_outcomes_decides_the_same(seed: int, n: int) -> None:
    house = HouseChance(Rng(seed, n))
    dealt = opening(house)
    table = TableChance(house.outcomes)
    assert opening(table) == dealt
    assert table.left == 0
    assert table.used == house.used


def test_a_deal_never_puts_a_card_back() -> None:
    for n in range(200):
        hand = HouseChance(Rng(5, n)).deal(PILE, 6, "a card")
        assert sorted(hand) == sorted(PILE)


def test_a_forced_outcome_is_counted_but_not_asked() -> None:
    table = TableChance([])
    assert table.draw((8, 8, 8), "a card") == 8
    assert table.arrange(("only",), "the last tile") == ["only"]
    assert table.used == 2 and table.outcomes == []


def test_the_table_is_asked_at_a_chance_node_with_every_outcome_counted() -> None:
    node = node_of(opening, [])
    assert node is not None
    assert node.kind == "draw"
    assert node.outcomes == (3, 5, 8) and node.counts == (2, 1, 3) and node.total == 6
    assert node.describe() == "a card {seat:0} draws: one of the 6 in the pile"
    after_two = node_of(opening, [8, 3])
    assert after_two is not None and after_two.counts == (1, 1, 2)
    assert node_of(opening, [8, 3, 3, 6, 2, "B", "A"]) is None


def test_the_die_is_asked_once_the_hand_is_dealt() -> None:
    with pytest.raises(ChanceNeeded) as needed:
        opening(TableChance([5, 3, 3]))
    assert needed.value.node.kind == "roll" and needed.value.given == 3
    assert needed.value.code == "CHANCE_NEEDED"


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ([9], "9 cannot be a card {seat:0} draws (it is one of card 3, card 5, card 8)"),
        ([5, 5], "5 cannot be a card {seat:0} draws"),  # the only 5 was drawn already
        ([5, 3, 3, 7], "7 cannot be the die"),
        ([5, 3, 3, 6, 3], "3 cannot be the first player"),
        ([5, 3, 3, 6, 2, "B", "B"], '"B" cannot be the tile laid next'.replace('"', "")),
        ([{"card": 3}], '{"card":3} cannot be a card'),
    ],
)
def test_an_impossible_outcome_is_refused_by_name(given: list[Any], named: str) -> None:
    with pytest.raises(IllegalMove) as refused:
        opening(TableChance(given))
    assert refused.value.code == "IMPOSSIBLE_OUTCOME"
    assert named in refused.value.message


def test_outcomes_are_compared_as_json_values() -> None:
    pile = ((1, "a"), (2, "b"))
    assert TableChance([[2, "b"]]).draw(pile, "a pair") == (2, "b")
