"""Commands and events survive JSON, as the CLI and the event store carry them."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain.duck_dealer import RULES
from domain.duck_dealer.commands import BuyShipUpgrade, EndActionTurn
from domain.duck_dealer.components import Energy
from domain.game import HouseChance, IllegalMove, Rng

from .play import new_match, play_random


def test_every_event_of_a_match_round_trips_through_json() -> None:
    played = play_random(3, seed=11)
    for event in played.events:
        decoded = msgspec.json.decode(msgspec.json.encode(event), type=RULES.event_type)
        assert decoded == event


def test_legal_commands_round_trip_through_json() -> None:
    rnd = random.Random(5)
    state = new_match(2, seed=5)
    for n in range(300):
        seat = rnd.choice(sorted(RULES.to_move(state)))
        commands = list(RULES.legal(state, seat))
        for command in commands[:50]:
            assert RULES.parse_command(msgspec.json.encode(command)) == command
        state = RULES.fold(
            state, RULES.decide(state, seat, rnd.choice(commands), HouseChance(Rng(5, n)))
        )
        if RULES.result(state) is not None:
            break


def test_commands_parse_from_hand_written_json() -> None:
    upgrade = RULES.parse_command(
        '{"type": "BuyShipUpgrade", "spaceport": "SP_PILOT", "part": "PILOT", "slot": 2, '
        '"crew_disc_from_own_stock": false}'
    )
    assert upgrade == BuyShipUpgrade(
        spaceport="SP_PILOT", part="PILOT", slot=2, crew_disc_from_own_stock=False
    )
    end = RULES.parse_command(
        {"type": "EndActionTurn", "return_energy": {"blue": 1}, "discard_goods": []}
    )
    assert end == EndActionTurn(return_energy=Energy(blue=1), discard_goods=())
    # Issue #14: nothing is silently decided for the player: every choice is written out.
    for partial in (
        '{"type": "MineGoods", "mine": "M_S_DUCK"}',
        '{"type": "BuyShipUpgrade", "spaceport": "SP_PILOT", "part": "PILOT"}',
        '{"type": "EndActionTurn", "return_energy": {"blue": 1}}',
    ):
        with pytest.raises(IllegalMove, match="BAD_COMMAND"):
            RULES.parse_command(partial)
    with pytest.raises(IllegalMove) as caught:
        RULES.parse_command('{"type": "MoveShip", "path": "S1"}')
    assert caught.value.code == "BAD_COMMAND"
