"""Every recorded game in replays/ verifies, and together they show what each game must show."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from records.replays import parse, rerun

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
FILES = sorted(REPLAYS.glob("*.jsonl"))

# What the recorded games of each game must include between them (the issues' "done when").
REQUIRED: dict[str, dict[str, Any]] = {
    "delta-v": {"files": 6, "seats": {2, 3, 4}, "events": ["BidUpDeclared"], "undo": True},
    "race-for-the-galaxy": {
        "files": 8,
        "seats": {2, 3, 4},
        "events": ["WorldPlaced:method=CONQUER", "GoodSold", "DevelopmentPlaced:cost=6"],
        "option": ("advanced_two_player", True),
    },
    "kosmonauts": {
        "files": 6,
        "seats": {2, 3, 4},
        "events": ["ShipLanded", "EarthReturnCompleted", "MissionScored"],
        "undo": True,
        "option": ("advanced", True),
    },
    "duck-dealer": {
        "files": 6,
        "seats": {2, 3, 4, 5},
        "events": ["GoodsDelivered", "FactoryBuilt"],
        "undo": True,
        "option": ("auction", True),
    },
    "onward-to-venus": {
        "files": 6,
        "seats": {2, 3, 4, 5},
        "events": ["ClaimAttempted:kind=TENSION", "UnitDestroyed", "CombatResolved", "CrisisResolved"],
        "undo": True,
    },
}  # fmt: skip


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_a_recorded_match_verifies(path: Path) -> None:
    match = rerun(parse(path.read_text()))
    assert match.result is not None, "recorded matches are played to the end"


def _shows(lines: list[dict[str, Any]], spec: str) -> bool:
    kind, _, condition = spec.partition(":")
    field, _, value = condition.partition("=")
    for line in lines:
        for event in line.get("outcome", []):
            if event.get("type") == kind and (not field or str(event.get(field)) == value):
                return True
    return False


@pytest.mark.parametrize("game", sorted(REQUIRED))
def test_the_recorded_games_show_what_they_must(game: str) -> None:
    need = REQUIRED[game]
    files = [[json.loads(line) for line in f.read_text().splitlines()] for f in FILES
             if json.loads(f.read_text().splitlines()[0])["game"] == game]  # fmt: skip
    assert len(files) >= need["files"]
    assert {len(lines[0]["seats"]) for lines in files} >= need["seats"]
    for spec in need.get("events", []):
        assert any(_shows(lines, spec) for lines in files), spec
    if need.get("undo"):
        kinds = {line.get("kind") for lines in files for line in lines}
        assert {"Undone", "Redone"} <= kinds
    if "option" in need:
        key, value = need["option"]
        assert any(lines[0]["options"].get(key) == value for lines in files)
