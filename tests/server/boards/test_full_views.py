"""The referee's board draws everything: the spectator's view with each seat's hidden facts
filled in from that seat's own view (server/full_views.py)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from domain.viewer import Viewer
from records.imports import import_lines
from records.replays import parse
from server.full_views import filled
from server.pictures import picture
from store.ledger import Ledger

ROOT = Path(__file__).resolve().parents[3]


def test_holes_in_sequences_are_filled_from_the_seat_that_knows_them() -> None:
    spectator = {
        "seat": None,
        "hand": [],
        "players": [{"seat": 0, "order": None, "ship": None}, {"seat": 1, "order": None}],
    }
    ann = {"seat": 0, "hand": [7], "players": [{"seat": 0, "order": "E", "ship": None}, {"seat": 1, "order": None}]}  # fmt: skip
    ben = {"seat": 1, "hand": [9], "players": [{"seat": 0, "order": None, "ship": None}, {"seat": 1, "order": "W"}]}  # fmt: skip
    merged = filled(spectator, [ann, ben])
    assert merged["players"] == [
        {"seat": 0, "order": "E", "ship": None},  # a public None stays None
        {"seat": 1, "order": "W"},
    ]
    assert merged["seat"] is None and merged["hand"] == []  # whose view it is: the spectator's
    assert filled(spectator, [ann, ben]) == filled(spectator, [ann, ben])
    assert spectator["players"][0]["order"] is None  # not changed in place


def test_the_referees_race_for_the_galaxy_board_shows_the_sealed_choices(tmp_path: Path) -> None:
    ledger = Ledger(f"sqlite:///{tmp_path}/m.db")
    replay = sorted((ROOT / "replays").glob("race-for-the-galaxy-[0-9]p-*.jsonl"))[0]
    match, _ = import_lines(ledger, parse(replay.read_bytes()))
    shown = 0
    for version in range(2, match.version + 1):
        at = ledger.match(match.id, version=version)
        referee = picture(at, Viewer(referee=True), opened=False).board
        spectator = picture(at, Viewer(), opened=False).board
        if referee == spectator:
            continue
        players = msgspec.to_builtins(at.rules.view(at.state, None))["players"]
        sealed = [p["seat"] for p in players if p["actions"] is None or p["choice"] is None]
        assert sealed, f"at {version} the referee's board differs with nothing sealed"
        # What it adds is what the seats' own boards show of themselves.
        owns = [picture(at, Viewer(seat=seat), opened=False).board for seat in sealed]
        assert any(own != spectator for own in owns)
        shown += 1
    assert shown >= 5
    ledger.close()
