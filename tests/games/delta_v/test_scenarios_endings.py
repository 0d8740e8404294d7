"""Rules digest §11, scenarios 14 and 15: Alien Encounters, every end condition, ranking."""

from __future__ import annotations

from domain.delta_v.commands import (
    BuyRocket,
    DeclareContract,
    MoveRockets,
    PassBidUp,
    ResolveAlienEncounter,
    RevealTile,
    RocketMove,
    SkipContractStep,
    Steal,
)
from domain.delta_v.components import mineral
from domain.delta_v.events import (
    ActionTaken,
    AlienEncounterResolved,
    AlienEncounterRevealed,
    AlienMoved,
    BribeSpent,
    BribeStolen,
    CollectedTile,
    ContractAttemptFailed,
    ContractFulfilled,
    Event,
    GameEnded,
    TilesFlippedFaceDown,
    TurnEnded,
    TurnStarted,
)
from domain.delta_v.rules import result
from domain.delta_v.rules_board import unspent_bribes
from domain.delta_v.view import render, view

from .helpers import (
    ALIEN,
    ANN,
    BEN,
    CAT,
    Game,
    bribe,
    contracts,
    end_reason,
    face_up_alien,
    new_game,
    rocket,
    rocket_on,
    types,
)

ALIENS = {(6, c): ALIEN for c in range(5)}


def _alien_mid_attempt(already_revealed: int) -> tuple[Game, list[Event]]:
    faces = {**ALIENS, (0, 0): mineral("ALP", 1)}
    game = new_game(faces)
    game.given(*[face_up_alien(BEN, (6, c), c + 1) for c in range(already_revealed)])
    game.given(ActionTaken(ANN, "buy"))
    game.when(ANN, DeclareContract("C04"))
    game.when(ANN, RevealTile((0, 0)))
    events = game.when(ANN, RevealTile((6, already_revealed)))
    return game, events


def test_14_alien_encounter_during_a_contract_attempt() -> None:
    game, events = _alien_mid_attempt(2)
    assert events[1:4] == [
        TilesFlippedFaceDown(((0, 0),)),
        ContractAttemptFailed(ANN, "C04", "main", "incident_revealed"),
        AlienEncounterRevealed(ANN, (6, 2), 3),
    ]
    assert game.state.phase == "ALIEN_DECISION"
    game.given(BribeSpent(BEN, bribe(BEN, "ALP"), "ALP", "survey"))
    game.reject(ANN, ResolveAlienEncounter((3, 3), None), "ILLEGAL_ALIEN_DESTINATION")
    game.reject(
        ANN, ResolveAlienEncounter(None, Steal(BEN, bribe(BEN, "ALP"), None)), "INVALID_STEAL"
    )
    game.reject(
        ANN, ResolveAlienEncounter(None, Steal(ANN, bribe(ANN, "ALP"), None)), "INVALID_STEAL"
    )
    game.reject(ANN, ResolveAlienEncounter(None, Steal(BEN, None, None)), "INVALID_STEAL")
    events = game.when(ANN, ResolveAlienEncounter((6, 2), Steal(BEN, bribe(BEN, "DEL"), None)))
    assert events[:3] == [
        AlienMoved(ANN, None, (6, 2)),
        BribeStolen(ANN, BEN, bribe(BEN, "DEL"), "DEL"),
        AlienEncounterResolved(ANN),
    ]
    assert types(events)[3:5] == ["TurnEnded", "TurnStarted"]
    assert len(unspent_bribes(game.state, ANN)) == 6
    assert game.state.alien == (6, 2)


def test_14_the_fifth_alien_ends_the_game_at_once() -> None:
    game, events = _alien_mid_attempt(4)
    assert types(events)[1:] == [
        "TilesFlippedFaceDown",
        "ContractAttemptFailed",
        "AlienEncounterRevealed",
        "GameEnded",
    ]
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.reason == "FIFTH_ALIEN_ENCOUNTER"
    assert game.state.phase == "GAME_OVER"
    game.reject(ANN, ResolveAlienEncounter(None, None), "GAME_OVER")
    game.reject(BEN, BuyRocket(), "GAME_OVER")
    assert result(game.state) is not None


def test_15_field_fully_occupied() -> None:
    faces = {(0, 0): mineral("EPS", 1), (0, 1): mineral("ALP", 1), (0, 2): ALIEN}
    game = new_game(faces, filler=None)
    game.given(
        *rocket_on(ANN, 1, (0, 0)),
        face_up_alien(ANN, (0, 2), 1),
        AlienMoved(ANN, None, (0, 1)),
        TurnEnded(1, ANN),
        TurnStarted(2, BEN),
    )
    game.when(BEN, MoveRockets((RocketMove(rocket(BEN, 1), (0, 2)),)))
    events = game.when(BEN, SkipContractStep())
    assert types(events) == ["ContractStepSkipped", "TurnEnded", "GameEnded"]
    assert end_reason(events) == "FIELD_FULLY_OCCUPIED"


def _one_tile_covered(**options: object) -> list[Event]:
    faces = {(0, 0): mineral("EPS", 1), (0, 2): ALIEN}
    game = new_game(faces, filler=None, contract_attempt_mandatory=False, **options)
    game.given(face_up_alien(BEN, (0, 2), 1), TurnStarted(2, ANN))
    game.when(ANN, MoveRockets((RocketMove(rocket(ANN, 1), (0, 0)),)))
    return game.when(ANN, SkipContractStep())


def test_15_a_face_up_alien_tile_must_be_covered_too() -> None:
    # R13: face-up Alien Encounters count as tiles of the field by default.
    assert types(_one_tile_covered())[-2:] == ["TurnEnded", "TurnStarted"]
    ended = _one_tile_covered(occupancy_counts_face_up_alien=False)[-1]
    assert isinstance(ended, GameEnded) and ended.reason == "FIELD_FULLY_OCCUPIED"


def _collected(seat: int, contract_id: str, values: tuple[int, ...]) -> ContractFulfilled:
    tiles = tuple(
        CollectedTile(f"x{contract_id}{i}", (5, i), "ALP", "ALP", v) for i, v in enumerate(values)
    )
    return ContractFulfilled(seat, contract_id, tiles, sum(values))


FOUR = contracts(*[(f"K{i}", ("ALP",)) for i in range(6)])


def _ended_after(*history: Event) -> GameEnded:
    """Play to the end of round 1 (max_rounds=1) after the history, and return the GameEnded."""
    game = new_game(contract_list=FOUR, max_rounds=1, contract_attempt_mandatory=False)
    game.given(*history, TurnEnded(1, ANN), TurnStarted(2, BEN), ActionTaken(BEN, "buy"))
    ended = game.when(BEN, SkipContractStep())[-1]
    assert isinstance(ended, GameEnded) and ended.reason == "ROUND_LIMIT"
    return ended


def test_15_tie_on_score_is_broken_by_contracts() -> None:
    ended = _ended_after(
        _collected(ANN, "K0", (5, 5)),
        _collected(ANN, "K1", (4,)),
        BribeSpent(ANN, bribe(ANN, "ALP"), "ALP", "survey"),
        _collected(BEN, "K2", (4,)),
        _collected(BEN, "K3", (4,)),
        _collected(BEN, "K4", (4,)),
    )
    assert [s.total for s in ended.scores] == [12, 12]
    assert ended.winners == (BEN,) and ended.places == (2, 1)


def test_15_then_by_unspent_bribes_then_shared() -> None:
    by_bribes = _ended_after(
        _collected(ANN, "K0", (6,)),
        _collected(BEN, "K1", (6,)),
        BribeStolen(ANN, BEN, bribe(BEN, "ALP"), "ALP"),
    )
    assert by_bribes.winners == (ANN,)
    shared = _ended_after(_collected(ANN, "K0", (6,)), _collected(BEN, "K1", (6,)))
    assert shared.winners == (ANN, BEN) and shared.places == (1, 1)


def test_15_last_contract_fulfilled_after_the_bid_up_window() -> None:
    game = new_game({(0, 0): mineral("ALP", 3)}, contract_list=contracts(("ONLY", ("ALP",))))
    game.given(ActionTaken(ANN, "buy"))
    game.when(ANN, DeclareContract("ONLY"))
    events = game.when(ANN, RevealTile((0, 0)))
    assert types(events)[-1] == "ResponseWindowOpened"
    events = game.when(BEN, PassBidUp())
    assert types(events)[-2:] == ["ContractFulfilled", "GameEnded"]
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.reason == "LAST_CONTRACT_FULFILLED"
    assert ended.winners == (ANN,) and ended.final_layout is not None
    assert "game over" in render(view(game.state, None), ["Ann", "Ben"])


def test_the_layout_stays_secret_when_the_option_is_off() -> None:
    game = new_game(
        {(0, 0): mineral("ALP", 3)},
        contract_list=contracts(("ONLY", ("ALP",))),
        reveal_layout_at_end=False,
        seats=3,
    )
    game.given(
        ActionTaken(ANN, "buy"),
        *[BribeSpent(s, bribe(s, "ALP"), "ALP", "survey") for s in (BEN, CAT)],
    )
    game.when(ANN, DeclareContract("ONLY"))
    ended = game.when(ANN, RevealTile((0, 0)))[-1]
    assert isinstance(ended, GameEnded) and ended.final_layout is None
