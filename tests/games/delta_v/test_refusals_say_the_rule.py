"""Issue #25: a refused move a newcomer tries says the rule behind it; the codes stay."""

from __future__ import annotations

import pytest

from domain.delta_v.commands import MoveRockets, RocketMove
from domain.game import IllegalMove

from .helpers import ANN, new_game, rocket, rocket_on


def test_a_tile_to_tile_move_says_how_rockets_move() -> None:
    game = new_game().given(*rocket_on(ANN, 2, (1, 1)))
    with pytest.raises(IllegalMove) as caught:
        game.decide(ANN, MoveRockets((RocketMove(rocket(ANN, 2), (2, 2)),)))
    assert caught.value.code == "ILLEGAL_DESTINATION"
    assert "from the station to an asteroid tile" in caught.value.message
    assert "never tile to tile" in caught.value.message
