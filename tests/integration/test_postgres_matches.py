"""Matches and projections on the eventsourcing library's PostgreSQL module (a private server)."""

from __future__ import annotations

import json

import msgspec

from cli.app import app
from cli.simulate import play_bot_match
from projections.projectors import scoreboard
from projections.runner import Projections
from projections.verification import verify_stored
from store.ledger import Ledger
from tests.support.cli_runner import CliRunner


def test_matches_and_projections_on_postgres(postgres_url: str) -> None:
    ledger = Ledger(postgres_url, snapshot_interval=5)
    for seed in range(3):
        ledger.save(play_bot_match("toy", 2, seed, undo_rate=0.2))
    projections = Projections(ledger)
    head = ledger.recorder.max_notification_id() or 0
    projections.catch_up(stop=head // 2)
    Projections(ledger).catch_up()
    for ident in ledger.match_ids():
        match = ledger.match(ident)
        assert projections["scores"].doc(f"toy/{ident}", {}) == msgspec.to_builtins(
            scoreboard(match)
        )
        assert verify_stored(ledger, projections, str(ident)).ok
    before = {p.name: p.recorder.scan() for p in projections.projectors}
    projections.rebuild()
    assert {p.name: p.recorder.scan() for p in projections.projectors} == before


def test_the_cli_on_postgres(postgres_url: str) -> None:
    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(app, [*args, "--store", postgres_url])
        assert result.exit_code == 0, result.stderr
        return result.stdout

    mid = json.loads(run("new", "toy", "--seat", "ann", "--seat", "ben", "--json"))["match"]
    run("play", mid, '{"type":"Take","n":1}', "--as", "ann")
    run("undo", mid, "--as", "ann")
    assert json.loads(run("show", mid, "--as", "ann", "--json"))["version"] == 3
    assert "ok" in run("verify", mid)
    assert mid in [m["match"] for m in json.loads(run("matches", "--json"))]
