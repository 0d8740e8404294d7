"""The game in words at the command line (issue #25): logs told in sentences, the short form one
flag away, and both in JSON."""

from __future__ import annotations

import json
from pathlib import Path

from cli.simulate import play_bot_match
from projections.replays import dumps, export_lines
from store.ledger import Ledger


def test_a_log_is_told_in_words_and_raw_on_request(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    match = play_bot_match("kosmonauts", 2, 5, smart=True)
    ledger = Ledger("memory://")
    ledger.save(match)
    replay = tmp_path / "k.jsonl"
    replay.write_text(dumps(export_lines(ledger.stored_events(match.id))))
    told = cli("log", str(replay))
    assert "the planets advance: Mercury" in told and "PlanetsAdvanced" not in told
    raw = cli("log", str(replay), "--raw")
    assert "PlanetsAdvanced moves=" in raw and "the planets advance" not in raw
    entries = json.loads(cli("log", str(replay), "--json"))
    advanced = [e for e in entries if any(ev["type"] == "PlanetsAdvanced" for ev in e["events"])]
    assert advanced and any(t.startswith("the planets advance") for t in advanced[0]["texts"])
    assert all(entry["text"] for entry in entries)
