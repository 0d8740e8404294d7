"""Issue #25: a refused move a newcomer tries says the rule behind it; the codes stay."""

from __future__ import annotations

import pytest

from domain.duck_dealer import RULES
from domain.duck_dealer.commands import MineGoods, PlaceFreeRouteSegment
from domain.duck_dealer.components import Energy
from domain.game import IllegalMove, TableChance

from .given import board, in_action_turn, play, set_player


def test_a_late_free_segment_says_when_free_segments_go_down() -> None:
    elena = 0
    state = in_action_turn(set_player(board(2), elena, energy=Energy(blue=1)), elena)
    state, _ = play(state, elena, MineGoods(mine="M_S_DUCK", quantity=1))
    with pytest.raises(IllegalMove) as caught:
        RULES.decide(state, elena, PlaceFreeRouteSegment(node="S1-P6.1"), TableChance())
    assert caught.value.code == "FREE_SEGMENT_WINDOW_CLOSED"
    assert "start of an action turn, before you spend energy or move" in caught.value.message
