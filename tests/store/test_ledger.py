"""The Ledger on every embedded store: matches survive a reload, snapshots, conflicts."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.errors import Conflict
from domain.game import IllegalMove
from store.ledger import Ledger, MatchNotFound
from store.urls import BadStoreURL, store_env


def test_play_reload_and_resolve_prefixes(ledger: Ledger) -> None:
    match = ledger.new_match("toy", ["ann", "ben"], {"pile": "9"}, seed=11)
    ledger.play(match.id, "ann", '{"type": "Take", "n": 2}')
    ledger.play(str(match.id)[:8], "ben", {"type": "Draw"})
    again = ledger.match(match.id)
    assert again.version == 3 and again.state.pile == 7 and len(again.state.hands[1]) == 1
    assert ledger.match_ids() == [match.id]
    assert ledger.match(match.id, version=2).state.pile == 7
    with pytest.raises(MatchNotFound):
        ledger.match("ffff")


def test_stale_expected_version_is_a_conflict_and_stores_nothing(ledger: Ledger) -> None:
    match = ledger.new_match("toy", ["ann", "ben"], seed=1)
    ledger.play(match.id, "ann", {"type": "Take", "n": 1}, expect_version=1)
    with pytest.raises(Conflict):
        ledger.play(match.id, "ben", {"type": "Take", "n": 1}, expect_version=1)
    assert ledger.match(match.id).version == 2


def test_two_clients_racing_never_both_win(ledger: Ledger) -> None:
    match = ledger.new_match("toy", ["ann", "ben"], seed=1)
    first, second = ledger.match(match.id), ledger.match(match.id)
    first.decide(0, first.rules.parse_command({"type": "Take", "n": 1}))
    second.decide(0, second.rules.parse_command({"type": "Take", "n": 3}))
    ledger.save(first)
    with pytest.raises(Conflict):
        ledger._save(second)
    assert ledger.match(match.id).state.pile == 11


def test_bad_input_changes_nothing(ledger: Ledger) -> None:
    match = ledger.new_match("toy", ["ann", "ben"], seed=1)
    for seat, command in [
        ("ann", "{"),
        ("ann", '{"type": "Fly"}'),
        ("cat", '{"type": "Draw"}'),
        ("ben", '{"type": "Draw"}'),
        ("ann", '{"type": "Take", "n": 7}'),
    ]:
        with pytest.raises(IllegalMove):
            ledger.play(match.id, seat, command)
    assert ledger.match(match.id).version == 1


def test_snapshots_are_taken_and_loading_uses_them(tmp_path: Path) -> None:
    ledger = Ledger(f"sqlite:///{tmp_path}/snap.db", snapshot_interval=4)
    match = ledger.new_match("toy", ["ann", "ben"], {"pile": "40"}, seed=2)
    for _ in range(9):
        seat = ledger.match(match.id).state.turn
        ledger.play(match.id, ["ann", "ben"][seat], {"type": "Take", "n": 1})
    assert ledger.snapshots is not None
    snaps = list(ledger.snapshots.get(match.id))
    assert [s.originator_version for s in snaps] == [4, 8]
    loaded = ledger.match(match.id)
    events = ledger.stored_events(match.id)
    replayed = events[0].mutate(None)
    for event in events[1:]:
        event.mutate(replayed)
    assert loaded.version == replayed.version == 10
    assert loaded.state == replayed.state
    assert loaded.undo_stack == replayed.undo_stack and loaded.undo_stack


def test_store_urls() -> None:
    assert store_env("sqlite:///./x.db")["SQLITE_DBNAME"] == "./x.db"
    assert store_env("sqlite:////tmp/x.db")["SQLITE_DBNAME"] == "/tmp/x.db"
    assert store_env("memory://")["PERSISTENCE_MODULE"] == "store.memory"
    pg = store_env("postgresql://ann:pw@db.example:5433/games")
    assert (pg["POSTGRES_USER"], pg["POSTGRES_PASSWORD"], pg["POSTGRES_PORT"]) == (
        "ann",
        "pw",
        "5433",
    )
    assert store_env("redis://localhost:6390/2")["REDIS_URL"] == "redis://localhost:6390/2"
    for bad in ["ftp://x", "sqlite:///", "sqlite:////no/such/folder/x.db", "postgresql:///x"]:
        with pytest.raises(BadStoreURL):
            store_env(bad)
