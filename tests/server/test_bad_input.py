"""Bad input over HTTP is a 4xx problem, never a 500, and stores nothing.

Given a real server (SQLite) with a running match,
when a request brings a header, body or path the server must not trust — Unicode digits in a
version, a body nested a thousand levels deep, bytes that are not UTF-8, duplicated keys, a
number sent as a string, a form instead of JSON, a NUL byte in a path —
then the answer is a 4xx problem document, the server logs no internal error, and the match and
the list of matches are as they were.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.bots import HttpMatch, create
from tests.server.server_process import ServerProcess

PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("bad-input")
    with ServerProcess.start(f"sqlite:///{folder}/bad.db", folder) as process:
        yield process


@pytest.fixture(scope="module")
def running(server: ServerProcess) -> Iterator[HttpMatch]:
    match = create(server.api, "race-for-the-galaxy", 2)
    yield match
    match.close()


def record(server: ServerProcess, match: HttpMatch) -> tuple[int, list[str], str]:
    """The match's version, every match's id, and the match's full record."""
    version = httpx.get(f"{server.api}/matches/{match.id}").json()["version"]
    ids = sorted(row["match"] for row in httpx.get(f"{server.api}/matches").json())
    export = match.client("referee").get(f"/matches/{match.id}/export").text
    return version, ids, export.rsplit("\n", 2)[0]


def refused(response: httpx.Response, server: ServerProcess, *statuses: int) -> None:
    assert response.status_code in statuses, (response.status_code, response.text)
    assert response.headers["content-type"].startswith(PROBLEM)
    assert "Traceback" not in response.text
    assert "internal error" not in server.log()


def seat_headers(match: HttpMatch, **extra: bytes | str) -> dict[str, bytes | str]:
    mover = match.created["to_move"][0]
    return {"Authorization": f"Bearer {match.token(mover)}", **extra}


@pytest.mark.parametrize("digit", ["²", "³", "¹"])
def test_unicode_digits_in_a_version_header_are_refused(
    server: ServerProcess, running: HttpMatch, digit: str
) -> None:
    before = record(server, running)
    raw = digit.encode("latin-1")  # as a client sends it: one byte, read back as that digit
    undo = f"{server.api}/matches/{running.id}/undo"
    refused(httpx.post(undo, headers=seat_headers(running, **{"If-Match": b'"' + raw + b'"'})),
            server, 400)  # fmt: skip
    events = f"{server.api}/matches/{running.id}/events?follow=0"
    refused(httpx.get(events, headers={"Last-Event-ID": raw}), server, 400)
    assert record(server, running) == before


@pytest.mark.parametrize("depth", [500, 965, 5000])
def test_a_body_nested_deeply_is_refused(
    server: ServerProcess, running: HttpMatch, depth: int
) -> None:
    before = record(server, running)
    nested = '{"a":' * depth + "1" + "}" * depth
    json_type = {"Content-Type": "application/json"}
    new = '{"game": "delta-v", "seats": ["x", "y"], "options": {"o": ' + nested + "}}"
    refused(httpx.post(server.api + "/matches", content=new, headers=json_type), server, 400)
    decision = '{"command": {"type": "Pass", "a": ' + nested + "}}"
    headers = seat_headers(running, **json_type, **{"If-Match": "*"})
    url = f"{server.api}/matches/{running.id}/decisions"
    refused(httpx.post(url, content=decision, headers=headers), server, 400)
    assert record(server, running) == before


def test_a_body_that_is_not_utf8_is_refused(server: ServerProcess, running: HttpMatch) -> None:
    before = record(server, running)
    json_type = {"Content-Type": "application/json"}
    body = b'{"game": "delta-v", "seats": ["\xff\xfe", "ben"]}'
    refused(httpx.post(server.api + "/matches", content=body, headers=json_type), server, 400)
    headers = seat_headers(running, **json_type, **{"If-Match": "*"})
    url = f"{server.api}/matches/{running.id}/decisions"
    refused(
        httpx.post(url, content=b'{"command": {"type": "\xc3("}}', headers=headers), server, 400
    )
    assert record(server, running) == before


@pytest.mark.parametrize("path", ["/static/app.js%00.css", "/static/%00", "/static/a%0Ab.js"])
def test_a_control_character_in_a_static_path_is_not_found(
    server: ServerProcess, path: str
) -> None:
    refused(httpx.get(server.url + path), server, 404)


NEW = '{"game": "delta-v", "seats": ["ann", "ben"]'


@pytest.mark.parametrize(
    ("body", "content_type", "status"),
    [
        (NEW + "}", "text/plain", 415),  # what a cross-site form may send
        (NEW + "}", "application/x-www-form-urlencoded", 415),
        (NEW + "}", None, 415),
        (NEW + ', "seed": "10"}', "application/json", 400),  # a number sent as a string
        (NEW + ', "game": "kosmonauts"}', "application/json", 400),  # a key twice
        (NEW + ', "seed": NaN}', "application/json", 400),
        (NEW + ', "seed": 1' + "0" * 5000 + "}", "application/json", 400),
        (NEW + ', "sealed_log": 1}', "application/json", 400),
        (NEW + ', "options": {"max_rounds": 1, "max_rounds": 2}}', "application/json", 400),
        ('{"game": "delta-v", "seats": ["\\ud800", "ben"]}', "application/json", 400),
    ],
)
def test_a_new_match_must_be_strict_json(
    server: ServerProcess, running: HttpMatch, body: str, content_type: str | None, status: int
) -> None:
    before = record(server, running)
    headers = {} if content_type is None else {"Content-Type": content_type}
    refused(httpx.post(server.api + "/matches", content=body, headers=headers), server, status)
    assert record(server, running) == before


def test_a_decision_must_be_strict_json(server: ServerProcess, running: HttpMatch) -> None:
    before = record(server, running)
    url = f"{server.api}/matches/{running.id}/decisions"
    command = '{"command": {"type": "Pass"}, "command": {"type": "Pass"}}'
    json_type = seat_headers(running, **{"Content-Type": "application/json", "If-Match": "*"})
    refused(httpx.post(url, content=command, headers=json_type), server, 400)
    plain = seat_headers(running, **{"Content-Type": "text/plain", "If-Match": "*"})
    refused(httpx.post(url, content='{"command": {"type": "Pass"}}', headers=plain), server, 415)
    assert record(server, running) == before
