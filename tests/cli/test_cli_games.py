"""Every registered game played from the command line, exactly as a user would: `moves` lists
the JSON to paste, `play` applies it, and the match is shown, logged, scored, exported and
verified. Delta V is played to the end."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cli.app import app
from domain.registry import all_games
from tests.support.cli_runner import CliRunner

SEATS = ["ann", "ben", "cat", "dan", "eve"]
SHOW_EVERY = 10
"""Every tenth decision is played as a person would (text answer, then `show`); the others as a
script would (`play --json`), which answers with the next seats to move."""


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
    shown = json.loads(run("show", match, "--json"))
    to_move, version = shown["to_move"], shown["version"]
    bots = random.Random(11)
    decisions = 400 if slug == "delta-v" else 25
    for step in range(decisions):
        if not to_move:
            break
        seat = bots.choice(to_move)
        legal = json.loads(run("moves", match, "--as", seat, "--json"))
        assert legal, f"{seat} is to move but has no legal command"
        played = ("play", match, json.dumps(bots.choice(legal)), "--as", seat)
        expect = ("--expect-version", str(version))
        if step % SHOW_EVERY == 0:  # as a person plays: the text answer, then `show`
            assert run(*played, *expect)
            shown = json.loads(run("show", match, "--json"))
            assert shown["version"] > version
            to_move, version = shown["to_move"], shown["version"]
        else:  # as a script plays: the JSON answer says who is to move next
            answer = json.loads(run(*played, *expect, "--json"))
            assert answer["version"] > version
            to_move, version = answer["to_move"], answer["version"]
    if slug == "delta-v":
        assert json.loads(run("score", match, "--json"))["status"] == "over"
    for seat in seats:
        view = json.loads(run("show", match, "--as", seat, "--json"))
        assert view["as"] == seat and view["view"]
        assert run("show", match, "--as", seat)  # the board drawn for humans
        run("log", match, "--as", seat)
    run("export", match, "-o", str(tmp_path / "m.jsonl"), "--as", "referee")
    assert run("verify", match, str(tmp_path / "m.jsonl")).endswith("2 ok, 0 bad\n")
