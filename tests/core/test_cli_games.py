"""Every registered game played from the command line, exactly as a user would: `moves` lists
the JSON to paste, `play` applies it, and the match is shown, logged, scored, exported and
verified. Delta V is played to the end."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from domain.registry import all_games

SEATS = ["ann", "ben", "cat", "dan", "eve"]


def run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result.stdout


@pytest.mark.parametrize("slug", [r.slug for r in all_games() if r.slug != "toy"], ids=lambda s: s)
def test_a_match_played_from_the_command_line(
    slug: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STARLEDGER_STORE", f"sqlite:///{tmp_path}/games.db")
    rules = next(r for r in all_games() if r.slug == slug)
    seats = SEATS[: rules.min_seats]
    seat_args = [arg for name in seats for arg in ("--seat", name)]
    match = json.loads(run("new", slug, *seat_args, "--seed", "11", "--json"))["match"]
    bots = random.Random(11)
    decisions = 400 if slug == "delta-v" else 25
    for _ in range(decisions):
        shown = json.loads(run("show", match, "--json"))
        if shown["winners"]:
            break
        seat = bots.choice(shown["to_move"])
        legal = json.loads(run("moves", match, "--as", seat, "--json"))
        assert legal, f"{seat} is to move but has no legal command"
        version = str(shown["version"])
        run(
            "play", match, json.dumps(bots.choice(legal)), "--as", seat, "--expect-version", version
        )
    if slug == "delta-v":
        assert json.loads(run("score", match, "--json"))["status"] == "over"
    for seat in seats:
        view = json.loads(run("show", match, "--as", seat, "--json"))
        assert view["as"] == seat and view["view"]
        assert run("show", match, "--as", seat)  # the board drawn for humans
        run("log", match, "--as", seat)
    run("export", match, "-o", str(tmp_path / "m.jsonl"), "--as", "referee")
    assert run("verify", match, str(tmp_path / "m.jsonl")).endswith("2 ok, 0 bad\n")
