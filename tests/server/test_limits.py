"""Rate limits that hold under abuse: by address before a token is looked at, by the verified
token after.

Given a server with a low rate per token (5/s, burst 10) and a real match,
when one address sends forged tokens (each a fresh id, or naming a real seat's token id),
then after a few 401s that address gets 429 before its tokens are looked up, and the real seat
(from another address) is never locked out; a real token is limited wherever it comes from; and
an address past its own rate is refused whatever token it brings.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.bots import create
from tests.server.server_process import ServerProcess

LOW = {"STARLEDGER_RATE_LIMIT": "5", "STARLEDGER_RATE_BURST": "10"}


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("limited")
    with ServerProcess.start(f"sqlite:///{folder}/limited.db", folder, env=LOW) as server:
        yield server


def client_from(address: str, server: ServerProcess) -> httpx.Client:
    """A client whose connections come from `address` (any 127.x address reaches the server)."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=server.api, transport=transport, timeout=30)


def forged(ident: str | None = None) -> dict[str, str]:
    return {"Authorization": f"Bearer sl1.{ident or secrets.token_hex(8)}.forged"}


def test_fresh_forged_tokens_are_refused_with_429_after_a_few(limited: ServerProcess) -> None:
    match = create(limited.api, "race-for-the-galaxy", 2)
    with client_from("127.0.0.3", limited) as attacker:
        answers = [
            attacker.get(f"/matches/{match.id}/moves", headers=forged()).status_code
            for _ in range(40)
        ]
    assert answers[0] == 401
    assert answers.count(429) >= 30, answers
    assert set(answers) == {401, 429}
    match.close()


def test_forged_tokens_naming_a_seats_id_never_lock_that_seat_out(limited: ServerProcess) -> None:
    match = create(limited.api, "race-for-the-galaxy", 2)
    ident = match.token("ann").split(".")[1]
    with client_from("127.0.0.2", limited) as attacker:
        answers = [
            attacker.get(f"/matches/{match.id}/moves", headers=forged(ident)).status_code
            for _ in range(15)
        ]
    assert 429 in answers and 200 not in answers
    assert match.client("ann").get(f"/matches/{match.id}/moves").status_code == 200
    match.close()


def test_a_real_token_is_limited_from_any_address(limited: ServerProcess) -> None:
    match = create(limited.api, "race-for-the-galaxy", 2)
    ben = {"Authorization": f"Bearer {match.token('ben')}"}
    answers: list[int] = []
    for address in ("127.0.0.4", "127.0.0.5", "127.0.0.6"):
        with client_from(address, limited) as client:
            answers += [
                client.get(f"/matches/{match.id}/moves", headers=ben).status_code for _ in range(10)
            ]
    assert answers[0] == 200 and answers.count(429) >= 10, answers
    match.close()


def test_an_address_past_its_rate_is_refused_whatever_it_brings(tmp_path: Path) -> None:
    env = {"STARLEDGER_ADDRESS_RATE_LIMIT": "0.1", "STARLEDGER_ADDRESS_RATE_BURST": "10"}
    with ServerProcess.start(f"sqlite:///{tmp_path}/a.db", tmp_path, env=env) as server:
        with client_from("127.0.0.7", server) as client:
            answers = [client.get("/games", headers=forged()).status_code for _ in range(30)]
            assert answers[0] == 200 and answers.count(429) >= 15, answers
            assert client.get("/games").status_code == 429
        with client_from("127.0.0.8", server) as other:
            assert other.get("/games").status_code == 200
