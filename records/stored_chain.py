"""The audit chain straight from the store's bytes: the hashes of every replay line, without
decoding every stored event whole.

Nearly every stored event is a `Match.Decided`, stamped as it was stored with its line's
commitment (`line_commitment`: `Match.collect_events`), so its link in the chain is one hash of
that stamp, read from the stored bytes in a pass that skips everything else. A Decided stored
before the stamps is sealed from its bytes: the canonical JSON of its line (what its commitment
covers: domain/lines.py) is a fixed frame around a few values,

    {"at":…,["automatic":true,]["chance":…,]"command":…,"kind":"Decided","outcome":…,
     "seat":…,"undoable":…,"version":…}

so it is read in one typed pass (`StoredDecided`) that leaves its nested values (command,
outcome, chance) as the msgpack the store holds (`msgspec.Raw`); each is turned into canonical
JSON on its own (one met before is not converted again), and the line joined from the frame.
Every other kind of event, and any Decided this pass does not read exactly as stored (a value
of another type, a store that encrypts or compresses, an upcast class), goes the general way:
`line_body` of its decoded fields. All ways give the same hashes (tests/records/
test_stored_chain.py checks them against every recorded replay, stamped and not, and against
each other over random values): those every replay file and `verify` check. The stamps are
trusted here; `verify` checks each against its decision's fields.
"""

from __future__ import annotations

from binascii import hexlify
from collections.abc import Callable, Sequence
from datetime import datetime
from time import perf_counter
from typing import Any

import msgspec
from eventsourcing.persistence import Notification
from eventsourcing.utils import get_topic

from domain.commitment import framed
from domain.lines import (
    CHAIN_LABEL,
    COMMIT_LABEL,
    StoredFields,
    _commitment,
    _length,
    _sha256,
    canonical,
    line_body,
)
from domain.match import Match
from records.replays import sealed_header
from store.transcoding import MsgspecMapper

DECIDED_TOPIC = get_topic(Match.Decided)
HASH_BYTES = 32
NIL = b"\xc0"  # msgpack's nil: a Decided without chance stores it so
_untyped: msgspec.msgpack.Decoder[Any] = msgspec.msgpack.Decoder()


def sealable(mapper: Any, stored: Notification) -> Any:
    """A stored event as a line seals it: its fields as stored, in one untyped pass, where the
    store's mapper can give them (else the event decoded into its types)."""
    fields = mapper.stored_fields(stored) if isinstance(mapper, MsgspecMapper) else None
    if fields is None:
        return mapper.to_domain_event(stored)
    kind, state = fields
    state["kind"] = kind
    state["originator_id"] = stored.originator_id
    state["originator_version"] = stored.originator_version
    return StoredFields(state)


class StoredDecided(msgspec.Struct):
    """The fields of a stored Match.Decided that its line covers, as stored: the timestamp and
    the nested values left encoded (`msgspec.Raw`), read only to be written as JSON."""

    timestamp: msgspec.Raw
    seat: int
    command: msgspec.Raw
    outcome: msgspec.Raw
    undoable: bool
    salt: str
    chance: msgspec.Raw = msgspec.Raw(NIL)
    automatic: bool = False


class Stamped(msgspec.Struct):
    """Only the commitment a stored Match.Decided was stamped with (`Match.collect_events`)."""

    line_commitment: bytes | None = None


_decided: msgspec.msgpack.Decoder[StoredDecided] = msgspec.msgpack.Decoder(StoredDecided)
_stamped: msgspec.msgpack.Decoder[Stamped] = msgspec.msgpack.Decoder(Stamped)


class JsonOf:
    """Canonical JSON of msgpack values, each converted once: commands and outcomes repeat
    (most of a match's commands were met before in it or another), so a bounded memory of the
    latest saves most conversions. Cleared whole when full: it only ever saves work."""

    def __init__(self, kept: int = 4096) -> None:
        self.kept = kept
        self.known: dict[bytes, bytes] = {}

    def __call__(self, raw: msgspec.Raw) -> bytes:
        key = bytes(raw)
        found = self.known.get(key)
        if found is None:
            found = canonical(_untyped.decode(key))
            if len(self.known) >= self.kept:
                self.known.clear()
            self.known[key] = found
        return found


def decided_body(
    fields: StoredDecided, version: int, seat_json: Sequence[bytes], json_of: JsonOf
) -> bytes | None:
    """The canonical JSON of a stored Decided's line body (as `canonical(line_body(...))`), or
    None when its fields are not as this build writes them (then the general way reads it)."""
    at = _untyped.decode(fields.timestamp)
    if type(at) is not datetime:
        return None
    parts = [b'{"at":"', at.isoformat().encode()]
    if fields.automatic:
        parts.append(b'","automatic":true,')
    else:
        parts.append(b'",')
    if bytes(fields.chance) != NIL:
        parts += (b'"chance":', json_of(fields.chance), b",")
    parts += (
        b'"command":',
        json_of(fields.command),
        b',"kind":"Decided","outcome":',
        json_of(fields.outcome),
        b',"seat":',
        seat_json[fields.seat],
        b',"undoable":true,"version":' if fields.undoable else b',"undoable":false,"version":',
        str(version).encode(),
        b"}",
    )
    return b"".join(parts)


class StoredChain:
    """Chain hashes of a match's stored events, read from their bytes where they allow it.

    `general(stored)` gives what `line_body` takes for an event the fast way does not read (its
    StoredFields, or the event decoded); `fast` is whether the store's bytes are plain msgpack
    of this build's Decided (no cipher, no compression, no upcast)."""

    def __init__(self, general: Callable[[Notification], Any], *, fast: bool) -> None:
        self.general = general
        self.fast = fast
        self.json_of = JsonOf()

    def body(
        self,
        stored: Notification,
        seats: Sequence[str],
        seat_json: list[bytes],
        decoded: Any = None,
    ) -> tuple[bytes, str]:
        """The canonical JSON of a stored event's line body, and its salt (`decoded`: the
        event as the general way reads it, when that was done already)."""
        if decoded is None and self.fast and stored.topic == DECIDED_TOPIC:
            try:
                fields = _decided.decode(stored.state)
                found = decided_body(fields, stored.originator_version, seat_json, self.json_of)
            except (msgspec.DecodeError, msgspec.ValidationError, IndexError, TypeError):
                found = None
            if found is not None:
                return found, fields.salt
        event = self.general(stored) if decoded is None else decoded
        return canonical(line_body(seats, event)), event.salt

    def hashes(
        self,
        match: str,
        seats: Sequence[str],
        stored: Sequence[Notification],
        previous: str | None,
    ) -> list[str]:
        """The chain hashes of `stored` (a match's stored events, in order), chained after the
        line whose hash is `previous`, as hex (what each line's "hash" holds). With `previous`
        None, `stored` begins with the match's Started and its header's hash comes first."""
        return [digest.hex() for digest in self.digests(match, seats, stored, previous)]

    def digests(
        self,
        match: str,
        seats: Sequence[str],
        stored: Sequence[Notification],
        previous: str | None,
        timed: Callable[[Notification, float], None] | None = None,
    ) -> list[bytes]:
        """`hashes` as the 32 bytes of each digest (what the audit projection keeps), each link
        `_link` framed in place; `timed(event, seconds)`, when given, is told each one's time."""
        commit_head, chain_head = framed(COMMIT_LABEL, match), framed(CHAIN_LABEL, match)
        seat_json = [canonical(seat) for seat in seats]
        fast, stamped = self.fast, _stamped.decode
        found: list[bytes] = []
        opening: Any = None  # the Started, read once for the header and for its own line
        if previous is None:
            opening = self.general(stored[0])
            previous = sealed_header(opening)["hash"]
            found.append(bytes.fromhex(previous))
        before = previous.encode()
        for event in stored:
            began = perf_counter() if timed is not None else 0.0
            stamp = None
            if fast and event.topic == DECIDED_TOPIC:
                try:
                    stamp = stamped(event.state).line_commitment
                except (msgspec.DecodeError, msgspec.ValidationError):
                    stamp = None
            if stamp is not None and len(stamp) == HASH_BYTES:
                committed = hexlify(stamp)
            else:
                started = opening if event.originator_version == 1 else None
                body, salt = self.body(event, seats, seat_json, started)
                committed = _commitment(commit_head, event.originator_version, salt, body).encode()
            digest = _sha256(
                b"".join(
                    (chain_head, _length(len(before)), before, _length(len(committed)), committed)
                )
            ).digest()
            found.append(digest)
            before = hexlify(digest)
            if timed is not None:
                timed(event, perf_counter() - began)
        return found
