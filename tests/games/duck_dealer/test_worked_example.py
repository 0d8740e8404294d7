"""Digest §9: the first turns of a 2-player game, played command by command from setup."""

from __future__ import annotations

from domain.duck_dealer import RULES
from domain.duck_dealer.commands import (
    AccumulateEnergy,
    BeginActionTurn,
    BuildFactory,
    BuildSite,
    ChooseExplorationClient,
    ChooseStartingPlanet,
    EndActionTurn,
    MineGoods,
    MoveShip,
    PlaceFreeRouteSegment,
    PlaceStartingParts,
)
from domain.duck_dealer.components import Energy
from domain.duck_dealer.events import (
    EnergyAccumulated,
    ExplorationRequired,
    MainPhaseStarted,
    PlayerTurnStarted,
    ShipMoved,
)

from .given import kinds, opening, play, rejected

ANNA, BRUNO = 0, 1


def test_worked_example_first_turns() -> None:
    state = opening(2)
    state, _ = play(state, ANNA, PlaceStartingParts(parts=("MERCHANT", "PILOT", "CARGO")))
    state, _ = play(state, BRUNO, PlaceStartingParts(parts=("CARGO", "CARGO", "MERCHANT")))
    assert (state.player(ANNA).capacity, state.player(BRUNO).capacity) == (3, 5)
    assert state.supply == Energy(39, 40, 38) and state.cargo_supply == 17
    state, _ = play(state, ANNA, ChooseStartingPlanet(planet="S2"))
    rejected(state, BRUNO, ChooseStartingPlanet(planet="S2"), "START_PLANET_TAKEN")
    rejected(state, BRUNO, ChooseStartingPlanet(planet="P3"), "NOT_A_START_PLANET")
    state, events = play(state, BRUNO, ChooseStartingPlanet(planet="S3"))
    assert events[-2:] == [
        MainPhaseStarted(turn_order=(0, 1)),
        PlayerTurnStarted(seat=0, player_turn_seq=1),
    ]

    state, events = play(state, ANNA, AccumulateEnergy(color="RED"))
    assert isinstance(events[0], EnergyAccumulated) and events[0].real_gained == Energy(2, 0, 1)
    state, _ = play(state, BRUNO, AccumulateEnergy(color="BLUE"))
    state, _ = play(state, ANNA, AccumulateEnergy(color="YELLOW"))
    state, _ = play(state, BRUNO, AccumulateEnergy(color="RED"))
    assert state.player(ANNA).energy == Energy(3, 1, 2)
    assert state.player(BRUNO).energy == Energy(1, 0, 3)
    assert state.supply == Energy(35, 39, 33)

    # Turn 5: Anna's action turn on turn-track space 1.
    state, _ = play(state, ANNA, BeginActionTurn())
    assert state.player(ANNA).cubes == 28
    state, _ = play(state, ANNA, PlaceFreeRouteSegment(node="S2-P2.1"))
    state, _ = play(state, ANNA, MineGoods(mine="M_S_PAINT", quantity=1))
    state, events = play(state, ANNA, MoveShip(path=("S2-P2.1", "S2-P2.2", "S2-P2.3", "P2")))
    moved = next(e for e in events if isinstance(e, ShipMoved))
    assert (moved.cost, moved.allowance_remaining) == (3, 5)
    assert events[-1] == ExplorationRequired(
        seat=ANNA, planet="P2", options=("CL_DIET_PILLS", "CL_SATELLITE")
    )
    rejected(state, ANNA, MineGoods(mine="M_PHONE_1", quantity=1), "EXPLORATION_PENDING")
    state, _ = play(state, ANNA, ChooseExplorationClient(client="CL_SATELLITE"))
    state, events = play(state, ANNA, MineGoods(mine="M_PHONE_1", quantity=1))
    assert kinds(events) == ["MovementForfeited", "EnergySpent", "GoodsMined"]
    state, _ = play(state, ANNA, MoveShip(path=("S2-P2.3", "S2-P2.2", "S2-P2.1", "S2")))
    build = BuildSite(site="SP_CARGO_A", named=("BLUE_PAINT",), wildcard=("PHONE_BOOTH",))
    state, events = play(state, ANNA, build)
    assert kinds(events)[0] == "MovementForfeited" and state.player(ANNA).vp == 5
    state, _ = play(state, ANNA, EndActionTurn(return_energy=Energy(), discard_goods=()))
    assert state.player(ANNA).energy == Energy(1, 0, 0) and state.player(ANNA).goods == ()
    assert state.supply == Energy(37, 40, 35)

    # Turn 6: Bruno's action turn on space 2.
    state, _ = play(state, BRUNO, BeginActionTurn())
    state, _ = play(state, BRUNO, PlaceFreeRouteSegment(node="S3-P3.1"))
    state, _ = play(state, BRUNO, MineGoods(mine="M_S_BEADS", quantity=2))
    state, _ = play(state, BRUNO, MoveShip(path=("S3-P3.1", "S3-P3.2", "S3-P3.3", "P3")))
    assert state.exploration is not None
    assert state.exploration.options == ("CL_DIET_PILLS", "CL_MODERN_RADIO")
    state, _ = play(state, BRUNO, ChooseExplorationClient(client="CL_DIET_PILLS"))
    state, _ = play(state, BRUNO, MineGoods(mine="M_DUCK_1", quantity=1))
    rejected(state, BRUNO, BuildFactory(factory="F_DIET_PILLS"), "INSUFFICIENT_ENERGY")
    state, _ = play(state, BRUNO, EndActionTurn(return_energy=Energy(), discard_goods=()))
    assert len(state.player(BRUNO).goods) == 3 and state.player(BRUNO).energy == Energy()
    assert state.supply == Energy(38, 40, 38)

    state, events = play(state, ANNA, AccumulateEnergy(color="BLUE"))
    assert state.player(ANNA).energy == Energy(2, 0, 2)
    assert state.supply == Energy(37, 40, 36)
    assert state.turn_track == (ANNA, BRUNO)
    assert RULES.score(state) == (5, 0)
