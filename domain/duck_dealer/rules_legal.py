"""The legal commands of a seat (rules digest §4).

Listed in full except where the space is unbounded or huge: flights are listed as single steps
and as whole routes to the next planet and to the planets one route beyond it (so flying over a
planet is on the list); `decide` accepts every valid path. Bids are listed up to
`BID_CHOICES` above the minimum, commerce quantities up to `MAX_LISTED_QUANTITY`, trades as
one-for-one swaps, and a needed recovery from the first piece on the board only.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Literal

from domain.game import ChanceNeeded, IllegalMove, Seat, TableChance

from .commands import (
    AccumulateEnergy,
    BeginActionTurn,
    BuildFactory,
    BuildSite,
    BuyRouteSegment,
    BuyShipUpgrade,
    CancelTrade,
    ChooseExplorationClient,
    ChooseStartingPlanet,
    ChooseTurnPosition,
    ClaimPrivilege,
    Command,
    DeliverGoods,
    DiscardGoods,
    MineGoods,
    MoveShip,
    PlaceFreeRouteSegment,
    PlacePortal,
    PlaceStartingParts,
    ProduceGoods,
    ProposeTrade,
    RespondToTrade,
    SubmitTurnOrderBid,
    UsePortal,
)
from .components import (
    ADJACENT,
    CLIENTS,
    COLORS,
    CREW_COLOR,
    DEEP_SPACE,
    FACTORIES,
    PARTS,
    PLANET_SLOTS,
    PLANETS,
    SPACEPORTS,
    START_PLANETS,
    STARTING_PARTS,
)
from .rules_common import available, recoverable
from .rules_decide import decide, to_move
from .rules_turn import kept_after_limits
from .state import State

BID_CHOICES = 6
MAX_LISTED_QUANTITY = 3


def _accepted(state: State, seat: Seat, commands: list[Command]) -> list[Command]:
    accepted: list[Command] = []
    for command in commands:
        try:
            decide(state, seat, command, TableChance())
        except ChanceNeeded:
            pass  # legal: only the outcome of chance is still to come
        except IllegalMove:
            continue
        accepted.append(command)
    return accepted


def legal(state: State, seat: Seat) -> list[Command]:
    if state.result is not None:
        return []
    discards: list[Command] = [
        DiscardGoods(goods=(g,)) for g in sorted(set(state.player(seat).goods))
    ]
    if seat not in to_move(state):
        return discards
    if state.phase == "bidding":
        floor = state.player(seat).bid if state.bid_round > 1 else 0
        return [SubmitTurnOrderBid(amount=floor + i) for i in range(BID_CHOICES)]
    if state.phase == "choosing_positions":
        taken = {position for _, position in state.chosen_positions}
        return [
            ChooseTurnPosition(position=p) for p in range(1, state.n_seats + 1) if p not in taken
        ]
    if state.phase == "starting_parts":
        return [
            PlaceStartingParts(parts=parts)
            for k in range(STARTING_PARTS + 1)
            for parts in combinations_with_replacement(PARTS, k)
        ]
    if state.phase == "starting_planets":
        occupied = {p.location for p in state.players}
        return [ChooseStartingPlanet(planet=p) for p in START_PLANETS if p not in occupied]
    if state.trade is not None:
        if seat == state.trade.partner:
            answers: list[Command] = [RespondToTrade(accept=True), RespondToTrade(accept=False)]
            return _accepted(state, seat, answers) + discards
        return [CancelTrade(), *discards]
    if state.exploration is not None:
        choices = [ChooseExplorationClient(client=c) for c in state.exploration.options]
        return [*choices, *discards]
    if state.turn_kind == "none":
        return _turn_choices(state, seat)
    return [kept_after_limits(state, seat), *_action_commands(state, seat), *discards]


def _recovery_choices(state: State, seat: Seat) -> list[str | None]:
    if state.player(seat).cubes > 0:
        return [None]
    return list(recoverable(state, seat))


def _turn_choices(state: State, seat: Seat) -> list[Command]:
    candidates: list[Command] = []
    for recover in _recovery_choices(state, seat):
        candidates.append(BeginActionTurn(recover_from=recover))
        candidates.extend(AccumulateEnergy(color=c, recover_from=recover) for c in COLORS)
    if state.player(seat).cubes == 0:
        candidates.extend(AccumulateEnergy(color=c) for c in COLORS)
    return _accepted(state, seat, candidates)


def _action_commands(state: State, seat: Seat) -> list[Command]:
    player = state.player(seat)
    commands: list[Command] = []
    ships = {p.location for p in state.players}
    free_nodes = [n for n in DEEP_SPACE if n not in state.route_cubes and n not in ships]
    first_recovery = _recovery_choices(state, seat)[:1]
    for recover in first_recovery:
        if state.window_open and state.free_segments_left > 0:
            commands.extend(PlaceFreeRouteSegment(node=n, recover_from=recover) for n in free_nodes)
        if available(state, seat, "YELLOW") >= 1:
            commands.extend(BuyRouteSegment(node=n, recover_from=recover) for n in free_nodes)
    if not player.portal_placed:
        ends = {planet for portal in state.portals for planet in (portal.entrance, portal.exit)}
        open_planets = [p for p in PLANETS if p not in ends]
        commands.extend(
            PlacePortal(entrance=a, exit=b) for a in open_planets for b in open_planets if a != b
        )
    location = player.location or ""
    checked: list[Command] = [MoveShip(path=(node,)) for node in ADJACENT.get(location, ())]
    checked.extend(MoveShip(path=path) for path in _route_paths(location) if len(path) > 1)
    checked.append(UsePortal())
    if location in PLANET_SLOTS:
        checked.extend(_planet_commands(state, seat, location))
    commands.extend(_accepted(state, seat, checked))
    commands.extend(_swaps(state, seat, location))
    return commands


def _along(start: str, first: str) -> tuple[str, ...]:
    """The nodes entered from `start` through `first` up to the next planet."""
    path = [first]
    previous, here = start, first
    while here not in PLANET_SLOTS:
        previous, here = here, next(n for n in ADJACENT[here] if n != previous)
        path.append(here)
    return tuple(path)


def _route_paths(location: str) -> list[tuple[str, ...]]:
    paths: list[tuple[str, ...]] = []
    for first in ADJACENT.get(location, ()):
        to_planet = _along(location, first)
        paths.append(to_planet)
        came_from = to_planet[-2] if len(to_planet) > 1 else location
        planet = to_planet[-1]
        paths.extend(
            to_planet + _along(planet, onward) for onward in ADJACENT[planet] if onward != came_from
        )
    return paths


def _planet_commands(state: State, seat: Seat, planet: str) -> list[Command]:
    player = state.player(seat)
    sites = state.sites_at(planet)
    commands: list[Command] = [BuildFactory(factory=f) for f in state.factory_reserve]
    markers = [None] if player.markers > 0 else recoverable(state, seat)[:1]
    quantities = range(1, MAX_LISTED_QUANTITY + 1)
    for site_id, site in sites.items():
        commands.extend(ClaimPrivilege(site=site_id, recover_from=m) for m in markers)
        if site.kind == "mine":
            commands.extend(MineGoods(mine=site_id, quantity=q) for q in quantities)
        elif site.kind == "factory" and site_id in FACTORIES:
            commands.extend(ProduceGoods(factory=site_id, quantity=q) for q in quantities)
        elif site.kind == "client":
            commands.extend(DeliverGoods(client=site_id, quantity=q) for q in quantities)
        if site.kind in ("spaceport", "client") and not site.built:
            spec = SPACEPORTS[site_id] if site.kind == "spaceport" else CLIENTS[site_id]
            wildcards = sorted(set(player.goods) - set(spec.build_cost))
            commands.extend(
                BuildSite(site=site_id, named=spec.build_cost, wildcard=(w,)) for w in wildcards
            )
        if site.kind == "spaceport":
            sells = SPACEPORTS[site_id].sells
            slots: list[int | Literal["next_empty"]] = ["next_empty"]
            slots.extend(i + 1 for i, part in enumerate(player.slots) if part is not None)
            # The own-stock flag matters only once the supply has no disc of that colour (§8 A7).
            owns = (
                (False,)
                if sells == "CARGO" or state.supply.of(CREW_COLOR[sells])
                else (False, True)
            )
            commands.extend(
                BuyShipUpgrade(
                    spaceport=site_id, part=sells, slot=slot, crew_disc_from_own_stock=own
                )
                for slot in slots
                for own in owns
            )
    return commands


def _swaps(state: State, seat: Seat, planet: str) -> list[Command]:
    if planet not in PLANET_SLOTS:
        return []
    mine = sorted(set(state.player(seat).goods))
    swaps: list[Command] = []
    for partner, other in enumerate(state.players):
        if partner == seat or other.location != planet:
            continue
        theirs = sorted(set(other.goods))
        swaps.extend(
            ProposeTrade(partner=partner, give=(g,), receive=(h,))
            for g in mine
            for h in theirs
            if g != h
        )
    return swaps
