"""The digest's turn-two rulings R2 and R3 (issue #15 items 4 and 5), given / when / then."""

from __future__ import annotations

from domain.delta_v import RULES
from domain.delta_v.commands import (
    BuyRocket,
    DeclareContract,
    PassResponse,
    PlayMeteorStorm,
    PlayPirateAttack,
    RevealTile,
    UseRocketAcquisition,
    UseSabotage,
)
from domain.delta_v.components import incident, mineral
from domain.delta_v.events import (
    ActionSkipped,
    MeteorStormPlayed,
    ResponseWindowOpened,
    RocketReturnedToShipyard,
    TileRevealed,
)

from .helpers import ANN, BEN, holds, new_game, rocket, rocket_on, tile_id, types

FACES = {
    (0, 0): mineral("ALP", 5),
    (6, 0): incident("ROCKET_ACQUISITION"),
    (6, 1): incident("PIRATE_ATTACK"),
    (6, 2): incident("METEOR_STORM"),
    (6, 3): incident("SABOTAGE"),
}


def test_a_pirate_attack_window_reopens_after_an_incident_used_before_the_action() -> None:
    # given Ann's turn has begun, and Ben gets a usable Pirate Attack only now
    game = new_game(FACES).given(
        holds(ANN, "ROCKET_ACQUISITION", (6, 0), 0), holds(BEN, "PIRATE_ATTACK", (6, 1), 0)
    )
    assert game.state.phase == "ACTION"
    # when Ann uses Rocket Acquisition before her action
    events = game.when(ANN, UseRocketAcquisition(tile_id((6, 0))))
    # then Ben may still attack before that action (R3, turn 2), and does
    assert ResponseWindowOpened("pre_action", (BEN,)) in events
    assert RULES.to_move(game.state) == frozenset({BEN})
    events = game.when(BEN, PlayPirateAttack(tile_id((6, 1))))
    assert ActionSkipped(ANN, "pirate_attack") in events
    game.reject(ANN, BuyRocket(), "WRONG_PHASE")


def test_a_meteor_storm_window_reopens_after_an_incident_used_before_declaring() -> None:
    game = new_game(FACES).given(
        holds(ANN, "ROCKET_ACQUISITION", (6, 0), 0), holds(BEN, "METEOR_STORM", (6, 2), 0)
    )
    game.when(ANN, BuyRocket())  # the action; the pre_contract window opens for Ben
    assert game.state.phase == "PRE_CONTRACT_WINDOW"
    game.when(BEN, PassResponse())
    assert game.state.phase == "CONTRACT_DECLARATION"
    # when Ann uses an own-turn incident before declaring
    events = game.when(ANN, UseRocketAcquisition(tile_id((6, 0))))
    # then Ben is asked again, and his storm stops the attempt
    assert ResponseWindowOpened("pre_contract", (BEN,)) in events
    events = game.when(BEN, PlayMeteorStorm(tile_id((6, 2))))
    assert any(isinstance(e, MeteorStormPlayed) for e in events)
    game.reject(ANN, DeclareContract("C01"), "CONTRACT_STEP_FORBIDDEN")


def test_no_window_reopens_once_its_incident_was_played_this_turn() -> None:
    game = new_game(FACES).given(
        holds(ANN, "ROCKET_ACQUISITION", (6, 0), 0), holds(BEN, "METEOR_STORM", (6, 2), 0)
    )
    game.when(ANN, BuyRocket())
    game.when(BEN, PlayMeteorStorm(tile_id((6, 2))))
    events = game.when(ANN, UseRocketAcquisition(tile_id((6, 0))))
    assert "ResponseWindowOpened" not in types(events)


def test_sabotage_between_the_reveals_of_a_contract_attempt() -> None:
    # given Ann has declared a contract on a tile where Ben's rocket also stands
    game = new_game(FACES).given(
        holds(ANN, "SABOTAGE", (6, 3), 0),
        *rocket_on(ANN, 1, (0, 0)),
        *rocket_on(BEN, 1, (0, 0)),
    )
    game.when(ANN, BuyRocket())
    game.when(ANN, DeclareContract("C01"))
    assert game.state.phase == "CONTRACT_REVEAL"
    sabotage = UseSabotage(tile_id((6, 3)), rocket(BEN, 1), None)
    assert sabotage in RULES.legal(game.state, ANN)
    # when she sabotages Ben's rocket between reveals (R2, turn 2)
    events = game.when(ANN, sabotage)
    # then it leaves, the attempt goes on, and the reveal follows
    assert RocketReturnedToShipyard(BEN, rocket(BEN, 1), "sabotage") in events
    assert game.state.phase == "CONTRACT_REVEAL"
    events = game.when(ANN, RevealTile((0, 0)))
    assert any(isinstance(e, TileRevealed) for e in events)


def test_no_own_turn_incident_once_the_turn_has_ended() -> None:
    game = new_game(FACES).given(holds(BEN, "SABOTAGE", (6, 3), 0), *rocket_on(ANN, 1, (0, 0)))
    game.when(ANN, BuyRocket())
    game.reject(BEN, UseSabotage(tile_id((6, 3)), rocket(ANN, 1), None), "NOT_YOUR_TURN")
