"""The Kosmonauts board draws no ship before the ships are placed on Earth (setup), and every
ship once they are, none on the Sun."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from domain.kosmonauts.components import SUN
from records.replays import rerun
from server.boards import kosmonauts as drawing
from tests.server.boards.drawings import last_version, lines_of, view_of

ROOT = Path(__file__).resolve().parents[3]
REPLAY = sorted((ROOT / "replays").glob("kosmonauts-2p-*.jsonl"))[0]
SVG = "{http://www.w3.org/2000/svg}"


def ship_marks(svg: str) -> list[ET.Element]:
    """The ships' triangles: polygons titled '<seat>: ...'."""
    root = ET.fromstring(svg)
    return [
        node
        for node in root.iter(f"{SVG}polygon")
        if (title := node.find(f"{SVG}title")) is not None and ": " in (title.text or "")
    ]


def test_ships_appear_on_earth_when_placed_never_on_the_sun() -> None:
    lines = lines_of(REPLAY)
    sun_x, sun_y = drawing.centre(SUN)
    placed = False
    for version in range(2, last_version(REPLAY) + 1):
        match = rerun(lines, upto=version)
        view = view_of(match, None)
        marks = ship_marks(str(drawing.board(view, list(match.seats))))
        if match.state.phase in drawing.SETUP_PHASES:
            assert marks == [], f"ships drawn during setup at step {version}"
            continue
        assert len(marks) == len(match.seats)
        for mark in marks:
            xs = [float(p.split(",")[0]) for p in (mark.get("points") or "").split()]
            ys = [float(p.split(",")[1]) for p in (mark.get("points") or "").split()]
            assert (
                abs(sum(xs) / 3 - sun_x) > drawing.SIZE or abs(sum(ys) / 3 - sun_y) > drawing.SIZE
            )
        placed = True
        break
    assert placed, "the replay never left setup"
