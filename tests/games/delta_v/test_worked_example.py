"""Rules digest §10: the worked example, turn by turn, on a hand-built layout."""

from __future__ import annotations

from domain.delta_v.commands import (
    AcceptFailure,
    BidUp,
    BuyRocket,
    DeclareContract,
    MoveRockets,
    ReplaceMineral,
    RevealTile,
    RocketMove,
)
from domain.delta_v.components import OMNIDIUM, incident, mineral
from domain.delta_v.events import (
    ActionTaken,
    BidUpDeclared,
    BribeSpent,
    CollectedTile,
    ContractAttemptFailed,
    ContractDeclared,
    ContractFulfilled,
    ContractRequirementsMet,
    IncidentTaken,
    MineralReplaced,
    ReplacementDeclined,
    ResponseWindowOpened,
    RocketMoved,
    RocketPlacedOnStation,
    RocketReturnedToShipyard,
    RocketsCollided,
    TileRevealed,
    TilesFlippedFaceDown,
    TurnEnded,
    TurnStarted,
)
from domain.delta_v.rules import score

from .helpers import ANN, BEN, bribe, judgement, new_game, rocket, tile_id

FACES = {
    (4, 3): mineral("BET", 5),
    (3, 4): mineral("ALP", 3),
    (0, 6): mineral(OMNIDIUM, 2),
    (3, 2): incident("PIRATE_ATTACK"),
}


def test_worked_example_three_turns() -> None:
    game = new_game(FACES)
    assert game.log[-1] == TurnStarted(1, ANN)

    # Turn 1, Ann
    assert game.when(ANN, MoveRockets((RocketMove(rocket(ANN, 1), (3, 2)),))) == [
        ActionTaken(ANN, "move"),
        RocketMoved(ANN, rocket(ANN, 1), "STATION", (3, 2), "action"),
    ]
    assert game.state.phase == "CONTRACT_DECLARATION"
    assert game.when(ANN, DeclareContract("C08")) == [ContractDeclared(ANN, "C08")]
    assert game.when(ANN, RevealTile((4, 3))) == [
        TileRevealed(ANN, (4, 3), tile_id((4, 3)), FACES[(4, 3)], "contract", "match")
    ]
    assert game.when(ANN, RevealTile((3, 4))) == [
        TileRevealed(ANN, (3, 4), tile_id((3, 4)), FACES[(3, 4)], "contract", "mismatch")
    ]
    assert game.state.phase == "REPLACEMENT_DECISION"
    assert game.when(ANN, AcceptFailure()) == [
        ReplacementDeclined(ANN, (3, 4)),
        TilesFlippedFaceDown(((4, 3), (3, 4))),
        ContractAttemptFailed(ANN, "C08", "main", "mismatch"),
        TurnEnded(1, ANN),
        TurnStarted(2, BEN),
    ]

    # Turn 2, Ben
    assert game.when(BEN, MoveRockets((RocketMove(rocket(BEN, 1), (3, 2)),))) == [
        ActionTaken(BEN, "move"),
        RocketMoved(BEN, rocket(BEN, 1), "STATION", (3, 2), "action"),
        RocketsCollided((3, 2), BEN, rocket(BEN, 1), ANN, rocket(ANN, 1)),
        RocketReturnedToShipyard(BEN, rocket(BEN, 1), "collision"),
        RocketReturnedToShipyard(ANN, rocket(ANN, 1), "collision"),
    ]
    game.when(BEN, DeclareContract("C04"))
    assert judgement(game.when(BEN, RevealTile((3, 4)))) == "match"
    assert judgement(game.when(BEN, RevealTile((4, 3)))) == "mismatch"
    assert game.when(BEN, ReplaceMineral(bribe(BEN, "DEL"))) == [
        BribeSpent(BEN, bribe(BEN, "DEL"), "DEL", "replacement"),
        MineralReplaced(BEN, (4, 3), "BET", "DEL", bribe(BEN, "DEL")),
        ContractRequirementsMet(BEN, "C04", ((3, 4), (4, 3))),
        ResponseWindowOpened("bid_up", (ANN,)),
    ]
    assert game.when(ANN, BidUp(bribe(ANN, "ALP"))) == [
        BidUpDeclared(ANN, bribe(ANN, "ALP"), "ALP", "C04")
    ]
    assert game.state.phase == "BID_UP_REVEAL"
    assert game.when(BEN, RevealTile((0, 6))) == [
        TileRevealed(BEN, (0, 6), tile_id((0, 6)), FACES[(0, 6)], "bid_up", "match"),
        BribeSpent(ANN, bribe(ANN, "ALP"), "ALP", "bid_up"),
        ContractFulfilled(
            BEN,
            "C04",
            (
                CollectedTile(tile_id((3, 4)), (3, 4), "ALP", "ALP", 3),
                CollectedTile(tile_id((4, 3)), (4, 3), "BET", "DEL", 5),
                CollectedTile(tile_id((0, 6)), (0, 6), "OMN", "OMN", 2),
            ),
            10,
        ),
        TurnEnded(2, BEN),
        TurnStarted(3, ANN),
    ]
    assert score(game.state) == (-2, 8)

    # Turn 3, Ann: every rocket is in her shipyard
    assert game.when(ANN, BuyRocket()) == [
        ActionTaken(ANN, "buy"),
        RocketPlacedOnStation(ANN, rocket(ANN, 1), "buy"),
    ]
    game.when(ANN, DeclareContract("C01"))
    assert game.when(ANN, RevealTile((3, 2))) == [
        TileRevealed(ANN, (3, 2), tile_id((3, 2)), FACES[(3, 2)], "contract", "incident"),
        ContractAttemptFailed(ANN, "C01", "main", "incident_revealed"),
        IncidentTaken(ANN, tile_id((3, 2)), "PIRATE_ATTACK", (3, 2), 3),
        TurnEnded(3, ANN),
        TurnStarted(4, BEN),
        ResponseWindowOpened("pre_action", (ANN,)),
    ]
    assert game.state.grid[3 * 7 + 2] is None
