"""The table records in replays/tables/ (issue #24): whole games as a table writes them down,
outcomes by name, which together meet every chance site of their game. Each is applied through
the rules to its end, and its match verifies as one dealt by the table."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import domain.match
from domain.chance import TableChance
from domain.registry import all_games
from records.replays import dumps, export_lines, parse, verify_lines
from records.table_record import import_table
from store.ledger import Ledger

RECORDS = sorted((Path(__file__).resolve().parents[2] / "replays" / "tables").glob("*.table.jsonl"))

SITES: dict[str, list[str]] = {
    "delta-v": ["^the first player$", "peeks at", "turns over at", "^the tile left face down"],
    "duck-dealer": [
        "^the starting mine laid on", "^the spaceport laid on", "^the mine laid on",
        "client tile stacked on the client track", "still tied after the re-bid",
    ],
    "kosmonauts": [
        "^the planet token dealt to", "^the first instructor$", "^the Mission I card dealt to",
        "^the Mission II Alpha card dealt to", "^the Mission II Beta card dealt to",
        "^the event card turned face up in slot", "^a Mission I card dealt to",
        "^a Mission II card dealt to", "^a body left out of the game$",
    ],
    "onward-to-venus": [
        "rolls for the start player", "^the card .* draws$", "^a tile drawn from the bag",
        "rolls in combat", "rerolls$", "^a crisis die", "^a card .* discards at random",
        "takes at random from",
    ],
    "race-for-the-galaxy": [
        "^the start world", "^a card .* draws$", "as a good on", "reveals with Gambling World",
    ],
}  # fmt: skip
"""Every kind of chance site of each game (the `what` its rules ask chance with)."""


class _Asked(TableChance):
    """The table's chance, noting what each outcome was asked for."""

    asked: list[str] = []

    def _choose(self, kind: Any, items: Any, what: str, label: Any) -> Any:
        _Asked.asked.append(what)
        return super()._choose(kind, items, what, label)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    monkeypatch.setattr(domain.match, "TableChance", _Asked)
    _Asked.asked = []
    yield _Asked.asked


@pytest.mark.parametrize("path", RECORDS, ids=[path.stem for path in RECORDS])
def test_a_table_record_plays_to_its_end_and_verifies(path: Path) -> None:
    match = import_table(path.read_bytes())
    assert match.chance == "table" and match.result is not None
    ledger = Ledger("memory://")
    ledger.save(match)
    verdict = verify_lines(parse(dumps(export_lines(ledger.stored_events(match.id)))))
    assert verdict.ok and verdict.table, verdict.describe()


@pytest.mark.parametrize("game", sorted(SITES))
def test_the_records_of_a_game_meet_every_chance_site(game: str, asked: list[str]) -> None:
    records = [path for path in RECORDS if path.name.startswith(f"{game}-")]
    assert records, f"no table record of {game} in replays/tables"
    for path in records:
        import_table(path.read_bytes())
    missing = [site for site in SITES[game] if not any(re.search(site, what) for what in asked)]
    assert not missing, f"{game}: no record meets {missing}"


def test_every_game_has_its_sites_listed() -> None:
    assert sorted(SITES) == sorted(rules.slug for rules in all_games() if rules.slug != "toy")


def test_verify_judges_a_table_record_by_applying_it(tmp_path: Path) -> None:
    from cli.replay_commands import verify_file

    good = verify_file(RECORDS[0])
    assert good.ok and good.record and "applies through the rules" in good.describe()
    lines = RECORDS[0].read_text().splitlines()
    bad = tmp_path / "bad.table.jsonl"
    bad.write_text("\n".join([*lines[:3], '{"chance": "no such thing"}', *lines[4:]]) + "\n")
    verdict = verify_file(bad)
    assert not verdict.ok and str(verdict.problem).startswith("line 4:")
