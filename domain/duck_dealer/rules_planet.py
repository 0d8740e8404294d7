"""Planet interactions: building, privileges and commerce (rules digest §4.7-§4.8)."""

from __future__ import annotations

from domain.game import IllegalMove, Seat, fold

from .commands import (
    BuildFactory,
    BuildSite,
    BuyShipUpgrade,
    ClaimPrivilege,
    DeliverGoods,
    MineGoods,
    ProduceGoods,
)
from .components import (
    CARGO_HOLD_SIZE,
    CENTRAL_HOLD,
    CLIENTS,
    CREW_COLOR,
    FACTORIES,
    MINES,
    PLANET_SLOTS,
    PRIVILEGE_COST,
    SPACEPORTS,
    Good,
    SiteKind,
    speed_for,
)
from .events import (
    Event,
    FactoryBuilt,
    GoodsDelivered,
    GoodsMined,
    GoodsProduced,
    GoodsSpent,
    PrivilegeClaimed,
    ShipUpgradeInstalled,
    SiteBuilt,
    VictoryPointsScored,
)
from .rules_common import (
    check_action_turn,
    check_energy,
    check_quantity,
    docked_planet,
    interaction_prefix,
    recovery,
    spend,
)
from .rules_evolve import evolve
from .state import Site, State, sorted_goods


def site_here(state: State, seat: Seat, site_id: str, kinds: tuple[SiteKind, ...]) -> Site:
    planet = docked_planet(state, seat)
    site = state.sites.get(site_id)
    if site is None or site.kind not in kinds:
        raise IllegalMove("UNKNOWN_SITE", f"no {' or '.join(kinds)} {site_id} on the board")
    if site.planet != planet:
        raise IllegalMove("WRONG_PLANET", f"{site_id} is on {site.planet}, not {planet}")
    return site


def check_goods(state: State, seat: Seat, goods: tuple[Good, ...]) -> None:
    if not state.player(seat).holds(goods):
        raise IllegalMove("INSUFFICIENT_GOODS", "you do not hold those goods")


def commerce_cost(state: State, seat: Seat, site_id: str, uses: int) -> int:
    """§4.8 privilege rule: the holder pays one blue per stay for any number of uses."""
    if site_id in state.privilege_sessions:
        return 0
    if state.sites[site_id].privilege == seat:
        return 1
    return uses


def pay_commerce(state: State, seat: Seat, cost: int, purpose: str) -> list[Event]:
    events = interaction_prefix(state, seat)
    if cost > 0:
        events.append(spend(state, seat, "BLUE", cost, purpose))
    return events


def decide_build_site(state: State, seat: Seat, command: BuildSite) -> list[Event]:
    check_action_turn(state, seat)
    site = site_here(state, seat, command.site, ("spaceport", "client"))
    if site.built:
        raise IllegalMove("SITE_ALREADY_BUILT", f"{command.site} is built already")
    check_energy(state, seat, "YELLOW", 1)
    spec = SPACEPORTS[command.site] if site.kind == "spaceport" else CLIENTS[command.site]
    if sorted_goods(command.named) != sorted_goods(spec.build_cost):
        raise IllegalMove("WRONG_NAMED_GOODS", f"the tile shows {', '.join(spec.build_cost)}")
    paid = sorted_goods((*command.named, *command.wildcard))
    check_goods(state, seat, paid)
    # §2.3.2 / §8 A15: each R is a good of the builder's choice, different from the printed ones.
    if len(command.wildcard) != spec.wildcards or any(
        g in spec.build_cost for g in command.wildcard
    ):
        raise IllegalMove("INVALID_WILDCARD", "each R must be one good unlike the printed goods")
    return [
        *interaction_prefix(state, seat),
        spend(state, seat, "YELLOW", 1, "build_site"),
        GoodsSpent(seat=seat, goods=paid),
        SiteBuilt(
            seat=seat, planet=site.planet, site=command.site, site_kind=site.kind, vp=spec.vp
        ),
        VictoryPointsScored(seat=seat, amount=spec.vp, reason="build_site", ref=command.site),
    ]


def free_slot(state: State, planet: str) -> int | None:
    taken = {site.slot for site in state.sites_at(planet).values()}
    return next((slot for slot in range(1, PLANET_SLOTS[planet] + 1) if slot not in taken), None)


def decide_build_factory(state: State, seat: Seat, command: BuildFactory) -> list[Event]:
    check_action_turn(state, seat)
    planet = docked_planet(state, seat)
    if command.factory not in state.factory_reserve:
        raise IllegalMove("FACTORY_NOT_AVAILABLE", f"{command.factory} is not in the reserve")
    # §8 A13: at most one factory per planet, in an empty slot (starting planets have none).
    if any(site.kind == "factory" for site in state.sites_at(planet).values()):
        raise IllegalMove("PLANET_HAS_FACTORY", f"{planet} has a factory already")
    slot = free_slot(state, planet)
    if slot is None:
        raise IllegalMove("NO_FREE_SLOT", f"{planet} has no free slot")
    check_energy(state, seat, "YELLOW", 1)
    spec = FACTORIES[command.factory]
    check_goods(state, seat, spec.inputs)
    return [
        *interaction_prefix(state, seat),
        spend(state, seat, "YELLOW", 1, "build_factory"),
        GoodsSpent(seat=seat, goods=sorted_goods(spec.inputs)),
        FactoryBuilt(seat=seat, planet=planet, slot=slot, factory=command.factory, vp=spec.vp),
        VictoryPointsScored(seat=seat, amount=spec.vp, reason="build_factory", ref=command.factory),
    ]


def decide_claim_privilege(state: State, seat: Seat, command: ClaimPrivilege) -> list[Event]:
    check_action_turn(state, seat)
    site = site_here(state, seat, command.site, ("mine", "spaceport", "client", "factory"))
    if site.privilege is not None:
        raise IllegalMove("SITE_ALREADY_CLAIMED", f"{command.site} carries a privilege already")
    if not site.built:
        raise IllegalMove(
            "SITE_NOT_BUILT", f"{command.site} is not built yet (BuildSite builds it)"
        )  # §8 A16
    check_energy(state, seat, "YELLOW", PRIVILEGE_COST)
    recovered = recovery(state, seat, command.recover_from, serves_as="marker")
    return [
        *interaction_prefix(state, seat),
        spend(state, seat, "YELLOW", PRIVILEGE_COST, "privilege"),
        *recovered,
        PrivilegeClaimed(seat=seat, site=command.site),
    ]


def decide_mine(state: State, seat: Seat, command: MineGoods) -> list[Event]:
    check_action_turn(state, seat)
    check_quantity(command.quantity)
    site_here(state, seat, command.mine, ("mine",))
    cost = commerce_cost(state, seat, command.mine, command.quantity)
    check_energy(state, seat, "BLUE", cost)
    # §4.8: capacity is not checked while mining; it binds on moving and at the end of the turn.
    mined = GoodsMined(
        seat=seat,
        mine=command.mine,
        good=MINES[command.mine].good,
        quantity=command.quantity,
        energy_paid=cost,
    )
    return [*pay_commerce(state, seat, cost, "mine"), mined]


def decide_produce(state: State, seat: Seat, command: ProduceGoods) -> list[Event]:
    check_action_turn(state, seat)
    check_quantity(command.quantity)
    site_here(state, seat, command.factory, ("factory",))
    cost = commerce_cost(state, seat, command.factory, command.quantity)
    check_energy(state, seat, "BLUE", cost)
    spec = FACTORIES[command.factory]
    inputs = sorted_goods(spec.inputs * command.quantity)
    check_goods(state, seat, inputs)
    produced = GoodsProduced(
        seat=seat,
        factory=command.factory,
        output=spec.output,
        quantity=command.quantity,
        energy_paid=cost,
    )
    return [
        *pay_commerce(state, seat, cost, "produce"),
        GoodsSpent(seat=seat, goods=inputs),
        produced,
    ]


def decide_upgrade(state: State, seat: Seat, command: BuyShipUpgrade) -> list[Event]:
    check_action_turn(state, seat)
    site = site_here(state, seat, command.spaceport, ("spaceport",))
    if not site.built:
        raise IllegalMove(
            "SITE_NOT_BUILT", f"{command.spaceport} is not built yet (BuildSite builds it)"
        )
    spec = SPACEPORTS[command.spaceport]
    if command.part != spec.sells:
        raise IllegalMove("WRONG_SPACEPORT_TYPE", f"{command.spaceport} sells {spec.sells} only")
    slots = state.player(seat).slots
    if command.slot == "next_empty":
        # §2.4 ruling: a new part fills the lowest empty slot, so printed marks and count agree.
        slot = next((i + 1 for i, part in enumerate(slots) if part is None), None)
        if slot is None:
            raise IllegalMove("SHIP_FULL", "your ship has no empty slot")
    else:
        slot = command.slot
        if not 1 <= slot <= len(slots) or slots[slot - 1] is None:
            raise IllegalMove("INVALID_SLOT", "a part replaces only a used slot")
    cost = commerce_cost(state, seat, command.spaceport, 1)
    check_energy(state, seat, "BLUE", cost)
    check_goods(state, seat, spec.upgrade_cost)
    events = [
        *pay_commerce(state, seat, cost, "ship_upgrade"),
        GoodsSpent(seat=seat, goods=sorted_goods(spec.upgrade_cost)),
    ]
    paid = fold(evolve, state, events)
    replaced = slots[slot - 1]
    own_stock = False
    # §8 A7: parts come from the supply (a replaced part is back there first); a crew disc may
    # come from the buyer's own real energy when the supply has none.
    if command.part == "CARGO":
        if paid.cargo_supply + (1 if replaced == "CARGO" else 0) < 1:
            raise IllegalMove("SUPPLY_EMPTY", "no cargo hold left in the supply")
    else:
        color = CREW_COLOR[command.part]
        returned = 1 if replaced is not None and CREW_COLOR.get(replaced) == color else 0
        if paid.supply.of(color) + returned < 1:
            own_stock = command.crew_disc_from_own_stock and paid.player(seat).energy.of(color) >= 1
            if not own_stock:
                raise IllegalMove("SUPPLY_EMPTY", f"no {color.lower()} disc left in the supply")
    new_slots = list(slots)
    new_slots[slot - 1] = command.part
    used = sum(1 for part in new_slots if part is not None)
    capacity = CENTRAL_HOLD + CARGO_HOLD_SIZE * new_slots.count("CARGO")
    installed = ShipUpgradeInstalled(
        seat=seat,
        spaceport=command.spaceport,
        slot=slot,
        part=command.part,
        replaced_part=replaced,
        energy_paid=cost,
        new_speed=speed_for(used),
        new_capacity=capacity,
        crew_from_own_stock=own_stock,
    )
    return [*events, installed]


def decide_deliver(state: State, seat: Seat, command: DeliverGoods) -> list[Event]:
    check_action_turn(state, seat)
    check_quantity(command.quantity)
    site = site_here(state, seat, command.client, ("client",))
    if not site.built:
        raise IllegalMove(
            "SITE_NOT_BUILT", f"{command.client} is not built yet (BuildSite builds it)"
        )
    cost = commerce_cost(state, seat, command.client, command.quantity)
    check_energy(state, seat, "BLUE", cost)
    spec = CLIENTS[command.client]
    delivered = (spec.good,) * command.quantity
    check_goods(state, seat, delivered)
    vp = spec.vp_each * command.quantity
    return [
        *pay_commerce(state, seat, cost, "delivery"),
        GoodsSpent(seat=seat, goods=delivered),
        GoodsDelivered(
            seat=seat,
            client=command.client,
            good=spec.good,
            quantity=command.quantity,
            vp_each=spec.vp_each,
            energy_paid=cost,
        ),
        VictoryPointsScored(seat=seat, amount=vp, reason="delivery", ref=command.client),
    ]
