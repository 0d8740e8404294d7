"""Importing a replay file into a store: verified in full, played again, stored under its own id.

One function for every client (the CLI's `import`, the server's upload), so the rule is written
once: only a full file that verifies is imported, and importing the same file again returns the
match already stored, while a different history under the same id is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import IntegrityError

from domain.errors import BadInput
from domain.match import Match
from records.replays import ReplayError, export_lines, rerun, verify_lines
from store.ledger import Ledger, MatchNotFound


class NotImportable(BadInput):
    """A replay that verifies but cannot be imported (redacted, or another history)."""

    default_code = "NOT_IMPORTABLE"


def import_lines(ledger: Ledger, lines: Sequence[dict[str, Any]]) -> tuple[Match, bool]:
    """Store the match of a full replay file; returns it and whether it was stored just now."""
    verdict = verify_lines(lines)
    if not verdict.ok:
        raise ReplayError(0, str(verdict.problem))
    if verdict.partial:
        raise NotImportable(
            f"the file is redacted for one viewer ({verdict.describe()}); only a full file "
            "can be imported"
        )
    match = rerun(lines)
    try:
        stored = ledger.match(match.id)
    except MatchNotFound:
        try:
            ledger.save(match)
            return match, True
        except IntegrityError:  # the same id was stored meanwhile: compare with that one
            stored = ledger.match(match.id)
    if not _same_history(ledger, stored, lines):
        raise NotImportable(f"match {match.id} is stored already with a different history")
    return stored, False


def _same_history(ledger: Ledger, stored: Match, lines: Sequence[dict[str, Any]]) -> bool:
    mine = [line["hash"] for line in export_lines(ledger.stored_events(stored.id))[:-1]]
    return mine == [line.get("hash") for line in lines[:-1]]
