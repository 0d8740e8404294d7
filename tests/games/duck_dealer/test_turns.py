"""Digest §10 TS-01..TS-04 and TS-15: the turn choice, bonus turns, free segments, the end."""

from __future__ import annotations

from msgspec.structs import replace

from domain.duck_dealer.commands import (
    AccumulateEnergy,
    BeginActionTurn,
    BuildSite,
    BuyRouteSegment,
    DiscardGoods,
    EndActionTurn,
    MineGoods,
    MoveShip,
    PlaceFreeRouteSegment,
)
from domain.duck_dealer.components import Energy
from domain.duck_dealer.events import (
    ActionTurnStarted,
    BonusActionTurnGranted,
    EnergyAccumulated,
    EnergyReturned,
    FinalScore,
    FreeSegmentsForfeited,
    GameEnded,
    GoodsDiscarded,
    MovementForfeited,
    TurnEnded,
    VirtualEnergyExpired,
)
from domain.duck_dealer.state import DuckDealerOptions

from .given import board, in_action_turn, kinds, play, rejected, set_player, turn_of

CARLA, DARIO = 0, 1


def test_ts01_accumulation_with_crew_and_turn_discipline() -> None:
    state = board(2)
    state = set_player(state, CARLA, slots=["PILOT", "PILOT", "BUILDER"], goods=["RUBBER_DUCK"])
    state = replace(state, supply=Energy(20, 20, 20))
    rejected(state, DARIO, MineGoods(mine="M_S_PAINT", quantity=1), "NOT_YOUR_TURN")

    state, events = play(state, CARLA, AccumulateEnergy(color="BLUE"))
    accumulated = events[0]
    assert isinstance(accumulated, EnergyAccumulated)
    assert accumulated.real_gained == Energy(2, 1, 1)
    assert accumulated.virtual_gained == Energy()
    assert events[1] == TurnEnded(seat=CARLA, kind="accumulate")
    assert state.turn_track == ()
    assert state.active == DARIO
    assert state.player(CARLA).energy == Energy(2, 1, 1)
    rejected(state, CARLA, BeginActionTurn(), "NOT_YOUR_TURN")

    state, _ = play(state, DARIO, BeginActionTurn())
    rejected(state, DARIO, AccumulateEnergy(color="RED"), "TURN_ALREADY_CHOSEN")
    in_space = set_player(state, DARIO, location="S2-P2.2")
    build = BuildSite(site="SP_CARGO_A", named=("BLUE_PAINT",), wildcard=("PHONE_BOOTH",))
    rejected(in_space, DARIO, build, "NOT_AT_PLANET")

    _, events = play(state, CARLA, DiscardGoods(goods=("RUBBER_DUCK",)))
    assert events == [GoodsDiscarded(seat=CARLA, goods=("RUBBER_DUCK",))]


def test_ts02_exhaustion_bonus_turn() -> None:
    state = board(2)
    state = turn_of(state, DARIO)
    state = set_player(state, DARIO, slots=["PILOT", "PILOT", "CARGO"], energy=Energy(3, 0, 1))
    state = replace(state, supply=Energy(1, 10, 10), turn_track=(0,) * 9)

    state, events = play(state, DARIO, AccumulateEnergy(color="RED"))
    accumulated = events[0]
    assert isinstance(accumulated, EnergyAccumulated)
    assert (accumulated.real_gained, accumulated.virtual_gained) == (Energy(red=1), Energy(red=2))
    assert isinstance(events[1], BonusActionTurnGranted)
    assert events[2] == ActionTurnStarted(seat=DARIO, turn_number=10, free_segments=2, bonus=True)
    assert state.player(DARIO).energy.red == 4
    assert state.player(DARIO).virtual.red == 2

    state, events = play(state, DARIO, MoveShip(path=("S2-P2.1", "S2-P2.2")))
    assert events[0] == FreeSegmentsForfeited(seat=DARIO, count=2)
    assert state.player(DARIO).virtual.red == 1
    assert state.allowance == 6
    rejected(
        state, DARIO, EndActionTurn(return_energy=Energy(), discard_goods=()), "ENERGY_OVER_LIMIT"
    )

    state, events = play(
        state, DARIO, EndActionTurn(return_energy=Energy(blue=1), discard_goods=())
    )
    assert events[:4] == [
        EnergyReturned(seat=DARIO, energy=Energy(blue=1)),
        VirtualEnergyExpired(seat=DARIO, energy=Energy(red=1)),
        MovementForfeited(seat=DARIO, points=6),
        TurnEnded(seat=DARIO, kind="action", turn_number=10),
    ]
    assert state.player(DARIO).energy == Energy(4, 0, 0)
    assert state.player(DARIO).virtual == Energy()


def test_ts03_free_segments_by_turn_number() -> None:
    elena = 0
    state = in_action_turn(board(2), elena, cubes_on_track=6)
    assert state.turn_number == 7 and state.free_segments_left == 2
    state, _ = play(state, elena, PlaceFreeRouteSegment(node="S1-P1.2"))
    state, _ = play(state, elena, PlaceFreeRouteSegment(node="S1-P1.3"))
    rejected(state, elena, PlaceFreeRouteSegment(node="S1-P6.1"), "FREE_SEGMENTS_EXHAUSTED")

    state = in_action_turn(set_player(board(2), elena, energy=Energy(blue=1)), elena)
    state, events = play(state, elena, MineGoods(mine="M_S_DUCK", quantity=1))
    assert FreeSegmentsForfeited(seat=elena, count=1) in events
    rejected(state, elena, PlaceFreeRouteSegment(node="S1-P6.1"), "FREE_SEGMENT_WINDOW_CLOSED")


def test_ts04_illegal_segment_placement() -> None:
    anna, bruno = 0, 1
    state = set_player(board(2), bruno, location="S3-P3.2")
    state = replace(state, route_cubes={"S1-P1.1": anna})
    state = in_action_turn(state, anna)
    rejected(state, anna, PlaceFreeRouteSegment(node="S3-P3.2"), "SPACE_OCCUPIED")
    rejected(state, anna, PlaceFreeRouteSegment(node="S1-P1.1"), "SPACE_OCCUPIED")
    rejected(state, anna, PlaceFreeRouteSegment(node="P1"), "NOT_DEEP_SPACE")
    rejected(state, anna, BuyRouteSegment(node="S5-P9.3"), "INSUFFICIENT_ENERGY")


def test_ts15_game_end_bids_and_ties() -> None:
    anna, bruno = 0, 1
    state = board(2, DuckDealerOptions(auction=True))
    state = set_player(state, anna, vp=104, bid=4, first_bid=4)
    state = set_player(state, bruno, vp=100, bid=0)
    state = replace(turn_of(state, bruno), turn_track=(0, 1) * 11 + (0,))

    state, events = play(state, bruno, BeginActionTurn())
    assert events == [ActionTurnStarted(seat=bruno, turn_number=24, free_segments=3, bonus=False)]
    state, events = play(state, bruno, EndActionTurn(return_energy=Energy(), discard_goods=()))
    assert kinds(events) == ["FreeSegmentsForfeited", "TurnEnded", "GameEnded"]
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert ended.final == (FinalScore(anna, 104, 4, 100), FinalScore(bruno, 100, 0, 100))
    assert ended.winners == (anna, bruno)
    assert state.result is not None and state.result.places == (1, 1)
    rejected(state, anna, BeginActionTurn(), "GAME_OVER")
    rejected(state, bruno, DiscardGoods(goods=("RUBBER_DUCK",)), "GAME_OVER")
