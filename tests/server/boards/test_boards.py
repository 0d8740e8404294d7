"""Every game's board drawing, on the recorded replays: at a sample of steps the board and the
private panels draw for the spectator and for every seat, as SVG that parses; a seat's board and
panel hold no fact that only another seat's view holds; hostile seat names stay escaped."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from domain.viewer import Viewer, viewer_for
from records.replays import parse, rerun
from server.boards import BOARD_MODULES, drawer
from server.pictures import picture
from tests.server.boards.drawings import parsed, view_of

ROOT = Path(__file__).resolve().parents[3]
REPLAYS = sorted((ROOT / "replays").glob("*.jsonl"))
SAMPLES = 6


def strings(value: Any, found: set[str]) -> set[str]:
    if isinstance(value, dict):
        for item in value.values():
            strings(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            strings(item, found)
    elif isinstance(value, str):
        found.add(value)
    return found


def steps_of(path: Path) -> list[int]:
    last = len(parse(path.read_bytes())) - 2
    return sorted({max(2, last * i // SAMPLES) for i in range(1, SAMPLES)} | {last})


def test_every_game_has_its_own_drawing() -> None:
    for slug, module in BOARD_MODULES.items():
        assert drawer(slug).__name__ == module


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_a_replay_draws_at_every_sampled_step_without_leaking(path: Path) -> None:
    lines = parse(path.read_bytes())
    for version in steps_of(path):
        match = rerun(lines, upto=version)
        seats = list(match.seats)
        if not match.dealt:
            continue
        spectator = picture(match, Viewer(), opened=False)
        parsed(spectator.board)
        assert spectator.panels == []
        public = strings(view_of(match, None), set())
        for index, name in enumerate(seats):
            drawn = picture(match, viewer_for(seats, name), opened=False)
            parsed(drawn.board)
            assert [panel.seat for panel in drawn.panels] in ([], [name])
            for panel in drawn.panels:
                parsed(panel.svg)
            own = strings(view_of(match, index), set())
            others: set[str] = set()
            for other in range(len(seats)):
                if other != index:
                    strings(view_of(match, other), others)
            # What A may read includes the names its view holds as numbers (a card it chose):
            # the game's own text drawing of A's view says them; and what the spectator's own
            # picture says is public (a public card drawn by its effect's name, whose twin another
            # seat holds).
            said = match.rules.render(match.rules.view(match.state, index), seats)
            secrets = {
                w
                for w in others - own - public
                if len(w) >= 3 and w not in said and w not in spectator.board
            }
            text = drawn.board + "".join(panel.svg for panel in drawn.panels)
            leaked = sorted(word for word in secrets if word in text)
            assert not leaked, f"{name} at {version} sees others' secrets: {leaked}"
        everything = picture(match, Viewer(referee=True), opened=False)
        for panel in everything.panels:
            parsed(panel.svg)
        assert {panel.seat for panel in everything.panels} <= set(seats)


@pytest.mark.parametrize("slug", sorted(BOARD_MODULES))
def test_hostile_seat_names_stay_escaped(slug: str) -> None:
    path = next(p for p in REPLAYS if p.name.startswith(slug))
    lines = parse(path.read_bytes())
    middle = (len(lines) - 2) // 2
    match = rerun(lines, upto=middle)
    hostile = ["<script>alert(1)</script>", "a&b\"c'd", "]]><x/>", "\u202eevil", "e", "f"]
    seats = hostile[: len(match.seats)]
    draw = drawer(slug)
    for seat in (None, *range(len(seats))):
        board = str(draw.board(view_of(match, seat), seats))
        ET.fromstring(board)
        assert "<script" not in board and "<x/>" not in board
        if seat is not None:
            panel = draw.private(view_of(match, seat), seats[seat], seats)
            if panel is not None:
                ET.fromstring(str(panel))
