"""Bot clients that play a match through the HTTP API, one token per seat, and keep everything
each seat received, so tests can check it against what that seat may know."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from api.remote import RemoteClient
from projections.match_log import LogEntry

SEAT_NAMES = ("ann", "ben", "cat", "dan", "eve")


@dataclass
class Received:
    """Everything one viewer (a seat or the spectator) received, in order."""

    views: list[dict[str, Any]] = field(default_factory=list)
    moves: list[dict[str, Any]] = field(default_factory=list)
    played: list[dict[str, Any]] = field(default_factory=list)
    logs: list[tuple[dict[str, Any], bool]] = field(default_factory=list)  # (entry, opened)
    streamed: list[tuple[LogEntry, bool]] = field(default_factory=list)  # (entry, opened)
    exports: list[str] = field(default_factory=list)


@dataclass
class HttpMatch:
    api: str
    created: dict[str, Any]
    received: dict[str, Received] = field(default_factory=dict)
    acknowledged: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)
    clients: dict[str, httpx.Client] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return str(self.created["match"])

    @property
    def seats(self) -> list[str]:
        return list(self.created["seats"])

    def token(self, seat: str) -> str:
        tokens = self.created["tokens"]
        return str(tokens["referee"] if seat == "referee" else tokens["seats"][seat])

    def client(self, seat: str | None) -> httpx.Client:
        key = seat or "spectator"
        if key not in self.clients:
            headers = {} if seat is None else {"Authorization": f"Bearer {self.token(seat)}"}
            self.clients[key] = httpx.Client(base_url=self.api, headers=headers, timeout=30)
        return self.clients[key]

    def close(self) -> None:
        for client in self.clients.values():
            client.close()


def create(
    api: str,
    game: str,
    seats: int,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    **extra: Any,
) -> HttpMatch:
    body: dict[str, Any] = {"game": game, "seats": list(SEAT_NAMES[:seats]), **extra}
    if options:
        body["options"] = options
    if seed is not None:
        body["seed"] = seed
    response = httpx.post(api + "/matches", json=body, timeout=30)
    assert response.status_code == 201, response.text
    match = HttpMatch(api, response.json())
    match.received = {name: Received() for name in [*match.seats, "spectator"]}
    return match


def follow_all(match: HttpMatch, timeout: float = 300) -> list[threading.Thread]:
    """One SSE follower per seat and one for the spectator (api/remote.py's `follow`)."""
    threads = []
    for name in [*match.seats, "spectator"]:
        token = None if name == "spectator" else match.token(name)

        def run(name: str = name, token: str | None = token) -> None:
            opened = False
            with RemoteClient(match.api.removesuffix("/api/v1"), token) as remote:
                for kind, item in remote.stream(match.id, timeout=timeout):
                    if kind == "opened":
                        opened = True
                    elif isinstance(item, LogEntry):
                        match.received[name].streamed.append((item, opened))

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        threads.append(thread)
    return threads


def play(
    match: HttpMatch,
    rng: random.Random,
    *,
    look_every: int = 1,
    choose: Callable[[str, list[dict[str, Any]]], dict[str, Any]] | None = None,
    max_decisions: int = 5000,
) -> None:
    """Random legal bots, one token per seat, until the match is over; every `look_every`
    decisions each seat and the spectator also read their view and their new log entries."""
    to_move = list(match.created["to_move"])
    step = 0
    while to_move:
        step += 1
        assert step <= max_decisions, "the match did not end"
        seat = rng.choice(sorted(to_move))
        client = match.client(seat)
        moves = client.get(f"/matches/{match.id}/moves")
        assert moves.status_code == 200, moves.text
        offered = moves.json()
        match.received[seat].moves.append(offered)
        command = (choose or (lambda _, c: rng.choice(c)))(seat, offered["commands"])
        answer = client.post(
            f"/matches/{match.id}/decisions",
            json={"command": command},
            headers={"If-Match": f'"{offered["version"]}"'},
        )
        assert answer.status_code == 200, answer.text
        played = answer.json()
        assert answer.headers["etag"] == f'"{played["version"]}"'
        match.received[seat].played.append(played)
        match.acknowledged.append((played["version"], seat, command))
        to_move = played["to_move"]
        if step % look_every == 0 or not to_move:
            look(match)


def look(match: HttpMatch) -> None:
    for name in [*match.seats, "spectator"]:
        client = match.client(None if name == "spectator" else name)
        view = client.get(f"/matches/{match.id}/view")
        assert view.status_code == 200, view.text
        match.received[name].views.append(view.json())
        seen = match.received[name].logs
        after = seen[-1][0]["version"] if seen else 0
        log = client.get(f"/matches/{match.id}/log", params={"after": after})
        assert log.status_code == 200, log.text
        found = log.json()
        seen.extend((entry, found["opened"]) for entry in found["entries"])
