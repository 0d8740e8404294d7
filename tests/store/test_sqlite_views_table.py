"""A SQLite store made before the documents moved to a rowid table has them moved on first
open: every document and position kept, the old table gone."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from eventsourcing.persistence import Tracking

from projections.runner import view_recorder
from store.ledger import Ledger

CLUSTERED = (
    "CREATE TABLE starledger_views (projection TEXT, key TEXT, doc BLOB, "
    "PRIMARY KEY (projection, key)) WITHOUT ROWID",
    "CREATE TABLE starledger_view_tracking (projection TEXT, application_name TEXT, "
    "notification_id INTEGER, PRIMARY KEY (projection, application_name)) WITHOUT ROWID",
)


def _tables(path: Path) -> dict[str, str]:
    with sqlite3.connect(path) as db:
        return dict(db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'"))


def test_documents_in_the_clustered_table_are_moved_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        for statement in CLUSTERED:
            db.execute(statement)
        db.executemany(
            "INSERT INTO starledger_views VALUES (?, ?, ?)",
            [("index", "m/1", b"one"), ("index", "m/2", b"two"), ("scores", "g/m/1", b"3")],
        )
        db.execute("INSERT INTO starledger_view_tracking VALUES ('index', 'starledger', 7)")
    ledger = Ledger(f"sqlite:///{path}")
    index = view_recorder(ledger, "index")
    tables = _tables(path)
    assert "WITHOUT ROWID" not in tables["starledger_views"].upper()
    assert "starledger_views_clustered" not in tables
    assert index.read("m/1") == b"one" and index.read("m/2") == b"two"
    assert [key for key, _ in index.scan("m/")] == ["m/1", "m/2"]
    assert view_recorder(ledger, "scores").read("g/m/1") == b"3"
    assert index.max_tracking_id(ledger.name) == 7
    index.write({"m/1": b"uno"}, Tracking(ledger.name, 8))  # one document a key, as before
    assert index.read("m/1") == b"uno"
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM starledger_views").fetchone() == (3,)


def test_a_new_store_makes_the_rowid_table(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    view_recorder(Ledger(f"sqlite:///{path}"), "index")
    assert "WITHOUT ROWID" not in _tables(path)["starledger_views"].upper()
