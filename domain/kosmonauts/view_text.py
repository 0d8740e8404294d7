"""A Kosmonauts view drawn as plain text for a human planning a move at the command line.

The board is drawn on axial coordinates: column q, row r, as every command and event names a hex.
On this grid the six directions of the compass rose are straight lines (E right, W left, NW up,
SE down, NE up-right, SW down-left), so a course is counted off the board cell by cell. Seats are
shown by name (the board marks ships by digit, listed with their names); colour is left to the
client, so nothing here is more than characters.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable, Sequence

from domain.game import Seat
from domain.kosmonauts.components import (
    ASTEROID_BELT,
    BOARD_RADIUS,
    BODIES,
    CUBE_UNITS,
    DIRECTIONS,
    END_REASONS,
    EVENT_CARDS,
    MARKED_SPACES,
    MISSIONS,
    NON_EARTH_BODIES,
    ORBITS,
    SOLAR_DANGER,
    SUN,
    VECTORS,
    Body,
    Hex,
)
from domain.kosmonauts.flight import (
    Rose,
    add_units,
    destination,
    displacement,
    distance,
    hex_text,
)
from domain.kosmonauts.view import KosmonautsView, ShipView

# Two letters per body: upper case where it stands now, lower case where it stands next round.
BODY_CODES: dict[Body, str] = {
    "MERCURY": "ME",
    "VENUS": "VE",
    "EARTH": "EA",
    "MARS": "MA",
    "COMET": "CO",
    "JUPITER": "JU",
    "SATURN": "SA",
    "URANUS": "UR",
    "NEPTUNE": "NE",
}
PHASE_TITLES: dict[str, str] = {
    "PLACE_PLANETS": "setup: placing the bodies",
    "KEEP_MISSIONS": "setup: keeping missions",
    "EVENT": "phase 1: event",
    "ORDERS": "phase 2: sealed orders",
    "FLIGHT": "phase 3: flight or refuel",
    "PLANETS": "phase 4: the bodies move",
    "ENDED": "game over",
}
EVENT_TEXT: dict[str, str] = {
    "REFUELLING": "Refuelling: each may take a red cube",
    "ENERGY_CONVERSION": "Energy conversion: a shield for up to 5 yellow cubes",
    "GRAVITY": "Gravity: flying ships within 2 hexes land on the nearest body",
    "THRUST": "Thrust: up to 4 cubes this round",
    "ASTEROIDS": "Asteroids: each loses 5 yellow cubes",
    "SOLAR_FLARES": "Solar flares: no cube this round unless a shield is spent",
}
_Namer = Callable[[Seat], str]
_CELL = 3  # characters per hex; q labels up to "-13" fit above each column
_WIDTH = 100  # wrap long lists of places here


def render(v: KosmonautsView, names: Sequence[str]) -> str:
    def name(seat: Seat) -> str:
        return names[seat] if seat < len(names) else f"seat {seat}"

    title = f"Kosmonauts ({'advanced' if v.advanced else 'basic'} game)"
    if v.round:
        title += f" - round {v.round}, {PHASE_TITLES.get(v.phase, v.phase)}"
        title += f"; instructor {name(v.instructor)}"
    else:
        title += f" - {PHASE_TITLES.get(v.phase, v.phase)}"
    lines = [title, "To move: " + (", ".join(name(s) for s in v.to_move) or "nobody")]
    lines += _setup_lines(v, name)
    lines += ["", *_board(v), *_legend(v, name)]
    lines += ["", *_bodies(v, name)]
    if _ships_on_board(v):
        lines += ["", "Ships (> to move):"]
        for ship in v.ships:
            lines += _ship_lines(v, ship, name)
    lines += ["", *_events(v, name)]
    if v.viewer is not None and v.ships[v.viewer].mission_count:
        lines += _missions(v.ships[v.viewer])
    if v.end_reason:
        lines += ["", *_ending(v, name)]
    return "\n".join(lines).rstrip() + "\n"


# -- the board --------------------------------------------------------------------------------


def _ships_on_board(v: KosmonautsView) -> bool:
    return v.phase not in ("PLACE_PLANETS", "KEEP_MISSIONS")


def _background(h: Hex) -> str:
    if distance(h) > BOARD_RADIUS:
        return ""
    if h == SUN:
        return "@"
    if h in SOLAR_DANGER:
        return "*"
    if h in ASTEROID_BELT:
        return ":"
    return "," if h in _ORBIT_HEXES else "."


_ORBIT_HEXES = frozenset(h for spaces in ORBITS.values() for h in spaces)


def _ship_marks(seats: Sequence[Seat], room: int) -> str:
    """Ship digits in at most `room` characters; "+" stands for more ships than fit."""
    marks = "".join(str(s + 1) for s in sorted(seats))
    return marks if len(marks) <= room else marks[: room - 1] + "+"


def _cells(v: KosmonautsView) -> dict[Hex, str]:
    """Every hex with something on it now or next round, as its 3-character cell."""
    now: dict[Hex, str] = {b.hex: BODY_CODES[b.body] for b in v.bodies if b.hex is not None}
    upcoming: dict[Hex, str] = {}
    if v.round:
        upcoming = {
            b.next_hex: BODY_CODES[b.body].lower() for b in v.bodies if b.next_hex is not None
        }
    ships: dict[Hex, list[Seat]] = {}
    flights: dict[Hex, list[Seat]] = {}
    if _ships_on_board(v):
        for ship in v.ships:
            ships.setdefault(ship.hex, []).append(ship.seat)
            plan = ship.flight_plan
            if plan is not None and plan.outcome == "OK" and plan.destination != ship.hex:
                flights.setdefault(plan.destination, []).append(ship.seat)
    cells: dict[Hex, str] = {}
    for h in {*now, *upcoming, *ships, *flights}:
        if h in now:  # a body now, after the ships on its hex
            cells[h] = (_ship_marks(ships.get(h, []), 1) or " ") + now[h]
        elif h in ships:
            cells[h] = _ship_marks(ships[h], 2).rjust(_CELL)
        elif h in upcoming:  # a body next round, after the ships whose flight ends there
            cells[h] = (_ship_marks(flights.get(h, []), 1) or " ") + upcoming[h]
        else:
            cells[h] = " ~" + _ship_marks(flights[h], 1)
    return cells


@functools.cache
def _background_rows() -> tuple[tuple[str, ...], ...]:
    """The drawn square's empty cells, row by row: the board's fixed background, drawn once
    (a board puts the cells of its bodies and ships over a copy of it)."""
    span = range(-BOARD_RADIUS, BOARD_RADIUS + 1)
    return tuple(tuple(_background((q, r)).rjust(_CELL) for q in span) for r in span)


def _board(v: KosmonautsView) -> list[str]:
    radius = BOARD_RADIUS
    grid = [list(row) for row in _background_rows()]
    for (q, r), cell in _cells(v).items():
        if -radius <= q <= radius and -radius <= r <= radius:
            grid[r + radius][q + radius] = cell
    header = "r\\q" + "".join(f"{q:>{_CELL}}" for q in range(-radius, radius + 1))
    rows = [header]
    for r, row in enumerate(grid, -radius):
        rows.append(f"{r:>3}" + "".join(row).rstrip() + f"  {r}" * (r <= 0))
    rows.append(header)
    return rows


def _legend(v: KosmonautsView, name: _Namer) -> list[str]:
    lines = [
        "@ Sun   * solar danger   : asteroid belt (danger)   , orbit space   . open space",
        "EA, MA, ...: the bodies where they are (listed below); ea, ma, ...: where they will be",
        "  after the coming phase 4",
    ]
    if _ships_on_board(v):
        ships = "  ".join(f"{s.seat + 1} {name(s.seat)}" for s in v.ships)
        lines.append(f"Ships: {ships}   (+ several; 1MA: ship 1 on Mars's hex)")
        lines.append("  ~1: where ship 1's next flight ends with the cubes on its rose now")
    # The six directions as they lie on this grid, drawn in its own 3-character cells.
    rose = ["    NW NE", "  W  o  E", " SW SE"]
    words = [
        "Moves: a yellow cube 1 hex, a red cube 2 hexes, toward:",
        "  E (+1,0) right     NW (0,-1) up       NE (+1,-1) up-right",
        "  W (-1,0) left      SE (0,+1) down     SW (-1,+1) down-left",
    ]
    lines += [f"{w:<64}{r}" for w, r in zip(words, rose, strict=True)]
    return lines


# -- bodies, ships, events -------------------------------------------------------------------


def _hex(h: Hex | None) -> str:
    return "-" if h is None else hex_text(h)


def _bodies(v: KosmonautsView, name: _Namer) -> list[str]:
    lines = ["Body        space at hex now  after phase 4     markers left  landed so far"]
    for b in v.bodies:
        if b.hex is None:
            where = "not placed".ljust(34)
        else:
            now = f"{b.orbit_index:>2} at {_hex(b.hex)}".ljust(17)
            where = now + f"{b.next_orbit_index:>2} at {_hex(b.next_hex)}".ljust(17)
        stack = " ".join(map(str, b.stack)) or ("none" if _ships_on_board(v) else "-")
        stack = "excluded" if b.excluded else stack
        landers = ", ".join(name(s) for s in b.landers) or "-"
        label = f"{BODY_CODES[b.body]} {b.body.title()}"
        lines.append(f"{label:<11} {where} {stack:<13} {landers}")
    return lines


def rose_text(rose: Rose) -> str:
    units = " ".join(f"{d}{n}" for d, n in zip(DIRECTIONS, rose, strict=True) if n)
    if not units:
        return "at rest"
    dq, dr = displacement(rose)
    return f"heading {units} = ({dq:+d},{dr:+d}) a round"


def _ship_lines(v: KosmonautsView, ship: ShipView, name: _Namer) -> list[str]:
    mark = ">" if ship.seat in v.to_move else " "
    head = f"{mark} {ship.seat + 1} {name(ship.seat)}:"
    if ship.landed_on is not None:
        status = f"on {ship.landed_on.title()} at {_hex(ship.hex)}"
        if ship.staying:
            status += ", staying to refuel"
        if any(ship.rose):
            status += f", {rose_text(ship.rose)} (solar wind: must take off)"
    else:
        status = f"flying at {_hex(ship.hex)}, {rose_text(ship.rose)}"
        if ship.flight_plan is not None:
            status += "; " + plan_text(v, ship)
    details = [
        f"tank {ship.normal} yellow + {ship.hyper} red",
        f"shields {ship.shields}",
        f"last landed {ship.last_visited.title()}",
        f"bodies visited {ship.bodies_visited}/{len(NON_EARTH_BODIES)}",
        "markers "
        + (", ".join(f"{m.body.title()} {m.value}" for m in ship.markers) or "none")
        + f" = {v.scores[ship.seat]} VP",
        f"{ship.mission_count} missions",
    ]
    if ship.earth_return_phase is not None:
        details.append(f"home on Earth in phase {ship.earth_return_phase}")
    lines = textwrap.wrap(f"{head} {status}", _WIDTH, subsequent_indent="      ")
    lines += textwrap.wrap(
        "; ".join(details), _WIDTH, initial_indent="      ", subsequent_indent="      "
    )
    orders = orders_text(v, ship)
    if orders:
        lines.append(f"      {orders}")
    return lines


def plan_text(v: KosmonautsView, ship: ShipView) -> str:
    plan = ship.flight_plan
    assert plan is not None
    when = "this round's flight" if v.phase in ("FLIGHT",) and not ship.flight_done else "coasts"
    if plan.outcome == "INTO_SUN":
        return f"{when}: into the Sun (emergency)"
    if plan.outcome == "OUT_OF_BOUNDS":
        return f"{when}: off the board (emergency)"
    text = f"{when} to {_hex(plan.destination)}"
    if plan.bodies_there:
        text += " onto " + ", ".join(b.title() for b in plan.bodies_there)
    arriving = [b.body.title() for b in v.bodies if b.next_hex == plan.destination]
    if arriving:
        text += ", where " + ", ".join(arriving) + " arrives in phase 4"
    if plan.danger:
        text += f" ({plan.danger.lower().replace('_', ' ')}: costs a shield)"
    return text


def orders_text(v: KosmonautsView, ship: ShipView) -> str:
    order = ship.order
    if order is None:
        return "orders sealed" if ship.order_submitted else ""
    if order.kind == "STAY":
        text = "orders: stay on the body and refuel"
    else:
        cubes = ", ".join(
            p.direction + (" red" if p.cube == "HYPER" else "") for p in order.placements
        )
        text = f"orders: fly, cubes [{cubes or 'none'}]"
        if v.phase == "ORDERS":  # sealed, not yet on the rose: where they would take the ship
            rose = ship.rose
            for p in order.placements:
                rose, _ = add_units(rose, p.direction, CUBE_UNITS[p.cube])
            text += f" -> flight to {_hex(destination(ship.hex, rose))}"
    if order.convert_shield:
        text += ", a shield turned into 2 yellow"
    return text


def card_text(card: str) -> str:
    kind, direction, strength = EVENT_CARDS[card]
    if kind == "SOLAR_WIND":
        assert direction is not None
        dq, dr = VECTORS[direction]
        push = f"({dq * strength:+d},{dr * strength:+d})"
        return f"{card} Solar wind {direction} {strength}: pushes each rose {push}"
    return f"{card} {EVENT_TEXT[kind]}"


def _events(v: KosmonautsView, name: _Namer) -> list[str]:
    lines: list[str] = []
    if v.face_up and _ships_on_board(v):
        lines.append(f"Event cards face up (draw pile {v.draw_pile_size}):")
        lines += [f"  {card_text(c)}" for c in v.face_up]
    if v.round_card:
        lines.append(f"This round's event: {card_text(v.round_card)}")
    if v.gravity_choices:
        places = ", ".join(
            f"{b.body.title()} at {_hex(b.hex)}" for b in v.bodies if b.body in v.gravity_choices
        )
        lines.append(f"Gravity: {name(v.to_move[0])} chooses the body to land on: {places}")
    for chance in v.opportunities:
        where = next(b.hex for b in v.bodies if b.body == chance.body)
        lines.append(f"{name(chance.seat)} may land on {chance.body.title()} at {_hex(where)}")
    return lines


def mission_text(card: str) -> str:
    family, body = MISSIONS[card]
    if family == "I":
        return f"{card}: first to land on {body.title()} (2 VP)"
    return f"{card}: second to land on {body.title()}, or the only one (4 VP)"


def _missions(own: ShipView) -> list[str]:
    if own.missions is None:
        return []
    status = zip(own.missions, own.missions_met_now or (), strict=False)
    held = [f"  {mission_text(c)} - {'met' if met else 'not met'}" for c, met in status]
    return ["Your missions:", *held]


def _ending(v: KosmonautsView, name: _Namer) -> list[str]:
    reason = END_REASONS.get(v.end_reason or "", v.end_reason or "")
    winners = ", ".join(name(s) for s in v.winners)
    scores = ", ".join(f"{name(s)} {vp}" for s, vp in enumerate(v.scores))
    return [f"Game over: {reason}.", f"Winners: {winners}. Final scores: {scores}"]


# -- setup -------------------------------------------------------------------------------------


def _setup_lines(v: KosmonautsView, name: _Namer) -> list[str]:
    if v.phase == "KEEP_MISSIONS":
        waiting = [name(s.seat) for s in v.ships if not s.missions_kept]
        return [f"Choosing which 2 missions to keep: {', '.join(waiting)}"]
    if v.phase != "PLACE_PLANETS":
        return []
    lines: list[str] = []
    if v.planet_hands:
        hands = [
            f"{name(s)}: {', '.join(b.title() for b in h) or '-'}"
            for s, h in enumerate(v.planet_hands)
        ]
        lines += _wrap_items("Body tokens in hand: ", hands, "  ", ";")
    placed = {b.body for b in v.bodies if b.hex is not None}
    if v.advanced:
        choices = [b for b in BODIES if b not in placed]
        choices = ["EARTH"] if "EARTH" in choices else choices
    else:
        choices = [b for b in v.planet_hands[v.placer] if b not in placed] if v.planet_hands else []
    rule = "any space of its orbit" if v.advanced else "a marked space of its orbit"
    lines.append(f"{name(v.placer)} places a body on {rule}; its spaces (space hex):")
    for body in choices:
        spaces = range(len(ORBITS[body])) if v.advanced else sorted(MARKED_SPACES[body])
        items = [f"{i} {_hex(ORBITS[body][i])}" for i in spaces]
        lines += _wrap_items(f"  {body.title()}: ", items, "    ")
    if choices:
        body = choices[0]
        space = 0 if v.advanced else min(MARKED_SPACES[body])
        lines.append(
            f'  e.g. {{"type": "PlacePlanet", "body": "{body}", "orbit_index": {space}}}'
            f" puts {body.title()} on {_hex(ORBITS[body][space])}"
        )
    return lines


def _wrap_items(first: str, items: Sequence[str], indent: str, sep: str = ",") -> list[str]:
    """`items` joined by `sep`, wrapped at _WIDTH without breaking an item."""
    lines = [first]
    for i, item in enumerate(items):
        text = item + (sep if i < len(items) - 1 else "")
        if len(lines[-1]) + len(text) + 1 > _WIDTH and lines[-1].strip():
            lines.append(indent)
        lines[-1] += ("" if lines[-1] in (first, indent) else " ") + text
    return lines
