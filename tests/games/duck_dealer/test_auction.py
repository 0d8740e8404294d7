"""§3.1 auction variant: sealed bids, the re-bid, turn positions; §5 hidden information."""

from __future__ import annotations

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.duck_dealer import RULES
from domain.duck_dealer.commands import (
    ChooseTurnPosition,
    PlaceStartingParts,
    SubmitTurnOrderBid,
)
from domain.duck_dealer.events import (
    BidTieBroken,
    SeatAmount,
    TurnOrderBidSealed,
    TurnOrderBidsRevealed,
    TurnOrderFixed,
    TurnOrderRebidRequired,
    TurnPositionChosen,
)
from domain.duck_dealer.state import DuckDealerOptions
from domain.game import Visibility

from .given import board, opening, play, rejected, set_player

AUCTION = DuckDealerOptions(auction=True)


def test_bids_stay_sealed_until_all_are_in_then_ties_rebid() -> None:
    state = opening(3, AUCTION)
    assert RULES.to_move(state) == frozenset({0, 1, 2})
    state, events = play(state, 0, SubmitTurnOrderBid(amount=2))
    assert events[1] == TurnOrderBidSealed(seat=0, amount=2)
    assert events[1].visibility() == Visibility.only(0)
    assert SubmitTurnOrderBid(amount=2).visibility(0) == Visibility.only(0)
    assert RULES.to_move(state) == frozenset({1, 2})
    rejected(state, 0, SubmitTurnOrderBid(amount=3), "NOT_YOUR_TURN")
    state, _ = play(state, 1, SubmitTurnOrderBid(amount=5))
    state, events = play(state, 2, SubmitTurnOrderBid(amount=2))
    revealed = events[2]
    assert isinstance(revealed, TurnOrderBidsRevealed) and revealed.reveals
    assert revealed.bids == (SeatAmount(0, 2), SeatAmount(1, 5), SeatAmount(2, 2))
    assert events[3] == TurnOrderRebidRequired(seats=(0, 2))
    assert RULES.to_move(state) == frozenset({0, 2})

    rejected(state, 0, SubmitTurnOrderBid(amount=1), "BID_TOO_LOW")
    state, _ = play(state, 0, SubmitTurnOrderBid(amount=3))
    state, events = play(state, 2, SubmitTurnOrderBid(amount=2))
    assert "TurnOrderRebidRequired" not in [type(e).__name__ for e in events]
    assert state.choosers == (1, 0, 2)
    assert [p.bid for p in state.players] == [3, 5, 2]
    assert RULES.score(state) == (-3, -5, -2)

    rejected(state, 0, ChooseTurnPosition(position=1), "NOT_YOUR_TURN")
    state, _ = play(state, 1, ChooseTurnPosition(position=2))
    rejected(state, 0, ChooseTurnPosition(position=2), "INVALID_POSITION")
    state, events = play(state, 0, ChooseTurnPosition(position=3))
    assert events[1:] == [TurnPositionChosen(seat=2, position=1), TurnOrderFixed(order=(2, 1, 0))]
    assert RULES.to_move(state) == frozenset({2})
    state, _ = play(state, 2, PlaceStartingParts(parts=("CARGO",)))
    assert RULES.to_move(state) == frozenset({1})


def test_a_tie_left_after_the_rebid_is_broken_by_chance_when_it_shows() -> None:
    state = opening(2, AUCTION)
    for seat in (0, 1):
        state, _ = play(state, seat, SubmitTurnOrderBid(amount=1))
    state, _ = play(state, 0, SubmitTurnOrderBid(amount=1))
    state, events = play(state, 1, SubmitTurnOrderBid(amount=1), [1])
    assert events[-1] == BidTieBroken(order=(1, 0)) and events[-1].reveals
    assert state.phase == "choosing_positions" and state.choosers == (1, 0)


def test_only_the_seats_still_tied_are_ordered_by_chance() -> None:
    state = opening(4, AUCTION)
    for seat, amount in enumerate((2, 2, 2, 5)):
        state, _ = play(state, seat, SubmitTurnOrderBid(amount=amount))
    assert state.bidders == (0, 1, 2)
    state, _ = play(state, 0, SubmitTurnOrderBid(amount=4))
    state, _ = play(state, 1, SubmitTurnOrderBid(amount=3))
    state, events = play(state, 2, SubmitTurnOrderBid(amount=3), [2])
    assert events[-1] == BidTieBroken(order=(2, 1))
    assert state.choosers == (3, 0, 2, 1)


def test_a_rebid_that_breaks_every_tie_asks_no_chance() -> None:
    state = opening(3, AUCTION)
    for seat in (0, 1, 2):
        state, _ = play(state, seat, SubmitTurnOrderBid(amount=0))
    for seat, amount in enumerate((1, 3, 2)):
        state, events = play(state, seat, SubmitTurnOrderBid(amount=amount))
    assert not any(isinstance(e, BidTieBroken) for e in events)
    assert state.choosers == (1, 2, 0)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 50), st.integers(0, 50), st.integers(2, 5))
def test_a_sealed_bid_is_invisible_to_the_other_seats(
    first: int, second: int, n_seats: int
) -> None:
    state = opening(n_seats, AUCTION)
    one, events_one = play(state, 0, SubmitTurnOrderBid(amount=first))
    two, events_two = play(state, 0, SubmitTurnOrderBid(amount=second))
    for seat in [None, *range(1, n_seats)]:
        assert msgspec.json.encode(RULES.view(one, seat)) == msgspec.json.encode(
            RULES.view(two, seat)
        )
        seen_one = [e for e in events_one if e.visibility().allows(seat)]
        seen_two = [e for e in events_two if e.visibility().allows(seat)]
        assert seen_one == seen_two
    assert RULES.view(one, 0).players[0].sealed_bid == first


def test_the_client_track_and_all_holdings_are_open_information() -> None:
    """§5: apart from sealed bids, every seat and spectators see the same board."""
    state = set_player(board(3), 1, goods=["SATELLITE"])
    views = [
        msgspec.json.encode(replace(RULES.view(state, seat), seat=None)) for seat in (None, 0, 1, 2)
    ]
    assert len(set(views)) == 1
    assert RULES.view(state, 2).client_track == state.client_track
