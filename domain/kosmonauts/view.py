"""What a seat (or a spectator) may see (§5), and that view drawn as text."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.game import Seat
from domain.kosmonauts.components import (
    ASTEROID_BELT,
    BOARD_RADIUS,
    BODIES,
    DIRECTIONS,
    EVENT_CARDS,
    ORBITS,
    SOLAR_DANGER,
    SUN,
    Body,
    Hex,
)
from domain.kosmonauts.flight import Rose, danger_sector, destination, flight_outcome
from domain.kosmonauts.rules import score, to_move
from domain.kosmonauts.rules_landing import bodies_visited
from domain.kosmonauts.rules_scoring import mission_met
from domain.kosmonauts.state import MarkerHeld, SealedOrder, State


class FlightPlan(msgspec.Struct, frozen=True):
    destination: Hex
    outcome: str
    bodies_there: tuple[Body, ...]
    danger: str | None


class ShipView(msgspec.Struct, frozen=True):
    seat: Seat
    hex: Hex
    landed_on: Body | None
    last_visited: Body
    rose: Rose
    normal: int
    hyper: int
    shields: int
    markers: tuple[MarkerHeld, ...]
    bodies_visited: int
    mission_count: int
    missions: tuple[str, ...] | None  # None: hidden from this viewer
    missions_met_now: tuple[bool, ...] | None  # §5: each mission's status if the game ended now
    discarded_missions: tuple[str, ...] | None
    missions_kept: bool
    order_submitted: bool
    order: SealedOrder | None  # another seat's sealed order is hidden until revealed
    max_cubes: int
    responded: bool
    stay_committed: bool
    staying: bool
    flight_done: bool
    earth_return_phase: int | None
    flight_plan: FlightPlan | None


class BodyView(msgspec.Struct, frozen=True):
    body: Body
    orbit_index: int
    hex: Hex | None
    stack: tuple[int, ...]
    landers: tuple[Seat, ...]
    excluded: bool


class KosmonautsView(msgspec.Struct, frozen=True):
    viewer: Seat | None
    advanced: bool
    phase: str
    round: int
    instructor: Seat
    to_move: tuple[Seat, ...]
    scores: tuple[int, ...]
    ships: tuple[ShipView, ...]
    bodies: tuple[BodyView, ...]
    planet_hands: tuple[tuple[Body, ...], ...]
    placer: Seat
    face_up: tuple[str, ...]
    draw_pile_size: int
    discard_pile: tuple[str, ...]
    round_card: str | None
    gravity_choices: tuple[Body, ...]
    opportunities: tuple[tuple[Seat, Body], ...]
    end_triggered_round: int | None
    end_reason: str | None
    winners: tuple[Seat, ...]
    places: tuple[int, ...]


def view(state: State, seat: Seat | None) -> KosmonautsView:
    ended = state.phase == "ENDED"
    ships = []
    for s, ship in enumerate(state.ships):
        own = seat == s
        sealed = state.phase == "ORDERS" and not own
        plan = None
        if state.phase == "FLIGHT" and ship.flying and not ship.flight_done:
            end = destination(ship.hex, ship.rose)
            plan = FlightPlan(
                destination=end,
                outcome=flight_outcome(ship.hex, ship.rose),
                bodies_there=state.bodies_at(end),
                danger=danger_sector(end),
            )
        ships.append(
            ShipView(
                seat=s,
                hex=ship.hex,
                landed_on=ship.landed_on,
                last_visited=ship.last_visited,
                rose=ship.rose,
                normal=ship.normal,
                hyper=ship.hyper,
                shields=ship.shields,
                markers=ship.markers,
                bodies_visited=bodies_visited(state, s),
                mission_count=len(ship.missions),
                missions=ship.missions if own or ended else None,
                missions_met_now=tuple(mission_met(state, s, c) for c in ship.missions)
                if own or ended
                else None,
                discarded_missions=ship.discarded_missions if own else None,
                missions_kept=ship.missions_kept,
                order_submitted=ship.order is not None,
                order=None if sealed else ship.order,
                max_cubes=ship.max_cubes,
                responded=ship.responded,
                stay_committed=ship.stay_committed,
                staying=ship.staying,
                flight_done=ship.flight_done,
                earth_return_phase=None if ship.earth_return is None else ship.earth_return.phase,
                flight_plan=plan,
            )
        )
    bodies = tuple(
        BodyView(
            body=b,
            orbit_index=state.orbit_index[i],
            hex=state.body_hex(b) if state.is_placed(b) else None,
            stack=state.stacks[i],
            landers=state.landing_order[i],
            excluded=b in state.excluded,
        )
        for i, b in enumerate(BODIES)
    )
    return KosmonautsView(
        viewer=seat,
        advanced=state.advanced,
        phase=state.phase,
        round=state.round,
        instructor=state.instructor,
        to_move=tuple(sorted(to_move(state))),
        scores=score(state),
        ships=tuple(ships),
        bodies=bodies,
        planet_hands=state.planet_hands,
        placer=state.placer,
        face_up=state.face_up,
        draw_pile_size=len(state.draw_pile),
        discard_pile=state.discard_pile,
        round_card=state.round_card,
        gravity_choices=state.gravity_choices,
        opportunities=state.opportunities,
        end_triggered_round=state.end_triggered_round,
        end_reason=state.end_reason,
        winners=state.winners,
        places=state.places,
    )


BODY_SYMBOLS: dict[str, str] = {
    "MERCURY": "m",
    "VENUS": "V",
    "EARTH": "E",
    "MARS": "M",
    "COMET": "C",
    "JUPITER": "J",
    "SATURN": "S",
    "URANUS": "U",
    "NEPTUNE": "N",
}
_LEGEND = (
    "@ Sun  * solar danger  : asteroid belt  , orbit space  1-4 flying ship (+ several)  "
    + "  ".join(f"{sym} {b.title()}" for b, sym in BODY_SYMBOLS.items())
)


def render(v: KosmonautsView, names: Sequence[str]) -> str:
    def name(seat: Seat) -> str:
        return names[seat] if seat < len(names) else f"seat {seat}"

    lines = [
        f"Kosmonauts ({'advanced' if v.advanced else 'basic'}) - round {v.round}, "
        f"phase {v.phase}, instructor {name(v.instructor)}",
        "To move: " + (", ".join(name(s) for s in v.to_move) or "nobody"),
    ]
    if v.phase == "PLACE_PLANETS" and v.planet_hands:
        hands = "; ".join(f"{name(s)}: {', '.join(h) or '-'}" for s, h in enumerate(v.planet_hands))
        lines.append(f"Planet tokens in hand: {hands}")
    lines += _board(v)
    lines.append(_LEGEND)
    placed = [f"{b.body.title()} {b.hex}" for b in v.bodies if b.hex is not None]
    if placed:
        lines.append("Bodies: " + "  ".join(placed))
    lines.append("")
    for ship in v.ships:
        lines.append(_ship_line(ship, name(ship.seat), v.scores[ship.seat]))
    lines.append("")
    lines.append("Markers left: " + "  ".join(_stack_text(b) for b in v.bodies))
    if v.face_up:
        cards = ", ".join(_card_text(c) for c in v.face_up)
        lines.append(f"Events face up: {cards}  (draw pile {v.draw_pile_size})")
    if v.round_card:
        lines.append(f"This round's event: {_card_text(v.round_card)}")
    if v.gravity_choices:
        lines.append("Gravity: choose between " + ", ".join(v.gravity_choices))
    for seat, body in v.opportunities:
        lines.append(f"{name(seat)} may land on {body.title()}")
    if v.viewer is not None:
        own = v.ships[v.viewer]
        status = zip(own.missions or (), own.missions_met_now or (), strict=True)
        held = ", ".join(f"{card} ({'met' if met else 'not met'})" for card, met in status)
        lines.append(f"Your missions: {held or '-'}")
    if v.end_reason:
        winners = ", ".join(name(s) for s in v.winners)
        lines.append(f"Game over ({v.end_reason}). Winners: {winners}. Scores: {list(v.scores)}")
    return "\n".join(lines)


def _board(v: KosmonautsView) -> list[str]:
    radius = BOARD_RADIUS
    cells: dict[Hex, str] = {}
    for orbit in ORBITS.values():
        for h in orbit:
            cells[h] = ","
    for h in ASTEROID_BELT:
        cells[h] = ":"
    for h in SOLAR_DANGER:
        cells[h] = "*"
    cells[SUN] = "@"
    for b in v.bodies:
        if b.hex is not None:
            cells[b.hex] = BODY_SYMBOLS[b.body]
    flying: dict[Hex, list[int]] = {}
    for ship in v.ships:
        if ship.landed_on is None and v.round > 0:  # before setup ends no ship is on the board
            flying.setdefault(ship.hex, []).append(ship.seat)
    for h, seats in flying.items():
        cells[h] = str(seats[0] + 1) if len(seats) == 1 else "+"
    rows = []
    for r in range(-radius, radius + 1):
        row = [" "] * (4 * radius + 1)
        for q in range(max(-radius, -radius - r), min(radius, radius - r) + 1):
            row[2 * q + r + 2 * radius] = cells.get((q, r), ".")
        rows.append(f"{r:>4} " + "".join(row).rstrip())
    return rows


def _ship_line(ship: ShipView, who: str, vp: int) -> str:
    rose = " ".join(f"{d}{n}" for d, n in zip(DIRECTIONS, ship.rose, strict=True) if n)
    where = f"on {ship.landed_on.title()}" if ship.landed_on else "flying"
    parts = [
        f"{ship.seat + 1} {who}: {where} at {ship.hex}",
        f"rose [{rose or 'empty'}]",
        f"tank {ship.normal}/{ship.hyper}",
        f"shields {ship.shields}",
        f"last {ship.last_visited.title()}",
        f"visited {ship.bodies_visited}",
        "markers " + (", ".join(f"{m.body.title()} {m.value}" for m in ship.markers) or "-"),
        f"VP {vp}",
        f"missions {ship.mission_count}",
    ]
    if ship.order is not None:
        cubes = ", ".join(
            p.direction + ("" if p.cube == "NORMAL" else ":HYPER") for p in ship.order.placements
        )
        shield = " +shield to fuel" if ship.order.convert_shield else ""
        parts.append(f"orders {ship.order.kind} [{cubes}]{shield}")
    elif ship.order_submitted:
        parts.append("orders sealed")
    if ship.flight_plan is not None:
        plan = ship.flight_plan
        there = ",".join(plan.bodies_there)
        parts.append(
            f"flight -> {plan.destination} {plan.outcome} {there} {plan.danger or ''}".rstrip()
        )
    if ship.earth_return_phase is not None:
        parts.append(f"returned to Earth in phase {ship.earth_return_phase}")
    return "  ".join(parts)


def _stack_text(b: BodyView) -> str:
    if b.excluded:
        return f"{b.body.title()} excluded"
    return f"{b.body.title()} {list(b.stack)}"


def _card_text(card: str) -> str:
    kind, direction, strength = EVENT_CARDS[card]
    if kind == "SOLAR_WIND":
        return f"{card} SOLAR_WIND {direction} {strength}"
    return f"{card} {kind}"
