"""Matches on the Redis store: the CLI, racing clients, and a crash under load."""

from __future__ import annotations

import json
import multiprocessing
import threading
import time
from pathlib import Path
from typing import Any

from cli.app import app
from domain.errors import Conflict
from records.replays import dumps, export_lines, parse, rerun
from store.ledger import Ledger
from tests.support.cli_runner import CliRunner
from tests.support.redis_server import RedisServer
from tests.support.waiting import CEILING, blocked_redis_clients, wait_until

CONTENDERS = 8
ROUNDS = 6


def test_the_cli_on_redis(redis_url: str, tmp_path: Path) -> None:
    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(app, [*args, "--store", redis_url])
        assert result.exit_code == 0, result.stderr
        return result.stdout

    match = json.loads(run("new", "toy", "--seat", "ann", "--seat", "ben", "--seed", "3", "--json"))
    mid = match["match"]
    run("play", mid, '{"type":"Take","n":2}', "--as", "ann")
    run("undo", mid, "--as", "ann")
    run("redo", mid, "--as", "ann")
    run("play", mid, '{"type":"Draw"}', "--as", "ben")
    assert "DrewCard" not in run("log", mid, "--as", "ann")
    assert json.loads(run("show", mid, "--as", "ben", "--json"))["version"] == 5
    assert [m["match"] for m in json.loads(run("matches", "--json"))] == [mid]
    run("export", mid, "-o", str(tmp_path / "m.jsonl"), "--as", "referee")
    assert "2 ok, 0 bad" in run("verify", mid, str(tmp_path / "m.jsonl"))
    imported = json.loads(run("import", str(tmp_path / "m.jsonl"), "--json"))["match"]
    assert len(json.loads(run("matches", "--json"))) == 1 and imported == mid
    summary = json.loads(run("simulate", "toy", "--matches", "3", "--seats", "2", "--json"))
    assert summary["matches"] == 3


def _contend(
    url: str,
    match_id: str,
    start: multiprocessing.synchronize.Event,  # type: ignore[name-defined]
    results: multiprocessing.Queue,
) -> None:  # type: ignore[type-arg]
    from tests.support.toy_game import install

    install()
    ledger = Ledger(url)
    start.wait()
    won: list[int] = []
    lost = 0
    for _ in range(ROUNDS):
        match = ledger.match(match_id)
        seat = match.seats[match.state.turn]
        try:
            played, _ = ledger.play(
                match_id, seat, {"type": "Take", "n": 1}, expect_version=match.version
            )
            won.append(played.version)
        except Conflict:
            lost += 1
    results.put((won, lost))


def test_eight_processes_racing_on_one_match(redis_url: str) -> None:
    ledger = Ledger(redis_url)
    match = ledger.new_match("toy", ["ann", "ben"], {"pile": "500"}, seed=1)
    # Separate processes, forked from one server process that has imported this module once
    # (spawning each would start and import a whole interpreter eight times).
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    start = context.Event()
    results = context.Queue()
    workers = [
        context.Process(target=_contend, args=(redis_url, str(match.id), start, results))
        for _ in range(CONTENDERS)
    ]
    for worker in workers:
        worker.start()
    start.set()
    outcomes = [results.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join(timeout=30)
    won = [version for versions, _ in outcomes for version in versions]
    lost = sum(lost for _, lost in outcomes)
    assert won and lost + len(won) == CONTENDERS * ROUNDS
    assert len(won) == len(set(won))  # no version was won twice
    final = ledger.match(match.id)
    assert final.version == 1 + len(won)  # every acknowledged decision stored exactly once
    assert sorted(won) == list(range(2, final.version + 1))
    assert final.state.pile == 500 - len(won)


def test_kill_9_under_load_loses_no_acknowledged_decision(durable_redis: RedisServer) -> None:
    url = durable_redis.url
    ledger = Ledger(url)
    match = ledger.new_match("toy", ["ann", "ben"], {"pile": "2000"}, seed=9)
    acknowledged: list[int] = []
    refused = [0]
    stop = threading.Event()

    def load() -> None:
        client = Ledger(url)
        while not stop.is_set():
            try:
                current = client.match(match.id)
                seat = current.seats[current.state.turn]
                played, _ = client.play(match.id, seat, {"type": "Take", "n": 1})
                acknowledged.append(played.version)
            except Exception:  # the server is down: keep knocking until the test stops
                refused[0] += 1
                time.sleep(0.01)

    thread = threading.Thread(target=load, daemon=True)
    thread.start()
    wait_until(lambda: len(acknowledged) >= 40, "40 decisions acknowledged before the kill")
    durable_redis.kill()
    at_crash = len(acknowledged)
    wait_until(lambda: refused[0] > 0, "the load saw the server down")
    durable_redis.restart()
    wait_until(lambda: len(acknowledged) >= at_crash + 10, "the load went on after the restart")
    stop.set()
    thread.join(timeout=CEILING)
    assert not thread.is_alive()
    survivor = Ledger(url).match(match.id)
    assert survivor.version >= max(acknowledged)
    # Every acknowledged decision survived; at most the one in flight at the kill was stored
    # without its acknowledgement reaching the client.
    assert 1 + len(acknowledged) <= survivor.version <= 2 + len(acknowledged)
    lines = export_lines(Ledger(url).stored_events(match.id))
    assert rerun(parse(dumps(lines))).state == survivor.state


def test_projections_on_redis_agree_resume_and_rebuild(redis_url: str) -> None:
    import msgspec

    from cli.simulate import play_bot_match
    from projections.projectors import scoreboard
    from projections.runner import Projections
    from projections.verification import verify_stored

    ledger = Ledger(redis_url)
    for seed in range(4):
        ledger.save(play_bot_match("toy", 3, seed, undo_rate=0.2))
    head = ledger.recorder.max_notification_id()
    assert head
    first = Projections(ledger)
    first.catch_up(stop=head // 2)
    Projections(ledger).catch_up()  # a restart finishes the job
    projections = Projections(ledger)
    snapshot = {p.name: p.recorder.scan() for p in projections.projectors}
    for ident in ledger.match_ids():
        match = ledger.match(ident)
        assert projections["scores"].doc(f"toy/{ident}", {}) == msgspec.to_builtins(
            scoreboard(match)
        )
        assert verify_stored(ledger, projections, str(ident)).ok
    projections.rebuild()
    assert {p.name: p.recorder.scan() for p in projections.projectors} == snapshot


def test_follow_on_redis_is_pushed(redis_url: str) -> None:
    import subprocess
    import sys

    ledger = Ledger(redis_url)
    match = ledger.new_match("toy", ["ann", "ben"], {"pile": "4"}, seed=2)
    follower = subprocess.Popen(
        [sys.executable, "-c", "from tests.support.toy_game import install; install(); "
         "from cli.app import main; main()", "follow", str(match.id), "--as", "ann",
         "--timeout", "120", "--store", redis_url],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert follower.stdout is not None
    first = follower.stdout.readline()  # it listens before it says so, however slow it starts
    assert "at version 1" in first
    ledger.play(match.id, "ann", {"type": "Take", "n": 2})
    ledger.play(match.id, "ben", {"type": "Draw"})
    seen = [follower.stdout.readline()]
    while "Drew " not in seen[-1]:  # ben's draw told to ann while the match runs
        seen.append(follower.stdout.readline())
    ledger.play(match.id, "ann", {"type": "Take", "n": 2})  # the last stars: the match is over
    out, _ = follower.communicate(timeout=CEILING)  # `follow` ends with the match
    assert follower.returncode == 0
    told = "".join(seen) + out
    running, _, ended = told.partition("\n   4 ")
    assert "ann: Take n=2" in running and "Drew " in running and ended
    assert "DrewCard" not in running  # which card ben drew was his while the match ran


def test_projections_run_live_on_redis(redis_url: str) -> None:
    """Events stored while `projections run` listens are projected without anyone reading;
    Ctrl-C stops it with the position it reached."""
    import signal
    import subprocess
    import sys

    from projections.runner import Projections

    ledger = Ledger(redis_url)
    runner = subprocess.Popen(
        [sys.executable, "-c", "from tests.support.toy_game import install; install(); "
         "from cli.app import main; main()", "projections", "run",
         "--store", redis_url, "--json"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        wait_until(lambda: blocked_redis_clients(redis_url) > 0, "the runner listens (XREAD)")
        match = ledger.new_match("toy", ["ann", "ben"], seed=4)
        ledger.play(match.id, "ann", {"type": "Take", "n": 3})
        head = ledger.recorder.max_notification_id()
        watcher = Projections(ledger)
        wait_until(lambda: min(watcher.positions().values()) == head, "projected live")
        runner.send_signal(signal.SIGINT)
        out, _ = runner.communicate(timeout=CEILING)
    finally:
        runner.kill()
    assert runner.returncode == 0
    assert json.loads(out)["position"] == head


def test_projections_run_stops_with_a_reason_when_redis_goes_away(durable_redis: Any) -> None:
    """A failure in the live thread reaches whoever waits on it: exit 3, one line, no hang."""
    import subprocess
    import sys

    ledger = Ledger(durable_redis.url)
    ledger.new_match("toy", ["ann", "ben"], seed=4)
    runner = subprocess.Popen(
        [sys.executable, "-c", "from tests.support.toy_game import install; install(); "
         "from cli.app import main; main()", "projections", "run", "--timeout", "60",
         "--store", durable_redis.url],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    wait_until(lambda: blocked_redis_clients(durable_redis.url) > 0, "the runner listens")
    durable_redis.kill()
    _, err = runner.communicate(timeout=CEILING)
    assert runner.returncode == 3, err
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err
