"""Rules digest §11, scenarios 1-6, 12 and 13: actions, incidents and the response windows."""

from __future__ import annotations

from domain.delta_v.commands import (
    BuyRocket,
    ChooseProspectReveal,
    DeclareContract,
    MoveRockets,
    PassResponse,
    PlayMeteorStorm,
    PlayPirateAttack,
    Prospect,
    ResolveAlienEncounter,
    RocketMove,
    SatelliteSurvey,
    SkipContractStep,
    Steal,
    UseRocketAcquisition,
    UseSabotage,
)
from domain.delta_v.components import incident, mineral
from domain.delta_v.events import (
    ActionSkipped,
    ActionTaken,
    BribeSpent,
    CollectedTile,
    ContractFulfilled,
    ContractStepSkipped,
    IncidentStolen,
    IncidentTaken,
    IncidentUsed,
    MeteorStormPlayed,
    PeekResult,
    PirateAttackPlayed,
    ResponseWindowOpened,
    RocketMoved,
    RocketPlacedOnStation,
    RocketReturnedToShipyard,
    RocketsCollided,
    TilesPeeked,
    TilesPeekedDetail,
    TurnEnded,
    TurnStarted,
)
from domain.delta_v.rules_board import rockets_at
from domain.delta_v.view import view
from domain.game import Visibility

from .helpers import (
    ALIEN,
    ANN,
    BEN,
    alien_at,
    bribe,
    holds,
    new_game,
    rocket,
    rocket_on,
    rocket_on_station,
    tile_id,
    types,
)


def test_1_no_tile_to_tile_moves() -> None:
    game = new_game().given(*rocket_on(ANN, 2, (1, 1)))
    game.reject(ANN, MoveRockets((RocketMove(rocket(ANN, 2), (2, 2)),)), "ILLEGAL_DESTINATION")
    events = game.when(ANN, MoveRockets((RocketMove(rocket(ANN, 2), "STATION"),)))
    assert events[:2] == [
        ActionTaken(ANN, "move"),
        RocketMoved(ANN, rocket(ANN, 2), (1, 1), "STATION", "action"),
    ]


def test_1_station_to_station_and_to_the_station_cell_are_illegal() -> None:
    game = new_game()
    game.reject(ANN, MoveRockets((RocketMove(rocket(ANN, 1), "STATION"),)), "ILLEGAL_DESTINATION")
    game.reject(ANN, MoveRockets((RocketMove(rocket(ANN, 1), (3, 3)),)), "ILLEGAL_DESTINATION")
    game.reject(ANN, MoveRockets((RocketMove(rocket(ANN, 2), (0, 0)),)), "ROCKET_NOT_IN_PLAY")
    game.reject(ANN, MoveRockets((RocketMove(rocket(BEN, 1), (0, 0)),)), "ROCKET_NOT_OWNED")


def test_1_no_move_onto_an_empty_cell() -> None:
    game = new_game({(0, 0): mineral("ALP", 1)}, filler=None)
    game.reject(ANN, MoveRockets((RocketMove(rocket(ANN, 1), (0, 1)),)), "ILLEGAL_DESTINATION")


def test_2_each_rocket_moves_once_and_the_command_is_atomic() -> None:
    game = new_game()
    moves = (RocketMove(rocket(ANN, 1), (0, 0)), RocketMove(rocket(ANN, 1), "STATION"))
    game.reject(ANN, MoveRockets(moves), "ROCKET_ALREADY_MOVED")
    assert game.state.phase == "ACTION"


def test_3_one_for_one_collisions() -> None:
    game = new_game(first=BEN).given(*rocket_on(BEN, 1, (0, 0)), *rocket_on(BEN, 2, (0, 0)))
    game.given(TurnStarted(2, ANN), rocket_on_station(ANN, 2))
    events = game.when(
        ANN,
        MoveRockets((RocketMove(rocket(ANN, 1), (0, 0)), RocketMove(rocket(ANN, 2), (0, 0)))),
    )
    assert events[:9] == [
        ActionTaken(ANN, "move"),
        RocketMoved(ANN, rocket(ANN, 1), "STATION", (0, 0), "action"),
        RocketsCollided((0, 0), ANN, rocket(ANN, 1), BEN, rocket(BEN, 1)),
        RocketReturnedToShipyard(ANN, rocket(ANN, 1), "collision"),
        RocketReturnedToShipyard(BEN, rocket(BEN, 1), "collision"),
        RocketMoved(ANN, rocket(ANN, 2), "STATION", (0, 0), "action"),
        RocketsCollided((0, 0), ANN, rocket(ANN, 2), BEN, rocket(BEN, 2)),
        RocketReturnedToShipyard(ANN, rocket(ANN, 2), "collision"),
        RocketReturnedToShipyard(BEN, rocket(BEN, 2), "collision"),
    ]
    assert rockets_at(game.state, (0, 0)) == []


def test_3_a_third_arriving_rocket_stays() -> None:
    game = new_game(first=BEN).given(*rocket_on(BEN, 1, (0, 0)), *rocket_on(BEN, 2, (0, 0)))
    game.given(TurnStarted(2, ANN), rocket_on_station(ANN, 2), rocket_on_station(ANN, 3))
    moves = tuple(RocketMove(rocket(ANN, n), (0, 0)) for n in (1, 2, 3))
    game.when(ANN, MoveRockets(moves))
    assert [r.rocket_id for r in rockets_at(game.state, (0, 0))] == [rocket(ANN, 3)]


def test_4_alien_lock() -> None:
    game = new_game().given(*rocket_on(ANN, 3, (5, 5)), alien_at((5, 5)))
    game.reject(
        ANN, MoveRockets((RocketMove(rocket(ANN, 3), "STATION"),)), "ROCKET_LOCKED_BY_ALIEN"
    )


def test_4_others_may_land_on_the_alien_tile_and_collide() -> None:
    game = new_game(first=BEN).given(*rocket_on(ANN, 3, (5, 5)), alien_at((5, 5)))
    events = game.when(BEN, MoveRockets((RocketMove(rocket(BEN, 1), (5, 5)),)))
    assert RocketsCollided((5, 5), BEN, rocket(BEN, 1), ANN, rocket(ANN, 3)) in events


def test_5_satellite_survey_validation() -> None:
    game = new_game().given(*rocket_on(BEN, 1, (0, 4)))
    survey = bribe(ANN, "EPS")
    game.reject(ANN, SatelliteSurvey(survey, ((0, 1), (1, 1), (0, 5))), "TILES_NOT_IN_LINE")
    game.reject(ANN, SatelliteSurvey(survey, ((0, 1), (0, 4), (0, 5))), "TILE_BLOCKED")
    game.reject(ANN, SatelliteSurvey(survey, ((0, 1), (0, 2))), "WRONG_PEEK_COUNT")
    game.reject(ANN, SatelliteSurvey(survey, ((0, 1), (0, 1), (0, 2))), "DUPLICATE_ENTRY")
    game.reject(
        ANN, SatelliteSurvey(bribe(BEN, "EPS"), ((0, 1), (0, 2), (0, 5))), "BRIBE_NOT_OWNED"
    )
    events = game.when(ANN, SatelliteSurvey(survey, ((0, 1), (0, 2), (0, 5))))
    positions = ((0, 1), (0, 2), (0, 5))
    assert events[:4] == [
        ActionTaken(ANN, "survey"),
        BribeSpent(ANN, survey, "EPS", "survey"),
        TilesPeeked(ANN, "survey", positions),
        TilesPeekedDetail(
            ANN, "survey", tuple(PeekResult(p, mineral("EPS", 1)) for p in positions)
        ),
    ]
    assert events[3].visibility() == Visibility.only(ANN)
    assert all(e.visibility().is_public for e in events if not isinstance(e, TilesPeekedDetail))
    ben_view = view(game.state, BEN)
    assert ben_view.peeks == () and all(c.face is None for c in ben_view.cells)
    assert [p.position for p in view(game.state, ANN).peeks] == list(positions)


def test_5_with_every_counter_spent_no_survey() -> None:
    spent = [
        BribeSpent(ANN, bribe(ANN, m), m, "survey") for m in ("ALP", "BET", "GAM", "DEL", "EPS")
    ]
    game = new_game().given(*spent)
    game.reject(
        ANN, SatelliteSurvey(bribe(ANN, "EPS"), ((0, 1), (0, 2), (0, 5))), "BRIBE_NOT_UNSPENT"
    )


def test_5_a_short_survey_needs_every_eligible_tile_of_its_line() -> None:
    # R8: row 0 keeps only (0,1) and (0,2); (0,4) is under Ben's rocket.
    faces = {(0, 1): mineral("ALP", 1), (0, 2): mineral("BET", 2), (0, 4): mineral("GAM", 3)}
    faces |= {(r, 6): mineral("DEL", 1) for r in range(1, 7)} | {(1, 1): mineral("ALP", 2)}
    game = new_game(faces, filler=None).given(*rocket_on(BEN, 1, (0, 4)))
    game.reject(ANN, SatelliteSurvey(bribe(ANN, "ALP"), ((0, 1),)), "WRONG_PEEK_COUNT")
    game.reject(ANN, SatelliteSurvey(bribe(ANN, "ALP"), ((1, 6), (2, 6))), "WRONG_PEEK_COUNT")
    events = game.when(ANN, SatelliteSurvey(bribe(ANN, "ALP"), ((0, 1), (0, 2))))
    assert TilesPeeked(ANN, "survey", ((0, 1), (0, 2))) in events


def test_6_buy_with_an_empty_shipyard() -> None:
    game = new_game().given(*[e for n in range(1, 6) for e in rocket_on(ANN, n, (0, n))])
    game.reject(ANN, BuyRocket(), "SHIPYARD_EMPTY")


def test_6_buy_takes_the_lowest_shipyard_rocket() -> None:
    events = new_game().when(ANN, BuyRocket())
    assert events[:2] == [
        ActionTaken(ANN, "buy"),
        RocketPlacedOnStation(ANN, rocket(ANN, 2), "buy"),
    ]


def test_prospect_needs_a_rocket_on_a_tile() -> None:
    new_game().reject(ANN, Prospect(), "NOTHING_TO_PROSPECT")


def test_prospect_decision_is_always_presented() -> None:
    game = new_game().given(*rocket_on(ANN, 1, (2, 2)))
    game.when(ANN, Prospect())
    assert game.state.phase == "PROSPECT_DECISION"
    game.reject(ANN, ChooseProspectReveal((2, 2)), "NOT_AN_INCIDENT")
    game.reject(ANN, ChooseProspectReveal((2, 3)), "TILE_NOT_PEEKED")
    game.when(ANN, ChooseProspectReveal(None))
    assert game.state.phase == "CONTRACT_DECLARATION"
    assert view(game.state, ANN).peeks == ()


def test_12_incident_not_usable_on_the_turn_it_was_acquired() -> None:
    sabotage = {(2, 2): incident("SABOTAGE")}
    game = new_game(sabotage).given(*rocket_on(BEN, 1, (4, 4)), TurnStarted(5, ANN))
    game.given(*rocket_on(ANN, 1, (2, 2)))
    game.when(ANN, Prospect())
    events = game.when(ANN, ChooseProspectReveal((2, 2)))
    assert IncidentTaken(ANN, tile_id((2, 2)), "SABOTAGE", (2, 2), 5) in events
    use = UseSabotage(tile_id((2, 2)), rocket(BEN, 1), None)
    game.reject(ANN, use, "INCIDENT_NOT_YET_USABLE")
    game.given(TurnEnded(5, ANN), TurnStarted(6, BEN), TurnEnded(6, BEN), TurnStarted(7, ANN))
    events = game.when(ANN, use)
    assert RocketReturnedToShipyard(BEN, rocket(BEN, 1), "sabotage") in events


def test_12_a_stolen_incident_waits_a_turn_too() -> None:
    faces = {(2, 2): ALIEN, (6, 6): incident("SABOTAGE")}
    game = new_game(faces).given(holds(BEN, "SABOTAGE", (6, 6), 2), TurnStarted(5, ANN))
    game.given(*rocket_on(ANN, 1, (2, 2)), *rocket_on(BEN, 1, (4, 4)))
    game.when(ANN, Prospect())
    game.when(ANN, ChooseProspectReveal((2, 2)))
    events = game.when(
        ANN, ResolveAlienEncounter(None, Steal(BEN, bribe_id=None, incident_id=tile_id((6, 6))))
    )
    assert IncidentStolen(ANN, BEN, tile_id((6, 6)), "SABOTAGE", 5) in events
    assert game.state.phase == "CONTRACT_DECLARATION"
    game.reject(ANN, UseSabotage(tile_id((6, 6)), rocket(BEN, 1), None), "INCIDENT_NOT_YET_USABLE")


def test_13_pirate_attack_and_meteor_storm() -> None:
    faces = {
        (6, 0): incident("PIRATE_ATTACK"),
        (6, 1): incident("METEOR_STORM"),
        (6, 2): incident("ROCKET_ACQUISITION"),
    }
    game = new_game(faces, contract_attempt_mandatory=False)
    game.given(
        holds(ANN, "ROCKET_ACQUISITION", (6, 2), 1),
        TurnEnded(1, ANN),
        TurnStarted(2, BEN),
        holds(BEN, "PIRATE_ATTACK", (6, 0), 2),
        holds(BEN, "METEOR_STORM", (6, 1), 2),
        ActionTaken(BEN, "buy"),
    )
    events = game.when(BEN, SkipContractStep())
    assert events[-2:] == [TurnStarted(3, ANN), ResponseWindowOpened("pre_action", (BEN,))]
    # The platform checks whose turn it is before any game (issue #17); the digest's scenario
    # 13 answered WRONG_PHASE here, before that check existed.
    game.reject(ANN, MoveRockets((RocketMove(rocket(ANN, 1), (0, 0)),)), "NOT_YOUR_TURN")
    events = game.when(BEN, PlayPirateAttack(tile_id((6, 0))))
    assert events == [
        PirateAttackPlayed(BEN, ANN, tile_id((6, 0))),
        ActionSkipped(ANN, "pirate_attack"),
        ResponseWindowOpened("pre_contract", (BEN,)),
    ]
    # The platform checks whose turn it is before any game (issue #17); the digest's scenario
    # 13 answered WRONG_PHASE here, before that check existed.
    game.reject(ANN, MoveRockets((RocketMove(rocket(ANN, 1), (0, 0)),)), "NOT_YOUR_TURN")
    assert game.when(BEN, PlayMeteorStorm(tile_id((6, 1)))) == [
        MeteorStormPlayed(BEN, ANN, tile_id((6, 1)))
    ]
    game.reject(ANN, DeclareContract("C01"), "CONTRACT_STEP_FORBIDDEN")
    events = game.when(ANN, UseRocketAcquisition(tile_id((6, 2))))
    assert events == [
        IncidentUsed(ANN, tile_id((6, 2)), "ROCKET_ACQUISITION"),
        RocketPlacedOnStation(ANN, rocket(ANN, 2), "rocket_acquisition"),
    ]
    events = game.when(ANN, SkipContractStep())
    assert events[:2] == [ContractStepSkipped(ANN, "meteor_storm"), TurnEnded(3, ANN)]
    assert [i for i in game.state.incidents if i.owner == BEN] == []


def test_13_passing_the_window_leads_to_the_action() -> None:
    game = new_game({(6, 0): incident("PIRATE_ATTACK")}, contract_attempt_mandatory=False)
    game.given(holds(BEN, "PIRATE_ATTACK", (6, 0), 0), ActionTaken(ANN, "buy"))
    events = game.when(ANN, SkipContractStep())
    assert types(events) == ["ContractStepSkipped", "TurnEnded", "TurnStarted"]
    game.given(TurnEnded(2, BEN), TurnStarted(3, ANN), ResponseWindowOpened("pre_action", (BEN,)))
    game.reject(ANN, BuyRocket(), "NOT_YOUR_TURN")  # Ben answers the window first
    game.when(BEN, PassResponse())
    assert game.state.phase == "ACTION"
    game.when(ANN, BuyRocket())
    game.reject(ANN, BuyRocket(), "ACTION_ALREADY_TAKEN")


def test_sabotage_follow_up_lands_on_the_freed_tile() -> None:
    game = new_game({(6, 6): incident("SABOTAGE")})
    game.given(
        holds(ANN, "SABOTAGE", (6, 6), 0),
        *rocket_on(BEN, 1, (1, 1)),
        *rocket_on(BEN, 2, (1, 1)),
        *rocket_on(ANN, 2, (2, 2)),
    )
    game.reject(ANN, UseSabotage(tile_id((6, 6)), rocket(ANN, 1), None), "INVALID_TARGET")
    events = game.when(ANN, UseSabotage(tile_id((6, 6)), rocket(BEN, 1), rocket(ANN, 2)))
    assert RocketMoved(ANN, rocket(ANN, 2), (2, 2), (1, 1), "sabotage_follow_up") in events
    assert RocketsCollided((1, 1), ANN, rocket(ANN, 2), BEN, rocket(BEN, 2)) in events
    assert game.state.phase == "ACTION"


def test_the_common_checks() -> None:
    game = new_game({(6, 6): incident("MINERAL_SCAN"), (6, 5): incident("SABOTAGE")})
    game.given(holds(ANN, "MINERAL_SCAN", (6, 6), 0), holds(BEN, "SABOTAGE", (6, 5), 0))
    game.reject(BEN, BuyRocket(), "NOT_YOUR_TURN")
    game.reject(ANN, MoveRockets(()), "NO_MOVES")
    game.reject(ANN, UseSabotage(tile_id((6, 6)), rocket(BEN, 1), None), "INCIDENT_WRONG_TYPE")
    game.reject(ANN, UseSabotage(tile_id((6, 5)), rocket(BEN, 1), None), "INCIDENT_NOT_OWNED")
    game.reject(ANN, UseRocketAcquisition("t99"), "INCIDENT_NOT_OWNED")
    game.reject(ANN, PassResponse(), "WRONG_PHASE")


def test_a_fulfilled_contract_cannot_be_declared() -> None:
    game = new_game({(5, 5): mineral("ALP", 1)}).given(
        ContractFulfilled(BEN, "C01", (CollectedTile("t55", (5, 5), "ALP", "ALP", 1),), 1),
        ActionTaken(ANN, "buy"),
    )
    game.reject(ANN, DeclareContract("C01"), "CONTRACT_ALREADY_FULFILLED")
