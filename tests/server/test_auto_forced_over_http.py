"""`new --auto-forced` through a server (issue #25): `POST /matches` takes `auto_forced` (the
CLI's `new --auto-forced --server` sends it) and the server plays each seat's forced moves."""

from __future__ import annotations

import json
import random

import httpx

from cli.app import app
from tests.server.conftest import Served
from tests.support.cli_runner import CliRunner


def test_a_match_started_over_http_plays_forced_moves(sqlite_served: Served) -> None:
    server = sqlite_served.api.removesuffix("/api/v1")
    made = CliRunner().invoke(
        app, ["--server", server, "new", "duck-dealer", "--seat", "ann", "--seat", "ben",
              "--seed", "0", "--auto-forced", "--json"],
    )  # fmt: skip
    assert made.exit_code == 0, made.stderr
    created = json.loads(made.stdout)
    assert created["auto_forced"] is True
    match, tokens = created["match"], created["tokens"]

    def client(token: str) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token}"}
        return httpx.Client(base_url=sqlite_served.api, headers=headers, timeout=30)

    rng = random.Random(0)
    to_move, forced = list(created["to_move"]), []
    with client(tokens["referee"]) as referee:
        for _ in range(400):
            if not to_move:
                break
            seat = to_move[0]
            with client(tokens["seats"][seat]) as player:
                offered = player.get(f"/matches/{match}/moves").json()
                answer = player.post(
                    f"/matches/{match}/decisions",
                    json={"command": rng.choice(offered["commands"])},
                    headers={"If-Match": f'"{offered["version"]}"'},
                )
            assert answer.status_code == 200, answer.text
            to_move = answer.json()["to_move"]
            if answer.json()["version"] > offered["version"] + 1:  # the server played more
                entries = referee.get(f"/matches/{match}/log").json()["entries"]
                forced = [entry for entry in entries if entry.get("automatic")]
                break
    assert forced and all(entry["text"].endswith("(forced)") for entry in forced)
