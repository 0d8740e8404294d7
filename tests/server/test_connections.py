"""Unfinished requests are closed: no client holds a connection by never finishing one.

Given a server whose requests must arrive within a second (headers, then body),
when a client connects and sends nothing, sends half its headers, or announces a body of 100
bytes and sends one,
then the server answers 408 (or, for a body, just closes) and closes the connection; a request
sent whole is served as usual, and nothing is stored by a cut one.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.server_process import ServerProcess

QUICK = {"STARLEDGER_HEADER_TIMEOUT": "1", "STARLEDGER_BODY_TIMEOUT": "1"}
GIVE_UP = 60.0
"""Seconds after which the test fails: the server should have closed long before."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("connections")
    with ServerProcess.start(f"sqlite:///{folder}/c.db", folder, env=QUICK) as process:
        yield process


def until_closed(server: ServerProcess, sent: bytes) -> bytes:
    """Everything the server writes back on a connection that sent `sent`, up to its close."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=GIVE_UP) as sock:
        if sent:
            sock.sendall(sent)
        received = b""
        while chunk := sock.recv(4096):  # a time-out here (the server never closed) fails
            received += chunk
        return received


def test_a_connection_that_sends_nothing_is_closed(server: ServerProcess) -> None:
    answer = until_closed(server, b"")
    assert answer.startswith(b"HTTP/1.1 408 ") and b"REQUEST_TIMEOUT" in answer


def test_half_sent_headers_are_closed(server: ServerProcess) -> None:
    answer = until_closed(server, b"GET /api/v1/games HTTP/1.1\r\nHost: x\r\nAccept: app")
    assert answer.startswith(b"HTTP/1.1 408 ")


def test_a_body_that_never_arrives_whole_is_closed_and_nothing_is_stored(
    server: ServerProcess,
) -> None:
    head = (
        b"POST /api/v1/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{"
    )
    answer = until_closed(server, head)
    assert b" 201 " not in answer.split(b"\r\n", 1)[0]
    assert httpx.get(server.api + "/matches").json() == []
    assert "internal error" not in server.log()


def test_a_whole_request_is_served_and_its_connection_kept(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.api) as client:
        assert client.get("/games").status_code == 200
        assert client.get("/games").status_code == 200


def test_half_a_second_request_after_a_whole_one_is_closed(server: ServerProcess) -> None:
    whole = b"GET /api/v1/games HTTP/1.1\r\nHost: x\r\n\r\n"
    answer = until_closed(server, whole + b"GET /api/v1/games HTTP/1.1\r\nHost: x\r\n")
    assert answer.startswith(b"HTTP/1.1 200 ") and b"HTTP/1.1 408 " in answer
