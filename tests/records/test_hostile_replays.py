"""Hostile replay files (issue #12): each gets a one-line BAD verdict naming its line, never an
internal error; `verify FOLDER` reports every file and ends with a summary."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli.app import app
from cli.replay_commands import verify_file
from cli.simulate import play_bot_match
from records.replays import export_lines, seal
from store.ledger import Ledger
from tests.support.cli_runner import CliRunner

HOSTILE_VALUES: list[Any] = [
    None, True, -1, 2**64, 10**40, 1.5, "", "x" * 10_000, "\u001b]0;pwned\u0007", [], [1],
    [[[[]]]], {}, {"type": "Nope"}, {"a": [1, {"b": None}]},
]  # fmt: skip


def _good() -> list[dict[str, Any]]:
    match = play_bot_match("toy", 2, 12, undo_rate=0.3)
    ledger = Ledger("memory://")
    ledger.save(match)
    return export_lines(ledger.stored_events(match.id))


GOOD = _good()


def _resealed(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    previous = ""
    for index, line in enumerate(lines):
        try:
            previous = seal(line, str(lines[0].get("match")), index, previous)["hash"]
        except Exception:
            break
    return lines


def _text(lines: list[Any]) -> bytes:
    return b"".join(json.dumps(line).encode() + b"\n" for line in lines)


def hostile_files() -> list[tuple[str, bytes]]:
    files: list[tuple[str, bytes]] = [
        ("empty", b""),
        ("binary", bytes(range(256)) * 8),
        ("invalid utf-8", _text(GOOD[:2]) + b"\xff\xfe{}\n" + _text(GOOD[2:])),
        ("nul bytes", b"\x00" * 100),
        ("deep nesting", _text(GOOD[:2]) + b"[" * 100_000 + b"]" * 100_000 + b"\n"),
        ("not objects", b"[1, 2]\n3\n"),
        ("truncated", _text(GOOD[:-1])),
        ("only header", _text(GOOD[:1])),
        ("old format", _text([{"format": "starledger-replay/1", "hash": "x"}, {"end": True}])),
        ("lines swapped", _text([GOOD[0], GOOD[2], GOOD[1], *GOOD[3:]])),
        ("a line twice", _text([*GOOD[:3], GOOD[2], *GOOD[3:]])),
    ]
    for index in range(len(GOOD)):
        for key in sorted(GOOD[index]):
            for value in HOSTILE_VALUES[:: 3 if index > 2 else 1]:
                if json.dumps(value) == json.dumps(GOOD[index][key]):
                    continue
                lines = json.loads(json.dumps(GOOD))
                lines[index][key] = value
                files.append((f"line {index + 1} {key}={str(value)[:12]!r}", _text(lines)))
                resealed = _resealed(json.loads(json.dumps(lines)))
                files.append((f"resealed line {index + 1} {key}", _text(resealed)))
    return files


FILES = hostile_files()


def test_every_hostile_file_gets_a_bad_verdict_naming_its_line(tmp_path: Path) -> None:
    for number, (name, content) in enumerate(FILES):
        path = tmp_path / f"{number}.jsonl"
        path.write_bytes(content)
        verdict = verify_file(path)
        if verdict.ok:
            # a resealed edit that changes nothing the chain or the re-run sees is still whole
            assert name.startswith("resealed") and not verdict.partial, name
            continue
        problem = str(verdict.problem)
        assert problem.startswith("line ") and "\n" not in problem, (name, problem)
        assert len(problem) < 300, name
    assert len(FILES) > 300


@pytest.mark.parametrize("name,content", FILES[:12], ids=[n for n, _ in FILES[:12]])
def test_verify_folder_reports_every_file_and_a_summary(
    tmp_path: Path, name: str, content: bytes
) -> None:
    (tmp_path / "a-bad.jsonl").write_bytes(content)
    good = tmp_path / "z-good.jsonl"
    good.write_bytes(_text(GOOD))
    result = CliRunner().invoke(app, ["verify", str(tmp_path)])
    assert result.exit_code == 1
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith("BAD") and lines[1].startswith("ok") and lines[-1] == "1 ok, 1 bad"
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
