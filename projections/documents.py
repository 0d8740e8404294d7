"""The documents the read side stores and every client reads: typed, encoded in one place.

A document is stored as JSON (keys sorted), compressed with zlib when that makes it smaller
than COMPRESS_FROM bytes of JSON would stay: a board view, its text and the scores shrink to
about a sixth. A stored document that starts with "{" is plain JSON (small ones, and stores
written before compression), anything else is zlib's stream (its first byte is 0x78).
"""

from __future__ import annotations

import zlib
from typing import Any, TypeVar

import msgspec

from domain.viewer import record_opens

T = TypeVar("T")


class MatchRow(msgspec.Struct, kw_only=True, frozen=True):
    """One match in the index: what anyone may know about it."""

    match: str
    game: str
    seats: list[str]
    status: str
    decisions: int
    version: int
    created: str
    last_move: str
    to_move: list[str]
    winners: list[str]
    reason: str | None
    sealed_log: bool = False
    seed_known: bool = False
    seed_commitment: str = ""
    entropy: bool = False
    forked_from: str | None = None
    forked_at: int | None = None

    @property
    def opened(self) -> bool:
        """Whether the match's whole record is open to everyone (domain/match.py's rule)."""
        return record_opens(self.status == "over", self.sealed_log)


class SeatScore(msgspec.Struct, kw_only=True, frozen=True):
    seat: str
    score: int
    place: int


class Scoreboard(msgspec.Struct, kw_only=True, frozen=True):
    """The scores everyone may know now, places, and the winners once it is over."""

    match: str
    game: str
    version: int
    status: str
    seats: list[SeatScore]
    winners: list[str]
    reason: str | None
    reason_text: str | None = None


class ViewDoc(msgspec.Struct, kw_only=True, frozen=True, rename={"as_": "as"}):
    """What one viewer sees of a match now: its view (as the game defines it) and as text."""

    match: str
    game: str
    version: int
    as_: str
    to_move: list[str]
    scores: list[SeatScore]
    winners: list[str]
    view: Any
    text: str


class LeaderRow(msgspec.Struct, kw_only=True, frozen=True):
    seat: str
    matches: int
    wins: int
    win_rate: float
    mean_score: float


_encoder = msgspec.json.Encoder(order="sorted")
_decoders: dict[Any, msgspec.json.Decoder[Any]] = {}

COMPRESS_FROM = 256
"""Documents of fewer JSON bytes are stored as they are (zlib would save little or nothing)."""
LEVEL = 1
"""zlib level 1: a Delta V board view (5.9 KB of JSON) compresses to 1.58 KB in 42 µs, against
1.41 KB in 70 µs at the default 6 (11% larger for 40% less time: every view of every seat is
compressed on every decision). Any level reads back the same way."""


def to_json(doc: Any) -> bytes:
    """A document as JSON with sorted keys (what `encode` stores, before compression)."""
    return _encoder.encode(doc)


def encode(doc: Any) -> bytes:
    raw = _encoder.encode(doc)
    if len(raw) < COMPRESS_FROM:
        return raw
    return zlib.compress(raw, LEVEL)


def json_of(stored: bytes) -> bytes:
    """The JSON of a stored document."""
    return stored if stored[:1] == b"{" else zlib.decompress(stored)


def decode(raw: bytes, kind: type[T]) -> T:
    decoder = _decoders.get(kind)
    if decoder is None:
        decoder = _decoders[kind] = msgspec.json.Decoder(kind)
    return decoder.decode(json_of(raw))


def decode_any(raw: bytes) -> Any:
    """A stored document as builtins (dicts, lists, strings, numbers)."""
    return msgspec.json.decode(json_of(raw))
