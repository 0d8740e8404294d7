"""Duck Dealer's view drawn as text: the board summary, every seat, the sites and the map."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.game import Seat

from .components import Energy
from .map_text import map_lines
from .view import DuckDealerView


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
