"""Mineral Scan (§4.4.6), the alien's continuations (§4.4.14), and what each view shows (§5)."""

from __future__ import annotations

from domain.delta_v import RULES
from domain.delta_v.commands import (
    AcceptFailure,
    ChooseProspectReveal,
    DeclareContract,
    FinishMineralScan,
    PassResponse,
    Prospect,
    ResolveAlienEncounter,
    RevealTile,
    SatelliteSurvey,
    ScanPeek,
    UseMineralScan,
)
from domain.delta_v.components import incident, mineral
from domain.delta_v.events import (
    AlienEncounterResolved,
    Event,
    IncidentTaken,
    IncidentUsed,
    MineralScanFinished,
    MineralScanStarted,
    PeekResult,
    ResponseWindowOpened,
    RocketsReturnedToStation,
    TileRevealed,
    TilesPeeked,
)
from domain.delta_v.view import render, view

from .helpers import (
    ALIEN,
    ANN,
    BEN,
    Game,
    alien_at,
    bribe,
    holds,
    new_game,
    rocket,
    rocket_on,
    rocket_on_station,
    tile_id,
)

SCAN_AT = (6, 6)
FACES = {
    SCAN_AT: incident("MINERAL_SCAN"),
    (1, 1): incident("SABOTAGE"),
    (0, 0): mineral("ALP", 5),
    (0, 1): incident("PIRATE_ATTACK"),
    (2, 2): mineral("BET", 2),
}


def _scanning(**options: object) -> tuple[Game, list[Event]]:
    game = new_game(FACES, **options).given(
        holds(ANN, "MINERAL_SCAN", SCAN_AT, 0),
        *rocket_on(ANN, 1, (1, 1)),
        *rocket_on(ANN, 2, (2, 2)),
        rocket_on_station(ANN, 3),
        *rocket_on(BEN, 1, (0, 1)),
    )
    events = game.when(ANN, UseMineralScan(tile_id(SCAN_AT)))
    return game, events


def test_mineral_scan_peeks_under_own_rockets_then_as_many_tiles_as_rockets_in_play() -> None:
    game, events = _scanning()
    assert events[:3] == [
        IncidentUsed(ANN, tile_id(SCAN_AT), "MINERAL_SCAN"),
        MineralScanStarted(ANN, 3),
        TilesPeeked(ANN, "scan_own", ((1, 1), (2, 2))),
    ]
    assert game.state.phase == "SCAN_PEEKING"
    assert [p.position for p in view(game.state, ANN).peeks] == [(1, 1), (2, 2)]
    assert view(game.state, BEN).peeks == () and RULES.legal(game.state, BEN) == []
    game.reject(ANN, ScanPeek((1, 1)), "DUPLICATE_ENTRY")
    game.reject(ANN, ScanPeek((3, 3)), "TILE_NOT_FACE_DOWN")
    for position in ((0, 0), (0, 1), (0, 2)):  # R10: Ben's tile (0,1) may be peeked
        game.when(ANN, ScanPeek(position))
    game.reject(ANN, ScanPeek((0, 3)), "PEEK_ALLOWANCE_EXHAUSTED")
    assert view(game.state, ANN).scan_peeks_left == 0
    game.reject(ANN, FinishMineralScan((0, 1)), "NO_OWN_ROCKET_ON_TILE")
    game.reject(ANN, FinishMineralScan((5, 5)), "TILE_NOT_PEEKED")
    game.reject(ANN, FinishMineralScan((2, 2)), "NOT_AN_INCIDENT")
    events = game.when(ANN, FinishMineralScan((1, 1)))
    assert events == [
        MineralScanFinished(ANN),
        TileRevealed(ANN, (1, 1), tile_id((1, 1)), FACES[(1, 1)], "scan", "incident"),
        RocketsReturnedToStation(ANN, (rocket(ANN, 1),), (1, 1), "incident"),
        IncidentTaken(ANN, tile_id((1, 1)), "SABOTAGE", (1, 1), 1),
    ]
    assert game.state.phase == "ACTION"  # the scan is not the action
    assert view(game.state, ANN).peeks == ()


def test_scan_respects_blocking_when_the_option_says_so() -> None:
    game, _ = _scanning(scan_respects_blocking=True)
    game.reject(ANN, ScanPeek((0, 1)), "TILE_BLOCKED")
    game.when(ANN, FinishMineralScan(None))
    assert game.state.phase == "ACTION"


def test_a_prospected_alien_then_the_pre_contract_window() -> None:
    faces = {(2, 2): ALIEN, (6, 0): incident("METEOR_STORM")}
    game = new_game(faces).given(holds(BEN, "METEOR_STORM", (6, 0), 0), *rocket_on(ANN, 1, (2, 2)))
    game.when(ANN, Prospect())
    game.when(ANN, ChooseProspectReveal((2, 2)))
    assert game.state.phase == "ALIEN_DECISION"
    events = game.when(ANN, ResolveAlienEncounter((2, 2), None))
    assert events[-2:] == [
        AlienEncounterResolved(ANN),
        ResponseWindowOpened("pre_contract", (BEN,)),
    ]
    assert view(game.state, None).cells[0].status == "FACE_DOWN"
    alien_cell = next(c for c in view(game.state, None).cells if c.position == (2, 2))
    assert alien_cell.status == "ALIEN_TILE" and alien_cell.alien
    assert alien_cell.rockets == ()  # Ann's rocket went back to the station (§4.6.2)


def test_a_tile_under_the_alien_is_never_revealed_by_prospect() -> None:
    game = new_game({(2, 2): incident("SABOTAGE")}).given(
        *rocket_on(ANN, 1, (2, 2)), alien_at((2, 2))
    )
    game.when(ANN, Prospect())
    assert [p.position for p in view(game.state, ANN).peeks] == [(2, 2)]
    game.reject(ANN, ChooseProspectReveal((2, 2)), "TILE_BLOCKED")
    assert RULES.legal(game.state, ANN) == [ChooseProspectReveal(None)]


def test_survey_results_stay_in_view_until_the_surveyors_next_command() -> None:
    faces = {(0, 0): mineral("ALP", 1), (6, 0): incident("METEOR_STORM")}
    game = new_game(faces).given(holds(BEN, "METEOR_STORM", (6, 0), 0))
    game.when(ANN, SatelliteSurvey(bribe(ANN, "ALP"), ((0, 0), (0, 1), (0, 2))))
    assert game.state.phase == "PRE_CONTRACT_WINDOW"
    assert view(game.state, ANN).peeks[0] == PeekResult((0, 0), mineral("ALP", 1))
    game.when(BEN, PassResponse())  # another seat's decision leaves them in view
    assert "ALP1" in render(view(game.state, ANN), ["Ann", "Ben"])
    assert "ALP1" not in render(view(game.state, BEN), ["Ann", "Ben"])
    game.when(ANN, DeclareContract("C01"))
    assert view(game.state, ANN).peeks == ()


def test_memory_aid_remembers_own_peeks_and_public_reveals() -> None:
    game = new_game({(0, 0): mineral("ALP", 1), (4, 4): mineral("GAM", 4)}, memory_aid=True)
    game.when(ANN, SatelliteSurvey(bribe(ANN, "ALP"), ((0, 0), (0, 1), (0, 2))))
    game.when(ANN, DeclareContract("C08"))
    game.when(ANN, RevealTile((4, 4)))
    game.when(ANN, RevealTile((0, 0)))
    game.when(ANN, AcceptFailure())
    ann = {p.position for p in view(game.state, ANN).known_tiles}
    ben = {p.position for p in view(game.state, BEN).known_tiles}
    assert ann == {(0, 0), (0, 1), (0, 2), (4, 4)}
    assert ben == {(0, 0), (4, 4)}
    assert view(game.state, None).known_tiles == ()
    without = new_game({(0, 0): mineral("ALP", 1)})
    without.when(ANN, SatelliteSurvey(bribe(ANN, "ALP"), ((0, 0), (0, 1), (0, 2))))
    assert view(without.state, ANN).known_tiles == ()
