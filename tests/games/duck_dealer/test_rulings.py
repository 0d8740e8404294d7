"""The digest's resolutions beyond §10: setup, options, cube recovery, crew discs, production."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.duck_dealer import RULES
from domain.duck_dealer.commands import (
    AccumulateEnergy,
    BeginActionTurn,
    BuyShipUpgrade,
    ClaimPrivilege,
    EndActionTurn,
    MineGoods,
    PlaceFreeRouteSegment,
    ProduceGoods,
)
from domain.duck_dealer.components import CLIENT_TIERS, MINES, Energy
from domain.duck_dealer.events import (
    CubeRecovered,
    GameEnded,
    GoodsProduced,
    SetupRandomized,
    ShipUpgradeInstalled,
)
from domain.duck_dealer.state import DuckDealerOptions
from domain.game import HouseChance, IllegalMove, Rng

from .given import (
    add_factory,
    board,
    explore,
    in_action_turn,
    kinds,
    place_site,
    play,
    rejected,
    set_player,
    turn_of,
)


def test_setup_records_every_shuffle_tier_by_tier() -> None:
    events = RULES.setup(3, DuckDealerOptions(fixed_start_mines=True), HouseChance(Rng(7, 0)))
    shuffled = events[0]
    assert isinstance(shuffled, SetupRandomized) and shuffled.reveals
    starting = [m for m, spec in MINES.items() if spec.starting]
    assert [p.piece for p in shuffled.start_mines] == starting
    track = shuffled.client_track
    sizes = [len(tier) for tier in CLIENT_TIERS]
    assert set(track[: sizes[0]]) == set(CLIENT_TIERS[0])
    assert set(track[sizes[0] : sizes[0] + sizes[1]]) == set(CLIENT_TIERS[1])
    assert kinds(events[1:]) == ["FirstPlayerDetermined", "TurnOrderFixed"]
    state = RULES.fold(RULES.initial(3, DuckDealerOptions()), events)
    assert state.phase == "starting_parts" and RULES.to_move(state) == frozenset({0})
    assert state.explored == frozenset({"S1", "S2", "S3", "S4", "S5"})


def test_an_empty_cube_supply_needs_a_recovered_cube() -> None:
    state = replace(set_player(board(2), 0, cubes=0), route_cubes={"S1-P1.1": 0, "S2-P2.1": 1})
    rejected(state, 0, BeginActionTurn(), "NO_CUBES_AVAILABLE")
    rejected(state, 0, BeginActionTurn(recover_from="S2-P2.1"), "NO_CUBES_AVAILABLE")
    state, events = play(state, 0, BeginActionTurn(recover_from="S1-P1.1"))
    assert events[0] == CubeRecovered(seat=0, from_kind="route", from_ref="S1-P1.1")
    assert "S1-P1.1" not in state.route_cubes and state.player(0).cubes == 0
    assert state.turn_track == (0,)
    rejected(board(2), 0, BeginActionTurn(recover_from="S1-P1.1"), "RECOVERY_NOT_NEEDED")


def test_a_privilege_marker_can_be_recovered_to_claim_another_site() -> None:
    state = explore(board(2), "P1", "CL_SATELLITE")
    state = place_site(state, "M_S_DUCK", privilege=0)
    state = set_player(state, 0, markers=0, location="P1", energy=Energy(yellow=3))
    state = in_action_turn(state, 0)
    rejected(state, 0, ClaimPrivilege(site="M_SOLAR_1"), "NO_PRIVILEGE_MARKER")
    state, events = play(state, 0, ClaimPrivilege(site="M_SOLAR_1", recover_from="M_S_DUCK"))
    assert (
        CubeRecovered(seat=0, from_kind="privilege", from_ref="M_S_DUCK", serves_as="marker")
        in events
    )
    assert state.sites["M_S_DUCK"].privilege is None and state.sites["M_SOLAR_1"].privilege == 0
    assert state.player(0).markers == 0


def test_free_segments_anytime_keeps_the_window_open() -> None:
    state = board(2, DuckDealerOptions(free_segments_anytime=True))
    state = in_action_turn(set_player(state, 0, energy=Energy(blue=1)), 0)
    state, events = play(state, 0, MineGoods(mine="M_S_DUCK", quantity=1))
    assert "FreeSegmentsForfeited" not in kinds(events)
    state, _ = play(state, 0, PlaceFreeRouteSegment(node="S1-P1.1"))
    assert state.route_cubes == {"S1-P1.1": 0}


def test_per_player_turn_track_counts_each_seats_own_action_turns() -> None:
    state = board(2, DuckDealerOptions(turn_track_mode="per_player"))
    state = replace(state, turn_track=(1,) * 30)
    state = set_player(state, 0, action_turns=6)
    state, events = play(state, 0, BeginActionTurn())
    assert events[-1].turn_number == 7 and events[-1].free_segments == 2  # type: ignore[attr-defined]
    state = turn_of(set_player(state, 0, action_turns=23), 0)
    state, _ = play(state, 0, BeginActionTurn())
    state, events = play(state, 0, EndActionTurn(return_energy=Energy(), discard_goods=()))
    assert isinstance(events[-1], GameEnded)


def test_a_bonus_action_turn_on_space_24_ends_the_game() -> None:
    state = replace(board(2), supply=Energy(0, 5, 5), turn_track=(0, 1) * 11 + (1,))
    state, events = play(state, 0, AccumulateEnergy(color="RED"))
    assert kinds(events)[-1] == "ActionTurnStarted" and state.turn_number == 24
    state, events = play(state, 0, EndActionTurn(return_energy=Energy(), discard_goods=()))
    assert kinds(events)[-2:] == ["TurnEnded", "GameEnded"]


def test_a_crew_disc_may_come_from_own_energy_when_the_supply_is_out() -> None:
    state = place_site(board(2), "SP_BUILDER", built=True)
    state = set_player(
        state, 0, goods=["PHONE_BOOTH", "RUBBER_DUCK"], energy=Energy(yellow=2, blue=1)
    )
    state = in_action_turn(replace(state, supply=Energy(10, 0, 10)), 0)
    buy = BuyShipUpgrade(
        spaceport="SP_BUILDER", part="BUILDER", slot="next_empty", crew_disc_from_own_stock=False
    )
    rejected(state, 0, buy, "SUPPLY_EMPTY")
    state, events = play(state, 0, replace(buy, crew_disc_from_own_stock=True))
    installed = events[-1]
    assert isinstance(installed, ShipUpgradeInstalled) and installed.crew_from_own_stock
    assert state.player(0).energy == Energy(yellow=1) and state.player(0).crew.yellow == 1
    assert state.supply == Energy(10, 0, 11)


def test_producing_consumes_inputs_per_use_and_privileges_apply() -> None:
    state = add_factory(explore(board(2), "P3", "CL_DIET_PILLS"), "F_DIET_PILLS", "P3")
    state = place_site(state, "F_DIET_PILLS", privilege=0)
    goods = ["BLUE_PAINT", "PLASTIC_BEADS"] * 2
    state = set_player(state, 0, location="P3", goods=goods, energy=Energy(blue=1))
    state = in_action_turn(state, 0)
    rejected(state, 0, ProduceGoods(factory="F_DIET_PILLS", quantity=3), "INSUFFICIENT_GOODS")
    state, events = play(state, 0, ProduceGoods(factory="F_DIET_PILLS", quantity=2))
    produced = events[-1]
    assert isinstance(produced, GoodsProduced) and produced.energy_paid == 1
    assert state.player(0).goods == ("DIET_PILLS", "DIET_PILLS")


def test_the_named_first_player_starts_and_play_goes_clockwise() -> None:
    options = DuckDealerOptions(first_player=2)
    events = RULES.setup(3, options, HouseChance(Rng(1, 0)))
    state = RULES.fold(RULES.initial(3, options), events)
    assert state.turn_order == (2, 0, 1) and RULES.to_move(state) == frozenset({2})
    with pytest.raises(IllegalMove) as caught:
        RULES.setup(2, options, HouseChance(Rng(1, 0)))
    assert caught.value.code == "BAD_OPTION"


def test_a_privilege_taken_back_ends_the_claim_at_once() -> None:
    """Digest A19 over §4.8: further uses in the same stay are paid."""
    # given seat 0 holds the privilege on its start mine and has used it this stay
    state = place_site(board(2), "M_S_DUCK", privilege=0)
    state = place_site(state, "SP_BUILDER", built=True)
    state = set_player(state, 0, markers=0, energy=Energy(blue=2, yellow=3))
    state = in_action_turn(state, 0)
    state, _ = play(state, 0, MineGoods(mine="M_S_DUCK", quantity=2))
    assert "M_S_DUCK" in state.privilege_sessions
    # when it takes that marker back to claim another site on the same planet
    state, _ = play(state, 0, ClaimPrivilege(site="SP_BUILDER", recover_from="M_S_DUCK"))
    assert "M_S_DUCK" not in state.privilege_sessions
    # then mining there again costs one blue per use, as for anyone without the privilege
    blue = state.player(0).energy.blue
    state, _ = play(state, 0, MineGoods(mine="M_S_DUCK", quantity=1))
    assert state.player(0).energy.blue == blue - 1
    rejected(state, 0, MineGoods(mine="M_S_DUCK", quantity=1), "INSUFFICIENT_ENERGY")
