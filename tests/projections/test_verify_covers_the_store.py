"""`verify MATCH` covers everything the store holds for a match (issue #12): events, snapshots
and projection documents; an unreadable blob is a BAD verdict naming its version."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import msgspec
import pytest
from eventsourcing.persistence import Tracking

from cli.simulate import play_bot_match
from projections.documents import decode_any
from projections.projectors import HASH_BYTES, audit_key
from projections.runner import Projections
from projections.verification import verify_stored
from store.ledger import Ledger


def stored(tmp_path: Path) -> tuple[str, str]:
    url = f"sqlite:///{tmp_path}/store.db"
    ledger = Ledger(url, snapshot_interval=5)
    match = play_bot_match("toy", 2, 3)
    ledger.save(match)
    Projections(ledger).catch_up()
    assert verify_stored(ledger, Projections(ledger), str(match.id)).ok
    return url, str(match.id)


def _edit_latest_snapshot(tmp_path: Path) -> int:
    with sqlite3.connect(tmp_path / "store.db") as db:
        version, blob = db.execute(
            "SELECT originator_version, state FROM stored_snapshots "
            "ORDER BY originator_version DESC LIMIT 1"
        ).fetchone()
        state = msgspec.msgpack.decode(blob)
        state["state"]["decisions"] += 40
        db.execute(
            "UPDATE stored_snapshots SET state = ? WHERE originator_version = ?",
            (msgspec.msgpack.encode(state), version),
        )
    return int(version)


def test_an_edited_snapshot_is_not_trusted_and_verify_names_it(tmp_path: Path) -> None:
    url, ident = stored(tmp_path)
    honest = Ledger(url, snapshot_interval=5).match(ident).decisions
    version = _edit_latest_snapshot(tmp_path)
    ledger = Ledger(url, snapshot_interval=5)
    assert ledger.match(ident).decisions == honest  # the bad snapshot is not used
    verdict = verify_stored(ledger, Projections(ledger), ident)
    assert not verdict.ok and f"snapshot at version {version}" in str(verdict.problem)


def test_an_edited_projection_document_is_reported(tmp_path: Path) -> None:
    url, ident = stored(tmp_path)
    ledger = Ledger(url)
    projections = Projections(ledger)
    views = projections["views"].recorder
    doc = decode_any(views.read(f"{ident}/ann") or b"")
    doc["text"] = "mallory won"
    position = views.max_tracking_id(ledger.name) or 0
    views.write({f"{ident}/ann": msgspec.json.encode(doc)}, Tracking(ledger.name, position + 1))
    verdict = verify_stored(ledger, Projections(ledger), ident)
    assert not verdict.ok and "'views'" in str(verdict.problem) and "ann" in str(verdict.problem)


@pytest.mark.parametrize("garbage", [b"", b"\x78\x9c garbage", b"{not json"])
def test_an_unreadable_projection_document_is_reported(tmp_path: Path, garbage: bytes) -> None:
    url, ident = stored(tmp_path)
    ledger = Ledger(url)
    views = Projections(ledger)["views"].recorder
    position = views.max_tracking_id(ledger.name) or 0
    views.write({f"{ident}/ben": garbage}, Tracking(ledger.name, position + 1))
    verdict = verify_stored(ledger, Projections(ledger), ident)
    assert not verdict.ok and "'views'" in str(verdict.problem) and "ben" in str(verdict.problem)


def test_an_edited_audit_chain_is_reported(tmp_path: Path) -> None:
    url, ident = stored(tmp_path)
    ledger = Ledger(url)
    audit = Projections(ledger)["audit"].recorder
    key = audit_key(ident, 0)
    chunk = bytearray(audit.read(key) or b"")
    chunk[2 * HASH_BYTES] ^= 1  # the chain hash of line 2
    position = audit.max_tracking_id(ledger.name) or 0
    audit.write({key: bytes(chunk)}, Tracking(ledger.name, position + 1))
    verdict = verify_stored(ledger, Projections(ledger), ident)
    assert not verdict.ok and "audit entry 2 differs" in str(verdict.problem)


def test_a_garbage_event_blob_is_a_bad_verdict_naming_its_version(tmp_path: Path) -> None:
    url, ident = stored(tmp_path)
    with sqlite3.connect(tmp_path / "store.db") as db:
        db.execute("UPDATE stored_events SET state = ? WHERE originator_version = 3", (b"\xc1",))
    ledger = Ledger(url)
    verdict = verify_stored(ledger, Projections(ledger), ident)
    assert not verdict.ok and "stored event 3 cannot be read" in str(verdict.problem)


def test_an_edited_seed_is_named_before_the_snapshots_it_makes_disagree(tmp_path: Path) -> None:
    url, ident = stored(tmp_path)
    with sqlite3.connect(tmp_path / "store.db") as db:
        (blob,) = db.execute(
            "SELECT state FROM stored_events WHERE originator_version = 1"
        ).fetchone()
        started = msgspec.msgpack.decode(blob)
        started["seed"] = str(int(started["seed"]) + 1)
        db.execute(
            "UPDATE stored_events SET state = ? WHERE originator_version = 1",
            (msgspec.msgpack.encode(started),),
        )
    ledger = Ledger(url, snapshot_interval=5)
    verdict = verify_stored(ledger, Projections(ledger), ident)
    assert not verdict.ok
    assert "seed" in str(verdict.problem) and "snapshot" not in str(verdict.problem)


def _edit_decision(tmp_path: Path, version: int, **fields: object) -> None:
    with sqlite3.connect(tmp_path / "store.db") as db:
        (blob,) = db.execute(
            "SELECT state FROM stored_events WHERE originator_version = ?", (version,)
        ).fetchone()
        decided = msgspec.msgpack.decode(blob)
        assert decided["line_commitment"] is not None  # stamped as it was stored
        decided |= fields
        db.execute(
            "UPDATE stored_events SET state = ? WHERE originator_version = ?",
            (msgspec.msgpack.encode(decided), version),
        )


@pytest.mark.parametrize("rebuilt", [False, True])
def test_a_decision_edited_under_its_stamp_is_named_even_after_a_rebuild(
    tmp_path: Path, rebuilt: bool
) -> None:
    url, ident = stored(tmp_path)
    _edit_decision(tmp_path, 4, salt="00" * 16)
    ledger = Ledger(url)
    if rebuilt:  # the chain from the stamps is the one recorded before the edit
        Projections(ledger).rebuild()
    verdict = verify_stored(ledger, Projections(ledger), ident)
    assert not verdict.ok
    assert "stored event 4 (Decided) does not give the commitment" in str(verdict.problem)


def test_an_edited_stamp_is_named(tmp_path: Path) -> None:
    url, ident = stored(tmp_path)
    _edit_decision(tmp_path, 5, line_commitment=bytes(32))
    ledger = Ledger(url)
    verdict = verify_stored(ledger, Projections(ledger), ident)
    assert not verdict.ok and "stored event 5 (Decided)" in str(verdict.problem)
