"""A stored match event as a replay line's body, and the digests that seal the line.

What `records/replays.py` writes and checks, kept here so a match can seal its own decisions as
they are stored (`Match.Decided.line_commitment`):

    c_i = H("starledger/commit/v2", match, i, salt_i, canonical JSON of the line's body)
    h_i = H("starledger/chain/v2", match, h_{i-1}, c_i)          h_{-1} = ""

(H as domain/commitment.py frames it.) The body of an event's line is `line_body`: its version,
kind and time, and the fields of its kind, with seats by name.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.commitment import framed

COMMIT_LABEL = "starledger/commit/v2"
CHAIN_LABEL = "starledger/chain/v2"

_encoder = msgspec.json.Encoder(order="sorted")
_sha256 = hashlib.sha256
_length = struct.Struct(">Q").pack  # as domain/commitment.py frames each part


def canonical(obj: Any) -> bytes:
    """JSON with every key in sorted order (the encoder sorts dict keys and struct fields)."""
    return _encoder.encode(obj)


def _commitment(head: bytes, index: int, salt: str, body_json: bytes) -> str:
    """c_i, from the framed label and match (`head`): the one place its parts are listed.
    `digest_after(head, str(index), salt, body_json)`, framed here in one step: it is hashed
    for every stored event on every catch-up and every audit."""
    number, salted = str(index).encode(), salt.encode()
    return _sha256(
        b"".join(
            (
                head,
                _length(len(number)),
                number,
                _length(len(salted)),
                salted,
                _length(len(body_json)),
                body_json,
            )
        )
    ).hexdigest()


def _link(head: bytes, previous: str, commitment: str) -> str:
    """h_i, from the framed label and match (`head`): `digest_after(head, previous,
    commitment)`, framed in one step (see `_commitment`)."""
    before, committed = previous.encode(), commitment.encode()
    return _sha256(
        b"".join((head, _length(len(before)), before, _length(len(committed)), committed))
    ).hexdigest()


class StoredFields:
    """A stored Match event's fields as the store holds them (builtins: never decoded into the
    game's types, never folded), with `kind` (the event class's name), `originator_id` and
    `originator_version`: all that sealing its line takes. The projections read the audit
    chain this way (store/transcoding.py, `MsgspecMapper.stored_fields`)."""

    kind: str

    def __init__(self, fields: dict[str, Any]) -> None:
        self.__dict__ = fields  # the fields are the attributes, without a copy


def line_body(seats: Sequence[str], event: Any) -> dict[str, Any]:
    """What a line's commitment covers: the line without its salt (and link fields)."""
    plain: Callable[[Any], Any]
    if isinstance(event, StoredFields):  # builtins already, as stored
        kind, plain = event.kind, _as_is
    else:
        kind, plain = type(event).__name__, msgspec.to_builtins
    line: dict[str, Any] = {
        "version": event.originator_version,
        "kind": kind,
        "at": event.timestamp.isoformat(),
    }
    if kind in ("Started", "Dealt"):
        line["opening"] = plain(event.opening)
        if kind == "Dealt" and getattr(event, "chance", None) is not None:
            line["chance"] = plain(event.chance)
    elif kind == "EntropyContributed":
        line |= {
            "seat": seats[event.seat],
            "value": event.value,
            "entropy_commitment": event.commitment,
        }
    elif kind == "Decided":
        line |= {
            "seat": seats[event.seat],
            "command": plain(event.command),
            "outcome": plain(event.outcome),
            "undoable": event.undoable,
        }
        if getattr(event, "chance", None) is not None:  # a table match's decision
            line["chance"] = plain(event.chance)
        if getattr(event, "automatic", False):  # a forced move the platform played
            line["automatic"] = True
    elif kind in ("Undone", "Redone"):
        line |= {"seat": seats[event.seat], "decision": event.decision}
    elif kind == "Awaited":
        line |= {"seat": seats[event.seat], "command": plain(event.command)}
    elif kind == "ChanceEntered":
        line["outcome"] = plain(event.outcome)
    return line


def _as_is(value: Any) -> Any:
    return value


def line_commitment(match: str, seats: Sequence[str], event: Any) -> str:
    """c_i of a stored event's line (hex): `event` a Match event or its StoredFields."""
    body = canonical(line_body(seats, event))
    return _commitment(framed(COMMIT_LABEL, match), event.originator_version, event.salt, body)
