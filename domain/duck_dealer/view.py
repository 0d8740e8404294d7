"""What each seat may see of a Duck Dealer match, and its text drawing (rules digest §5).

Everything is open information except sealed turn-order bids, which only their bidder sees.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.game import Result, Seat

from .components import PLANETS, PLAYER_COLORS, Energy, Good, Part
from .map_text import map_lines
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


def _energy(energy: Energy) -> str:
    return f"{energy.red}R/{energy.yellow}Y/{energy.blue}B"


def _name(names: Sequence[str], seat: Seat | None) -> str:
    if seat is None:
        return "-"
    return names[seat] if seat < len(names) else f"seat {seat}"


def render(game_view: msgspec.Struct, names: Sequence[str]) -> str:
    assert isinstance(game_view, DuckDealerView)
    v = game_view
    lines = [
        f"Duck Dealer — phase {v.phase}; to move: {', '.join(_name(names, s) for s in v.to_move) or '-'}",
        f"Turn track {len(v.turn_track)}/24; turn order: {', '.join(_name(names, s) for s in v.turn_order)}",
        f"Supply {_energy(v.supply)}, cargo holds {v.cargo_supply}",
        f"Client track (top first): {', '.join(v.client_track) or 'empty'}",
        f"Factory reserve: {', '.join(v.factory_reserve) or 'empty'}",
    ]
    if v.active is not None:
        lines.append(
            f"Active: {_name(names, v.active)} ({v.turn_kind}{', bonus' if v.is_bonus else ''}); "
            f"turn {v.turn_number}, free segments {v.free_segments_left}"
            f"{'' if v.free_segment_window_open else ' (closed)'}, movement left {v.movement_allowance}"
        )
    if v.exploration is not None:
        lines.append(
            f"Exploring {v.exploration.planet}: choose {' or '.join(v.exploration.options)}"
        )
    if v.trade is not None:
        t = v.trade
        lines.append(
            f"Trade offer {_name(names, t.proposer)} -> {_name(names, t.partner)}: "
            f"gives {', '.join(t.give) or 'nothing'} for {', '.join(t.receive) or 'nothing'}"
        )
    for p in v.players:
        bid = "" if not p.bid else f", bid {p.bid}"
        sealed = f", sealed bid {p.sealed_bid}" if p.sealed_bid is not None else ""
        parts = " ".join(part or "." for part in p.slots)
        lines.append(
            f"{_name(names, p.seat)} ({p.color}) at {p.location}: {p.vp} VP{bid}{sealed}; "
            f"energy {_energy(p.energy)} (+virtual {_energy(p.virtual)}); "
            f"goods [{', '.join(p.goods)}] of {p.capacity}; speed {p.speed}; ship {parts}; "
            f"cubes {p.cubes}, markers {p.privilege_markers}"
        )
    lines.append("Sites:")
    for s in v.sites:
        owner = f" privilege {_name(names, s.privilege)}" if s.privilege is not None else ""
        lines.append(
            f"  {s.planet}.{s.slot} {s.site} ({s.kind}, {'built' if s.built else 'unbuilt'}){owner}"
        )
    if v.route_cubes:
        lines.append(
            "Route cubes: " + ", ".join(f"{c.node}:{_name(names, c.seat)}" for c in v.route_cubes)
        )
    for portal in v.portals:
        lines.append(f"Portal of {_name(names, portal.owner)}: {portal.entrance} -> {portal.exit}")
    lines.append(f"Explored: {', '.join(v.explored)}")
    lines += map_lines(v, names)
    if v.result is not None:
        winners = ", ".join(_name(names, s) for s in v.result.winners)
        lines.append(f"Game over ({v.result.reason}): scores {v.result.scores}; winners {winners}")
    return "\n".join(lines)
