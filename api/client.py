"""The application's one face: every use case a client may ask for, with typed inputs and
answers (api/documents.py and the read models' documents).

Two implementations answer it the same way:
- `LocalClient` (api/local.py): over a Ledger and the query layer; the CLI on a local store
  and every handler of the HTTP server use it, each with its own `Identity` (api/trust.py).
- `RemoteClient` (api/remote.py): over HTTP, to a starledger server.

The CLI asks whichever `--store`/`--server` selects (api/connect.py) and never knows which;
one contract suite (tests/api/test_contract.py) runs every use case against both.

Who asks is the client's own: the local one's `Identity`, the remote one's token. `as_` names
the viewer (reads) or the seat (acts) the asker claims; the identity decides whether it may.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # a protocol: its types are for the checker, never loaded to run a command
    from collections.abc import Iterator

    from api.documents import (
        AnalysisDoc,
        Contributed,
        CreatedMatch,
        Dealt,
        Difference,
        Forked,
        GameInfo,
        Imported,
        Moves,
        NewMatch,
        Played,
        Step,
    )
    from domain.notes import Note
    from projections.documents import LeaderRow, MatchRow, Scoreboard, ViewDoc
    from projections.match_log import LogEntry
    from projections.queries import MatchLog
    from projections.timeline import Timeline
    from records.replays import Verdict


class Client(Protocol):
    """Every use case, as the CLI, the server and the page ask for it."""

    @property
    def where(self) -> str:
        """The store URL or the server this client asks (named in listings and NOT_FOUND)."""
        ...

    # -- games and matches ------------------------------------------------------------------

    def games(self) -> list[GameInfo]: ...

    def new(self, spec: NewMatch) -> CreatedMatch:
        """A new match (tokens only from a server: a local store has no bearer)."""
        ...

    def matches(
        self,
        *,
        game: str | None = None,
        seat: str | None = None,
        status: str | None = None,
        to_move: str | None = None,
        limit: int | None = None,
    ) -> list[MatchRow]: ...

    def summary(self, match: str) -> MatchRow:
        """What anyone may know of a match (found by its id or a unique prefix)."""
        ...

    def leaderboard(self, game: str) -> list[LeaderRow]: ...

    # -- playing ------------------------------------------------------------------------------

    def moves(self, match: str, *, as_: str | None = None) -> Moves:
        """The asker's legal moves now; the table's: the chance outcomes it may give."""
        ...

    def play(
        self,
        match: str,
        command: dict[str, Any] | str,
        *,
        as_: str | None = None,
        expect_version: int | None = None,
    ) -> Played: ...

    def undo(
        self, match: str, *, as_: str | None = None, expect_version: int | None = None
    ) -> Step: ...

    def redo(
        self, match: str, *, as_: str | None = None, expect_version: int | None = None
    ) -> Step: ...

    def contribute(self, match: str, value: str, *, as_: str | None = None) -> Contributed: ...

    def deal(self, match: str) -> Dealt: ...

    def give_chance(self, match: str, outcome: Any, *, expect_version: int | None = None) -> Played:
        """The table gives the outcome the match waits for."""
        ...

    def withdraw_chance(self, match: str, *, expect_version: int | None = None) -> Step:
        """The table takes back its latest entry."""
        ...

    def note(self, match: str, step: int, text: str, *, as_: str | None = None) -> Note: ...

    def fork(self, match: str, at: int) -> Forked: ...

    def analyse(
        self,
        match: str,
        *,
        as_: str | None = None,
        budget_ms: float | None = None,
        iterations: int | None = None,
    ) -> AnalysisDoc:
        """Every decision of the seat `as_` judged from what it knew then, stored beside the
        match (domain/analysis.py); by that seat or the referee."""
        ...

    # -- reading ------------------------------------------------------------------------------

    def show(self, match: str, *, as_: str | None = None, at: int | None = None) -> ViewDoc: ...

    def analysis(self, match: str, *, as_: str | None = None) -> AnalysisDoc:
        """The stored analysis of the seat `as_` (that seat's and the referee's until the record
        opens, then everyone's)."""
        ...

    def log(self, match: str, *, as_: str | None = None, after: int = 0) -> MatchLog: ...

    def score(self, match: str) -> Scoreboard: ...

    def diff(
        self, match: str, first: int, second: int, *, as_: str | None = None
    ) -> Difference: ...

    def follow(
        self,
        match: str,
        *,
        as_: str | None = None,
        after: int = 0,
        timeout: float | None = None,
    ) -> Iterator[LogEntry]:
        """Each log entry after `after` as it lands, until the match is over (or `timeout`)."""
        ...

    # -- records ------------------------------------------------------------------------------

    def export(self, match: str, *, as_: str | None = None) -> str: ...

    def export_table(self, match: str) -> str: ...

    def import_replay(self, text: str | bytes) -> Imported: ...

    def import_table(self, text: str | bytes) -> Imported: ...

    def verify(self, text: str | bytes) -> Verdict:
        """A replay file's verdict (a redacted file: partial)."""
        ...

    def verify_match(self, match: str, *, as_: str | None = None) -> Verdict:
        """A stored match's verdict: the store itself for its owner; else the file the asker
        (as `as_`) may have of it."""
        ...

    def timeline(self, match: str, *, as_: str | None = None) -> Timeline:
        """The match step by step, with the public scores after each step."""
        ...
