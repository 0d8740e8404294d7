"""The command line end to end (typer's test runner), on a SQLite store in a temp folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from domain.registry import all_games


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STARLEDGER_STORE", f"sqlite:///{tmp_path}/cli.db")
    runner = CliRunner()

    def run(*args: str, code: int = 0) -> str:
        result = runner.invoke(app, list(args))
        assert result.exit_code == code, (args, result.stdout, result.stderr)
        if code:
            assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
            assert "Traceback" not in result.stdout + result.stderr
            return result.stderr
        return result.stdout

    return run


def new_toy(cli, *extra: str) -> str:  # type: ignore[no-untyped-def]
    out = cli("new", "toy", "--seat", "ann", "--seat", "ben", "--seed", "5", "--json", *extra)
    data = json.loads(out)
    assert data["version"] == 1
    return data["match"]


def test_games_lists_every_game_with_options(cli) -> None:  # type: ignore[no-untyped-def]
    games = {g["slug"]: g for g in json.loads(cli("games", "--json"))}
    assert games["toy"]["seats"] == "2-4" and "pile" in games["toy"]["options"]
    assert "toy" in cli("games")


def test_a_match_from_the_command_line(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    match = new_toy(cli, "--option", "pile=5")
    moves = json.loads(cli("moves", match, "--as", "ann", "--json"))
    assert {"type": "Take", "n": 1} in moves and {"type": "Draw"} in moves
    assert json.loads(cli("moves", match, "--as", "ben", "--json")) == []
    played = json.loads(cli("play", match, json.dumps(moves[0]), "--as", "ann", "--json"))
    assert played["version"] == 2 and played["to_move"] == ["ben"]
    assert "Drew" in cli("play", match, '{"type":"Draw"}', "--as", "ben")
    # ben's card is his alone until the match is over
    assert "DrewCard" not in cli("log", match, "--as", "ann")
    assert "DrewCard" in cli("log", match, "--as", "ben")
    assert "DrewCard" not in cli("log", match)
    assert "DrewCard" in cli("log", match, "--as", "referee")
    shown = json.loads(cli("show", match, "--as", "ann", "--json"))
    assert shown["view"]["my_hand"] == [] and shown["to_move"] == ["ann"]
    assert json.loads(cli("show", match, "--as", "ben", "--json"))["view"]["my_hand"] != []
    assert json.loads(cli("show", match, "--at", "2", "--json"))["version"] == 2
    cli("play", match, '{"type":"Take","n":3}', "--as", "ann")
    cli("undo", match, "--as", "ann")
    cli("redo", match, "--as", "ann")
    cli("play", match, '{"type":"Take","n":1}', "--as", "ben")
    board = json.loads(cli("score", match, "--json"))
    assert board["status"] == "over" and board["winners"]
    assert "DrewCard" in cli("log", match, "--as", "ann")  # open once the match is over
    listed = json.loads(cli("matches", "--json"))
    assert [m["match"] for m in listed] == [match] and listed[0]["status"] == "over"
    replay = tmp_path / "m.jsonl"
    cli("export", match, "-o", str(replay))
    assert "ok" in cli("verify", str(replay), match, str(tmp_path))
    imported = json.loads(cli("import", str(replay), "--json"))["match"]
    assert imported != match
    assert json.loads(cli("replay", str(replay), "--to", "3", "--json"))["version"] == 3
    assert json.loads(cli("replay", imported, "--to", "3", "--as", "ben", "--json"))["version"] == 3


def test_bad_input_is_one_line_and_changes_nothing(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    match = new_toy(cli)
    assert "MALFORMED_COMMAND" in cli("play", match, "{oops", "--as", "ann", code=1)
    assert "BAD_COMMAND" in cli("play", match, '{"type":"Fly"}', "--as", "ann", code=1)
    assert "UNKNOWN_SEAT" in cli("play", match, '{"type":"Draw"}', "--as", "cat", code=1)
    assert "NOT_YOUR_TURN" in cli("play", match, '{"type":"Draw"}', "--as", "ben", code=1)
    assert "BAD_TAKE" in cli("play", match, '{"type":"Take","n":4}', "--as", "ann", code=1)
    assert "CONFLICT" in cli(
        "play", match, '{"type":"Draw"}', "--as", "ann", "--expect-version", "7", code=1
    )
    assert "CANNOT_UNDO" in cli("undo", match, "--as", "ann", code=1)
    assert "no match" in cli("show", "00000000-0000-0000-0000-000000000000", code=1)
    assert "UNKNOWN_GAME" in cli("new", "chess", "--seat", "a", "--seat", "b", code=1)
    assert "BAD_OPTION" in cli(
        "new", "toy", "--seat", "a", "--seat", "b", "--option", "x=1", code=1
    )
    assert "KEY=VALUE" in cli("new", "toy", "--seat", "a", "--seat", "b", "--option", "x", code=1)
    assert "unknown store URL" in cli("matches", "--store", "ftp://x", code=1)
    assert json.loads(cli("show", match, "--json"))["version"] == 1
    replay = tmp_path / "m.jsonl"
    cli("export", match, "-o", str(replay))
    lines = replay.read_text().splitlines()
    (tmp_path / "cut.jsonl").write_text("\n".join(lines[:-1]))
    assert "truncated" in cli("import", str(tmp_path / "cut.jsonl"), code=1)
    edited = replay.read_text().replace('"seed":5', '"seed":6')
    (tmp_path / "edit.jsonl").write_text(edited)
    out = CliRunner().invoke(app, ["verify", str(tmp_path / "edit.jsonl")])
    assert out.exit_code == 1 and "BAD" in out.stdout and "line 1" in out.stdout
    assert len(json.loads(cli("matches", "--json"))) == 1
    usage = CliRunner().invoke(app, ["play"])
    assert usage.exit_code == 2


def test_simulate_writes_verifiable_replays(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "sim"
    summary = json.loads(
        cli("simulate", "toy", "--matches", "6", "--seats", "3", "--out", str(out), "--json")
    )
    assert summary["matches"] == 6 and summary["decisions"] > 0
    assert len(list(out.glob("*.jsonl"))) == 6
    assert cli("verify", str(out)).count("ok") == 6
    assert len(json.loads(cli("matches", "--json"))) == 6


def test_demo_plays_every_game(cli) -> None:  # type: ignore[no-untyped-def]
    out = cli("demo")
    assert out.count("log verified: yes") == len(all_games()) and "verified: NO" not in out


def test_read_side_commands(cli) -> None:  # type: ignore[no-untyped-def]
    json.loads(cli("simulate", "toy", "--matches", "4", "--seats", "2", "--json"))
    running = new_toy(cli)
    over = json.loads(cli("matches", "--status", "over", "--json"))
    assert len(over) == 4 and all(m["winners"] for m in over)
    assert [m["match"] for m in json.loads(cli("matches", "--status", "setting up", "--json"))] == [
        running
    ]
    assert len(json.loads(cli("matches", "--seat", "ann", "--game", "toy", "--json"))) == 5
    assert json.loads(cli("matches", "--seat", "zed", "--json")) == []
    assert "--status" in cli("matches", "--status", "done", code=1)
    board = json.loads(cli("leaderboard", "toy", "--json"))
    assert {r["seat"] for r in board} == {"ann", "ben"}
    assert sum(r["matches"] for r in board) == 8
    assert all(0 <= r["win_rate"] <= 1 for r in board)
    status = json.loads(cli("projections", "status", "--json"))
    assert {s["projection"] for s in status} == {"index", "scores", "audit", "views"}
    rebuilt = json.loads(cli("projections", "rebuild", "audit", "--json"))
    assert rebuilt["rebuilt"] == ["audit"] and rebuilt["events"] > 0
    assert "no projection" in cli("projections", "rebuild", "nope", code=1)
    assert all(s["lag"] == 0 for s in json.loads(cli("projections", "status", "--json")))


def test_sealed_log_stays_sealed_after_the_end(cli) -> None:  # type: ignore[no-untyped-def]
    match = new_toy(cli, "--option", "pile=2", "--sealed-log")
    cli("play", match, '{"type":"Draw"}', "--as", "ann")
    cli("play", match, '{"type":"Take","n":2}', "--as", "ben")
    assert json.loads(cli("score", match, "--json"))["status"] == "over"
    assert "DrewCard" not in cli("log", match, "--as", "ben")
    assert "DrewCard" in cli("log", match, "--as", "referee")


def test_follow_prints_decisions_as_they_land(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import threading
    import time

    from store.ledger import Ledger

    match = new_toy(cli)
    other_client = Ledger()  # the CLI runner captures stdout process-wide: play directly

    def later() -> None:
        time.sleep(0.6)
        other_client.play(match, "ann", {"type": "Draw"})
        other_client.play(match, "ben", {"type": "Take", "n": 1})

    thread = threading.Thread(target=later)
    thread.start()
    out = cli("follow", match, "--as", "ben", "--timeout", "3")
    thread.join()
    assert "ann:" in out and "Drew " in out and "DrewCard" not in out and "ben:" in out


def test_demo_and_record_speak_json(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    boards = json.loads(cli("demo", "--json"))
    assert {b["game"] for b in boards} == {r.slug for r in all_games()}
    assert all(b["verified"] and b["status"] == "over" for b in boards)
    saved = json.loads(
        cli(
            "record",
            "toy",
            "--out",
            str(tmp_path / "r"),
            "--count",
            "2",
            "--want",
            "DrewCard",
            "--undo-rate",
            "0.5",
            "--json",
        )
    )
    assert len(saved) == 2 and all(Path(p).exists() for p in saved)
    assert "only 0 of 1" in cli(
        "record", "toy", "--out", str(tmp_path / "r"), "--want", "Nope", "--tries", "3", code=1
    )
