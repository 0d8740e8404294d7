"""Costly requests are bounded per client: event streams, replay uploads.

Given a server that lets a client address hold 2 event streams and takes replay files of more
than a few bytes from its admin token only,
when one address opens a third stream, or anyone but the admin uploads a large file,
then it is refused (429, 413) while another address, and the admin, are served; a stream that
ends gives its slot back.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest

from server.limits import Slots, TooMany
from tests.server.server_process import ServerProcess

ADMIN = "the-admin-secret"
PUBLIC_REPLAY = 256


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("expensive")
    env = {
        "STARLEDGER_MAX_STREAMS": "2",
        "STARLEDGER_MAX_PUBLIC_REPLAY": str(PUBLIC_REPLAY),
        "STARLEDGER_ADMIN_TOKEN": ADMIN,
    }
    with ServerProcess.start(f"sqlite:///{folder}/e.db", folder, env=env) as process:
        yield process


def client_from(address: str, server: ServerProcess) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=server.api, transport=transport, timeout=30)


def test_a_client_holds_a_bounded_number_of_event_streams(server: ServerProcess) -> None:
    created = httpx.post(
        server.api + "/matches",
        json={"game": "race-for-the-galaxy", "seats": ["ann", "ben"]},
        headers={"Authorization": f"Bearer {ADMIN}"},
    ).json()
    events = f"/matches/{created['match']}/events?follow=60"
    ended = f"/matches/{created['match']}/events?follow=0"  # (a match id may hold "60")
    with client_from("127.0.0.11", server) as greedy, ExitStack() as held:
        for _ in range(2):
            opened = held.enter_context(greedy.stream("GET", events))
            assert opened.status_code == 200
        third = greedy.get(events)
        assert third.status_code == 429 and third.json()["code"] == "TOO_MANY_AT_ONCE"
        with client_from("127.0.0.12", server) as other, other.stream("GET", events) as fine:
            assert fine.status_code == 200
    with client_from("127.0.0.11", server) as greedy:  # its streams closed: slots given back
        deadline = time.monotonic() + 30
        while (status := greedy.get(ended).status_code) == 429:
            assert time.monotonic() < deadline, "a closed stream never gave its slot back"
        assert status == 200


def test_a_large_replay_file_is_taken_from_the_admin_only(server: ServerProcess) -> None:
    admin = {"Authorization": f"Bearer {ADMIN}"}
    created = httpx.post(
        server.api + "/matches",
        json={"game": "race-for-the-galaxy", "seats": ["ann", "ben"]},
        headers=admin,
    ).json()
    referee = {"Authorization": f"Bearer {created['tokens']['referee']}"}
    export = httpx.get(f"{server.api}/matches/{created['match']}/export", headers=referee).content
    assert len(export) > PUBLIC_REPLAY
    for headers in ({}, referee):
        refused = httpx.post(server.api + "/replays/verify", content=export, headers=headers)
        assert refused.status_code == 413, refused.text
        assert "admin token" in refused.json()["detail"]
    forged = {"Authorization": "Bearer sl1.0000000000000000.forged"}
    assert httpx.post(server.api + "/replays/verify", content=export, headers=forged).is_error
    verified = httpx.post(server.api + "/replays/verify", content=export, headers=admin)
    assert verified.status_code == 200 and verified.json()["ok"]


def test_slots_are_given_back_once_however_they_end() -> None:
    slots = Slots(1, "uploads")
    slot = slots.take("a")
    with pytest.raises(TooMany):
        slots.take("a")
    slots.take("b").release()
    slot.release()
    slot.release()  # a second release gives nothing more back
    with slots.take("a"):
        assert slots.held("a") == 1
    assert slots.held("a") == 0


def test_exports_and_uploads_are_bounded_per_client_in_every_process() -> None:
    from server.limits import Limits
    from server.settings import Settings

    limits = Limits(Settings(store="memory://"))
    held = [limits.exports.take("client-a") for _ in range(4)]
    with pytest.raises(TooMany):
        limits.exports.take("client-a")
    limits.exports.take("client-b").release()
    with limits.uploads.take("client-a"), pytest.raises(TooMany):
        limits.uploads.take("client-a")
    for slot in held:
        slot.release()
    assert limits.exports.held("client-a") == 0
