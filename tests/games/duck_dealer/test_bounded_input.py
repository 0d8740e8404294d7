"""Bounded input (issue #12): values outside what the rules allow are refused when decoded."""

from __future__ import annotations

import msgspec
import pytest

from domain.duck_dealer import RULES
from domain.duck_dealer.components import MAX_BID, MAX_GOODS_HELD
from domain.game import IllegalMove
from domain.match import Match
from tests import DECODE_REFUSALS


@pytest.mark.parametrize(
    "command",
    [
        {"type": "MineGoods", "mine": "M_S_DUCK", "quantity": 20_000_000},
        {"type": "MineGoods", "mine": "M_S_DUCK", "quantity": MAX_GOODS_HELD + 1},
        {"type": "ProduceGoods", "factory": "F_DIET_PILLS", "quantity": 0},
        {"type": "DeliverGoods", "client": "CL_SCIENCE", "quantity": 2**63},
        {"type": "SubmitTurnOrderBid", "amount": 2**64 - 1},
        {"type": "SubmitTurnOrderBid", "amount": MAX_BID + 1},
        {"type": "SubmitTurnOrderBid", "amount": -1},
        {"type": "ChooseTurnPosition", "position": 6},
        {"type": "ProposeTrade", "partner": 9, "give": [], "receive": []},
        {"type": "DiscardGoods", "goods": ["RUBBER_DUCK"] * (MAX_GOODS_HELD + 1)},
        {"type": "MoveShip", "path": ["S1-P1.1"] * 100_000},
        {"type": "BuildFactory", "factory": "F" * 10_000},
        {"type": "EndActionTurn", "return_energy": {"blue": 2**40}},
        {"type": "BuyShipUpgrade", "spaceport": "SP_CARGO_A", "part": "CARGO", "slot": 11},
    ],
)
def test_out_of_bounds_values_are_refused_when_decoded(command: dict[str, object]) -> None:
    with pytest.raises(IllegalMove) as refused:
        RULES.parse_command(msgspec.json.encode(command))
    assert refused.value.code in DECODE_REFUSALS


@pytest.mark.parametrize("options", [{"max_rounds": -5}, {"max_rounds": 0}, {"first_player": 7}])
def test_out_of_bounds_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(IllegalMove, match="BAD_OPTION"):
        Match.start("duck-dealer", ["ann", "ben"], options, 1)
