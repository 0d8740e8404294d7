"""`verify MATCH`: everything the store holds for a match must agree with its events.

The checks run from the most specific to the derived, so the first one that fails names what
was altered (an edited seed makes every snapshot disagree with the fold too; blaming a genuine
snapshot would send a reader the wrong way):

- the seed in the stored Started against its commitment;
- the audit log (one salted, chained entry per event) against the events now in the store;
- every snapshot against the fold of the events it claims to stand for (loading falls back to
  the events when a snapshot cannot be read, see `Ledger.match`);
- the projection documents (index row, scoreboard, every viewer's latest view) against the same
  documents recomputed from the events;
- then the match is played again from its seed, as a replay file would be.
"""

from __future__ import annotations

import zlib
from typing import Any

import msgspec

from domain.commitment import same, seed_commitment
from domain.errors import NotFound
from domain.match import Match, standing_events
from domain.registry import rules_for
from domain.viewer import SPECTATOR
from projections.documents import decode_any, encode
from projections.projectors import HASH_BYTES, match_row, scoreboard, view_doc
from projections.runner import Projections
from records.replays import Verdict, dumps, export_lines, parse, verify_lines
from store.ledger import Ledger

SNAPSHOT_FIELDS = (
    "state", "decisions", "undo_stack", "redo_stack", "dealt", "chance_seed", "chance", "pending",
    "completed",
)  # fmt: skip


def verify_stored(ledger: Ledger, projections: Projections, target: str) -> Verdict:
    ident = ledger.resolve(target)
    try:
        events = ledger.stored_events(ident)
    except Exception:
        return Verdict(ok=False, problem=_unreadable(ledger, ident))
    started = events[0]
    if (
        isinstance(started, Match.Started)
        and started.rules_version != rules_for(started.game).rules_version
    ):
        # Nothing here can judge its events: say so, rather than blame the store for them.
        return Verdict(
            ok=False,
            problem=f"recorded with rules version {started.rules_version!s:.20}, this build "
            f"plays {rules_for(started.game).rules_version}: verify it with a build of that version",
        )
    try:
        lines = export_lines(events)
    except Exception:  # an event altered so far that it no longer means anything
        return Verdict(ok=False, problem=_unreadable(ledger, ident))
    started = events[0]
    if not same(seed_commitment(str(started.originator_id), started.seed), started.seed_commitment):
        return Verdict(
            ok=False,
            problem="the seed in stored event 1 (Started) does not match its commitment: "
            "the event store was altered",
        )
    problem = _stamps(events, lines)
    if problem:
        return Verdict(ok=False, problem=problem)
    chain = b"".join(raw for _, raw in projections["audit"].recorder.scan(f"{ident}/"))
    audit = [chain[i : i + HASH_BYTES].hex() for i in range(0, len(chain), HASH_BYTES)]
    for version, (recorded, recomputed) in enumerate(zip(audit, lines, strict=False)):
        if recorded != recomputed.get("hash"):
            where = "header" if version == 0 else f"entry {version}"
            return Verdict(
                ok=False,
                problem=f"audit {where} differs from the event store: an event was altered",
            )
    if len(audit) != len(lines) - 1:
        return Verdict(
            ok=False,
            problem=f"the audit log has {len(audit) - 1} entries, the event store {len(lines) - 2}",
        )
    problem = _snapshots(ledger, events) or _documents(projections, events)
    if problem:
        return Verdict(ok=False, problem=problem)
    verdict = verify_lines(parse(dumps(lines)))
    link = _fork_link(ledger, events[0])
    if not verdict.ok or link is None:
        return verdict
    problem, note = link
    if problem:
        return Verdict(ok=False, problem=problem)
    return msgspec.structs.replace(verdict, note=note)


def _stamps(events: list[Any], lines: list[dict[str, Any]]) -> str | None:
    """A decision stamped, as it was stored, with a commitment its fields no longer give: the
    fields were changed after (the audit chain links the stamps: see records/stored_chain.py)."""
    for event in events:
        stamp = getattr(event, "line_commitment", None)
        version = event.originator_version
        if stamp is not None and stamp.hex() != lines[version].get("commitment"):
            return (
                f"stored event {version} ({type(event).__name__}) does not give the commitment "
                "it was stored with: the event store was altered"
            )
    return None


def _fork_link(ledger: Ledger, started: Any) -> tuple[str | None, str] | None:
    """A fork whose origin is in this store: the origin's audit hash at the fork's step must be
    the one the fork names, and the fork's opening the origin's standing events there.
    None when the match is no fork, or its origin is not stored here."""
    origin = getattr(started, "forked_from", None)
    if not isinstance(origin, dict):
        return None
    try:
        events = ledger.stored_events(str(origin.get("match")))
    except NotFound:
        return None
    at = origin.get("at")
    where = f"its origin {origin.get('match')} at step {at}"
    if not isinstance(at, int) or not 1 <= at <= len(events):
        return f"the fork names a step its origin does not have ({at})", where
    if export_lines(events[:at])[at].get("hash") != origin.get("hash"):
        return f"the fork's origin hash differs from the audit hash of {where}", where
    if _canonical.encode(msgspec.to_builtins(standing_events(events[:at]))) != _canonical.encode(
        msgspec.to_builtins(started.opening)
    ):
        return f"the fork's opening is not the standing state of {where}", where
    return None, f"a fork of {origin.get('match')} at step {at}: its opening and hash match it"


def _unreadable(ledger: Ledger, ident: Any) -> str:
    """Name the first stored event that cannot be read back."""
    match: Any = None
    for stored in ledger.recorder.select_events(ident):
        try:
            event: Any = ledger.mapper.to_domain_event(stored)
            if match is None:
                match = event.mutate(None)
            else:
                event.mutate(match)  # a decision that no longer decodes as a command fails here
        except Exception:
            return (
                f"stored event {stored.originator_version} cannot be read: "
                "the event store was altered"
            )
    return "the stored events cannot be replayed: the event store was altered"


def _folds(events: list[Any]) -> dict[int, dict[str, bytes]]:
    """The match after every version, folded from the events alone (no snapshot)."""
    match = events[0].mutate(None)
    folds = {match.version: _copy(match)}
    for event in events[1:]:
        event.mutate(match)
        folds[match.version] = _copy(match)
    return folds


def _copy(match: Match) -> dict[str, bytes]:
    """What a snapshot restores, as canonical bytes (sets sorted: their order means nothing)."""
    return {
        name: _canonical.encode(msgspec.to_builtins(getattr(match, name), order="deterministic"))
        for name in SNAPSHOT_FIELDS
    }


_canonical = msgspec.json.Encoder(order="deterministic")


def _readable(stored: bytes) -> Any:
    """A stored document's content, or None when it cannot be read (an edit broke it)."""
    try:
        return decode_any(stored)
    except (msgspec.DecodeError, zlib.error):
        return None


def _snapshots(ledger: Ledger, events: list[Any]) -> str | None:
    if ledger.snapshots is None:
        return None
    ident = events[0].originator_id
    folds: dict[int, dict[str, bytes]] | None = None
    for stored in ledger.snapshots.recorder.select_events(ident):
        version = stored.originator_version
        try:
            snapshot: Any = ledger.snapshots.mapper.to_domain_event(stored)
            loaded = snapshot.mutate(None)
            assert isinstance(loaded, Match)
        except Exception:
            return f"snapshot at version {version} cannot be read: the store was altered"
        folds = folds if folds is not None else _folds(events)
        if version not in folds:
            return f"snapshot at version {version} stands for no stored event"
        if _copy(loaded) != folds[version]:
            return (
                f"snapshot at version {version} does not equal the fold of its events: "
                "the store was altered"
            )
    return None


def _documents(projections: Projections, events: list[Any]) -> str | None:
    match = events[0].mutate(None)
    for event in events[1:]:
        event.mutate(match)
    ident = str(match.id)
    expected: list[tuple[str, str, bytes]] = [
        ("index", ident, encode(match_row(match))),
        ("scores", f"{match.game}/{ident}", encode(scoreboard(match))),
    ]
    expected += [
        ("views", f"{ident}/{name}", encode(view_doc(match, name)))
        for name in [*match.seats, SPECTATOR]
    ]
    for projection, key, wanted in expected:
        stored = projections[projection].recorder.read(key)
        if stored is None or _readable(stored) != decode_any(wanted):
            return (
                f"projection {projection!r} document {key!r} differs from the events: "
                f"rebuild it (starledger projections rebuild {projection})"
            )
    return None
