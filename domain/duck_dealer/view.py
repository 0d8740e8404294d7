"""What each seat may see of a Duck Dealer match, and its text drawing (rules digest §5).

Everything is open information except sealed turn-order bids, which only their bidder sees.
"""

from __future__ import annotations

import msgspec

from domain.game import Result, Seat

from .components import PLANETS, PLAYER_COLORS, Energy, Good, Part
from .rules_decide import to_move
from .state import Exploration, Phase, Portal, State, Trade, TurnKind


class PlayerView(msgspec.Struct, frozen=True):
    seat: Seat
    color: str
    vp: int
    bid: int
    net: int
    bid_submitted: bool
    sealed_bid: int | None  # only the bidder's own, until the reveal
    energy: Energy
    virtual: Energy
    goods: tuple[Good, ...]
    slots: tuple[Part | None, ...]
    speed: int
    capacity: int
    location: str | None
    cubes: int
    privilege_markers: int
    portal_placed: bool
    action_turns: int


class SiteView(msgspec.Struct, frozen=True):
    site: str
    kind: str
    planet: str
    slot: int
    built: bool
    privilege: Seat | None


class RouteCube(msgspec.Struct, frozen=True):
    node: str
    seat: Seat


class DuckDealerView(msgspec.Struct, frozen=True):
    seat: Seat | None
    phase: Phase
    to_move: tuple[Seat, ...]
    scores: tuple[int, ...]
    turn_order: tuple[Seat, ...]
    active: Seat | None
    turn_kind: TurnKind
    is_bonus: bool
    turn_number: int
    free_segments_left: int
    free_segment_window_open: bool
    movement_allowance: int
    exploration: Exploration | None
    trade: Trade | None
    turn_track: tuple[Seat, ...]
    client_track: tuple[str, ...]
    factory_reserve: tuple[str, ...]
    sites: tuple[SiteView, ...]
    route_cubes: tuple[RouteCube, ...]
    portals: tuple[Portal, ...]
    explored: tuple[str, ...]
    supply: Energy
    cargo_supply: int
    players: tuple[PlayerView, ...]
    bid_round: int
    result: Result | None


def view(state: State, seat: Seat | None) -> DuckDealerView:
    players = tuple(
        PlayerView(
            seat=s,
            color=PLAYER_COLORS[s],
            vp=p.vp,
            bid=p.bid,
            net=p.vp - p.bid,
            bid_submitted=p.sealed_bid is not None,
            sealed_bid=p.sealed_bid if s == seat else None,
            energy=p.energy,
            virtual=p.virtual,
            goods=p.goods,
            slots=p.slots,
            speed=p.speed,
            capacity=p.capacity,
            location=p.location,
            cubes=p.cubes,
            privilege_markers=p.markers,
            portal_placed=p.portal_placed,
            action_turns=p.action_turns,
        )
        for s, p in enumerate(state.players)
    )
    return DuckDealerView(
        seat=seat,
        phase=state.phase,
        to_move=tuple(sorted(to_move(state))),
        scores=tuple(p.net for p in players),
        turn_order=state.turn_order,
        active=state.active,
        turn_kind=state.turn_kind,
        is_bonus=state.is_bonus,
        turn_number=state.turn_number,
        free_segments_left=state.free_segments_left,
        free_segment_window_open=state.window_open,
        movement_allowance=state.allowance,
        exploration=state.exploration,
        trade=state.trade,
        turn_track=state.turn_track,
        client_track=state.client_track,
        factory_reserve=state.factory_reserve,
        sites=tuple(
            SiteView(sid, site.kind, site.planet, site.slot, site.built, site.privilege)
            for sid, site in sorted(
                state.sites.items(), key=lambda kv: (PLANETS.index(kv[1].planet), kv[1].slot)
            )
        ),
        route_cubes=tuple(
            RouteCube(node, owner) for node, owner in sorted(state.route_cubes.items())
        ),
        portals=state.portals,
        explored=tuple(sorted(state.explored)),
        supply=state.supply,
        cargo_supply=state.cargo_supply,
        players=players,
        bid_round=state.bid_round,
        result=state.result,
    )
