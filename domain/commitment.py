"""Commitments: how a match proves afterwards what it could not show before.

Every digest here is SHA-256 over a domain-separated, length-prefixed input:

    H(label, part_1, ..., part_k) = sha256(lp(label) ‖ lp(part_1) ‖ ... ‖ lp(part_k))
    lp(x) = len(x) as 8 bytes big-endian ‖ x

so no two different inputs (or inputs meant for different uses) can give the same bytes. Each
label names its use and the format version; the match id is a part of every input, so nothing
can be replayed from one match into another.

- The seed: a match's chance comes from its house seed (256 bits from `secrets`), committed at the
  start as `H("starledger/seed/v2", match, seed)`; the seed itself is revealed when the match
  opens, and `verify` recomputes the commitment. A seed given by hand is marked as known.
- Seat entropy: each seat may contribute its own secret bytes at the start. The host committed to
  its seed before any contribution arrived, each contribution is committed publicly as
  `H("starledger/entropy/v2", match, seat, value)` when it arrives, and the chance of the match
  comes from `H("starledger/effective-seed/v2", match, seed, value_0, ..., value_n)`: no single
  party, not even the host, chooses it. A seat that never contributes is dealt the empty value,
  fixed in advance.
- Salts: every stored event gets 128 fresh bits from `secrets`, never derived from the seed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import struct
from collections.abc import Iterable

SALT_BYTES = 16
SEED_BITS = 256


_length = struct.Struct(">Q").pack  # 8 bytes, big-endian
_labels: dict[str, bytes] = {}


def _lp(part: bytes) -> bytes:
    return _length(len(part)) + part


def digest(label: str, *parts: bytes | str) -> str:
    """`H(label, parts...)` as lowercase hex (the input framed once, hashed in one call: every
    event line is hashed twice, on every write and every audit)."""
    return digest_after(framed(label), *parts)


def framed(label: str, *parts: bytes | str) -> bytes:
    """The framed input of `H(label, parts...)` so far: hashing many inputs that begin alike
    (one match's lines), frame the common beginning once and finish with `digest_after`."""
    head = _labels.get(label)
    if head is None:
        head = _labels[label] = _lp(label.encode())
    return head + b"".join(_lp(p.encode() if isinstance(p, str) else p) for p in parts)


def digest_after(head: bytes, *parts: bytes | str) -> str:
    """`H(...)` of the input framed as `head`, then `parts`."""
    pieces = [head]
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        pieces += (_length(len(data)), data)
    return hashlib.sha256(b"".join(pieces)).hexdigest()


def fresh_salt() -> str:
    """128 random bits from `secrets`, as hex: one per stored event."""
    return secrets.token_hex(SALT_BYTES)


def fresh_seed() -> str:
    """A house seed nobody chose: 256 random bits from `secrets`, as a decimal string."""
    return str(secrets.randbits(SEED_BITS))


def seed_commitment(match_id: str, seed: str) -> str:
    return digest("starledger/seed/v2", match_id, seed)


def entropy_commitment(match_id: str, seat: int, value: str) -> str:
    return digest("starledger/entropy/v2", match_id, str(seat), value)


def effective_seed(match_id: str, seed: str, contributions: Iterable[str] | None) -> int:
    """The seed every draw comes from: the house seed alone, or combined with seat entropy."""
    if contributions is None:
        return int(seed)
    combined = digest("starledger/effective-seed/v2", match_id, seed, *contributions)
    return int(combined, 16)


def same(a: str, b: str) -> bool:
    """Compare two secrets or digests in constant time."""
    return hmac.compare_digest(a.encode(), b.encode())
