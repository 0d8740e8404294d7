"""Who may do what over HTTP, and what a refusal leaves behind (nothing).

Given a running match on a real server (SQLite and Redis),
when a token is misused — another seat's, another match's, none, forged, the referee's trying
to play — or a change names a stale version,
then the request is refused (401, 403, 409, 428) with a problem document and nothing is stored.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis

from tests.server.bots import HttpMatch, create
from tests.server.conftest import Served
from tests.server.server_process import ServerProcess

PROBLEM = "application/problem+json"


@pytest.fixture
def running(served: Served) -> Iterator[HttpMatch]:
    """A Race for the Galaxy match of two seats, just started."""
    match = create(served.api, "race-for-the-galaxy", 2)
    yield match
    match.close()


def stored(match: HttpMatch) -> tuple[int, str]:
    """The version and the full record (the referee's export), to prove nothing changed."""
    summary = httpx.get(f"{match.api}/matches/{match.id}").json()
    export = match.client("referee").get(f"/matches/{match.id}/export").text
    return summary["version"], export.rsplit("\n", 2)[0]


def refused(response: httpx.Response, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    problem: dict[str, Any] = response.json()
    assert problem["status"] == status and problem["type"].startswith("urn:starledger:problem:")
    assert "Traceback" not in response.text
    if code is not None:
        assert problem["code"] == code
    return problem


def a_move(match: HttpMatch, seat: str) -> tuple[int, dict[str, Any]]:
    offered = match.client(seat).get(f"/matches/{match.id}/moves").json()
    return offered["version"], offered["commands"][0]


def test_misused_tokens_are_refused_and_nothing_is_stored(
    served: Served, running: HttpMatch
) -> None:
    match = running
    other = create(served.api, "race-for-the-galaxy", 2)
    mover = match.created["to_move"][0]
    bystander = next(s for s in match.seats if s != mover)
    version, command = a_move(match, mover)
    before = stored(match)
    path = f"{match.api}/matches/{match.id}/decisions"
    body = {"command": command}
    if_match = {"If-Match": f'"{version}"'}
    ident = match.token(mover).split(".")[1]

    def post(token: str | None, claim: str | None = None) -> httpx.Response:
        headers = dict(if_match)
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        sent = body if claim is None else {**body, "seat": claim}
        return httpx.post(path, json=sent, headers=headers)

    refused(post(None), 401, "UNAUTHORIZED")
    refused(post(f"sl1.{ident}.{secrets.token_urlsafe(32)}"), 401, "BAD_TOKEN")  # forged secret
    refused(post(f"sl1.{secrets.token_hex(8)}.{secrets.token_urlsafe(32)}"), 401, "BAD_TOKEN")
    refused(post("not-a-token"), 401, "BAD_TOKEN")
    refused(post(match.token(mover)[:-1]), 401, "BAD_TOKEN")  # one character short
    refused(post(other.token(mover)), 403, "WRONG_MATCH")  # another match's token
    refused(post(match.token(bystander), claim=mover), 403, "NOT_YOUR_SEAT")  # another seat's
    refused(post(match.token("referee")), 403, "REFEREE_CANNOT_PLAY")
    bad_scheme = httpx.post(path, json=body, headers={**if_match, "Authorization": "Basic eDp5"})
    refused(bad_scheme, 401, "BAD_TOKEN")
    for step in ("undo", "redo"):
        url = f"{match.api}/matches/{match.id}/{step}"
        refused(httpx.post(url, headers=if_match), 401)
        wrong = {**if_match, "Authorization": f"Bearer {other.token(mover)}"}
        refused(httpx.post(url, headers=wrong), 403, "WRONG_MATCH")
        referee = {**if_match, "Authorization": f"Bearer {match.token('referee')}"}
        refused(httpx.post(url, headers=referee), 403, "REFEREE_CANNOT_PLAY")
    assert stored(match) == before
    other.close()


def test_reading_as_another_seat_needs_its_token(served: Served, running: HttpMatch) -> None:
    match = running
    ann, ben = match.seats
    view = f"{match.api}/matches/{match.id}/view"
    for path in ("view", "log", "export", "moves"):
        url = f"{match.api}/matches/{match.id}/{path}"
        if path != "moves":
            refused(httpx.get(url, params={"as": ann}), 401)
            refused(match.client(ben).get(url, params={"as": ann}), 403, "NOT_YOUR_SEAT")
            refused(match.client(ben).get(url, params={"as": "referee"}), 403, "NOT_YOUR_SEAT")
        else:
            refused(httpx.get(url), 401)
            refused(match.client("referee").get(url), 403, "REFEREE_CANNOT_PLAY")
    other = create(served.api, "race-for-the-galaxy", 2)
    refused(other.client(ann).get(view), 403, "WRONG_MATCH")
    assert match.client(ben).get(view, params={"as": "spectator"}).json()["as"] == "spectator"
    assert httpx.get(view).json()["as"] == "spectator"
    other.close()


def test_a_stale_or_missing_if_match_stores_nothing(running: HttpMatch) -> None:
    match = running
    seat = match.created["to_move"][0]
    version, command = a_move(match, seat)
    before = stored(match)
    client = match.client(seat)
    path = f"/matches/{match.id}/decisions"
    refused(client.post(path, json={"command": command}), 428, "PRECONDITION_REQUIRED")
    for stale in (version - 1, version + 1, 0):
        stale_answer = client.post(
            path, json={"command": command}, headers={"If-Match": f'"{stale}"'}
        )
        refused(stale_answer, 409, "CONFLICT")
    for bad in ('W/"1"', '"1", "2"', "one", '"' + "9" * 20 + '"'):
        refused(client.post(path, json={"command": command}, headers={"If-Match": bad}), 400)
    assert stored(match) == before
    answer = client.post(path, json={"command": command}, headers={"If-Match": f'"{version}"'})
    assert answer.status_code == 200 and answer.json()["version"] == version + 1
    again = client.post(path, json={"command": command}, headers={"If-Match": f'"{version}"'})
    refused(again, 409, "CONFLICT")  # the same request again is never stored twice


def test_a_rules_refusal_is_a_422_with_its_code_and_stores_nothing(running: HttpMatch) -> None:
    match = running
    mover = match.created["to_move"][0]
    waiting = next(s for s in match.seats if s != mover)
    before = stored(match)
    headers = {"If-Match": "*"}
    path = f"/matches/{match.id}/decisions"
    answer = match.client(mover).post(path, json={"command": {"type": "NoSuch"}}, headers=headers)
    refused(answer, 422, "BAD_COMMAND")
    _, command = a_move(match, mover)
    if waiting not in match.created["to_move"]:
        answer = match.client(waiting).post(path, json={"command": command}, headers=headers)
        assert answer.status_code == 422
    assert stored(match) == before


def test_tokens_are_stored_only_as_salted_hashes(served: Served, running: HttpMatch) -> None:
    match = running
    secrets_ = [match.token(name).split(".")[2] for name in [*match.seats, "referee"]]
    if served.kind == "sqlite":
        path = Path(served.store.removeprefix("sqlite:///"))
        everything = b"".join(p.read_bytes() for p in path.parent.glob(path.name + "*"))
    else:
        everything = redis_contents(redis.Redis.from_url(served.store))
    for secret in secrets_:
        assert secret.encode() not in everything
    for name in [*match.seats, "referee"]:
        export = match.client(name).get(f"/matches/{match.id}/export").text
        log = match.client(name).get(f"/matches/{match.id}/log").text
        for secret in secrets_:
            assert secret not in export and secret not in log


def redis_contents(client: Any) -> bytes:
    """Every key and value in a Redis database, uncompressed."""
    out: list[bytes] = []
    for key in client.scan_iter():
        kind = client.type(key)
        if kind == b"hash":
            out += [k + v for k, v in client.hgetall(key).items()]
        elif kind == b"zset":
            out += client.zrange(key, 0, -1)
        elif kind == b"stream":
            out += [b"".join(k + v for k, v in fields.items()) for _, fields in client.xrange(key)]
        elif kind == b"string":
            out.append(client.get(key) or b"")
        elif kind == b"list":
            out += client.lrange(key, 0, -1)
        else:
            out += list(client.smembers(key))
        out.append(key)
    return b"".join(out)


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with an admin token, a low rate limit and small uploads."""
    folder = tmp_path_factory.mktemp("strict")
    env = {
        "STARLEDGER_ADMIN_TOKEN": "the-admin-secret",
        # One request per 100 s past the burst: 30 requests in a row pass the burst however
        # slowly a busy machine sends them (at 5 a second, a slow run refilled the bucket).
        "STARLEDGER_RATE_LIMIT": "0.01",
        "STARLEDGER_RATE_BURST": "10",
        "STARLEDGER_MAX_REPLAY": "2048",
    }
    with ServerProcess.start(f"sqlite:///{folder}/strict.db", folder, env=env) as server:
        yield server


ADMIN = {"Authorization": "Bearer the-admin-secret"}


def test_an_admin_token_guards_creating_and_importing(strict: ServerProcess) -> None:
    new = {"game": "delta-v", "seats": ["ann", "ben"]}
    refused(httpx.post(strict.api + "/matches", json=new), 401)
    wrong = {"Authorization": "Bearer the-admin-secreT"}
    refused(httpx.post(strict.api + "/matches", json=new, headers=wrong), 401, "BAD_TOKEN")
    created = httpx.post(strict.api + "/matches", json=new, headers=ADMIN)
    assert created.status_code == 201
    seat = {"Authorization": f"Bearer {created.json()['tokens']['seats']['ann']}"}
    refused(httpx.post(strict.api + "/matches", json=new, headers=seat), 403)
    refused(httpx.post(strict.api + "/replays/import", content=b"{}\n", headers=seat), 403)


def test_requests_past_the_rate_are_refused_with_429(strict: ServerProcess) -> None:
    new = {"game": "delta-v", "seats": ["ann", "ben"]}
    created = httpx.post(strict.api + "/matches", json=new, headers=ADMIN).json()
    view = f"{strict.api}/matches/{created['match']}/view"
    answers = [httpx.get(view, headers=ADMIN) for _ in range(30)]  # the admin's own bucket
    limited = [a for a in answers if a.status_code == 429]
    assert limited and answers[0].status_code == 200
    problem = refused(limited[0], 429, "TOO_MANY_REQUESTS")
    assert int(limited[0].headers["retry-after"]) >= 1 and "retry" in problem["detail"]
    assert httpx.get(strict.url + "/healthz").status_code == 200  # health is never limited


def test_oversized_bodies_are_refused_with_413(strict: ServerProcess) -> None:
    seat = {"Authorization": "Bearer sl1.0000000000000000.x", "If-Match": "*"}
    huge = {"command": {"type": "Pass", "note": "x" * 70_000}}
    url = f"{strict.api}/matches/00000000-0000-4000-8000-000000000000/decisions"
    refused(httpx.post(url, json=huge, headers=seat), 413, "TOO_LARGE")
    big_file = b'{"format":"starledger-replay/2"}\n' * 100
    refused(httpx.post(strict.api + "/replays/verify", content=big_file), 413, "TOO_LARGE")


def test_a_request_past_its_time_out_is_a_503_timeout(tmp_path: Path) -> None:
    from cli.simulate import play_bot_match
    from store.ledger import Ledger

    env = {"STARLEDGER_REQUEST_TIMEOUT": "0.000001"}
    store = f"sqlite:///{tmp_path}/slow.db"
    # A request whose work takes far longer than the GIL's 5 ms switch interval (a long match's
    # verdict: ~0.5 s), so the time-out fires first whatever the machine's speed; a listing of
    # an empty store could finish in its thread before the event loop ran the timer.
    long_match = play_bot_match("kosmonauts", 2, 8)
    Ledger(store).save(long_match)
    with ServerProcess.start(store, tmp_path, env=env, ready_path="/healthz") as server:
        answer = httpx.get(f"{server.api}/matches/{long_match.id}/verdict")
        problem = refused(answer, 503, "TIMEOUT")
        assert "read the match" in problem["detail"]
        assert httpx.get(server.url + "/healthz").status_code == 200
