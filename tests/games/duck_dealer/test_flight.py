"""Digest §10 TS-05..TS-07 and TS-13: flight costs, cargo limits, exploration stops, portals."""

from __future__ import annotations

from msgspec.structs import replace

from domain.duck_dealer.commands import (
    ChooseExplorationClient,
    DiscardGoods,
    MineGoods,
    MoveShip,
    PlacePortal,
    UsePortal,
)
from domain.duck_dealer.components import Energy
from domain.duck_dealer.events import (
    EnergySpent,
    EngineFired,
    ExplorationRequired,
    GoodsMined,
    MovementForfeited,
    PlanetExplored,
    PortalPlaced,
    PortalUsed,
    ShipMoved,
)

from .given import board, explore, in_action_turn, kinds, play, rejected, set_player

FABIO, GINA = 0, 1
TO_P6 = ("S1-P6.1", "S1-P6.2", "S1-P6.3", "S1-P6.4", "S1-P6.5", "P6")
OVER_P2 = ("S2-P2.1", "S2-P2.2", "S2-P2.3", "P2", "P1-P2.6", "P1-P2.5")


def test_ts05_movement_cost_with_own_and_foreign_routes() -> None:
    state = board(2)
    five_slots = ["CARGO", "CARGO", "MERCHANT", "PILOT", "BUILDER"]
    state = set_player(state, FABIO, slots=five_slots, energy=Energy(1, 0, 1))
    state = replace(state, route_cubes={"S1-P6.2": FABIO, "S1-P6.3": FABIO, "S1-P6.4": GINA})
    state = in_action_turn(explore(state, "P6", "CL_SCIENCE"), FABIO)

    moved, events = play(state, FABIO, MoveShip(path=TO_P6))
    assert [e for e in events if isinstance(e, EngineFired)] == [EngineFired(seat=FABIO, points=5)]
    assert events[-1] == ShipMoved(
        seat=FABIO, from_node="S1", to="P6", path=TO_P6, cost=4, allowance_remaining=1
    )
    assert moved.player(FABIO).energy == Energy(0, 0, 1)

    _, events = play(moved, FABIO, MineGoods(mine="M_DUCK_2", quantity=1))
    assert events == [
        MovementForfeited(seat=FABIO, points=1),
        EnergySpent(seat=FABIO, color="BLUE", real=1, virtual=0, purpose="mine"),
        GoodsMined(seat=FABIO, mine="M_DUCK_2", good="RUBBER_DUCK", quantity=1, energy_paid=1),
    ]
    no_blue = set_player(moved, FABIO, energy=Energy())
    rejected(no_blue, FABIO, MineGoods(mine="M_DUCK_2", quantity=1), "INSUFFICIENT_ENERGY")


def test_ts06_cargo_limit_on_moving() -> None:
    state = set_player(board(2), GINA, slots=["CARGO"], goods=["PLASTIC_BEADS"] * 4)
    state = set_player(state, GINA, location="P5", energy=Energy(red=2))
    state = in_action_turn(explore(state, "P5"), GINA)
    rejected(state, GINA, MoveShip(path=("P4-P5.6",)), "CARGO_OVER_CAPACITY")
    state, events = play(state, GINA, DiscardGoods(goods=("PLASTIC_BEADS",)))
    assert kinds(events) == ["GoodsDiscarded"]
    _, events = play(state, GINA, MoveShip(path=("P4-P5.6",)))
    assert "EngineFired" in kinds(events) and "ShipMoved" in kinds(events)


def test_ts07a_flying_over_an_unexplored_planet() -> None:
    scout = 1
    state = set_player(board(2), scout, energy=Energy(red=2))
    state = in_action_turn(state, scout)
    state, events = play(state, scout, MoveShip(path=OVER_P2))
    moved = events[-1]
    assert isinstance(moved, ShipMoved) and moved.cost == 6
    assert "P2" not in state.explored
    assert "ExplorationRequired" not in kinds(events)


def test_ts07b_forced_exploration_stop() -> None:
    freighter = 1
    state = set_player(board(2), freighter, slots=["CARGO"] * 7, energy=Energy(red=3))
    state = in_action_turn(state, freighter)
    rejected(state, freighter, MoveShip(path=OVER_P2), "MUST_STOP_TO_EXPLORE")

    state, events = play(state, freighter, MoveShip(path=OVER_P2[:4]))
    assert kinds(events).count("EngineFired") == 2
    assert events[-1] == ExplorationRequired(
        seat=freighter, planet="P2", options=("CL_DIET_PILLS", "CL_SATELLITE")
    )
    rejected(state, freighter, MineGoods(mine="M_PHONE_1", quantity=1), "EXPLORATION_PENDING")
    rejected(
        state, freighter, ChooseExplorationClient(client="CL_MODERN_RADIO"), "INVALID_CLIENT_CHOICE"
    )
    state, events = play(state, freighter, ChooseExplorationClient(client="CL_SATELLITE"))
    assert events == [PlanetExplored(seat=freighter, planet="P2", client="CL_SATELLITE", slot=2)]
    assert state.client_track[:2] == ("CL_DIET_PILLS", "CL_MODERN_RADIO")


def test_exploring_with_an_empty_client_track_needs_no_choice() -> None:
    """§8 A25: the planet is explored at once, and its slot 2 stays free for a factory."""
    state = set_player(board(2), 0, energy=Energy(red=1))
    state = in_action_turn(replace(state, client_track=()), 0)
    state, events = play(state, 0, MoveShip(path=("S1-P1.1", "S1-P1.2", "S1-P1.3", "P1")))
    assert events[-1] == PlanetExplored(seat=0, planet="P1", client=None, slot=None)
    assert state.exploration is None and "P1" in state.explored


def test_ts13_portals() -> None:
    anna, bruno = 0, 1
    state = in_action_turn(board(2), anna)
    rejected(state, anna, PlacePortal(entrance="P2", exit="P2"), "PORTAL_SAME_PLANET")
    state, events = play(state, anna, PlacePortal(entrance="P2", exit="P11"))
    assert events == [PortalPlaced(seat=anna, entrance="P2", exit="P11")]
    rejected(state, anna, PlacePortal(entrance="P3", exit="P4"), "PORTAL_ALREADY_PLACED")

    state = explore(explore(state, "P11", "CL_DIET_PILLS"), "P2", "CL_SATELLITE")
    state = set_player(state, bruno, location="P2", energy=Energy(red=2))
    state = in_action_turn(state, bruno)
    rejected(state, bruno, PlacePortal(entrance="P11", exit="P9"), "PLANET_HAS_PORTAL")
    state = replace(state, allowance=3)

    state, events = play(state, bruno, UsePortal())
    assert kinds(events) == [
        "FreeSegmentsForfeited",
        "MovementForfeited",
        "EnergySpent",
        "PortalUsed",
    ]
    assert events[1] == MovementForfeited(seat=bruno, points=3)
    assert events[2] == EnergySpent(seat=bruno, color="RED", real=1, virtual=0, purpose="portal")
    assert events[3] == PortalUsed(seat=bruno, portal_owner=anna, from_planet="P2", to_planet="P11")
    assert state.allowance == 0 and state.player(bruno).location == "P11"
    rejected(state, bruno, UsePortal(), "NO_PORTAL_ENTRANCE")


def test_a_portal_exit_on_an_unexplored_planet_is_explored_on_arrival() -> None:
    anna = 0
    state = set_player(
        explore(board(2), "P2", "CL_SATELLITE"), anna, location="P2", energy=Energy(red=1)
    )
    state = in_action_turn(state, anna)
    state, _ = play(state, anna, PlacePortal(entrance="P2", exit="P9"))
    _, events = play(state, anna, UsePortal())
    assert isinstance(events[-1], ExplorationRequired) and events[-1].planet == "P9"
