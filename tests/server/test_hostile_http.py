"""Hostile bytes on every endpoint: never a 5xx, always a problem document, nothing stored.

Given a real server (SQLite) holding a running match,
when Hypothesis sends every endpoint bodies, headers and paths built from what breaks parsers —
bytes that are not UTF-8, JSON nested thousands deep, numbers of thousands of digits, duplicated
keys, Unicode digits, control, format and bidirectional characters, NUL bytes, lone surrogates —
with no token, a forged one or the match's real ones,
then no answer is a 5xx, every refusal is `application/problem+json`, the server logs no internal
error, and the match and the list of matches are exactly as they were.

Bounded: a fixed number of examples per test (derandomized), a few seconds each.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.server.bots import HttpMatch, create
from tests.server.server_process import ServerProcess

EXAMPLES = 60
PROBLEM = "application/problem+json"
MATCH_ROUTES = [
    ("GET", ""), ("GET", "/moves"), ("POST", "/decisions"), ("POST", "/undo"), ("POST", "/redo"),
    ("POST", "/entropy"), ("POST", "/deal"), ("GET", "/view"), ("GET", "/log"),
    ("GET", "/scores"), ("GET", "/export"), ("GET", "/events?follow=0"), ("GET", "/timeline"),
    ("GET", "/picture"), ("GET", "/verdict"),
]  # fmt: skip
OTHER_ROUTES = [
    ("GET", "/api/v1/games"), ("GET", "/api/v1/games/{x}/leaderboard"),
    ("GET", "/api/v1/matches"), ("POST", "/api/v1/matches"),
    ("POST", "/api/v1/tokens/{x}/revoke"), ("POST", "/api/v1/replays/verify"),
    ("POST", "/api/v1/replays/import"), ("GET", "/static/{x}"), ("GET", "/{x}"),
    ("GET", "/healthz"), ("GET", "/readyz"),
]  # fmt: skip

NASTY_CHARACTERS = (
    "\x00\x01\x07\x1b\x7f\x85\u200b\u200e\u202e\u2066\ufeff\ufffd"  # control, format, bidi
    "²³¹٣۴߅१௫๓᠑０𝟗"  # digits that str.isdigit() takes and int() may not
    "\u0430\u0435\u043e\u03bf\u0391"  # look-alikes
    "\"'\\/{}[]%?#&=;:,."  # the syntax of JSON, paths and queries
)
nasty_text = st.text(
    alphabet=st.one_of(st.sampled_from(NASTY_CHARACTERS), st.characters(codec="utf-8")),
    max_size=40,
)


def _deep(depth: int, opener: str) -> str:
    closer = {"[": "]", '{"a":': "}"}[opener]
    return opener * depth + "1" + closer * depth


depths = st.one_of(st.integers(1, 64), st.integers(900, 5000))
json_texts = st.one_of(
    depths.map(lambda n: '{"command": ' + _deep(n, "[") + "}"),
    depths.map(
        lambda n: '{"game": "toy", "seats": ["a", "b"], "options": ' + _deep(n, '{"a":') + "}"
    ),
    st.integers(1, 6000).map(lambda n: '{"seed": ' + "9" * n + "}"),
    st.sampled_from(["NaN", "Infinity", "-1e999", "1e999", '"\\ud800"', '{"a":1,"a":2}', ""]),
    nasty_text.map(lambda s: '{"game": "' + s + '", "seats": ["' + s + '", "b"]}'),
    nasty_text.map(lambda s: '{"command": {"type": "' + s + '"}, "seat": "' + s + '"}'),
    nasty_text.map(lambda s: '{"value": "' + s + '"}'),
    st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), nasty_text),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(nasty_text, inner, max_size=4)
        ),
        max_leaves=20,
    ).map(lambda value: httpx.Request("POST", "http://x", json=value).content.decode()),
)
not_utf8 = st.binary(min_size=1, max_size=4).map(lambda raw: b"\xff" + raw)
bodies = st.one_of(
    json_texts.map(str.encode),
    st.binary(max_size=200),  # mostly not UTF-8
    json_texts.map(lambda text: b"\xff\xfe" + text.encode()),
    st.tuples(nasty_text, not_utf8).map(  # well-formed JSON but for bytes inside a string
        lambda t: b'{"game": "' + t[0].encode() + t[1] + b'", "seats": ["a", "b"]}'
    ),
    st.tuples(nasty_text, not_utf8).map(
        lambda t: b'{"command": {"type": "' + t[0].encode() + t[1] + b'"}}'
    ),
)


def header_safe(raw: bytes) -> bytes:
    """`raw` as a client can send it in a header (HTTP forbids control bytes and surrounding
    white space there: the client library refuses them before the server sees them)."""
    kept = bytes(b for b in raw if b >= 0x20 and b != 0x7F).strip(b" \t")
    return kept[:200] or b"x"


header_values = st.one_of(
    nasty_text.map(lambda text: text.encode("utf-8", "surrogatepass")), st.binary(max_size=30)
).map(header_safe)
content_types = st.sampled_from(
    ["application/json", "text/plain", "application/x-ndjson", "application/x-www-form-urlencoded",
     "application/json; charset=latin-1", "", "application/problem+json"]
)  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("hostile-http")
    with ServerProcess.start(f"sqlite:///{folder}/h.db", folder) as process:
        yield process


@pytest.fixture(scope="module")
def running(server: ServerProcess) -> Iterator[HttpMatch]:
    match = create(server.api, "race-for-the-galaxy", 2)
    yield match
    match.close()


@pytest.fixture(scope="module")
def before(server: ServerProcess, running: HttpMatch) -> Iterator[tuple[int, list[str], str]]:
    """The record before any hostile request; checked again once every test has run."""
    first = record(server, running)
    yield first
    assert record(server, running) == first
    assert "internal error" not in server.log()


def record(server: ServerProcess, match: HttpMatch) -> tuple[int, list[str], str]:
    version = httpx.get(f"{server.api}/matches/{match.id}").json()["version"]
    ids = sorted(row["match"] for row in httpx.get(f"{server.api}/matches").json())
    export = match.client("referee").get(f"/matches/{match.id}/export").text
    return version, ids, export.rsplit("\n", 2)[0]


def tokens(match: HttpMatch) -> st.SearchStrategy[str | None]:
    real = [match.token(seat) for seat in [*match.seats, "referee"]]
    return st.one_of(
        st.none(),
        st.sampled_from(real),
        st.sampled_from(real).map(lambda t: t[:-3] + "xyz"),
        nasty_text.map(lambda s: f"sl1.{s}.{s}"),
    )


def writes(match: HttpMatch) -> st.SearchStrategy[tuple[str, str]]:
    """The routes that take a body."""
    on_match = [f"/api/v1/matches/{match.id}/{end}" for end in ("decisions", "entropy", "undo")]
    others = ["/api/v1/matches", "/api/v1/replays/verify", "/api/v1/replays/import"]
    return st.sampled_from([*on_match, *others]).map(lambda path: ("POST", path))


def routes(match: HttpMatch) -> st.SearchStrategy[tuple[str, str]]:
    on_match = st.sampled_from(MATCH_ROUTES).map(
        lambda route: (route[0], f"/api/v1/matches/{match.id}{route[1]}")
    )
    return st.one_of(
        on_match, st.sampled_from(OTHER_ROUTES).map(lambda r: (r[0], r[1].replace("{x}", "x")))
    )


def answered_well(response: httpx.Response, server: ServerProcess) -> None:
    assert response.status_code < 500, (response.status_code, response.text[:300])
    if response.status_code >= 400:
        assert response.headers.get("content-type", "").startswith(PROBLEM), response.text[:300]
        assert "Traceback" not in response.text


CLIENTS: dict[str, httpx.Client] = {}


def send(
    server: ServerProcess,
    method: str,
    path: str,
    headers: dict[str, bytes | str],
    body: bytes | None = None,
) -> httpx.Response:
    client = CLIENTS.setdefault(server.url, httpx.Client(base_url=server.url, timeout=30))
    return client.request(method, path, headers=headers, content=body)


HYPOTHESIS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
    phases=[Phase.explicit, Phase.generate],  # no shrinking: a failure is shown as found
    print_blob=False,
)


@pytest.mark.usefixtures("before")
def test_hostile_bodies(server: ServerProcess, running: HttpMatch) -> None:
    @HYPOTHESIS
    @given(
        route=st.one_of(writes(running), routes(running)),
        token=tokens(running),
        body=bodies,
        content_type=content_types,
        if_match=st.sampled_from(['"1"', "*", '"²"', '"1"x']),
    )
    def check(
        route: tuple[str, str], token: str | None, body: bytes, content_type: str, if_match: str
    ) -> None:
        method, path = route
        headers: dict[str, bytes | str] = {
            "Content-Type": content_type,
            "If-Match": if_match.encode("latin-1"),
        }
        if token is not None:
            headers["Authorization"] = header_safe(
                b"Bearer " + token.encode("utf-8", "surrogatepass")
            )
        answered_well(
            send(server, "POST" if method == "POST" else method, path, headers, body), server
        )

    check()


@pytest.mark.usefixtures("before")
def test_hostile_headers(server: ServerProcess, running: HttpMatch) -> None:
    names = st.sampled_from(
        ["If-Match", "Last-Event-ID", "Authorization", "Content-Type", "Content-Length",
         "Accept", "X-Forwarded-For", "Range"]
    )  # fmt: skip

    @HYPOTHESIS
    @given(route=routes(running), extra=st.dictionaries(names, header_values, max_size=4))
    def check(route: tuple[str, str], extra: dict[str, bytes]) -> None:
        method, path = route
        headers: dict[str, bytes | str] = dict(extra)
        headers.pop("Content-Length", None)  # httpx sets it from the body
        body = b'{"command": {"type": "Pass"}}' if method == "POST" else None
        answered_well(send(server, method, path, headers, body), server)

    check()


@pytest.mark.usefixtures("before")
def test_hostile_paths_and_queries(server: ServerProcess, running: HttpMatch) -> None:
    queries = st.sampled_from(["as", "at", "after", "follow", "limit", "game", "seat", "status"])

    @HYPOTHESIS
    @given(
        route=routes(running),
        segment=nasty_text,
        query=st.dictionaries(queries, nasty_text, max_size=3),
        raw=st.binary(max_size=12),
    )
    def check(route: tuple[str, str], segment: str, query: dict[str, str], raw: bytes) -> None:
        method, path = route
        hostile = quote(segment, safe="") + "".join(f"%{b:02X}" for b in raw)
        base, _, given_query = path.partition("?")
        parts = base.split("/")
        parts[-1 if len(parts) > 4 else len(parts) - 1] = hostile or "x"
        for target in ("/".join(parts), base + "/" + hostile):
            pairs = [f"{quote(k)}={quote(v, safe='')}" for k, v in query.items()]
            if given_query:
                pairs.append(given_query)
            url = target + ("?" + "&".join(pairs) if pairs else "")
            body = b"{}" if method == "POST" else None
            answered_well(
                send(server, method, url, {"Content-Type": "application/json"}, body), server
            )

    check()
