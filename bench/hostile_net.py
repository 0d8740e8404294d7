"""A bounded hostile run against a real server on loopback: per family of abuse, the requests
tried, the 5xx answers, the leaks (a traceback or an internal detail in an answer, an internal
error in the server's log) and the decisions a player lost meanwhile.

    .venv/bin/python -m bench.hostile_net [--root CHECKOUT]   # about a minute

A player (127.0.0.1) plays a match throughout; each family comes from its own 127.0.0.x address,
with the server's default limits (and header/body time-outs of 2 s). `--root` serves another
checkout (an older commit, unpacked with `git archive`) to compare. Everything goes to 127.0.0.x
only, and every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from tests.support.redis_server import free_port

ROOT = Path(__file__).resolve().parents[1]
LIMITS = {
    "STARLEDGER_HEADER_TIMEOUT": "2",
    "STARLEDGER_BODY_TIMEOUT": "2",
}
LEAKS = ("Traceback", 'File "', "sqlite3.", "msgspec.", "RecursionError", "UnicodeDecodeError")


@dataclass
class Family:
    name: str
    tried: int = 0
    server_errors: int = 0
    leaks: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    note: str = ""

    def saw(self, response: httpx.Response) -> None:
        self.tried += 1
        self.statuses[response.status_code] = self.statuses.get(response.status_code, 0) + 1
        if response.status_code >= 500 and response.status_code != 503:
            self.server_errors += 1
        try:
            text = response.text
        except httpx.ResponseNotRead:  # an open event stream: its status is what counts
            return
        if any(word in text for word in LEAKS):
            self.leaks += 1


def client_from(address: str, base: str) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=base, transport=transport, timeout=30)


class Player(threading.Thread):
    """Plays random legal moves for both seats until stopped; keeps what was acknowledged."""

    def __init__(self, api: str, created: dict[str, object]) -> None:
        super().__init__(daemon=True)
        self.api, self.created = api, created
        self.acknowledged: list[int] = []
        self.failures = 0
        self.stop = threading.Event()

    def run(self) -> None:
        tokens = self.created["tokens"]
        assert isinstance(tokens, dict)
        match = self.created["match"]
        rng = random.Random(1)
        with httpx.Client(base_url=self.api, timeout=30) as client:
            while not self.stop.is_set():
                moved = False
                for token in tokens["seats"].values():
                    bearer = {"Authorization": f"Bearer {token}"}
                    offered = client.get(f"/matches/{match}/moves", headers=bearer)
                    if offered.status_code != 200 or not offered.json()["commands"]:
                        continue
                    body = offered.json()
                    played = client.post(
                        f"/matches/{match}/decisions",
                        json={"command": rng.choice(body["commands"])},
                        headers={**bearer, "If-Match": f'"{body["version"]}"'},
                    )
                    if played.status_code == 200:
                        self.acknowledged.append(played.json()["version"])
                        moved = True
                    elif played.status_code != 409:
                        self.failures += 1
                    if played.status_code == 200 and played.json()["status"] == "over":
                        return
                if not moved:
                    time.sleep(0.05)


def bad_input(api: str, match: str, token: str) -> Family:
    family = Family("bad input (headers, bodies, paths)")
    deep = '{"command": ' + "[" * 5000 + "]" * 5000 + "}"
    json_type = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    raw_json_type = {k.encode(): v.encode() for k, v in json_type.items()}
    with client_from("127.0.0.21", api) as c:
        for digit in "²³¹":
            raw = digit.encode("latin-1")
            undo = {**raw_json_type, b"If-Match": raw}
            family.saw(c.post(f"/matches/{match}/undo", headers=undo))
            family.saw(c.get(f"/matches/{match}/events?follow=0", headers={b"Last-Event-ID": raw}))
        for body in (
            deep.encode(),
            b'{"game": "\xff\xfe", "seats": ["a", "b"]}',
            b'{"game": "delta-v", "seats": ["a", "b"], "seed": "10"}',
            b'{"game": "delta-v", "game": "kosmonauts", "seats": ["a", "b"]}',
            b'{"game": "delta-v", "seats": ["a", "b"], "seed": 1' + b"0" * 5000 + b"}",
        ):
            family.saw(c.post("/matches", content=body, headers=json_type))
            family.saw(
                c.post(
                    f"/matches/{match}/decisions",
                    content=body,
                    headers={**json_type, "If-Match": "*"},
                )
            )
        family.saw(c.post("/matches", content=b'{"game": "delta-v", "seats": ["a", "b"]}',
                          headers={"Content-Type": "text/plain"}))  # fmt: skip
        for path in ("/static/app.js%00.css", "/static/%00", f"/api/v1/matches/{match}%00/view"):
            family.saw(c.get(api.removesuffix("/api/v1") + path))
        family.saw(c.post("/matches", json={"game": "delta-v", "seats": ["ann", "\u0430nn"]}))
    return family


def forged_tokens(api: str, match: str, token: str) -> Family:
    family = Family("forged tokens (fresh ids, then a seat's id)")
    ident = token.split(".")[1]
    with client_from("127.0.0.22", api) as c:
        for i in range(80):
            forged = ident if i >= 40 else secrets.token_hex(8)
            bearer = {"Authorization": f"Bearer sl1.{forged}.forged"}
            family.saw(c.get(f"/matches/{match}/moves", headers=bearer))
    with httpx.Client(base_url=api) as owner:
        status = owner.get(f"/matches/{match}/moves", headers={"Authorization": f"Bearer {token}"})
    family.note = (
        f"401: {family.statuses.get(401, 0)}, 429: {family.statuses.get(429, 0)}; "
        f"the seat itself afterwards: {status.status_code}"
    )
    return family


def unfinished(port: int, seconds: float) -> Family:
    family = Family("unfinished requests (none, half headers, short body)")
    openers = [b"", b"GET /api/v1/games HTTP/1.1\r\nHost: x\r\n",
               b"POST /api/v1/matches HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n"
               b"Content-Type: application/json\r\n\r\n{"] * 10  # fmt: skip
    sockets = []
    for opener in openers:
        sock = socket.create_connection(("127.0.0.1", port), timeout=seconds)
        sock.sendall(opener)
        sockets.append(sock)
    held = 0
    deadline = time.monotonic() + seconds  # one wait for all of them
    for sock in sockets:
        family.tried += 1
        try:
            sock.settimeout(max(0.01, deadline - time.monotonic()))
            while sock.recv(4096):
                pass
        except TimeoutError:
            held += 1
        sock.close()
    family.note = f"still open after {seconds:g} s: {held} of {len(sockets)}"
    return family


def streams(api: str, match: str) -> Family:
    family = Family("event streams from one client")
    opened: list[httpx.Response] = []
    with client_from("127.0.0.23", api) as c:
        for _ in range(60):
            request = c.build_request("GET", f"/matches/{match}/events?follow=20")
            response = c.send(request, stream=True)
            if response.status_code == 200:
                opened.append(response)
            else:
                response.read()
            family.saw(response)
        for response in opened:
            response.close()
    family.note = f"open at once: {len(opened)}"
    return family


def replays(api: str, match: str, referee: str) -> Family:
    family = Family("replay uploads without a token")
    with httpx.Client(base_url=api, timeout=60) as c:
        export = c.get(f"/matches/{match}/export", headers={"Authorization": f"Bearer {referee}"})
        big = export.content * max(1, (3 * 1024 * 1024) // max(1, len(export.content)))
        started = time.monotonic()
        family.saw(
            c.post("/replays/verify", content=big, headers={"Content-Type": "application/x-ndjson"})
        )
        family.note = (
            f"{len(big) // 1024} KiB: {family.statuses} in {time.monotonic() - started:.2f} s"
        )
    return family


def serve(root: Path, folder: Path) -> tuple[subprocess.Popen[bytes], int, Path]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(root), **LIMITS}
    env.pop("STARLEDGER_ADMIN_TOKEN", None)
    log = folder / "server.log"
    command = [sys.executable, "-c", "from cli.app import main; main()", "serve",
               "--store", f"sqlite:///{folder}/hostile.db", "--port", str(port),
               "--log-level", "warning"]  # fmt: skip
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return process, port, log
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit(f"the server did not start:\n{log.read_text()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        process, port, log = serve(args.root.resolve(), Path(tmp))
        api = f"http://127.0.0.1:{port}/api/v1"
        try:
            created = httpx.post(
                api + "/matches", json={"game": "kosmonauts", "seats": ["ann", "ben"]}
            ).json()
            watched = httpx.post(
                api + "/matches", json={"game": "race-for-the-galaxy", "seats": ["cat", "dan"]}
            ).json()
            player = Player(api, created)
            player.start()
            tokens = watched["tokens"]
            runs: list[Callable[[], Family]] = [
                lambda: bad_input(api, watched["match"], tokens["seats"]["cat"]),
                lambda: forged_tokens(api, watched["match"], tokens["seats"]["cat"]),
                lambda: unfinished(port, 8.0),
                lambda: streams(api, watched["match"]),
                lambda: replays(api, watched["match"], tokens["referee"]),
            ]
            families = [run() for run in runs]
            player.stop.set()
            player.join(timeout=60)
            referee = {"Authorization": f"Bearer {created['tokens']['referee']}"}
            export = httpx.get(f"{api}/matches/{created['match']}/export", headers=referee).text
            stored = len(export.splitlines()) - 2
            lost = sum(1 for version in player.acknowledged if version > stored)
        finally:
            os.killpg(process.pid, 15)
            process.wait(timeout=30)
        internal = log.read_text(errors="replace").count("internal error")
    print(f"served: {args.root}")
    print(f"{'family':<52} {'tried':>6} {'5xx':>5} {'leaks':>6}  notes")
    for family in families:
        print(
            f"{family.name:<52} {family.tried:>6} {family.server_errors:>5} {family.leaks:>6}  {family.note}"
        )
    print(f"internal errors in the server's log: {internal}")
    print(f"the player: {len(player.acknowledged)} decisions acknowledged, {lost} lost, "
          f"{player.failures} refused with other than 409")  # fmt: skip


if __name__ == "__main__":
    main()
