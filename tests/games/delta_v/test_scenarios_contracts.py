"""Rules digest §11, scenarios 7-11: the contract attempt, matching, failure, bid-up."""

from __future__ import annotations

from domain.delta_v.commands import (
    AcceptFailure,
    BidUp,
    DeclareContract,
    PassBidUp,
    ReplaceMineral,
    RevealTile,
    SkipContractStep,
)
from domain.delta_v.components import OMNIDIUM, incident, mineral
from domain.delta_v.events import (
    ActionTaken,
    BidUpBribeReturned,
    BidUpDeclared,
    BribeSpent,
    BribeStolen,
    CollectedTile,
    ContractAttemptFailed,
    ContractFulfilled,
    ContractRequirementsMet,
    Event,
    MineralReplaced,
    ResponseWindowOpened,
    RocketsReturnedToStation,
    TileRevealed,
    TilesFlippedFaceDown,
)
from domain.delta_v.view import view

from .helpers import (
    ANN,
    BEN,
    CAT,
    Game,
    alien_at,
    bribe,
    bribe_status,
    contracts,
    fulfilled_by,
    judgement,
    new_game,
    rocket,
    rocket_on,
    tile_id,
    types,
)


def test_7_reveal_restrictions() -> None:
    faces = {(1, 1): mineral("ALP", 2), (0, 0): mineral("DEL", 4)}
    game = new_game(faces).given(
        *rocket_on(BEN, 1, (2, 2)),
        alien_at((4, 4)),
        *rocket_on(ANN, 2, (1, 1)),
        ActionTaken(ANN, "buy"),
    )
    game.when(ANN, DeclareContract("C04"))
    game.reject(ANN, RevealTile((2, 2)), "TILE_BLOCKED")
    game.reject(ANN, RevealTile((4, 4)), "TILE_BLOCKED")
    game.reject(ANN, RevealTile((3, 3)), "TILE_NOT_FACE_DOWN")
    events = game.when(ANN, RevealTile((1, 1)))
    assert events == [
        TileRevealed(ANN, (1, 1), tile_id((1, 1)), faces[(1, 1)], "contract", "match")
    ]
    game.reject(ANN, RevealTile((1, 1)), "TILE_NOT_FACE_DOWN")
    events = game.when(ANN, RevealTile((0, 0)))
    assert events[1:] == [
        ContractRequirementsMet(ANN, "C04", ((1, 1), (0, 0))),
        ResponseWindowOpened("bid_up", (BEN,)),
    ]
    events = game.when(BEN, PassBidUp())
    assert RocketsReturnedToStation(ANN, (rocket(ANN, 2),), (1, 1), "fulfilled") in events
    assert fulfilled_by(game.state, "C04") == ANN


def test_8_omnidium_fills_any_slot() -> None:
    faces = {(0, 0): mineral(OMNIDIUM, 1), (0, 1): mineral(OMNIDIUM, 2)}
    game = new_game(faces, contract_list=contracts(("AB", ("ALP", "BET")), ("X", ("EPS",))))
    game.given(ActionTaken(ANN, "buy"))
    game.when(ANN, DeclareContract("AB"))
    game.when(ANN, RevealTile((0, 0)))
    events = game.when(ANN, RevealTile((0, 1)))
    assert judgement(events) == "match"
    assert events[1] == ContractRequirementsMet(ANN, "AB", ((0, 0), (0, 1)))


def test_8_a_duplicate_is_a_mismatch_and_only_a_needed_bribe_fixes_it() -> None:
    faces = {(0, 0): mineral("ALP", 1), (0, 1): mineral("ALP", 5)}
    game = new_game(faces, contract_list=contracts(("AD", ("ALP", "DEL")), ("X", ("EPS",))))
    game.given(ActionTaken(ANN, "buy"), BribeSpent(BEN, bribe(BEN, "ALP"), "ALP", "survey"))
    game.given(BribeSpent(BEN, bribe(BEN, "DEL"), "DEL", "survey"))
    game.when(ANN, DeclareContract("AD"))
    game.when(ANN, RevealTile((0, 0)))
    events = game.when(ANN, RevealTile((0, 1)))
    assert events == [
        TileRevealed(ANN, (0, 1), tile_id((0, 1)), faces[(0, 1)], "contract", "mismatch")
    ]
    assert game.state.phase == "REPLACEMENT_DECISION"
    game.reject(ANN, ReplaceMineral(bribe(ANN, "BET")), "REPLACEMENT_WOULD_NOT_MATCH")
    game.reject(ANN, ReplaceMineral(bribe(ANN, "ALP")), "REPLACEMENT_WOULD_NOT_MATCH")
    events = game.when(ANN, ReplaceMineral(bribe(ANN, "DEL")))
    assert events[:3] == [
        BribeSpent(ANN, bribe(ANN, "DEL"), "DEL", "replacement"),
        MineralReplaced(ANN, (0, 1), "ALP", "DEL", bribe(ANN, "DEL")),
        ContractRequirementsMet(ANN, "AD", ((0, 0), (0, 1))),
    ]
    fulfilled = next(e for e in events if isinstance(e, ContractFulfilled))
    assert fulfilled.tiles[1] == CollectedTile(tile_id((0, 1)), (0, 1), "ALP", "DEL", 5)
    assert fulfilled.points == 6


def test_9_failure_cleanup() -> None:
    faces = {(0, 0): mineral("ALP", 4), (0, 1): mineral("DEL", 2), (0, 2): mineral("BET", 2)}
    game = new_game(faces, contract_list=contracts(("AGE", ("ALP", "GAM", "EPS")), ("X", ("BET",))))
    game.given(ActionTaken(ANN, "buy"), BribeStolen(BEN, ANN, bribe(ANN, "EPS"), "EPS"))
    game.when(ANN, DeclareContract("AGE"))
    game.when(ANN, RevealTile((0, 0)))
    game.when(ANN, RevealTile((0, 1)))
    game.when(ANN, ReplaceMineral(bribe(ANN, "GAM")))
    events = game.when(ANN, RevealTile((0, 2)))
    assert events[:3] == [
        TileRevealed(ANN, (0, 2), tile_id((0, 2)), faces[(0, 2)], "contract", "mismatch"),
        TilesFlippedFaceDown(((0, 0), (0, 1), (0, 2))),
        ContractAttemptFailed(ANN, "AGE", "main", "mismatch"),
    ]
    assert types(events)[3:5] == ["TurnEnded", "TurnStarted"]
    assert bribe_status(game.state, bribe(ANN, "GAM")) == "spent"
    assert game.state.collections[ANN] == ()
    assert fulfilled_by(game.state, "AGE") is None
    assert view(game.state, None).players[ANN].score == -2
    assert all(c.status == "FACE_DOWN" for c in view(game.state, None).cells)


def _contract_met(seats: int = 2) -> tuple[Game, list[Event]]:
    faces = {
        (0, 0): mineral("BET", 1),
        (0, 1): mineral("GAM", 2),
        (0, 2): mineral("DEL", 3),
        (0, 3): mineral("EPS", 3),
        (0, 4): mineral(OMNIDIUM, 2),
    }
    game = new_game(faces, seats=seats)
    game.given(ActionTaken(ANN, "buy"), BribeSpent(ANN, bribe(ANN, "GAM"), "GAM", "survey"))
    game.when(ANN, DeclareContract("C08"))
    game.when(ANN, RevealTile((0, 0)))
    game.when(ANN, RevealTile((0, 1)))
    events = game.when(ANN, RevealTile((0, 2)))
    return game, events


def test_10_bid_up_rules_and_a_failed_bid_up() -> None:
    game, events = _contract_met()
    assert events[-1] == ResponseWindowOpened("bid_up", (BEN,))
    game.reject(BEN, BidUp(bribe(BEN, "ALP")), "BID_MINERAL_NOT_ON_CONTRACT")
    game.reject(BEN, BidUp(bribe(ANN, "BET")), "BRIBE_NOT_OWNED")
    events = game.when(BEN, BidUp(bribe(BEN, "GAM")))
    assert events == [BidUpDeclared(BEN, bribe(BEN, "GAM"), "GAM", "C08")]
    assert game.state.phase == "BID_UP_REVEAL"
    events = game.when(ANN, RevealTile((0, 3)))
    assert events[:4] == [
        TileRevealed(ANN, (0, 3), tile_id((0, 3)), mineral("EPS", 3), "bid_up", "mismatch"),
        TilesFlippedFaceDown(((0, 0), (0, 1), (0, 2), (0, 3))),
        BidUpBribeReturned(BEN, bribe(BEN, "GAM")),
        ContractAttemptFailed(ANN, "C08", "bid_up", "mismatch"),
    ]
    assert bribe_status(game.state, bribe(BEN, "GAM")) == "unspent"
    assert fulfilled_by(game.state, "C08") is None
    assert game.state.collections[ANN] == ()


def test_10_omnidium_answers_a_bid_up() -> None:
    game, _ = _contract_met()
    game.when(BEN, BidUp(bribe(BEN, "GAM")))
    events = game.when(ANN, RevealTile((0, 4)))
    assert judgement(events) == "match"
    assert events[1] == BribeSpent(BEN, bribe(BEN, "GAM"), "GAM", "bid_up")
    fulfilled = events[2]
    assert isinstance(fulfilled, ContractFulfilled) and len(fulfilled.tiles) == 4
    assert fulfilled.points == 1 + 2 + 3 + 2
    assert view(game.state, None).players[BEN].score == -2


def test_10_a_bid_up_mismatch_is_fixed_only_with_the_bidders_mineral() -> None:
    faces = {(0, 0): mineral("ALP", 1), (0, 1): mineral("BET", 2)}
    game = new_game(faces)
    game.given(ActionTaken(ANN, "buy"))
    game.when(ANN, DeclareContract("C01"))
    game.when(ANN, RevealTile((0, 0)))
    game.when(BEN, BidUp(bribe(BEN, "ALP")))
    game.when(ANN, RevealTile((0, 1)))
    assert game.state.phase == "REPLACEMENT_DECISION"
    game.reject(ANN, ReplaceMineral(bribe(ANN, "BET")), "REPLACEMENT_WOULD_NOT_MATCH")
    events = game.when(ANN, ReplaceMineral(bribe(ANN, "ALP")))
    assert events[:3] == [
        BribeSpent(ANN, bribe(ANN, "ALP"), "ALP", "replacement"),
        MineralReplaced(ANN, (0, 1), "BET", "ALP", bribe(ANN, "ALP")),
        BribeSpent(BEN, bribe(BEN, "ALP"), "ALP", "bid_up"),
    ]
    assert isinstance(events[3], ContractFulfilled) and events[3].points == 3


def test_11_bid_up_priority_with_three_players() -> None:
    game, events = _contract_met(seats=3)
    assert events[-1] == ResponseWindowOpened("bid_up", (BEN, CAT))
    game.reject(CAT, BidUp(bribe(CAT, "GAM")), "NOT_YOUR_TURN")  # one code, every game
    game.reject(CAT, PassBidUp(), "NOT_YOUR_TURN")
    game.when(BEN, BidUp(bribe(BEN, "DEL")))
    assert game.state.window is None
    game.reject(CAT, BidUp(bribe(CAT, "GAM")), "NOT_YOUR_TURN")
    events = game.when(ANN, RevealTile((0, 4)))
    assert not any(isinstance(e, ResponseWindowOpened) for e in events)
    assert fulfilled_by(game.state, "C08") == ANN


def test_11_all_pass_then_fulfil() -> None:
    game, _ = _contract_met(seats=3)
    game.when(BEN, PassBidUp())
    events = game.when(CAT, PassBidUp())
    assert any(isinstance(e, ContractFulfilled) for e in events)


def test_accept_failure_and_incident_reveal() -> None:
    faces = {(0, 0): mineral("BET", 5), (0, 1): mineral("ALP", 3), (0, 2): incident("SABOTAGE")}
    game = new_game(faces)
    game.given(ActionTaken(ANN, "buy"))
    game.when(ANN, DeclareContract("C08"))
    game.when(ANN, RevealTile((0, 0)))
    game.when(ANN, RevealTile((0, 1)))
    events = game.when(ANN, AcceptFailure())
    assert types(events)[:3] == [
        "ReplacementDeclined",
        "TilesFlippedFaceDown",
        "ContractAttemptFailed",
    ]
    game.given(ActionTaken(BEN, "buy"))
    game.when(BEN, DeclareContract("C01"))
    events = game.when(BEN, RevealTile((0, 2)))
    assert types(events)[:3] == ["TileRevealed", "ContractAttemptFailed", "IncidentTaken"]
    assert events[1] == ContractAttemptFailed(BEN, "C01", "main", "incident_revealed")


def test_the_attempt_is_mandatory_unless_nothing_can_be_revealed() -> None:
    game = new_game({(0, 0): mineral("ALP", 1)}, filler=None).given(ActionTaken(ANN, "buy"))
    game.reject(ANN, SkipContractStep(), "SKIP_NOT_ALLOWED")
    game.reject(ANN, DeclareContract("C00"), "INVALID_TARGET")
    blocked = new_game({(0, 0): mineral("ALP", 1)}, filler=None).given(
        *rocket_on(BEN, 1, (0, 0)), ActionTaken(ANN, "buy")
    )
    blocked.reject(ANN, DeclareContract("C01"), "NO_REVEALABLE_TILE")
    assert types(blocked.when(ANN, SkipContractStep()))[0] == "ContractStepSkipped"


def test_no_revealable_tile_mid_attempt_fails_it() -> None:
    game = new_game({(0, 0): mineral("ALP", 1)}, filler=None).given(ActionTaken(ANN, "buy"))
    game.when(ANN, DeclareContract("C04"))
    events = game.when(ANN, RevealTile((0, 0)))
    assert ContractAttemptFailed(ANN, "C04", "main", "no_revealable_tile") in events
