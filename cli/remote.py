"""The CLI as a client of a starledger server (`starledger serve`), over HTTP only.

`Remote(server, token)` (or `Remote.from_env()`: STARLEDGER_SERVER, STARLEDGER_TOKEN) mirrors
what the commands need: games, new, matches, moves, play, undo, redo, contribute, deal, show
(view), log, score, follow (Server-Sent Events, resumed with Last-Event-ID), export, verify,
import. Answers decode into the same typed documents the local query layer returns (ViewDoc,
MatchLog, Scoreboard, MatchRow, ...), so a command prints them the same way on either path.
A refusal comes back as the same error class and code as on a local store (through the one
table in domain/errors.py); an unreachable server is STORE_UNAVAILABLE.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

import httpx
import msgspec

from domain.errors import ERROR_TABLE, StarledgerError, StoreUnavailable
from projections.api import (
    Contributed,
    CreatedMatch,
    Dealt,
    GameInfo,
    Imported,
    Moves,
    Played,
    Step,
)
from projections.documents import LeaderRow, MatchRow, Scoreboard, ViewDoc
from projections.match_log import LogEntry
from projections.moves import MoveMenu, outcome_menu
from projections.queries import MatchLog
from projections.replays import Verdict

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


class Remote:
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
    def from_env(cls, server: str | None = None, token: str | None = None) -> Remote:
        found = server or os.environ.get(SERVER_VARIABLE)
        if not found:
            raise StoreUnavailable(f"no server given (--server or {SERVER_VARIABLE})")
        return cls(found, token or os.environ.get(TOKEN_VARIABLE) or None)

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> Remote:
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
        self, kind: type[T], path: str, body: Any = None, *, version: int | bool | None = False
    ) -> T:
        headers = {}
        if version is not False:
            headers["If-Match"] = "*" if version is None else f'"{version}"'
        content = b"" if body is None else msgspec.json.encode(body)
        response = self._send(
            "POST", path, content=content, headers={"Content-Type": "application/json", **headers}
        )
        return msgspec.json.decode(response.content, type=kind)

    @staticmethod
    def _match(match: str) -> str:
        return f"/matches/{match}"

    # -- matches ------------------------------------------------------------------------------

    def games(self) -> list[GameInfo]:
        return self._get(list[GameInfo], "/games")

    def new(
        self,
        game: str,
        seats: list[str],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        *,
        sealed_log: bool = False,
        entropy: bool = False,
        table: bool = False,
        auto_forced: bool = False,
    ) -> CreatedMatch:
        body: dict[str, Any] = {
            "game": game,
            "seats": seats,
            "options": options or {},
            "sealed_log": sealed_log,
            "entropy": entropy,
        }
        if table:
            body["table"] = True
        if auto_forced:
            body["auto_forced"] = True
        if seed is not None:
            body["seed"] = seed
        return self._post(CreatedMatch, "/matches", body)

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

    def moves(self, match: str) -> Moves:
        return self._get(Moves, self._match(self.resolve(match)) + "/moves")

    def play(
        self, match: str, command: dict[str, Any] | str, expect_version: int | None = None
    ) -> Played:
        """One command for this token's seat; without `expect_version`, at whatever version."""
        parsed = msgspec.json.decode(command) if isinstance(command, str) else command
        path = self._match(self.resolve(match)) + "/decisions"
        return self._post(Played, path, {"command": parsed}, version=expect_version)

    def undo(self, match: str, expect_version: int | None = None) -> Step:
        return self._post(Step, self._match(self.resolve(match)) + "/undo", version=expect_version)

    def redo(self, match: str, expect_version: int | None = None) -> Step:
        return self._post(Step, self._match(self.resolve(match)) + "/redo", version=expect_version)

    # -- the table (a match dealt by a table, with its table token) ------------------------------

    def chance(self, match: str, parts: Sequence[str] = (), everything: bool = False) -> MoveMenu:
        """What the table may give now, as the menu `moves --as table` shows (this table
        token's listing: the outcomes with their names and counts)."""
        found = self.moves(match)
        row = self.summary(found.match)
        named = [
            (name, command.get("chance"), count)
            for command, name, count in zip(found.commands, found.names, found.counts, strict=True)
        ]
        return outcome_menu(
            found.match, found.version, found.asking, named, parts, everything=everything,
            waiting_for=list(row.to_move), over=row.status == "over",
        )  # fmt: skip

    def give_chance(self, match: str, outcome: Any, expect_version: int | None = None) -> Played:
        path = self._match(self.resolve(match)) + "/decisions"
        return self._post(Played, path, {"chance": outcome}, version=expect_version)

    def withdraw_chance(self, match: str, expect_version: int | None = None) -> Step:
        return self.undo(match, expect_version)

    def export_table(self, match: str) -> str:
        path = self._match(self.resolve(match)) + "/export"
        return self._send("GET", path, params={"table": "true"}).text

    def import_table(self, text: str | bytes) -> Imported:
        body = text.encode() if isinstance(text, str) else text
        response = self._send(
            "POST", "/tables/import", content=body, headers={"Content-Type": JSONL}
        )
        return msgspec.json.decode(response.content, type=Imported)

    def contribute(self, match: str, value: str) -> Contributed:
        path = self._match(self.resolve(match)) + "/entropy"
        return self._post(Contributed, path, {"value": value})

    def deal(self, match: str) -> Dealt:
        return self._post(Dealt, self._match(self.resolve(match)) + "/deal")

    # -- reading ------------------------------------------------------------------------------

    def show(self, match: str, as_: str | None = None, at: int | None = None) -> ViewDoc:
        return self._get(
            ViewDoc, self._match(self.resolve(match)) + "/view", **{"as": as_, "at": at}
        )

    view = show

    def log(self, match: str, as_: str | None = None, after: int = 0) -> MatchLog:
        path = self._match(self.resolve(match)) + "/log"
        return self._get(MatchLog, path, **{"as": as_, "after": after or None})

    def score(self, match: str) -> Scoreboard:
        return self._get(Scoreboard, self._match(self.resolve(match)) + "/scores")

    def export(self, match: str, as_: str | None = None) -> str:
        path = self._match(self.resolve(match)) + "/export"
        return self._send("GET", path, params={"as": as_} if as_ else {}).text

    def verify(self, text: str | bytes) -> Verdict:
        body = text.encode() if isinstance(text, str) else text
        response = self._send(
            "POST", "/replays/verify", content=body, headers={"Content-Type": JSONL}
        )
        return msgspec.json.decode(response.content, type=Verdict)

    def import_(self, text: str | bytes) -> Imported:
        body = text.encode() if isinstance(text, str) else text
        response = self._send(
            "POST", "/replays/import", content=body, headers={"Content-Type": JSONL}
        )
        return msgspec.json.decode(response.content, type=Imported)

    # -- following ----------------------------------------------------------------------------

    def follow(
        self,
        match: str,
        as_: str | None = None,
        *,
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
