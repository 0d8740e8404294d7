"""`starledger analyse` on a stored match and on a replay file, and its lines in `log`."""

from __future__ import annotations

import json
from pathlib import Path


def _match(cli, tmp_path: Path) -> tuple[str, Path]:  # type: ignore[no-untyped-def]
    out = tmp_path / "replays"
    cli(
        "simulate", "race-for-the-galaxy", "--matches", "1", "--smart",
        "--option", "max_rounds=2", "--out", str(out), "--json",
    )  # fmt: skip
    match = json.loads(cli("matches", "--json"))[0]["match"]
    return match, next(out.iterdir())


def test_analyse_prints_each_decision_and_log_shows_it(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    match, replay = _match(cli, tmp_path)
    text = cli("analyse", match, "--as", "ann", "--iterations", "1")
    assert "played" in text and "best found" in text and "accuracy: ann" in text
    judged = json.loads(cli("analyse", match, "--as", "ann", "--iterations", "1", "--json"))
    assert judged["seat"] == "ann" and judged["decisions"]
    first = judged["decisions"][0]
    log = cli("log", match, "--as", "ann")
    assert f"ann: {'forced' if first['mark'] == 'forced' else ''}" in log
    assert "ann: " in cli("log", match, "--as", "ben")  # over and open: anyone reads it
    from_file = json.loads(
        cli("analyse", str(replay), "--as", "ann", "--iterations", "1", "--json")
    )
    assert [d["step"] for d in from_file["decisions"]] == [d["step"] for d in judged["decisions"]]
    cli("analyse", match, "--as", "ben", "--iterations", "1")
    assert "ok" in cli("verify", match)  # the store and its projections, analyses beside them
    assert json.loads(cli("matches", "--json"))[0]["version"] == judged["version"]
    both = cli("analyse", match, "--as", "ann", "--iterations", "1")
    assert "accuracy: ann" in both and "accuracy: ben" in both  # the record is open

    from cli.replay_commands import stepper_frames

    _, _, frame = stepper_frames(match, "ann", None)
    assert "ann: " in frame(first["step"])[1]
    assert "BAD_BUDGET" in cli("analyse", match, "--as", "ann", "--budget-ms", "0", code=1)
    assert "NO_SEAT" in cli("analyse", match, "--as", "referee", code=1)
