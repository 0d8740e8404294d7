"""A client over a full replay file: every read a stored match has, for a file."""

from __future__ import annotations

from pathlib import Path

from api.local import LocalClient
from api.trust import Owner
from cli.files import read_replay
from projections.queries import StoreReader
from records.replays import rerun
from store.ledger import Ledger


def file_client(path: Path) -> tuple[LocalClient, str]:
    """A client over a full replay file (its match played again into a store in memory, as
    its owner), and the match's id: every read a stored match has, for a file."""
    ledger = Ledger("memory://")
    match = rerun(read_replay(path))
    ledger.save(match)
    reads = LocalClient(ledger, Owner(), reader=lambda: StoreReader(ledger))
    return reads, str(match.id)
