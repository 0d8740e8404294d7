"""Digest §10 TS-08..TS-12 and TS-14: spaceports, privileges, building, delivering, factories."""

from __future__ import annotations

from domain.duck_dealer import RULES
from domain.duck_dealer.commands import (
    BuildFactory,
    BuildSite,
    BuyShipUpgrade,
    ClaimPrivilege,
    DeliverGoods,
    MineGoods,
    MoveShip,
)
from domain.duck_dealer.components import Energy
from domain.duck_dealer.events import (
    EnergySpent,
    FactoryBuilt,
    GoodsDelivered,
    GoodsMined,
    MovementForfeited,
    PrivilegeClaimed,
    ShipUpgradeInstalled,
    SiteBuilt,
)
from domain.duck_dealer.state import State
from domain.game import HouseChance, Rng

from .given import (
    add_factory,
    board,
    explore,
    in_action_turn,
    place_site,
    play,
    rejected,
    set_player,
)


def _mined(events: list) -> GoodsMined:
    mined = events[-1]
    assert isinstance(mined, GoodsMined)
    return mined


def test_ts08_spaceport_must_be_built_and_matching() -> None:
    hugo = 0
    state = set_player(board(2), hugo, location="S4", slots=["CARGO", "CARGO", "MERCHANT"])
    state = set_player(state, hugo, goods=["SOLAR_PANEL", "PLASTIC_BEADS"], energy=Energy(blue=1))
    state = in_action_turn(state, hugo)
    buy_pilot = BuyShipUpgrade(
        spaceport="SP_PILOT", part="PILOT", slot="next_empty", crew_disc_from_own_stock=False
    )
    rejected(state, hugo, buy_pilot, "SITE_NOT_BUILT")
    state = place_site(state, "SP_PILOT", built=True)
    rejected(
        state,
        hugo,
        BuyShipUpgrade(
            spaceport="SP_PILOT", part="CARGO", slot="next_empty", crew_disc_from_own_stock=False
        ),
        "WRONG_SPACEPORT_TYPE",
    )
    red_before = state.supply.red
    state, events = play(state, hugo, buy_pilot)
    installed = events[-1]
    assert isinstance(installed, ShipUpgradeInstalled)
    assert (installed.slot, installed.new_speed, installed.replaced_part) == (4, 5, None)
    assert state.supply.red == red_before - 1
    assert state.player(hugo).slots[3] == "PILOT"


def _ivo_at_p5() -> State:
    ivo, jana = 0, 1
    state = explore(board(2), "P5", "CL_ECONOMY")
    state = place_site(state, "M_BEADS_1", privilege=ivo)
    state = set_player(state, ivo, location="P5", slots=["CARGO", "CARGO", "PILOT"])
    state = set_player(state, ivo, energy=Energy(1, 0, 2), markers=9)
    return set_player(state, jana, location="P5")


def test_ts09_privilege_discount() -> None:
    ivo, jana = 0, 1
    state = in_action_turn(_ivo_at_p5(), ivo)
    state, events = play(state, ivo, MineGoods(mine="M_BEADS_1", quantity=3))
    assert _mined(events).energy_paid == 1
    state, events = play(state, ivo, MineGoods(mine="M_BEADS_1", quantity=2))
    assert _mined(events).energy_paid == 0
    state, _ = play(state, ivo, MoveShip(path=("P4-P5.6", "P5")))
    state, events = play(state, ivo, MineGoods(mine="M_BEADS_1", quantity=1))
    assert events[0] == MovementForfeited(seat=ivo, points=6)
    assert _mined(events).energy_paid == 1
    assert state.player(ivo).energy == Energy()

    other = set_player(_ivo_at_p5(), jana, energy=Energy(blue=3))
    other = in_action_turn(other, jana)
    _, events = play(other, jana, MineGoods(mine="M_BEADS_1", quantity=3))
    assert _mined(events).energy_paid == 3


def test_ts10_claiming_privileges() -> None:
    jana = 1
    state = add_factory(_ivo_at_p5(), "F_DIET_PILLS", "P5")
    state = in_action_turn(set_player(state, jana, energy=Energy(yellow=3)), jana)
    rejected(state, jana, ClaimPrivilege(site="M_BEADS_1"), "SITE_ALREADY_CLAIMED")
    rejected(state, jana, ClaimPrivilege(site="CL_ECONOMY"), "SITE_NOT_BUILT")
    poorer = set_player(state, jana, energy=Energy(yellow=2))
    rejected(poorer, jana, ClaimPrivilege(site="F_DIET_PILLS"), "INSUFFICIENT_ENERGY")
    state, events = play(state, jana, ClaimPrivilege(site="F_DIET_PILLS"))
    assert events[-2:] == [
        EnergySpent(seat=jana, color="YELLOW", real=3, virtual=0, purpose="privilege"),
        PrivilegeClaimed(seat=jana, site="F_DIET_PILLS"),
    ]
    assert state.player(jana).markers == 9
    assert state.sites["F_DIET_PILLS"].privilege == jana


def test_ts11_building_a_client_with_a_wildcard_then_delivering() -> None:
    anna = 0
    state = explore(board(2), "P2", "CL_SATELLITE")
    state = set_player(state, anna, location="P2", energy=Energy(yellow=1, blue=1))
    state = set_player(state, anna, goods=["SATELLITE"] * 3 + ["SOLAR_PANEL"])
    state = in_action_turn(state, anna)
    same = BuildSite(site="CL_SATELLITE", named=("SATELLITE",), wildcard=("SATELLITE",))
    rejected(state, anna, same, "INVALID_WILDCARD")
    build = BuildSite(site="CL_SATELLITE", named=("SATELLITE",), wildcard=("SOLAR_PANEL",))
    state, events = play(state, anna, build)
    assert (
        SiteBuilt(seat=anna, planet="P2", site="CL_SATELLITE", site_kind="client", vp=5) in events
    )
    assert state.player(anna).vp == 5
    state, events = play(state, anna, DeliverGoods(client="CL_SATELLITE", quantity=1))
    delivered = [e for e in events if isinstance(e, GoodsDelivered)]
    assert [(d.vp_each, d.energy_paid) for d in delivered] == [(3, 1)]
    assert state.player(anna).vp == 8
    assert state.player(anna).goods == ("SATELLITE",)
    rejected(state, anna, DeliverGoods(client="CL_SATELLITE", quantity=1), "INSUFFICIENT_ENERGY")


def test_ts12_factory_placement_limits() -> None:
    bruno, other = 1, 0
    state = set_player(board(2), bruno, location="S3")
    state = explore(explore(state, "P3", "CL_DIET_PILLS"), "P4", "CL_SATELLITE")
    at_start = in_action_turn(state, bruno)
    rejected(at_start, bruno, BuildFactory(factory="F_DIET_PILLS"), "NO_FREE_SLOT")

    state = set_player(state, bruno, location="P3", energy=Energy(yellow=2))
    state = set_player(state, bruno, goods=["BLUE_PAINT", "PLASTIC_BEADS"])
    state = in_action_turn(state, bruno)
    state, events = play(state, bruno, BuildFactory(factory="F_DIET_PILLS"))
    built = [e for e in events if isinstance(e, FactoryBuilt)]
    assert [(b.slot, b.vp) for b in built] == [(3, 5)]
    assert state.player(bruno).vp == 5
    rejected(state, bruno, BuildFactory(factory="F_MODERN_RADIO"), "PLANET_HAS_FACTORY")

    state = in_action_turn(set_player(state, other, location="P4"), other)
    rejected(state, other, BuildFactory(factory="F_DIET_PILLS"), "FACTORY_NOT_AVAILABLE")


def _carla_at_cargo_port() -> State:
    carla = 0
    slots = ["MERCHANT", "PILOT", "BUILDER", "MERCHANT", "BUILDER", "CARGO"]
    state = place_site(board(2), "SP_CARGO_A", built=True)
    state = set_player(state, carla, location="S2", slots=slots, energy=Energy(blue=1))
    state = set_player(state, 1, location="S3")
    state = set_player(state, carla, goods=["PHONE_BOOTH", "BLUE_PAINT", "SATELLITE"])
    return in_action_turn(state, carla)


def test_ts14_ship_upgrade_into_the_next_empty_slot() -> None:
    carla = 0
    state = _carla_at_cargo_port()
    assert state.player(carla).speed == 5 and state.player(carla).capacity == 3
    state, events = play(
        state,
        carla,
        BuyShipUpgrade(
            spaceport="SP_CARGO_A", part="CARGO", slot="next_empty", crew_disc_from_own_stock=False
        ),
    )
    installed = events[-1]
    assert isinstance(installed, ShipUpgradeInstalled)
    assert (installed.slot, installed.new_speed, installed.new_capacity) == (7, 2, 5)
    assert state.player(carla).speed == 2


def test_ts14_ship_upgrade_replacing_a_pilot() -> None:
    carla = 0
    state = _carla_at_cargo_port()
    red_before = state.supply.red
    state, events = play(
        state,
        carla,
        BuyShipUpgrade(
            spaceport="SP_CARGO_A", part="CARGO", slot=2, crew_disc_from_own_stock=False
        ),
    )
    installed = events[-1]
    assert isinstance(installed, ShipUpgradeInstalled)
    assert (installed.slot, installed.replaced_part) == (2, "PILOT")
    assert (installed.new_speed, installed.new_capacity) == (5, 5)
    assert state.supply.red == red_before + 1
    assert state.player(carla).crew.red == 0


def test_ts14_a_new_part_never_goes_into_an_unused_slot_by_index() -> None:
    state = _carla_at_cargo_port()
    rejected(
        state,
        0,
        BuyShipUpgrade(
            spaceport="SP_CARGO_A", part="CARGO", slot=8, crew_disc_from_own_stock=False
        ),
        "INVALID_SLOT",
    )


def test_legal_lists_the_builds_deliveries_and_flights_of_the_moment() -> None:
    anna = 0
    state = explore(board(2), "P2", "CL_SATELLITE")
    state = set_player(state, anna, location="P2", energy=Energy(red=1, yellow=1, blue=1))
    state = set_player(state, anna, goods=["SATELLITE"] * 3 + ["SOLAR_PANEL"], slots=["CARGO"] * 2)
    state = in_action_turn(state, anna)
    commands = RULES.legal(state, anna)
    builds = [c for c in commands if isinstance(c, BuildSite)]
    assert builds == [
        BuildSite(site="CL_SATELLITE", named=("SATELLITE",), wildcard=("SOLAR_PANEL",))
    ]
    assert not any(isinstance(c, DeliverGoods) for c in commands)  # the client is still unbuilt
    flights = {c.path for c in commands if isinstance(c, MoveShip)}
    assert ("S2-P2.3", "S2-P2.2", "S2-P2.1", "S2") in flights
    assert ("P1-P2.6",) in flights
    for command in commands:
        RULES.decide(state, anna, command, HouseChance(Rng(0, 1)))
