"""The use cases' own request and answer documents (api/client.py), the same on every face:
the local client returns them, the server sends them as JSON and the remote client decodes them
back into these types (the web viewer reads the JSON). The read model's
documents are reused as they are (MatchRow, ViewDoc, Scoreboard, MatchLog, LeaderRow, Verdict).
Every field of a request is bounded where it is decoded, as commands and options are."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from msgspec import Meta

from domain.game import MAX_SEATS
from domain.match import MAX_SEAT_NAME
from domain.move_value import Value
from projections.diffs import Change
from projections.match_log import LogEntry

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
    tokens: Tokens | None = None  # a server's (a local store has no bearer tokens)
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
    # What a listing is printed with: the match's game and seats, who it waits for, its status.
    game: str = ""
    seats: list[str] = msgspec.field(default_factory=list)
    waiting_for: list[str] = msgspec.field(default_factory=list)
    status: str = ""
    # Why the seat may not decide now (its code and the rules' words), when it may not.
    refused_code: str | None = None
    refused: str | None = None
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
    game: str = ""
    seats: list[str] = msgspec.field(default_factory=list)
    reason: str | None = None  # why the match ended, once it is over


class Step(msgspec.Struct, kw_only=True, frozen=True):
    """An undone or redone decision (for the table: its withdrawn entry, `command` empty)."""

    match: str
    version: int
    seat: str
    decision: int
    command: dict[str, Any]
    to_move: list[str]
    game: str = ""
    seats: list[str] = msgspec.field(default_factory=list)


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


class Forking(msgspec.Struct, kw_only=True, frozen=True, forbid_unknown_fields=True):
    """A new match from step `at` of this one (the original is untouched)."""

    at: Annotated[int, Meta(ge=1, le=10**9)]


class Forked(msgspec.Struct, kw_only=True, frozen=True):
    """A match forked from step `at` of another; `tokens` when a server made it (shown once)."""

    match: str
    version: int
    forked_from: str
    at: int
    tokens: Tokens | None = None


class NoteText(msgspec.Struct, kw_only=True, frozen=True, forbid_unknown_fields=True):
    """A note on stored event `step` of a match, one line of text."""

    step: Annotated[int, Meta(ge=1, le=10**9)]
    text: Annotated[str, Meta(min_length=1, max_length=2000)]


class Difference(msgspec.Struct, kw_only=True, frozen=True):
    """What changed between two steps of a match as one viewer sees it: the decisions in
    between (log entries) and every part of the view that differs."""

    match: str
    game: str
    seats: list[str]
    first: int
    second: int
    viewer: str
    decisions: list[LogEntry]
    changes: list[Change]


class AnalysedStep(msgspec.Struct, kw_only=True, frozen=True):
    """One decision of the analysed seat (domain/analysis.py): the move played and the best
    found, each as a command and in words, their values, the loss of win rate and its mark."""

    step: int
    played: Any
    played_text: str
    best: Any
    best_text: str
    played_value: Value | None = None
    best_value: Value | None = None
    loss: float = 0.0
    mark: str = ""  # "", "inaccuracy", "mistake", "blunder" or "forced"
    accuracy: float | None = None
    candidates: int = 1
    samples: int = 0


class AnalysisDoc(msgspec.Struct, kw_only=True, frozen=True):
    """A seat's stored analysis of a match: each of its decisions judged from what it knew then
    (at the match's `version`, with `budget` a decision), and its accuracy."""

    match: str
    game: str
    seats: list[str]
    seat: str
    version: int
    budget: str
    seed: int
    at: str
    accuracy: float | None
    decisions: list[AnalysedStep]
