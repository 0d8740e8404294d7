"""The HTTP API's own request and response documents, shared by the server (server/) and its
clients (cli/remote.py, the web viewer), so both ends decode the same types. The read model's
documents are reused as they are (MatchRow, ViewDoc, Scoreboard, MatchLog, LeaderRow, Verdict).
Every field of a request is bounded where it is decoded, as commands and options are."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from msgspec import Meta

from domain.game import MAX_SEATS
from domain.match import MAX_SEAT_NAME

SeatName = Annotated[str, Meta(min_length=1, max_length=MAX_SEAT_NAME)]
Slug = Annotated[str, Meta(min_length=1, max_length=64)]
OptionName = Annotated[str, Meta(min_length=1, max_length=64)]
Seed = Annotated[int, Meta(ge=0, le=2**63 - 1)]
Entropy = Annotated[str, Meta(pattern="^[0-9a-fA-F]{32,128}$")]


class GameInfo(msgspec.Struct, kw_only=True, frozen=True):
    slug: str
    name: str
    min_seats: int
    max_seats: int
    description: str
    options: dict[str, str]
    defaults: dict[str, Any]
    end_reasons: dict[str, str]


class NewMatch(msgspec.Struct, kw_only=True, frozen=True, forbid_unknown_fields=True):
    """A match to start. Without `seed` its seed is secret and committed; with one, the match
    is marked as having a known seed (for tests). With `entropy`, every seat contributes its own
    secret entropy before the opening is drawn."""

    game: Slug
    seats: Annotated[list[SeatName], Meta(min_length=1, max_length=MAX_SEATS)]
    options: Annotated[dict[OptionName, Any], Meta(max_length=32)] = msgspec.field(
        default_factory=dict
    )
    seed: Seed | None = None
    sealed_log: bool = False
    entropy: bool = False
    table: bool = False  # a game played at a table: it gives every chance outcome
    auto_forced: bool = False  # the platform plays each seat's forced moves for it


class Tokens(msgspec.Struct, kw_only=True, frozen=True):
    """Secret bearer tokens, shown once: one per seat (by seat name) and the referee's; for a
    match dealt by a table, the table's (it reads as the referee and gives the chance)."""

    seats: dict[str, str]
    referee: str
    table: str | None = None


class CreatedMatch(msgspec.Struct, kw_only=True, frozen=True):
    match: str
    version: int
    game: str
    seats: list[str]
    seed_commitment: str
    seed_known: bool
    sealed_log: bool
    entropy: bool
    to_move: list[str]
    tokens: Tokens
    chance: str = "house"
    auto_forced: bool = False


class Moves(msgspec.Struct, kw_only=True, frozen=True):
    """The legal commands of a seat now, each exactly as `decisions` accepts it; `version` is
    the version to send back in `If-Match`."""

    match: str
    version: int
    seat: str
    to_move: bool
    commands: list[dict[str, Any]]
    # For the table's token: what it is asked, and each outcome's name and count (the commands
    # are then {"chance": OUTCOME}, as `decisions` takes them from the table).
    asking: str | None = None
    names: list[str] = msgspec.field(default_factory=list)
    counts: list[int] = msgspec.field(default_factory=list)


class Decision(msgspec.Struct, kw_only=True, frozen=True, forbid_unknown_fields=True):
    """One command of the caller's seat (JSON with its `type` tag, as `moves` lists them), or,
    from a table's token, the chance outcome the match waits for (`chance`: its value or name).
    `seat`, when given, must be the token's own seat."""

    command: dict[str, Any] | None = None
    chance: Any = None
    seat: SeatName | None = None


class Played(msgspec.Struct, kw_only=True, frozen=True):
    """What a decision caused, as the deciding seat may see it."""

    match: str
    version: int
    seat: str
    events: list[dict[str, Any]]
    to_move: list[str]
    status: str
    winners: list[str]


class Step(msgspec.Struct, kw_only=True, frozen=True):
    """An undone or redone decision."""

    match: str
    version: int
    seat: str
    decision: int
    command: dict[str, Any]
    to_move: list[str]


class Contribution(msgspec.Struct, kw_only=True, frozen=True, forbid_unknown_fields=True):
    """A seat's secret entropy: 16 to 64 random bytes as hex."""

    value: Entropy


class Contributed(msgspec.Struct, kw_only=True, frozen=True):
    match: str
    version: int
    seat: str
    commitment: str
    dealt: bool
    to_move: list[str]


class Dealt(msgspec.Struct, kw_only=True, frozen=True):
    match: str
    version: int
    to_move: list[str]


class Imported(msgspec.Struct, kw_only=True, frozen=True):
    """An imported match; `tokens` only when it was stored just now (shown once)."""

    match: str
    version: int
    created: bool
    tokens: Tokens | None = None


class Health(msgspec.Struct, kw_only=True, frozen=True):
    status: str
    store: str = ""


class Revoked(msgspec.Struct, kw_only=True, frozen=True):
    """A token revoked for good: every request bringing it is refused (401 TOKEN_REVOKED)."""

    token: str
    match: str
    holder: str
