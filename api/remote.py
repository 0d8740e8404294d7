"""The use cases over HTTP, to a starledger server (`starledger serve`): api/client.py's remote
implementation.

`RemoteClient(server, token)` (or `RemoteClient.from_env()`: STARLEDGER_SERVER,
STARLEDGER_TOKEN) asks the server for every use case the local client answers (following a match
over Server-Sent Events, resumed with Last-Event-ID). Answers decode into the same typed
documents the local client returns, so a command prints them the same way whichever it asks.
Who asks is the token's holder; `as_` is sent as the seat or viewer it claims, which the server
checks against the token.
A refusal comes back as the same error class and code as on a local store (through the one
table in domain/errors.py); an unreachable server is STORE_UNAVAILABLE.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any, TypeVar

import httpx
import msgspec

from api.documents import (
    AnalysisDoc,
    Contributed,
    CreatedMatch,
    Dealt,
    Difference,
    Forked,
    Forking,
    GameInfo,
    Imported,
    Moves,
    NewMatch,
    NoteText,
    Played,
    Step,
)
from domain.errors import ERROR_TABLE, StarledgerError, StoreUnavailable
from domain.match import TABLE
from domain.notes import Note
from projections.documents import LeaderRow, MatchRow, Scoreboard, ViewDoc
from projections.match_log import LogEntry
from projections.queries import MatchLog
from projections.timeline import Timeline
from records.replays import Verdict

SERVER_VARIABLE = "STARLEDGER_SERVER"
TOKEN_VARIABLE = "STARLEDGER_TOKEN"
API = "/api/v1"
JSONL = "application/x-ndjson"
T = TypeVar("T")


class RemoteError(StarledgerError):
    """A refusal by the server that no error class of ours stands for (e.g. 405, 413)."""

    default_code = "REMOTE_ERROR"


_BY_STATUS: dict[int, type[StarledgerError]] = {}
for _cls, _kind in ERROR_TABLE.items():
    if _cls is not StarledgerError:
        _BY_STATUS.setdefault(_kind.http_status, _cls)


def error_from(response: httpx.Response) -> StarledgerError:
    """The error a problem document stands for: same class (by status) and code as locally."""
    try:
        problem = msgspec.json.decode(response.content)
    except msgspec.DecodeError:
        problem = {}
    if not isinstance(problem, dict):
        problem = {}
    code = str(problem.get("code") or "HTTP_" + str(response.status_code))
    detail = str(problem.get("detail") or problem.get("title") or response.reason_phrase)
    cls = _BY_STATUS.get(response.status_code, RemoteError)
    error = StarledgerError.__new__(cls)
    StarledgerError.__init__(error, detail, code=code)
    error.status = response.status_code  # type: ignore[attr-defined]
    return error


class RemoteClient:
    def __init__(
        self,
        server: str,
        token: str | None = None,
        *,
        timeout: float = 30.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.server = server.rstrip("/")
        self.token = token
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.client = httpx.Client(
            base_url=self.server + API, headers=headers, timeout=timeout, transport=transport
        )

    @classmethod
    def from_env(cls, server: str | None = None, token: str | None = None) -> RemoteClient:
        found = server or os.environ.get(SERVER_VARIABLE)
        if not found:
            raise StoreUnavailable(f"no server given (--server or {SERVER_VARIABLE})")
        return cls(found, token or os.environ.get(TOKEN_VARIABLE) or None)

    @property
    def where(self) -> str:
        return f"server {self.server}"

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> RemoteClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- plumbing -----------------------------------------------------------------------------

    def _send(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        try:
            response = self.client.request(method, path, **kwargs)
        except httpx.HTTPError as exc:
            raise StoreUnavailable(
                f"server {self.server} did not answer ({type(exc).__name__})",
                code="SERVER_UNAVAILABLE",
            ) from None
        if response.status_code >= 400:
            raise error_from(response)
        return response

    def _get(self, kind: type[T], path: str, **params: Any) -> T:
        given = {key: value for key, value in params.items() if value is not None}
        return msgspec.json.decode(self._send("GET", path, params=given).content, type=kind)

    def _post(
        self,
        kind: type[T],
        path: str,
        body: Any = None,
        *,
        version: int | bool | None = False,
        params: dict[str, Any] | None = None,
    ) -> T:
        given = {key: value for key, value in (params or {}).items() if value is not None}
        headers = {}
        if version is not False:
            headers["If-Match"] = "*" if version is None else f'"{version}"'
        content = b"" if body is None else msgspec.json.encode(body)
        response = self._send(
            "POST", path, content=content, params=given,
            headers={"Content-Type": "application/json", **headers},
        )  # fmt: skip
        return msgspec.json.decode(response.content, type=kind)

    @staticmethod
    def _match(match: str) -> str:
        return f"/matches/{match}"

    # -- matches ------------------------------------------------------------------------------

    def games(self) -> list[GameInfo]:
        return self._get(list[GameInfo], "/games")

    def new(self, spec: NewMatch) -> CreatedMatch:
        return self._post(CreatedMatch, "/matches", spec)

    def matches(
        self,
        *,
        game: str | None = None,
        seat: str | None = None,
        status: str | None = None,
        to_move: str | None = None,
        limit: int | None = None,
    ) -> list[MatchRow]:
        return self._get(
            list[MatchRow], "/matches", game=game, seat=seat, status=status, to_move=to_move,
            limit=limit,
        )  # fmt: skip

    def summary(self, match: str) -> MatchRow:
        return self._get(MatchRow, self._match(self.resolve(match)))

    def resolve(self, match: str) -> str:
        """A full match id from the id or a unique prefix of at least 4 characters (as locally)."""
        text = match.strip().lower()
        if len(text) == 36:
            return text
        found = [row.match for row in self.matches() if row.match.startswith(text)]
        if len(text) < 4 or len(found) != 1:
            from store.ledger import MatchNotFound

            why = "ambiguous" if len(found) > 1 else "not found"
            raise MatchNotFound(f"no match {match!r} ({why})")
        return found[0]

    def leaderboard(self, game: str) -> list[LeaderRow]:
        return self._get(list[LeaderRow], f"/games/{game}/leaderboard")

    # -- playing ------------------------------------------------------------------------------

    def moves(self, match: str, *, as_: str | None = None) -> Moves:
        return self._get(Moves, self._match(self.resolve(match)) + "/moves", **{"as": as_})

    def play(
        self,
        match: str,
        command: dict[str, Any] | str,
        *,
        as_: str | None = None,
        expect_version: int | None = None,
    ) -> Played:
        """One command for this token's seat; without `expect_version`, at whatever version."""
        parsed = msgspec.json.decode(command) if isinstance(command, str) else command
        path = self._match(self.resolve(match)) + "/decisions"
        body: dict[str, Any] = {"command": parsed}
        if as_ is not None:
            body["seat"] = as_
        return self._post(Played, path, body, version=expect_version)

    def undo(
        self, match: str, *, as_: str | None = None, expect_version: int | None = None
    ) -> Step:
        path = self._match(self.resolve(match)) + "/undo"
        return self._post(Step, path, version=expect_version, params={"as": as_})

    def redo(
        self, match: str, *, as_: str | None = None, expect_version: int | None = None
    ) -> Step:
        path = self._match(self.resolve(match)) + "/redo"
        return self._post(Step, path, version=expect_version, params={"as": as_})

    # -- the table (a match dealt by a table, with its table token) ------------------------------

    def give_chance(self, match: str, outcome: Any, *, expect_version: int | None = None) -> Played:
        path = self._match(self.resolve(match)) + "/decisions"
        return self._post(Played, path, {"chance": outcome}, version=expect_version)

    def withdraw_chance(self, match: str, *, expect_version: int | None = None) -> Step:
        return self.undo(match, as_=TABLE, expect_version=expect_version)

    def export_table(self, match: str) -> str:
        path = self._match(self.resolve(match)) + "/export"
        return self._send("GET", path, params={"table": "true"}).text

    def import_table(self, text: str | bytes) -> Imported:
        return self._upload(Imported, "/tables/import", text)

    def note(self, match: str, step: int, text: str, *, as_: str | None = None) -> Note:
        path = self._match(self.resolve(match)) + "/notes"
        return self._post(Note, path, NoteText(step=step, text=text), params={"as": as_})

    def fork(self, match: str, at: int) -> Forked:
        return self._post(Forked, self._match(self.resolve(match)) + "/fork", Forking(at=at))

    def analyse(
        self,
        match: str,
        *,
        as_: str | None = None,
        budget_ms: float | None = None,
        iterations: int | None = None,
    ) -> AnalysisDoc:
        path = self._match(self.resolve(match)) + "/analysis"
        asked = {"as": as_, "budget_ms": budget_ms, "iterations": iterations}
        return self._post(AnalysisDoc, path, params=asked)

    def analysis(self, match: str, *, as_: str | None = None) -> AnalysisDoc:
        return self._get(AnalysisDoc, self._match(self.resolve(match)) + "/analysis", **{"as": as_})

    def contribute(self, match: str, value: str, *, as_: str | None = None) -> Contributed:
        path = self._match(self.resolve(match)) + "/entropy"
        return self._post(Contributed, path, {"value": value}, params={"as": as_})

    def deal(self, match: str) -> Dealt:
        return self._post(Dealt, self._match(self.resolve(match)) + "/deal")

    # -- reading ------------------------------------------------------------------------------

    def show(self, match: str, *, as_: str | None = None, at: int | None = None) -> ViewDoc:
        return self._get(
            ViewDoc, self._match(self.resolve(match)) + "/view", **{"as": as_, "at": at}
        )

    def log(self, match: str, *, as_: str | None = None, after: int = 0) -> MatchLog:
        path = self._match(self.resolve(match)) + "/log"
        return self._get(MatchLog, path, **{"as": as_, "after": after or None})

    def score(self, match: str) -> Scoreboard:
        return self._get(Scoreboard, self._match(self.resolve(match)) + "/scores")

    def diff(self, match: str, first: int, second: int, *, as_: str | None = None) -> Difference:
        path = self._match(self.resolve(match)) + "/diff"
        return self._get(Difference, path, **{"from": first, "to": second, "as": as_})

    def export(self, match: str, *, as_: str | None = None) -> str:
        path = self._match(self.resolve(match)) + "/export"
        return self._send("GET", path, params={"as": as_} if as_ else {}).text

    def verify(self, text: str | bytes) -> Verdict:
        return self._upload(Verdict, "/replays/verify", text)

    def verify_match(self, match: str, *, as_: str | None = None) -> Verdict:
        return self._get(Verdict, self._match(self.resolve(match)) + "/verdict", **{"as": as_})

    def timeline(self, match: str, *, as_: str | None = None) -> Timeline:
        return self._get(Timeline, self._match(self.resolve(match)) + "/timeline", **{"as": as_})

    def import_replay(self, text: str | bytes) -> Imported:
        return self._upload(Imported, "/replays/import", text)

    def _upload(self, kind: type[T], path: str, text: str | bytes) -> T:
        body = text.encode() if isinstance(text, str) else text
        response = self._send("POST", path, content=body, headers={"Content-Type": JSONL})
        return msgspec.json.decode(response.content, type=kind)

    # -- following ----------------------------------------------------------------------------

    def follow(
        self,
        match: str,
        *,
        as_: str | None = None,
        after: int = 0,
        timeout: float | None = None,
    ) -> Iterator[LogEntry]:
        """Each log entry after `after` as it lands, as this token may read it, until the match
        is over (or `timeout` seconds pass). A dropped stream is resumed from the last entry
        seen (Last-Event-ID), so none is missed or repeated."""
        for kind, item in self.stream(match, as_, after=after, timeout=timeout):
            if kind == "entry":
                assert isinstance(item, LogEntry)
                yield item

    def stream(
        self,
        match: str,
        as_: str | None = None,
        *,
        after: int = 0,
        timeout: float | None = None,
    ) -> Iterator[tuple[str, LogEntry | dict[str, Any]]]:
        """The match's event stream: ("entry", LogEntry) for each new entry, ("opened", {...})
        once the match's record opens (entries before it were redacted), and ("end", {...})
        last, when the match is over."""
        path = self._match(self.resolve(match)) + "/events"
        ends = None if timeout is None else time.monotonic() + timeout
        last = after
        failures = 0
        while ends is None or time.monotonic() < ends:
            follow = 600.0 if ends is None else max(0.0, ends - time.monotonic())
            params: dict[str, Any] = {"follow": round(follow, 3)}
            if as_:
                params["as"] = as_
            try:
                for kind, ident, data in self._events(path, params, last):
                    failures = 0
                    if kind == "entry":
                        entry = msgspec.json.decode(data, type=LogEntry)
                        last = int(ident) if ident.isdigit() else entry.version
                        yield kind, entry
                    elif kind in ("opened", "end"):
                        yield kind, msgspec.json.decode(data, type=dict[str, Any])
                        if kind == "end":
                            return
            except httpx.HTTPError:
                failures += 1
                if failures > 5:
                    raise StoreUnavailable(
                        f"server {self.server} keeps dropping the event stream",
                        code="SERVER_UNAVAILABLE",
                    ) from None
                time.sleep(min(2.0, 0.1 * 2**failures))

    def _events(
        self, path: str, params: dict[str, Any], last: int
    ) -> Iterator[tuple[str, str, str]]:
        headers = {"Accept": "text/event-stream", "Last-Event-ID": str(last)}
        with self.client.stream(
            "GET", path, params=params, headers=headers, timeout=None
        ) as response:
            if response.status_code >= 400:
                response.read()
                raise error_from(response)
            yield from parse_events(response.iter_lines())


def parse_events(lines: Iterator[str]) -> Iterator[tuple[str, str, str]]:
    """(event, id, data) of each Server-Sent Event in a stream of lines (comments skipped)."""
    kind, ident, data = "message", "", list[str]()
    for line in lines:
        if not line:
            if data:
                yield kind, ident, "\n".join(data)
            kind, data = "message", []
            continue
        if line.startswith(":"):
            continue
        field, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if field == "event":
            kind = value
        elif field == "id":
            ident = value
        elif field == "data":
            data.append(value)
