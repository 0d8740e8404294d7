"""The documents the read side stores and every client reads: typed, encoded in one place."""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

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


def encode(doc: Any) -> bytes:
    return _encoder.encode(doc)


def decode(raw: bytes, kind: type[T]) -> T:
    return msgspec.json.decode(raw, type=kind)
