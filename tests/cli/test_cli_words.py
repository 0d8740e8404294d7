"""The game in words at the command line (issue #25): logs told in sentences, the short form one
flag away, and both in JSON."""

from __future__ import annotations

import json
from pathlib import Path

from cli.simulate import play_bot_match
from records.replays import dumps, export_lines
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


def test_a_mistyped_store_is_refused_and_not_made(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cli.app import app

    runner = CliRunner()
    url = f"sqlite:///{tmp_path}/kosmonauts.bd"
    for args in (["matches"], ["show", "d30e"], ["log", "d30e"], ["moves", "d30e", "--as", "ann"]):
        result = runner.invoke(app, [*args, "--store", url])
        assert result.exit_code == 1, (args, result.stderr)
        assert result.stderr.startswith(f"error: NO_STORE: no store at {tmp_path}/kosmonauts.bd")
    assert not (tmp_path / "kosmonauts.bd").exists()
    made = runner.invoke(app, ["new", "toy", "--seat", "ann", "--seat", "ben", "--store", url])
    assert made.exit_code == 0 and (tmp_path / "kosmonauts.bd").exists()
    missing = runner.invoke(app, ["show", "d30e", "--store", url])
    assert missing.exit_code == 1 and f"(in {url})" in missing.stderr


def test_games_wraps_at_words_and_explains_every_option(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from typer.testing import CliRunner

    from cli.app import app
    from domain.registry import catalogue

    monkeypatch.setenv("COLUMNS", "60")
    shown = CliRunner().invoke(app, ["games"]).stdout
    assert all(len(line) <= 60 for line in shown.splitlines())
    flat = " ".join(shown.split())
    for info in catalogue():
        for option in info.options:
            assert f"{option.name}=" in flat
            assert " ".join(option.help.split()) in flat  # the whole description, at words


def test_options_are_taken_before_or_after_the_command(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from cli.app import hoisted

    assert hoisted(["new", "toy", "--server", "http://h", "--seat", "a", "--token=t"]) == [
        "--server", "http://h", "--token=t", "new", "toy", "--seat", "a",
    ]  # fmt: skip
    assert hoisted(["--store", "x", "play", "m", "--", "--server"]) == [
        "--store", "x", "play", "m", "--", "--server",
    ]  # fmt: skip
    match = json.loads(cli("new", "toy", "--seat", "ann", "--seat", "ben", "--json"))["match"]
    listed = cli("--as", "ann", "moves", match)  # --as before the command
    assert "ann to move" in listed
    assert "waiting for: ann" in cli("--as", "ben", "moves", match)
    assert "ann to move" in cli("moves", match, "--as", "ann")  # and after it, as ever


def test_a_server_given_after_the_command_is_never_the_local_store(tmp_path: Path) -> None:
    import subprocess
    import sys

    store = tmp_path / "local.db"
    ran = subprocess.run(
        [str(Path(sys.executable).parent / "starledger"), "new", "duck-dealer", "--seat", "a",
         "--seat", "b", "--server", "http://127.0.0.1:9"],
        capture_output=True, text=True, env={"STARLEDGER_STORE": f"sqlite:///{store}",
                                             "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert ran.returncode == 3, ran.stderr
    assert "did not answer" in ran.stderr and not store.exists()


def test_diff_of_an_open_record_shows_what_log_shows(cli) -> None:  # type: ignore[no-untyped-def]
    replays = Path(__file__).resolve().parents[2] / "replays"
    replay = sorted(replays.glob("race-for-the-galaxy-2p-*"))[0]
    logged = json.loads(cli("log", str(replay), "--json"))
    found = json.loads(cli("diff", str(replay), "1", "12", "--json"))
    between = [entry for entry in logged if 1 < entry["version"] <= 12]
    assert any(entry["kind"] == "Decided" for entry in between)
    assert [e.get("command") for e in found["decisions"]] == [e.get("command") for e in between]
    assert not any(entry.get("sealed") for entry in found["decisions"])


GAMES = ("delta-v", "race-for-the-galaxy", "duck-dealer-3p-auction", "kosmonauts",
         "onward-to-venus")  # fmt: skip


def _panel(shown: str) -> list[str]:
    lines = shown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("— what"))
    return [line for line in lines[start:] if not line.startswith(("scores:", "to move:"))]


def test_what_i_know_is_told_in_words_with_the_games_names(cli) -> None:  # type: ignore[no-untyped-def]
    replays = Path(__file__).resolve().parents[2] / "replays"
    told: dict[str, str] = {}
    for game in GAMES:
        replay = sorted(replays.glob(f"{game}-*"))[0]
        seat = json.loads(replay.read_text().splitlines()[0])["seats"][0]
        for at in (5, 30, 60):
            for viewer in (seat, "referee"):
                panel = _panel(cli("show", str(replay), "--at", str(at), "--as", viewer))
                text = "\n".join(panel)
                told[game] = told.get(game, "") + text
                assert "[0]" not in text and '{"' not in text and '":' not in text, text
    assert "(Mission I" in told["kosmonauts"]  # missions by name
    assert "cards)" in told["race-for-the-galaxy"] and "hand " in told["race-for-the-galaxy"]
    assert "Combat +" in told["onward-to-venus"]  # cards by name


def test_show_and_step_fit_the_terminal_for_every_game(cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cli.replay_commands import stepper_frames

    monkeypatch.setenv("COLUMNS", "100")
    replays = Path(__file__).resolve().parents[2] / "replays"
    for game in GAMES:
        replay = sorted(replays.glob(f"{game}-*"))[-1]
        seat = json.loads(replay.read_text().splitlines()[0])["seats"][0]
        for viewer in (seat, "referee"):
            shown = cli("show", str(replay), "--at", "40", "--as", viewer)
            assert max(len(line) for line in shown.splitlines()) <= 100, game
        _, last, frame = stepper_frames(str(replay), seat, None)
        for step in (1, 2, last // 2, last):
            board, decision = frame(step)
            text = board.plain if hasattr(board, "plain") else board
            assert max(len(line) for line in text.splitlines()) <= 96, (game, step)
            assert max(len(line) for line in decision.splitlines()) <= 96, (game, step)


def test_the_duck_dealer_map_shows_planets_cubes_and_ships(cli) -> None:  # type: ignore[no-untyped-def]
    replays = Path(__file__).resolve().parents[2] / "replays"
    replay = sorted(replays.glob("duck-dealer-2p-*"))[0]
    shown = cli("show", str(replay), "--as", "ann")
    assert "Map:" in shown
    drawn = shown[shown.index("Map:") :]
    for planet in ("S1", "S5", "P1", "P10", "P11"):
        assert planet in drawn
    assert "A/1 ann" in drawn and "B/2 ben" in drawn
    grid = "\n".join(line for line in drawn.splitlines()[1:] if "ship/route cube" not in line)
    assert "A" in grid and "B" in grid  # both ships on the map
    import re

    assert re.search(r"(?<![PS0-9])1(?![0-9'])", grid)  # a route cube of ann's
