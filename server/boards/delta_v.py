"""Delta V drawn: the 7x7 asteroid field around the station, tiles face down or face up (mineral
and value, or incident), rockets in their seats' colours, the alien, the contracts (with who
fulfilled them) and each seat's station, shipyard, bribes, incidents and collection.

The private panel is what a seat alone has seen: its current peeks and, with the memory aid,
the face-down tiles it remembers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.delta_v.components import GRID_SIZE, INCIDENT_NAMES, MINERAL_NAMES, STATION, Face
from domain.delta_v.view import CellView, DeltaVView, PlayerView
from server.boards.svg import INK, MUTED, PAPER, Element, el, group, seat_colour, svg, text

CELL = 74.0
HEAD = 60.0
FIELD = CELL * GRID_SIZE
SIDE = 420.0
CONTRACT_ROW = 72.0

MINERAL_COLOURS: dict[str, str] = {
    "ALP": "#e4572e",
    "BET": "#2e86ab",
    "GAM": "#3c9d5d",
    "DEL": "#f3a712",
    "EPS": "#8e6bbf",
    "OMN": "#d9d9d9",
}
MINERALS: dict[str, tuple[str, str]] = {  # code -> (colour, the game's name)
    code: (colour, MINERAL_NAMES[code]) for code, colour in MINERAL_COLOURS.items()
}
INCIDENTS = INCIDENT_NAMES
FACE_DOWN = "#59607a"


def origin(position: Sequence[int]) -> tuple[float, float]:
    row, column = position[0], position[1]
    return 12 + CELL * column, HEAD + CELL * row


def face_text(face: Face) -> str:
    if face.incident is not None:
        return INCIDENTS.get(face.incident, face.incident)
    name = MINERALS.get(face.mineral or "", ("", face.mineral or "?"))[1]
    return f"{name} {face.value}"


def tile(face: Face, x: float, y: float, size: float, label: str) -> Element:
    if face.incident is not None:
        return group(
            el("rect", x=x, y=y, width=size, height=size, rx=8, fill="#fff3e0", stroke="#e07a1f",
               stroke_width=2),
            text(x + size / 2, y + size / 2 - 4, "!", 18, fill="#e07a1f", font_weight="bold"),
            text(x + size / 2, y + size / 2 + 14, INCIDENTS[face.incident].split()[0], 10),
            title=f"{label}: {face_text(face)}",
        )  # fmt: skip
    colour, name = MINERALS[face.mineral or "OMN"]
    return group(
        el("rect", x=x, y=y, width=size, height=size, rx=8, fill=colour, stroke=INK,
           stroke_width=1),
        text(x + size / 2, y + size / 2 + 2, name, 11, fill=INK, font_weight="bold"),
        text(x + size / 2, y + size / 2 + 18, face.value, 13, fill=INK, font_weight="bold"),
        title=f"{label}: {face_text(face)}",
    )  # fmt: skip


def cell(c: CellView, seats: Sequence[str]) -> Element:
    x, y = origin(c.position)
    inset = 5
    size = CELL - 2 * inset
    where = f"tile at {c.position[0]}:{c.position[1]}"
    if c.status == "FACE_DOWN" or c.face is None:
        drawn = group(
            el("rect", x=x + inset, y=y + inset, width=size, height=size, rx=8, fill=FACE_DOWN),
            text(x + CELL / 2, y + CELL / 2 + 5, "?", 16, fill="#c5cae0"),
            title=f"{where}: face down",
        )
    else:
        drawn = tile(c.face, x + inset, y + inset, size, where)
    return group(drawn, rockets(c.rockets, x, y, seats), alien(x, y) if c.alien else None)


def attempt(v: DeltaVView) -> Element | None:
    """The tiles revealed for the contract being attempted, outlined in gold."""
    if v.attempt is None:
        return None
    drawn = []
    for shown in v.attempt.tiles:
        x, y = origin(shown.position)
        label = f"revealed for {v.attempt.contract_id} at {shown.position[0]}:{shown.position[1]}"
        drawn.append(tile(shown.face, x + 5, y + 5, CELL - 10, label))
        drawn.append(el("rect", x=x + 2, y=y + 2, width=CELL - 4, height=CELL - 4, rx=10,
                        fill="none", stroke="#ffd166", stroke_width=3))  # fmt: skip
    return group(drawn)


def legend(x: float, y: float) -> Element:
    items: list[Element] = [text(x, y, "Minerals", 12, text_anchor="start", font_weight="bold")]
    for i, (colour, name) in enumerate(MINERALS.values()):
        items.append(el("rect", x=x + 125 * (i % 3), y=y + 8 + 18 * (i // 3), width=14, height=14, rx=3, fill=colour,
                        stroke=INK, stroke_width=0.5))  # fmt: skip
        items.append(
            text(x + 18 + 125 * (i % 3), y + 19 + 18 * (i // 3), name, 10.5, text_anchor="start")
        )
    return group(items)


def rockets(ids: Sequence[str], x: float, y: float, seats: Sequence[str]) -> Element:
    drawn = []
    # One row along the cell's bottom edge, below the tile's words; closer together as more
    # rockets share the cell (they stacked upwards over the tile's value before).
    step = min(15.0, (CELL - 28) / max(1, len(ids) - 1))
    for i, rocket in enumerate(ids):
        seat = int(rocket.split("-")[0])
        rx, ry = x + 14 + step * i, y + CELL - 8
        drawn.append(el("path", d=f"M{rx},{ry - 7} L{rx + 5},{ry + 6} L{rx - 5},{ry + 6} Z",
                        fill=seat_colour(seat), stroke="#fff", stroke_width=1.2,
                        title=f"rocket {rocket} of {seats[seat]}"))  # fmt: skip
    return group(drawn)


def alien(x: float, y: float) -> Element:
    cx, cy = x + CELL - 16, y + 16
    return group(
        el("ellipse", cx=cx, cy=cy, rx=12, ry=9, fill="#7ddc1f", stroke=INK, stroke_width=1.2),
        el("circle", cx=cx - 4, cy=cy - 1, r=2.2, fill=INK),
        el("circle", cx=cx + 4, cy=cy - 1, r=2.2, fill=INK),
        title="the alien",
    )


def station(seats: Sequence[str], players: Sequence[PlayerView]) -> Element:
    x, y = origin(STATION)
    docked = [f"{seats[p.seat]}: {len(p.station_rockets)}" for p in players]
    return group(
        el("circle", cx=x + CELL / 2, cy=y + CELL / 2, r=CELL / 2 - 6, fill="#1d2333",
           stroke="#c9cfdb", stroke_width=3),
        text(x + CELL / 2, y + CELL / 2 + 4, "STATION", 10, fill="#fff", font_weight="bold"),
        title="the space station; rockets docked: " + (", ".join(docked) or "none"),
    )  # fmt: skip


PER_ROW = 6


def contracts_height(count: int) -> float:
    return 26 + CONTRACT_ROW * (1 + max(0, count - 1) // PER_ROW)


def contracts(v: DeltaVView, seats: Sequence[str], top: float, width: float) -> Element:
    drawn: list[Element] = [text(12, top + 14, "Contracts", 14, text_anchor="start",
                                 font_weight="bold")]  # fmt: skip
    wide = (width - 12) / PER_ROW
    for i, contract in enumerate(v.contracts):
        x = 12 + (i % PER_ROW) * wide
        y = top + 22 + (i // PER_ROW) * CONTRACT_ROW
        done = contract.fulfilled_by
        stroke = seat_colour(done) if done is not None else MUTED
        chips = [
            el("rect", x=x + 8 + 20 * j, y=y + 24, width=16, height=16, rx=3,
               fill=MINERALS[m][0], stroke=INK, stroke_width=0.6, title=MINERALS[m][1])
            for j, m in enumerate(contract.contract.requirements)
        ]  # fmt: skip
        who = f"fulfilled by {seats[done]}" if done is not None else "open"
        drawn.append(
            group(
                el("rect", x=x, y=y, width=wide - 8, height=CONTRACT_ROW - 10, rx=6,
                   fill="#fff", stroke=stroke, stroke_width=2.5 if done is not None else 1),
                text(x + 8, y + 16, contract.contract.contract_id, 11, text_anchor="start",
                     font_weight="bold"),
                chips,
                text(x + 8, y + 56, who, 10.5, text_anchor="start",
                     fill=stroke if done is not None else MUTED),
                title=f"contract {contract.contract.contract_id}: "
                + " + ".join(MINERALS[m][1] for m in contract.contract.requirements) + f"; {who}",
            )
        )  # fmt: skip
    return group(drawn)


def player_card(
    p: PlayerView, seats: Sequence[str], x: float, y: float, active: bool
) -> tuple[Element, float]:
    colour = seat_colour(p.seat)
    lines = [
        f"{p.score} points · {len(p.station_rockets)} rockets docked · shipyard {p.shipyard}",
        "bribes: " + (", ".join(MINERALS[b.mineral][1][:4] for b in p.unspent_bribes) or "none")
        + (f" · committed {p.committed_bribe}" if p.committed_bribe else "")
        + (f" · {p.spent_bribes} spent" if p.spent_bribes else ""),
        "incidents: " + (", ".join(
            INCIDENTS[i.kind] + ("" if i.usable else " (next turn)") for i in p.incidents
        ) or "none"),
        "contracts: " + (", ".join(p.contracts) or "none"),
    ]  # fmt: skip
    collection = [
        el("rect", x=x + 10 + 19 * (i % 19), y=y + 92 + 19 * (i // 19), width=16, height=16,
           rx=3, fill=MINERALS[t.effective_mineral][0], stroke=INK, stroke_width=0.5,
           title=f"{MINERALS[t.effective_mineral][1]} {t.value} ({t.tile_id})")
        for i, t in enumerate(p.collection)
    ]  # fmt: skip
    values = [
        text(x + 18 + 19 * (i % 19), y + 104 + 19 * (i // 19), t.value, 9, fill=INK)
        for i, t in enumerate(p.collection)
    ]
    rows = 1 + max(0, len(p.collection) - 1) // 19
    height = 100 + 19 * rows
    return group(
        el("rect", x=x, y=y, width=SIDE - 24, height=height, rx=8, fill="#fff", stroke=colour,
           stroke_width=3 if active else 1.5),
        el("circle", cx=x + 14, cy=y + 16, r=6, fill=colour),
        text(x + 26, y + 21, seats[p.seat] + ("  (to play)" if active else ""), 14,
             text_anchor="start", font_weight="bold"),
        [text(x + 10, y + 40 + 15 * i, line, 11, text_anchor="start")
         for i, line in enumerate(lines)],
        collection,
        values,
    ), height  # fmt: skip


def players(v: DeltaVView, seats: Sequence[str]) -> Element:
    x, y = FIELD + 36, HEAD
    drawn = []
    for p in v.players:
        card, height = player_card(p, seats, x, y, p.seat in v.to_move)
        drawn.append(card)
        y += height + 10
    return group(drawn)


def header(v: DeltaVView, seats: Sequence[str]) -> Element:
    line = f"Turn {v.turn} · {seats[v.active]}'s turn · {v.phase.lower().replace('_', ' ')}"
    facts = [f"alien encounters {v.encounters} of 5"]
    if v.attempt is not None:
        facts.append(f"attempting contract {v.attempt.contract_id} ({v.attempt.stage})")
    if v.window is not None:
        facts.append(f"{seats[v.window.asking]} may respond ({v.window.window})")
    if v.pirated:
        facts.append("pirates struck this turn")
    if v.meteored:
        facts.append("a meteor storm struck this turn")
    return group(
        text(12, 24, line, 16, text_anchor="start", font_weight="bold"),
        text(12, 44, " · ".join(facts), 12, text_anchor="start", fill=MUTED),
    )


def board(view: DeltaVView, seats: Sequence[str]) -> Element:
    v = view
    card_heights = sum(110 + 19 * (1 + max(0, len(p.collection) - 1) // 19) for p in v.players)
    width = FIELD + SIDE + 24
    below = max(HEAD + FIELD + 12, HEAD + card_heights + 62)
    height = below + contracts_height(len(v.contracts)) + 8
    return svg(
        width,
        height,
        el("rect", x=0, y=0, width=width, height=height, fill=PAPER),
        header(v, seats),
        el("rect", x=8, y=HEAD - 4, width=FIELD + 8, height=FIELD + 8, rx=10, fill="#0f1424"),
        [cell(c, seats) for c in v.cells],
        attempt(v),
        station(seats, v.players),
        legend(FIELD + 36, HEAD + card_heights + 14),
        contracts(v, seats, below, width),
        players(v, seats),
        label=f"Delta V, turn {v.turn}: the asteroid field, contracts and {len(seats)} seats",
    )


PANEL_ROW = 10
"""Tiles per row of a seat's private panel."""


def private(view: DeltaVView, seat: str, seats: Sequence[str]) -> Element | None:
    v = view
    if not v.peeks and not v.known_tiles:
        return None
    rows: list[tuple[str, Sequence[Any]]] = []
    if v.peeks:
        rows.append(("Peeking now", v.peeks))
    if v.known_tiles:
        rows.append(("Face-down tiles you have seen", v.known_tiles))
    size, y = CELL - 8, 10.0  # as big as the board's tiles: their names fit
    drawn: list[Element] = []
    for title, found in rows:
        drawn.append(text(10, y + 14, title, 13, text_anchor="start", font_weight="bold"))
        y += 22
        for i, peek in enumerate(found):
            px = 10 + (i % PANEL_ROW) * (size + 8)
            py = y + (i // PANEL_ROW) * (size + 22)
            label = f"tile at {peek.position[0]}:{peek.position[1]}"
            drawn.append(tile(peek.face, px, py, size, label))
            drawn.append(text(px + size / 2, py + size + 13, f"{peek.position[0]}:{peek.position[1]}",
                              10, fill=MUTED))  # fmt: skip
        y += (1 + (len(found) - 1) // PANEL_ROW) * (size + 22) + 6
    return svg(760, y, el("rect", x=0, y=0, width=760, height=y, fill="#fff"), drawn,
               label=f"what {seat} alone has seen")  # fmt: skip
