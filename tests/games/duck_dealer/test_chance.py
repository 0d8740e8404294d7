"""Duck Dealer's chance (issue #24): every outcome asked of one `Chance`, so a match played at a
real table can be entered outcome by outcome. Setup lays every tile face up (§3, §5); after
setup chance only breaks a tie left after the auction's re-bid (§3.1, §7)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.chance import ChanceNode, TableChance, node_of
from domain.duck_dealer import RULES
from domain.duck_dealer.commands import SubmitTurnOrderBid
from domain.duck_dealer.components import (
    CLIENT_TIERS,
    MINES,
    OTHER_PLANETS,
    SPACEPORTS,
    START_PLANETS,
)
from domain.duck_dealer.events import BidTieBroken, SetupRandomized
from domain.duck_dealer.state import DuckDealerOptions, State
from domain.game import IllegalMove, seat_ref
from tests.support.chance_replay import assert_table_decides_the_same, house_steps

from .given import opening, play

START_MINES = sorted(m for m, spec in MINES.items() if spec.starting)
OTHER_MINES = sorted(m for m, spec in MINES.items() if not spec.starting)
PORTS = sorted(SPACEPORTS)
# Outcomes asked to lay out a pile of n distinct tiles: the last one is forced, never asked.
ASKED_START = len(START_PLANETS) - 1
ASKED_OTHER = len(OTHER_PLANETS) - 1


@st.composite
def matches(draw: st.DrawFn) -> tuple[int, DuckDealerOptions, int]:
    n_seats = draw(st.integers(2, 5))
    options = DuckDealerOptions(
        auction=draw(st.booleans()),
        fixed_start_mines=draw(st.booleans()),
        first_player=draw(st.integers(0, n_seats - 1)),
    )
    return n_seats, options, draw(st.integers(0, 2**32))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_a_table_given_the_house_outcomes_decides_random_play_the_same(
    match: tuple[int, DuckDealerOptions, int],
) -> None:
    n_seats, options, seed = match
    steps = house_steps(RULES, n_seats, options, seed, max_steps=600)
    assert_table_decides_the_same(RULES, n_seats, options, steps)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_a_table_given_the_house_outcomes_decides_the_bots_match_the_same(
    match: tuple[int, DuckDealerOptions, int],
) -> None:
    n_seats, options, seed = match
    steps = house_steps(RULES, n_seats, options, seed, smart=True, max_steps=250)
    assert_table_decides_the_same(RULES, n_seats, options, steps)


def test_the_bots_auction_match_breaks_its_tie_by_chance_and_a_table_agrees() -> None:
    """The bot always bids 0: the re-bid ties again and chance orders every seat."""
    options = DuckDealerOptions(auction=True)
    steps = house_steps(RULES, 3, options, 5, smart=True, max_steps=40)
    broken = [e for step in steps for e in step.events if isinstance(e, BidTieBroken)]
    assert len(broken) == 1 and sorted(broken[0].order) == [0, 1, 2]
    state = assert_table_decides_the_same(RULES, 3, options, steps)
    assert state.choosers == broken[0].order


def _setup(options: DuckDealerOptions) -> Any:
    return lambda chance: RULES.setup(3, options, chance)


def _node(options: DuckDealerOptions, given: list[Any]) -> ChanceNode:
    node = node_of(_setup(options), given)
    assert node is not None
    return node


def _refused(options: DuckDealerOptions, given: list[Any], named: str) -> None:
    with pytest.raises(IllegalMove) as refused:
        RULES.setup(3, options, TableChance(given))
    assert str(refused.value).startswith(f"IMPOSSIBLE_OUTCOME: {named} cannot be ")


SHUFFLED = DuckDealerOptions()
FIXED = DuckDealerOptions(fixed_start_mines=True)


def test_the_first_starting_mine_is_any_starting_mine() -> None:
    node = _node(SHUFFLED, [])
    assert (node.kind, node.what) == ("draw", "the starting mine laid on S1")
    assert list(node.outcomes) == START_MINES and set(node.counts) == {1}
    _refused(SHUFFLED, [OTHER_MINES[0]], OTHER_MINES[0])
    _refused(SHUFFLED, ["M_NOWHERE"], "M_NOWHERE")


def test_a_starting_mine_already_laid_cannot_be_laid_again() -> None:
    node = _node(SHUFFLED, [START_MINES[2]])
    assert node.what == "the starting mine laid on S2"
    assert list(node.outcomes) == [m for m in START_MINES if m != START_MINES[2]]
    _refused(SHUFFLED, [START_MINES[2], START_MINES[2]], START_MINES[2])


def test_the_spaceports_come_next_and_first_when_the_starting_mines_are_fixed() -> None:
    after_mines = _node(SHUFFLED, START_MINES[:ASKED_START])
    fixed = _node(FIXED, [])
    for node in (after_mines, fixed):
        assert (node.kind, node.what) == ("draw", "the spaceport laid on S1")
        assert list(node.outcomes) == PORTS and node.total == len(SPACEPORTS)
    _refused(FIXED, [START_MINES[0]], START_MINES[0])


def test_each_other_planet_gets_one_of_the_other_mines_left() -> None:
    node = _node(FIXED, PORTS[:ASKED_START])
    assert (node.kind, node.what) == ("draw", "the mine laid on P1")
    assert list(node.outcomes) == OTHER_MINES
    node = _node(FIXED, [*PORTS[:ASKED_START], OTHER_MINES[-1]])
    assert node.what == "the mine laid on P2" and OTHER_MINES[-1] not in node.outcomes
    _refused(FIXED, [*PORTS[:ASKED_START], START_MINES[0]], START_MINES[0])


def test_the_client_track_is_laid_out_tier_by_tier_top_first() -> None:
    given = [*PORTS[:ASKED_START], *OTHER_MINES[:ASKED_OTHER]]
    for vp, tier in zip((3, 10, 30), CLIENT_TIERS, strict=True):
        node = _node(FIXED, given)
        assert node.kind == "arrange"
        assert node.what == f"the next {vp}-pt client tile stacked on the client track"
        assert list(node.outcomes) == sorted(tier)
        if tier is not CLIENT_TIERS[-1]:
            _refused(FIXED, [*given, CLIENT_TIERS[-1][0]], CLIENT_TIERS[-1][0])
        given += sorted(tier, reverse=True)[:-1]
    assert node_of(_setup(FIXED), given) is None
    events = RULES.setup(3, FIXED, TableChance(given))
    laid = events[0]
    assert isinstance(laid, SetupRandomized)
    assert laid.client_track == tuple(
        c for tier in CLIENT_TIERS for c in sorted(tier, reverse=True)
    )
    assert [p.piece for p in laid.spaceports] == PORTS[:ASKED_START] + PORTS[ASKED_START:]


def _tied_after_the_rebid(n_seats: int) -> State:
    state = opening(n_seats, DuckDealerOptions(auction=True))
    for seat in range(n_seats):
        state, _ = play(state, seat, SubmitTurnOrderBid(amount=1))
    for seat in range(n_seats - 1):
        state, _ = play(state, seat, SubmitTurnOrderBid(amount=2))
    return state


def test_a_tie_after_the_rebid_asks_chance_to_order_exactly_the_tied_seats() -> None:
    state = _tied_after_the_rebid(4)
    last = SubmitTurnOrderBid(amount=2)
    node = node_of(lambda chance: RULES.decide(state, 3, last, chance), [])
    assert node is not None and node.kind == "arrange"
    tied = ", ".join(seat_ref(s) for s in range(4))
    assert node.what == f"the seat ranked next of {tied}, still tied after the re-bid"
    assert node.outcomes == (0, 1, 2, 3) and node.name(2) == seat_ref(2)
    after_two = node_of(lambda chance: RULES.decide(state, 3, last, chance), [2, 0])
    assert after_two is not None and after_two.outcomes == (1, 3)
    for impossible in ([7], [2, 2], [-1]):
        with pytest.raises(IllegalMove) as refused:
            RULES.decide(state, 3, last, TableChance(impossible))
        assert str(refused.value).startswith(f"IMPOSSIBLE_OUTCOME: {impossible[-1]} cannot be ")
    _, events = play(state, 3, last, [2, 0, 3])
    assert events[-1] == BidTieBroken(order=(2, 0, 3, 1))


def test_a_seat_outside_the_tie_is_not_an_outcome() -> None:
    state = opening(3, DuckDealerOptions(auction=True))
    for seat, amount in enumerate((1, 1, 4)):
        state, _ = play(state, seat, SubmitTurnOrderBid(amount=amount))
    state, _ = play(state, 0, SubmitTurnOrderBid(amount=1))
    last = SubmitTurnOrderBid(amount=1)
    node = node_of(lambda chance: RULES.decide(state, 1, last, chance), [])
    assert node is not None and node.outcomes == (0, 1)
    with pytest.raises(IllegalMove) as refused:
        RULES.decide(state, 1, last, TableChance([2]))
    assert refused.value.code == "IMPOSSIBLE_OUTCOME"
