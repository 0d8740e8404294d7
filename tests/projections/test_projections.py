"""Projections agree with a fresh replay, resume without loss or repetition, rebuild identically,
and catch an event altered inside the store."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from eventsourcing.persistence import IntegrityError, Tracking

from cli.simulate import play_bot_match
from domain.errors import kind_of
from domain.registry import all_games
from projections.projectors import CHUNK, AuditGap, audit_key, chain_hash, scoreboard, view_doc
from projections.runner import Projections
from projections.verification import verify_stored
from records.replays import Verdict, export_lines
from store.ledger import Ledger
from tests.support.waiting import CEILING, wait_until


def fill(ledger: Ledger, per_game: int = 2) -> None:
    for rules in all_games():
        for seed in range(per_game):
            ledger.save(play_bot_match(rules.slug, rules.min_seats, seed, undo_rate=0.2))
    open_match = ledger.new_match("toy", ["ann", "ben", "cat"], {"pile": "30"}, seed=5)
    ledger.play(open_match.id, "ann", {"type": "Take", "n": 1})


def everything(projections: Projections) -> dict[str, list[tuple[str, bytes]]]:
    return {p.name: p.recorder.scan() for p in projections.projectors}


def test_projections_agree_with_a_fresh_replay(ledger: Ledger) -> None:
    fill(ledger)
    projections = Projections(ledger)
    assert projections.catch_up() == ledger.recorder.max_notification_id()
    for ident in ledger.match_ids():
        match = ledger.match(ident)
        index = projections["index"].doc(str(ident), {})
        assert (index["status"], index["decisions"], index["version"]) == (
            match.status,
            match.decisions,
            match.version,
        )
        assert projections["scores"].doc(f"{match.game}/{ident}", {}) == msgspec.to_builtins(
            scoreboard(match)
        )
        for name in [*match.seats, "spectator"]:
            assert projections["views"].doc(f"{ident}/{name}", {}) == msgspec.json.decode(
                msgspec.json.encode(view_doc(match, name))
            )
        lines = export_lines(ledger.stored_events(ident))
        audit = projections["audit"].recorder
        for version, line in enumerate(lines[:-1]):  # the header (0) and every stored event
            chunk = audit.read(audit_key(ident, version // CHUNK))
            assert chunk is not None and chain_hash(chunk, version) == line["hash"]
        beyond = len(lines) - 1  # nothing is chained beyond the last event
        assert chain_hash(audit.read(audit_key(ident, beyond // CHUNK)) or b"", beyond) is None
        assert verify_stored(ledger, projections, str(ident)) == Verdict(ok=True)
    assert all(s.lag == 0 for s in projections.status())


def test_stopping_and_restarting_loses_and_repeats_nothing(ledger: Ledger) -> None:
    fill(ledger)
    head = ledger.recorder.max_notification_id()
    assert head
    whole = Projections(ledger, ["index", "audit"])
    whole.catch_up()
    expected = everything(whole)
    whole.rebuild()
    assert everything(whole) == expected
    for projector in whole.projectors:
        projector.recorder.reset()
    first = Projections(ledger, ["index", "audit"])
    first.catch_up(stop=head // 3)
    assert {s.position for s in first.status()} == {head // 3}
    second = Projections(ledger, ["index", "audit"])  # a restart: fresh caches, same records
    second.catch_up()
    assert everything(second) == expected


def test_one_projection_can_be_rebuilt_alone(ledger: Ledger) -> None:
    fill(ledger, per_game=1)
    projections = Projections(ledger)
    projections.catch_up()
    expected = everything(projections)
    Projections(ledger, ["views"]).rebuild()
    assert everything(Projections(ledger)) == expected


def test_a_lower_or_repeated_position_is_refused(ledger: Ledger) -> None:
    recorder = Projections(ledger, ["index"])["index"].recorder
    recorder.write({"a": b"1"}, Tracking(ledger.name, 5))
    for position in (5, 4):
        with pytest.raises(IntegrityError):
            recorder.write({"a": b"2"}, Tracking(ledger.name, position))
    assert recorder.read("a") == b"1" and recorder.max_tracking_id(ledger.name) == 5


def test_an_event_altered_in_the_store_is_reported(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/audit.db"
    ledger = Ledger(url)
    match = play_bot_match("toy", 2, 3)
    ledger.save(match)
    projections = Projections(ledger)
    projections.catch_up()
    assert verify_stored(ledger, projections, str(match.id)).ok
    with sqlite3.connect(tmp_path / "audit.db") as db:
        row = db.execute("SELECT state FROM stored_events WHERE originator_version = 3").fetchone()
        state = msgspec.msgpack.decode(row[0])
        state["command"] = {"type": "Take", "n": 3 if state["command"].get("n") != 3 else 2}
        db.execute(
            "UPDATE stored_events SET state = ? WHERE originator_version = 3",
            (msgspec.msgpack.encode(state),),
        )
    problem = verify_stored(Ledger(url), Projections(Ledger(url)), str(match.id)).problem
    assert problem is not None and "stored event 3 (Decided)" in problem


def test_an_event_altered_beyond_reading_is_reported(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/audit.db"
    ledger = Ledger(url)
    match = play_bot_match("toy", 2, 3)
    ledger.save(match)
    projections = Projections(ledger)
    projections.catch_up()
    with sqlite3.connect(tmp_path / "audit.db") as db:
        row = db.execute("SELECT state FROM stored_events WHERE originator_version = 4").fetchone()
        state = msgspec.msgpack.decode(row[0])
        state["command"] = {"type": "Fly", "to": "Mars"}
        db.execute(
            "UPDATE stored_events SET state = ? WHERE originator_version = 4",
            (msgspec.msgpack.encode(state),),
        )
    problem = verify_stored(Ledger(url), Projections(Ledger(url)), str(match.id)).problem
    assert problem is not None and "event 4" in problem and "cannot be read" in problem


def test_running_projections_follow_new_events_live(ledger: Ledger) -> None:
    import threading

    stop = threading.Event()
    runner = threading.Thread(target=Projections(ledger).run, args=(stop,))
    runner.start()
    try:
        match = ledger.new_match("toy", ["ann", "ben"], seed=8)
        ledger.play(match.id, "ann", {"type": "Take", "n": 1})
        head = ledger.recorder.max_notification_id()
        watcher = Projections(ledger)
        # projected without anyone reading
        wait_until(lambda: min(watcher.positions().values()) == head, "projected live")
    finally:
        stop.set()
        runner.join(timeout=CEILING)
    assert not runner.is_alive()


def test_a_reader_that_read_its_position_before_another_wrote_further_still_chains(
    ledger: Ledger,
) -> None:
    """Two processes catch up the same audit chain: one read its position, the other then wrote
    further, and the first goes on with its page. The chain it writes is still whole."""
    match = play_bot_match("toy", 2, 3)
    ledger.save(match)
    ids = [n.id for n in ledger.recorder.select_notifications(1, 100)]
    assert len(ids) > 8
    ahead = Projections(ledger, ["audit"])
    ahead.catch_up(stop=ids[3])
    late = Projections(ledger, ["audit"])
    page = list(ledger.recorder.select_notifications(ids[4], 100))
    ahead.catch_up(stop=ids[6])  # the other process writes further meanwhile
    late.positions = lambda: {"audit": ids[3]}  # type: ignore[method-assign]
    late.process(page)  # its page from where it had read it was
    assert Projections(ledger, ["audit"]).status()[0].lag == 0
    lines = export_lines(ledger.stored_events(match.id))
    chain = b"".join(raw for _, raw in late["audit"].recorder.scan(f"{match.id}/"))
    assert chain == b"".join(bytes.fromhex(line["hash"]) for line in lines[:-1])


SHARED_CATCH_UP = """
import sys
from projections import parallel, runner
from projections.runner import Projections
from store.ledger import Ledger
from tests.support.waiting import CEILING, wait_until
from tests.projections.test_projections import everything, fill
from tests.support.toy_game import install

install()
ledger = Ledger(sys.argv[1])
fill(ledger)
head = ledger.recorder.max_notification_id()
alone = Projections(ledger)
alone.parallel = False
alone.catch_up()
expected = everything(alone)
for projector in alone.projectors:
    projector.recorder.reset()
# Small segments and pages, so matches run across both (a chain goes on from the store), and
# every backlog long enough to share.
parallel.PARALLEL_FROM, parallel.SEGMENT, parallel.PAGE, runner.PAGE = 1, 37, 11, 11
assert parallel.shares_for(Projections(ledger), head) > 1
covered = []
runner.catch_up_in_parallel = lambda *a, **k: covered.append(parallel.catch_up_in_parallel(*a, **k)) or covered[-1]
shared = Projections(ledger)
reported = []
assert shared.catch_up(progress=lambda done, total: reported.append((done, total))) == head
assert covered == [head], covered  # all of it shared, nothing left to the sequential path
assert everything(shared) == expected
assert reported[-1] == (head, head)
assert all(s.lag == 0 for s in shared.status())
print("same documents")
"""


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="sharing needs two cores")
def test_a_long_catch_up_shared_between_processes_writes_what_one_process_writes(
    tmp_path: Path,
) -> None:
    # In a fresh interpreter: a catch-up forks helpers only from a process with one thread,
    # which the test runner is not.
    out = subprocess.run(
        [sys.executable, "-c", SHARED_CATCH_UP, f"sqlite:///{tmp_path}/shared.db"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        timeout=300,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert "same documents" in out.stdout


def test_a_catch_up_stays_in_one_process_where_sharing_cannot_help(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from projections import parallel

    memory = Projections(Ledger("memory://"))
    assert parallel.shares_for(memory, 10**9) == 1
    on_disk = Projections(Ledger(f"sqlite:///{tmp_path}/one.db"))
    assert parallel.shares_for(on_disk, parallel.PARALLEL_FROM - 1) == 1
    monkeypatch.setenv("STARLEDGER_PARALLEL", "0")
    assert parallel.shares_for(on_disk, 10**9) == 1


def test_a_lost_audit_chain_stops_the_catch_up_as_the_stores_fault(ledger: Ledger) -> None:
    match = ledger.new_match("toy", ["ann", "ben"], {"pile": "30"}, seed=5)
    ledger.play(match.id, "ann", {"type": "Take", "n": 1})
    projections = Projections(ledger)
    projections.catch_up()
    audit = projections["audit"].recorder
    position = audit.max_tracking_id(ledger.name) or 0
    audit.write({audit_key(match.id, 0): None}, Tracking(ledger.name, position + 1))
    ledger.play(match.id, "ben", {"type": "Take", "n": 1})  # at the position just written
    ledger.play(match.id, "ann", {"type": "Take", "n": 1})  # past it: chained after a lost hash
    with pytest.raises(AuditGap) as raised:
        Projections(ledger).catch_up()
    assert kind_of(raised.value).http_status == 503 and raised.value.code == "AUDIT_GAP"
    assert audit.max_tracking_id(ledger.name) == position + 1  # nothing written past the gap


def test_the_projections_skip_analyses_by_the_analysis_aggregates_topic() -> None:
    from eventsourcing.utils import get_topic

    from domain.analysis import Analysis
    from projections.runner import ANALYSIS_TOPIC

    assert get_topic(Analysis) == ANALYSIS_TOPIC


@pytest.mark.parametrize("paused_by_caller", [False, True])
def test_a_page_is_projected_without_cyclic_collection_which_then_resumes_as_it_was(
    ledger: Ledger, paused_by_caller: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gc

    fill(ledger, per_game=1)
    projections = Projections(ledger, ["index"])
    projections.parallel = False
    seen: list[bool] = []
    project = projections.projectors[0].project
    monkeypatch.setattr(
        projections.projectors[0],
        "project",
        lambda *args: (seen.append(gc.isenabled()), project(*args))[1],
    )
    if paused_by_caller:
        gc.disable()
    try:
        assert projections.catch_up() > 0
        assert seen and not any(seen)  # no collection while the pages were projected
        assert gc.isenabled() is not paused_by_caller  # and the collector as it was before
    finally:
        gc.enable()
