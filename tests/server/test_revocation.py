"""Revoking a token, over HTTP and on the store with the CLI.

Given a match on a real server with an admin token,
when the match's referee (or the admin) revokes ann's token, or the store's administrator runs
`starledger token revoke`,
then every later request with that token is refused (401 TOKEN_REVOKED) while the other seats'
tokens hold; a seat's token, another match's referee, or no token at all may revoke nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from cli.app import app
from tests.server.server_process import ServerProcess

ADMIN = {"Authorization": "Bearer the-admin-secret"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("revocation")
    env = {"STARLEDGER_ADMIN_TOKEN": "the-admin-secret"}
    with ServerProcess.start(f"sqlite:///{folder}/r.db", folder, env=env) as process:
        yield process


def new_match(server: ServerProcess) -> dict[str, str]:
    body = {"game": "race-for-the-galaxy", "seats": ["ann", "ben"]}
    created = httpx.post(server.api + "/matches", json=body, headers=ADMIN).json()
    tokens = created["tokens"]
    return {"match": created["match"], "referee": tokens["referee"], **tokens["seats"]}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def moves(server: ServerProcess, match: dict[str, str], seat: str) -> httpx.Response:
    return httpx.get(f"{server.api}/matches/{match['match']}/moves", headers=bearer(match[seat]))


def test_the_referee_or_the_admin_revokes_a_seats_token(server: ServerProcess) -> None:
    match, other = new_match(server), new_match(server)
    ident = match["ann"].split(".")[1]
    url = f"{server.api}/tokens/{ident}/revoke"
    assert httpx.post(url).status_code == 401
    assert httpx.post(url, headers=bearer(match["ben"])).status_code == 403
    assert httpx.post(url, headers=bearer(other["referee"])).status_code == 403
    assert moves(server, match, "ann").status_code == 200
    revoked = httpx.post(url, headers=bearer(match["referee"]))
    assert revoked.status_code == 200 and revoked.json()["holder"] == "ann"
    refused = moves(server, match, "ann")
    assert refused.status_code == 401 and refused.json()["code"] == "TOKEN_REVOKED"
    assert moves(server, match, "ben").status_code == 200
    ben = other["ben"].split(".")[1]
    assert httpx.post(f"{server.api}/tokens/{ben}/revoke", headers=ADMIN).status_code == 200
    assert moves(server, other, "ben").status_code == 401
    unknown = httpx.post(f"{server.api}/tokens/{'0' * 16}/revoke", headers=ADMIN)
    assert unknown.status_code == 404


def test_the_cli_revokes_a_token_on_the_store(server: ServerProcess) -> None:
    match = new_match(server)
    result = CliRunner().invoke(app, ["token", "revoke", match["ben"], "--store", server.store])
    assert result.exit_code == 0, result.stderr
    assert "revoked token" in result.stdout and "ben" in result.stdout
    assert moves(server, match, "ben").json()["code"] == "TOKEN_REVOKED"
    again = CliRunner().invoke(app, ["token", "revoke", "0" * 16, "--store", server.store])
    assert again.exit_code == 1 and "NOT_FOUND" in again.stderr
