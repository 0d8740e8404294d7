"""The command line end to end (typer's test runner), on a SQLite store in a temp folder."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cli.app import app
from domain.registry import all_games
from tests.support.cli_runner import CliRunner
from tests.support.waiting import CEILING


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
    assert imported == match  # the file's own match id: importing it again finds it
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
    cli("export", match, "-o", str(replay), "--as", "referee", "--force")
    edited = replay.read_text().replace('"seed":"5"', '"seed":"6"')
    assert edited != replay.read_text()
    (tmp_path / "edit.jsonl").write_text(edited)
    out = CliRunner().invoke(app, ["verify", str(tmp_path / "edit.jsonl")])
    assert out.exit_code == 1 and "BAD" in out.stdout and "line 3" in out.stdout
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
    assert cli("verify", str(out)).endswith("6 ok, 0 bad\n")
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
    assert "BAD_STATUS" in cli("matches", "--status", "done", code=1)
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


def test_follow_prints_decisions_as_they_land(  # type: ignore[no-untyped-def]
    cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from api import local
    from projections import runner
    from store.ledger import Ledger

    match = new_toy(cli, "--option", "pile=4")
    other_client = Ledger()  # the CLI runner captures stdout process-wide: play directly
    listening = threading.Event()
    read_the_draw = threading.Event()
    listen = runner.live_notifications
    read_news = local.news

    def listen_and_say_so(*args: Any, **kwargs: Any) -> Any:
        found = listen(*args, **kwargs)
        listening.set()
        return found

    def news_and_say_so(*args: Any, **kwargs: Any) -> Any:
        found, last = read_news(*args, **kwargs)
        if any(entry.version >= 2 for entry in found.entries):
            read_the_draw.set()
        return found, last

    monkeypatch.setattr(runner, "live_notifications", listen_and_say_so)
    monkeypatch.setattr(local, "news", news_and_say_so)

    def later() -> None:
        assert listening.wait(CEILING)
        other_client.play(match, "ann", {"type": "Draw"})
        assert read_the_draw.wait(CEILING)  # follow has told the draw while the match runs
        other_client.play(match, "ben", {"type": "Take", "n": 1})
        other_client.play(match, "ann", {"type": "Take", "n": 3})  # the pile is empty: over

    thread = threading.Thread(target=later)
    thread.start()
    out = cli("follow", match, "--as", "ben", "--timeout", str(CEILING))  # ends with the match
    thread.join()
    assert "ann:" in out and "Drew " in out and "ben:" in out and "Ended" in out
    # Told while the match ran, ann's card stayed hidden from ben; once over, the record opens.
    assert "[partly hidden]" in out and "DrewCard" not in out
    assert "DrewCard" in cli("log", match, "--as", "ben", "--raw")


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


def test_version_and_store_before_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cli.app import app
    from tests.support.cli_runner import CliRunner

    monkeypatch.delenv("STARLEDGER_STORE", raising=False)
    runner = CliRunner()
    assert runner.invoke(app, ["--version"]).stdout.startswith("starledger ")
    url = f"sqlite:///{tmp_path}/first.db"
    made = runner.invoke(app, ["--store", url, "new", "toy", "--seat", "a", "--seat", "b"])
    assert made.exit_code == 0, made.stderr
    monkeypatch.delenv("STARLEDGER_STORE", raising=False)  # the option set it for the command
    listed = runner.invoke(app, ["matches", "--json", "--store", url])
    assert made.stdout.strip() in listed.stdout


def test_moves_are_numbered_and_played_by_number(cli) -> None:  # type: ignore[no-untyped-def]
    match = new_toy(cli)
    assert "run `starledger moves" in cli("play", match, "1", "--as", "ann", code=1)
    listing = cli("moves", match, "--as", "ann")
    assert "Take" in listing and "Draw" in listing and "     1) Take n=1" in listing
    assert "not to move; waiting for: ann" in cli("moves", match, "--as", "ben")
    assert "Take" not in cli("moves", match, "--as", "ann", "--kind", "draw")
    assert "no move of kind" in cli("moves", match, "--as", "ann", "--kind", "Fly", code=1)
    assert "NOT_YOUR_TURN" in cli("play", match, "1", "--as", "ben", code=1)
    cli("moves", match, "--as", "ann")
    assert "no move 99" in cli("play", match, "99", "--as", "ann", code=1)
    number = next(line.split()[0] for line in listing.splitlines() if line.endswith("Draw"))
    played = json.loads(cli("play", match, number, "--as", "ann", "--json"))
    assert played["version"] == 2
    assert "Took" in cli("play", match, "Take", "n=1", "--as", "ben")  # written out
    # ann lists at version 3; once the match moved on, its numbers are refused
    cli("moves", match, "--as", "ann")
    cli("play", match, '{"type": "Take", "n": 1}', "--as", "ann")
    cli("play", match, "take", "n=1", "--as", "ben")
    refused = cli("play", match, "1", "--as", "ann", code=1)
    assert "CONFLICT" in refused and "listed at version 3, now at 5" in refused
    assert json.loads(cli("show", match, "--json"))["version"] == 5  # nothing was stored
    assert "cannot read 'x' as" in cli("play", match, "Take", "n=x", "--as", "ann", code=1)
    assert json.loads(cli("moves", match, "--as", "ann", "--json")) == [
        {"type": "Take", "n": 1}, {"type": "Take", "n": 2}, {"type": "Take", "n": 3},
        {"type": "Draw"}]  # fmt: skip
    assert "Took" in cli("play", match, "3", "--as", "ann")  # numbered as in the JSON list


def test_a_large_kind_is_picked_part_by_part(cli) -> None:  # type: ignore[no-untyped-def]
    """Issue #14: Kosmonauts' hundreds of sealed orders are picked cube by cube; every order is
    under some pick, the counts add up, and the picked order is played by its number."""
    from store.ledger import Ledger

    made = cli("new", "kosmonauts", "--seat", "ann", "--seat", "ben", "--seed", "3", "--json")
    match = json.loads(made)["match"]
    ledger = Ledger()
    while True:  # the first legal move of each seat until ann is to seal her orders
        state = ledger.match(match)
        if state.state.phase == "ORDERS" and 0 in state.to_move:
            break
        seat = state.seats[min(state.to_move)]
        ledger.play(match, seat, json.loads(cli("moves", match, "--as", seat, "--json"))[0])
    every = json.loads(cli("moves", match, "--as", "ann", "--json"))
    orders = [c for c in every if c["type"] == "SubmitOrders"]
    top = cli("moves", match, "--as", "ann")
    assert "write one yourself: SubmitOrders placements=" in top
    step = next(line for line in top.splitlines() if "pick it part by part" in line)
    assert f"({len(orders)} moves)" in step and len(top.splitlines()) < 20
    top_number = step.split()[0].removesuffix(")")
    first = cli("moves", match, "--as", "ann", "--pick", top_number)
    assert "pick placements[1], a direction:cube or (no more):" in first
    counts = [int(line.rsplit("(", 1)[1].split()[0]) for line in first.splitlines()
              if line.endswith(" moves)")]  # fmt: skip
    assert sum(counts) == len(orders)
    # a part in the game's words
    east = next(line.split()[0].removesuffix(")") for line in first.splitlines()
                if "1 yellow cube east  (" in line)  # fmt: skip
    cli("moves", match, "--as", "ann")  # from the top again, in the short form this time
    raw = cli("moves", match, "--as", "ann", "--pick", top_number, "--raw")
    assert f"{east}) E:NORMAL  (" in raw  # the same part, the same number
    assert "picked so far: SubmitOrders E:NORMAL" in cli(
        "moves", match, "--as", "ann", "--pick", east, "--raw"
    )
    cli("moves", match, "--as", "ann", "--back")
    narrowed = cli("moves", match, "--as", "ann", "--pick", east)
    assert "picked so far: SubmitOrders, 1 yellow cube east" in narrowed
    assert "pick placements[1], a direction:cube or (no more):" in cli(
        "moves", match, "--as", "ann", "--back"
    )
    assert "pick it part by part" in cli("moves", match, "--as", "ann", "--back")  # the top
    listing = cli("moves", match, "--as", "ann", "--pick", top_number, "--pick", east, "--raw")
    while "pick placements" in listing:  # no more cubes, until whole orders are listed
        listing = cli("moves", match, "--as", "ann", "--pick", "1", "--raw")
    line = next(line for line in listing.splitlines() if "SubmitOrders placements=" in line)
    number, *words = line.split()
    assert words[1].startswith("placements=E:NORMAL")
    played = cli("play", match, number, "--as", "ann")  # told in words (#25), to ann only
    assert "ann seals orders: places " in played and " east" in played
    assert "(sealed)" in cli("log", match, "--as", "ben").splitlines()[-2]
    assert len(cli("moves", match, "--as", "ben", "--all").splitlines()) > len(orders) // 2


def test_simulate_leaves_the_read_side_current(cli) -> None:  # type: ignore[no-untyped-def]
    cli("simulate", "toy", "--matches", "3", "--json")
    from projections.runner import Projections
    from store.ledger import Ledger

    assert all(status.lag == 0 for status in Projections(Ledger()).status())


def test_a_slow_catch_up_reports_progress_on_stderr_only(tmp_path: Path) -> None:
    from cli.base import CatchUpProgress
    from projections.runner import Projections
    from store.ledger import Ledger
    from tests.support.toy_game import install

    install()
    ledger = Ledger(f"sqlite:///{tmp_path}/slow.db")
    from cli.simulate import play_bot_match

    for seed in range(3):
        ledger.save(play_bot_match("toy", 2, seed))
    seen: list[tuple[int, int]] = []

    class Spy(CatchUpProgress):
        def __call__(self, done: int, total: int) -> None:
            seen.append((done, total))
            super().__call__(done, total)

    Projections(ledger).catch_up(progress=Spy(after=0.0))
    assert seen and seen[-1][0] == seen[-1][1] > 0


def test_log_and_show_read_a_replay_file(cli) -> None:  # type: ignore[no-untyped-def]
    replay = sorted((Path(__file__).resolve().parents[2] / "replays").glob("delta-v-2p-*"))[0]
    assert "started delta-v" in cli("log", str(replay), "--as", "ann")
    shown = json.loads(cli("show", str(replay), "--at", "3", "--as", "ann", "--json"))
    assert shown["version"] == 3 and shown["as"] == "ann"
    assert "--at must be between" in cli("show", str(replay), "--at", "99999", code=1)
    drawn = cli("show", str(replay), "--at", "3", "--as", "ann")
    assert "what I know (hidden from the others)" in drawn  # as `show MATCH` draws it
    referee = cli("show", str(replay), "--at", "3", "--as", "referee")
    assert "what ben knows" in referee and "the rest of the state" in referee


def test_the_log_writes_commands_as_play_takes_them_and_a_file_keeps_its_notes(
    cli, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    match = new_toy(cli)
    cli("play", match, "Take", "n=2", "--as", "ann")
    cli("note", match, "2", "greedy", "--as", "referee")
    log = cli("log", match, "--as", "referee")
    assert "ann: Take n=2" in log and "note by referee: greedy" in log
    assert "greedy" not in cli("log", match)  # a note opens with the match
    saved = tmp_path / "noted.jsonl"
    cli("export", match, "-o", str(saved), "--as", "referee")
    from_file = cli("log", str(saved), "--as", "referee")
    assert "ann: Take n=2" in from_file and "note by referee: greedy" in from_file


def test_diff_between_two_steps(cli) -> None:  # type: ignore[no-untyped-def]
    replay = sorted((Path(__file__).resolve().parents[2] / "replays").glob("delta-v-2p-*"))[0]
    found = json.loads(cli("diff", str(replay), "3", "6", "--as", "ann", "--json"))
    assert [d["version"] for d in found["decisions"]] == [4, 5, 6]
    assert any(change["path"] == "turn" for change in found["changes"]) or found["changes"]
    assert "from step 3 to step 6" in cli("diff", str(replay), "3", "6")
    assert "steps go from 1 to" in cli("diff", str(replay), "0", "6", code=1)


def test_fork_continues_from_a_step_with_its_own_chance(cli) -> None:  # type: ignore[no-untyped-def]
    replay = sorted((Path(__file__).resolve().parents[2] / "replays").glob("delta-v-2p-*"))[0]
    original = replay.read_text()
    forked = cli("fork", str(replay), "--at", "20").strip()
    assert replay.read_text() == original  # the original is untouched
    at_20 = json.loads(cli("show", str(replay), "--at", "20", "--as", "referee", "--json"))
    fork_now = json.loads(cli("show", forked, "--as", "referee", "--json"))
    assert fork_now["view"] == at_20["view"] and fork_now["version"] == 1
    row = next(r for r in json.loads(cli("matches", "--json")) if r["match"] == forked)
    assert (
        row["forked_at"] == 20
        and row["forked_from"] == json.loads(original.splitlines()[0])["match"]
    )
    assert not row["seed_known"]  # chance after the fork comes from its own secret seed
    assert row["status"] == "in play"
    seat = row["to_move"][0]
    cli("moves", forked, "--as", seat)
    cli("play", forked, "1", "--as", seat)
    alone = cli("verify", forked)  # its origin is a file, not in this store
    assert alone.startswith("ok") and "checked against its origin where the origin is" in alone
    assert "nothing to continue" in cli(
        "fork", str(replay), "--at", str(len(original.splitlines()) - 2), code=1
    )
    # once the origin is stored, verify checks the fork against it: its hash and its opening
    cli("import", str(replay))
    linked = cli("verify", forked)
    assert linked.startswith("ok") and "its opening and hash match it" in linked
    exported = cli("export", forked, "--as", "referee")
    assert json.loads(exported.splitlines()[0])["forked_from"]["at"] == 20
    from domain.match import Fork, Match, standing_events
    from store.ledger import Ledger

    ledger = Ledger()
    origin = json.loads(original.splitlines()[0])["match"]
    events = ledger.stored_events(origin)
    named = json.loads(original.splitlines()[20])["hash"]
    wrong = Match.start(
        "delta-v", ["ann", "ben"], json.loads(original.splitlines()[0])["options"],
        fork=Fork(opening=standing_events(events[:19]),
                  origin={"match": origin, "at": 20, "hash": named}),
    )  # fmt: skip
    ledger.save(wrong)
    bad = CliRunner().invoke(app, ["verify", str(wrong.id)])
    assert bad.exit_code == 1 and "opening is not the standing state" in bad.stdout


def test_notes_on_steps(cli) -> None:  # type: ignore[no-untyped-def]
    match = new_toy(cli, "--option", "pile=3")
    cli("play", match, '{"type":"Draw"}', "--as", "ann")
    before = json.loads(cli("show", match, "--as", "referee", "--json"))
    cli("note", match, "2", "drew early on purpose", "--as", "ann")
    cli("note", match, "1", "a quiet opening", "--as", "referee")
    assert json.loads(cli("show", match, "--as", "referee", "--json")) == before  # unchanged
    assert "drew early on purpose" in cli("log", match, "--as", "ann")
    assert "drew early on purpose" not in cli("log", match, "--as", "ben")  # not yet open
    assert "BAD_STEP" in cli("note", match, "9", "x", "--as", "ann", code=1)
    assert "BAD_NOTE" in cli("note", match, "1", "bell\x07", "--as", "ann", code=1)
    assert "UNKNOWN_SEAT" in cli("note", match, "1", "hi", "--as", "zed", code=1)
    exported = cli("export", match, "--as", "referee")
    assert "a quiet opening" in exported.splitlines()[-1]
    assert "ok" in cli("verify", match)
    while (shown := json.loads(cli("show", match, "--json")))["to_move"]:
        cli("play", match, '{"type":"Take","n":1}', "--as", shown["to_move"][0])
    assert "drew early on purpose" in cli("log", match, "--as", "ben")  # open once over


def test_the_stepper_steps_through_a_replay() -> None:
    """Through Textual's own test driver (Pilot): keys move the step, the board follows."""
    import asyncio

    from cli.replay_commands import stepper_frames
    from cli.stepper import Stepper

    replay = sorted((Path(__file__).resolve().parents[2] / "replays").glob("delta-v-2p-*"))[0]
    title, last, frame = stepper_frames(str(replay), "ann", None)

    async def drive() -> list[int]:
        app = Stepper(title, last, frame)
        seen: list[int] = []
        async with app.run_test() as pilot:
            seen.append(app.step)  # opens at the last step
            await pilot.press("home")
            seen.append(app.step)
            await pilot.press("right", "right", "n")
            seen.append(app.step)
            await pilot.press("left")
            seen.append(app.step)
            await pilot.press("g")
            await pilot.press(*"7", "enter")
            seen.append(app.step)
            await pilot.press("end")
            seen.append(app.step)
            assert "step 7" not in str(app.sub_title)
            await pilot.press("q")
        return seen

    assert asyncio.run(drive()) == [last, 1, 4, 3, 7, last]
    board, decision = frame(4)
    assert "Delta V" in board and "step 4" in decision
    named = {board.plain[span.start : span.end] for span in board.spans}
    assert named & {"ann", "ben"}  # each seat in its colour, as `show` draws it


def test_show_has_a_private_panel_and_the_referee_a_board(cli) -> None:  # type: ignore[no-untyped-def]
    match = new_toy(cli)
    cli("play", match, '{"type":"Draw"}', "--as", "ann")
    mine = cli("show", match, "--as", "ann")
    assert "what I know" in mine
    referee = cli("show", match, "--as", "referee")
    assert "what ann knows" in referee and "what ben knows" in referee
    assert not referee.lstrip().startswith("{")  # a board, not raw JSON
    from cli.read_commands import coloured

    text = coloured("ann passes to ben", ["ann", "ben"], ["ben"])
    styles = {str(span.style) for span in text.spans}
    assert "red" in styles and "blue bold underline" in styles


def test_moves_parts_build_any_combination(cli) -> None:  # type: ignore[no-untyped-def]
    """Issue #14: where the listing samples (Delta V's multi-rocket moves), every part is shown
    and a combination of parts is accepted as one command, as JSON or in the short form."""
    from forms.menus import legal_commands
    from records.replays import parse, rerun

    replay = sorted((Path(__file__).resolve().parents[2] / "replays").glob("delta-v-2p-*"))[0]
    lines = parse(replay.read_bytes())

    def two_rockets_listed(step: int) -> str | None:
        """The seat to move after `step` if it may move two rockets at once."""
        match = rerun(lines, upto=step)
        for seat in sorted(match.to_move):
            moving = [c for c in legal_commands(match, match.seats[seat])
                      if c["type"] == "MoveRockets"]  # fmt: skip
            if any(len(c["moves"]) >= 2 for c in moving):
                return match.seats[seat]
        return None

    step, seat = next((n, s) for n in range(2, len(lines) - 2) if (s := two_rockets_listed(n)))
    match = cli("fork", str(replay), "--at", str(step)).strip()  # the same position, stored
    parts = json.loads(
        cli("moves", match, "--as", seat, "--kind", "MoveRockets", "--parts", "--json")
    )
    assert parts["moves"] and all({"rocket_id", "to"} <= set(p) for p in parts["moves"])
    assert "needs --kind" in cli("moves", match, "--as", seat, "--parts", code=1)
    shown = cli("moves", match, "--as", seat, "--kind", "MoveRockets", "--parts")
    assert f"play {match} --as {seat} MoveRockets moves=<a list of (rocket_id:to)" in shown
    by_rocket: dict[str, list[str]] = {}
    for part in shown.split("moves: ")[1].split():
        by_rocket.setdefault(part.split(":")[0], []).append(part)
    one, two = [parts for parts in by_rocket.values() if not parts[0].endswith("STATION")][:2]
    pair = f"{one[0]},{two[-1]}"  # two rockets to two different tiles: not in the listing
    listed = json.loads(cli("moves", match, "--as", seat, "--kind", "MoveRockets", "--json"))
    assert not any(len(m["moves"]) == 2 and len({str(r["to"]) for r in m["moves"]}) == 2
                   for m in listed)  # fmt: skip
    played = cli("play", match, "MoveRockets", f"moves={pair}", "--as", seat)
    assert len(re.findall(rf"^{seat} moves rocket \d from ", played, re.M)) == 2  # two moved
