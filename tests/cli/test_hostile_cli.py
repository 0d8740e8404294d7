"""Hostile users at the command line (issue #12): terminal-safe output, validated seat names,
atomic files that are replaced only with --force, and a quiet end when the reader goes away."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BAD_NAMES = [
    "a\x1b[2Jb", "bell\x07", "car\rriage", "new\nline", "c1\x85x", "rl\u202eo", "zw\u200bj",
    "", " ", "x" * 33, "referee", "spectator",
]  # fmt: skip


@pytest.mark.parametrize("name", BAD_NAMES, ids=repr)
def test_seat_names_with_control_or_bidi_characters_are_refused(cli, name: str) -> None:  # type: ignore[no-untyped-def]
    out = cli("new", "toy", "--seat", "ann", "--seat", name, code=1)
    assert "BAD_SEATS" in out and "\x1b" not in out and "\x07" not in out
    assert out.count("\n") == 1
    assert json.loads(cli("matches", "--json")) == []


def test_echoed_input_is_escaped_and_short(cli) -> None:  # type: ignore[no-untyped-def]
    match = json.loads(cli("new", "toy", "--seat", "ann", "--seat", "ben", "--json"))["match"]
    out = cli("play", match, '{"type": "\\u001b[2J\\u0007evil"}', "--as", "ann", code=1)
    assert "\x1b" not in out and "\x07" not in out and "\\x1b" in out and out.count("\n") == 1
    huge = json.dumps({"type": "Take", "n": 1, "pad": "x" * 120_000})
    out = cli("play", match, huge, "--as", "ann", code=1)
    assert "COMMAND_TOO_LARGE" in out and len(out) < 400
    assert json.loads(cli("show", match, "--json"))["version"] == 1


def test_files_are_replaced_only_with_force_and_never_left_half_written(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    match = json.loads(cli("new", "toy", "--seat", "ann", "--seat", "ben", "--json"))["match"]
    target = tmp_path / "out.jsonl"
    target.write_text("precious\n")
    assert "--force" in cli("export", match, "-o", str(target), code=1)
    assert target.read_text() == "precious\n"

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    assert "No space left" in cli("export", match, "-o", str(target), "--force", code=1)
    assert target.read_text() == "precious\n"
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    monkeypatch.undo()
    monkeypatch.setenv("STARLEDGER_STORE", f"sqlite:///{tmp_path}/cli.db")
    cli("export", match, "-o", str(target), "--force")
    assert '"format":"starledger-replay/2"' in target.read_text()


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path}/pipe.db"
    env = {**os.environ, "STARLEDGER_STORE": store}
    prefix = [sys.executable, "-c", "from cli.app import main; main()"]
    subprocess.run([*prefix, "simulate", "delta-v", "--matches", "1"], env=env, check=True,
                   capture_output=True)  # fmt: skip
    listed = subprocess.run([*prefix, "matches", "--json"], env=env, check=True,
                            capture_output=True, text=True)  # fmt: skip
    match = json.loads(listed.stdout)[0]["match"]
    reader = subprocess.Popen([*prefix, "log", match, "--as", "referee"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.readline()
    reader.stdout.close()  # `| head -1`
    assert reader.wait(timeout=60) == 0
    assert reader.stderr.read() == b""


def test_writing_over_a_folder_names_the_folder(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    match = json.loads(cli("new", "toy", "--seat", "ann", "--seat", "ben", "--json"))["match"]
    folder = tmp_path / "out"
    folder.mkdir()
    for force in ([], ["--force"]):
        out = cli("export", match, "-o", str(folder), *force, code=1)
        assert str(folder) in out and ".tmp" not in out
    assert list(folder.iterdir()) == []
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize(
    "command", [["matches"], ["games"], ["new", "toy", "--seat", "a", "--seat", "b"]]
)
def test_a_store_file_that_is_no_database_is_a_store_error(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "notes.db").write_text("these are my notes, not a database\n")
    monkeypatch.setenv("STARLEDGER_STORE", f"sqlite:///{tmp_path}/notes.db")
    if command == ["games"]:  # reads no store
        cli(*command)
        return
    out = cli(*command, code=3)
    assert "STORE_UNAVAILABLE" in out and "not a database" in out and "internal error" not in out
    assert (tmp_path / "notes.db").read_text() == "these are my notes, not a database\n"
