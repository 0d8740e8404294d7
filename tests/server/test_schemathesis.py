"""Schemathesis: property-based requests generated from our own OpenAPI schema, on every endpoint,
with the hostile text and header values of test_hostile_http.py mixed in.

Given a real server (SQLite) holding a few matches (running, awaiting entropy, over),
when Schemathesis sends requests generated from the schema — valid and invalid, with no token, a
forged one, a seat's or the referee's, against real match ids and random ones —
then no answer is a 5xx, and every answer conforms to the schema (status code, content type,
headers, body); errors are problem documents.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import hypothesis.strategies as st
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.server.bots import HttpMatch, create, play
from tests.server.server_process import ServerProcess
from tests.server.test_hostile_http import header_values, nasty_text

EXAMPLES = int(os.environ.get("STARLEDGER_FUZZ_EXAMPLES", "10"))
"""Generated requests per operation (derandomized: the same ones every run), beside the
schema's own examples and boundary cases; STARLEDGER_FUZZ_EXAMPLES=200 for a deeper run."""

KNOWN: dict[str, list[Any]] = {"matches": [], "tokens": []}
SENT = [0]
STATUSES: dict[int, int] = {}


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("fuzzed")
    with ServerProcess.start(f"sqlite:///{folder}/fuzzed.db", folder) as server:
        running = create(server.api, "race-for-the-galaxy", 2)
        waiting = create(server.api, "delta-v", 2, entropy=True)
        over = create(server.api, "kosmonauts", 2, {"max_rounds": 1})
        play(over, random.Random(1), look_every=1000)
        matches: list[HttpMatch] = [running, waiting, over]
        KNOWN["matches"] = [m.id for m in matches]
        KNOWN["tokens"] = [m.token(s) for m in matches for s in [*m.seats, "referee"]]
        yield server
        for match in matches:
            match.close()
        spread = ", ".join(f"{status}: {n}" for status, n in sorted(STATUSES.items()))
        print(f"\nschemathesis: {SENT[0]} generated requests ({spread})")  # the closing note


def served_schema() -> dict[str, Any]:
    """The schema the server publishes, built from the same app in a fresh interpreter, as the
    server builds it (in a test worker, other test modules imported first can change the order
    in which same-named types are met, and so their component names); the test below checks
    that the running server publishes exactly this."""
    made = subprocess.run(
        [sys.executable, "-c", _SCHEMA_SCRIPT], capture_output=True, check=True, cwd=ROOT
    )
    found: dict[str, Any] = json.loads(made.stdout)
    return found


_SCHEMA_SCRIPT = (
    "import json; from server.app import create_app; from server.settings import Settings; "
    "print(json.dumps(create_app(Settings(store='memory://')).openapi_schema.to_schema()))"
)
ROOT = Path(__file__).resolve().parents[2]


SCHEMA = served_schema()


def test_the_server_publishes_this_schema(fuzzed: ServerProcess) -> None:
    assert httpx.get(f"{fuzzed.api}/schema/openapi.json").json() == SCHEMA


@schemathesis.hook
def flatmap_path_parameters(context: Any, path_parameters: dict[str, Any]) -> Any:
    """Half the time, a real match instead of a random id."""
    if not path_parameters or "match_id" not in path_parameters or not KNOWN["matches"]:
        return st.just(path_parameters)
    real = st.sampled_from(KNOWN["matches"]).map(lambda m: {**path_parameters, "match_id": m})
    return st.one_of(st.just(path_parameters), real)


SENDABLE = re.compile(r"\S[^\r\n]*|")
"""A header value `requests` sends (test_hostile_http.py sends the others itself, raw)."""


@schemathesis.hook
def flatmap_headers(context: Any, headers: dict[str, Any] | None) -> Any:
    """No token, a forged one, or a real seat's or referee's token."""
    given = dict(headers or {})
    if not KNOWN["tokens"]:
        return st.just(given)
    bearer = st.one_of(
        st.just(None),
        st.sampled_from(KNOWN["tokens"]),
        st.sampled_from(KNOWN["tokens"]).map(lambda t: t[:-2] + "xy"),
    )
    with_token = bearer.map(
        lambda token: given if token is None else {**given, "Authorization": f"Bearer {token}"}
    )
    hostile = st.sampled_from(["If-Match", "Last-Event-ID"]).flatmap(
        lambda name: (
            header_values.map(lambda value: value.decode("latin-1"))
            .filter(SENDABLE.fullmatch)  # the rest the client refuses before sending
            .map(lambda value: {name: value})
        )
    )
    return st.one_of(with_token, st.tuples(with_token, hostile).map(lambda t: {**t[0], **t[1]}))


@schemathesis.hook
def flatmap_body(context: Any, body: Any) -> Any:
    """Half the time, every text field of a JSON body made hostile (tests/server/
    test_hostile_http.py's characters: controls, bidi, Unicode digits, look-alikes, NULs)."""
    if not isinstance(body, dict):
        return st.just(body)
    nasty = nasty_text.map(
        lambda text: {key: text if isinstance(value, str) else value for key, value in body.items()}
    )
    return st.one_of(st.just(body), nasty)


@schemathesis.hook
def map_query(context: Any, query: dict[str, Any] | None) -> dict[str, Any] | None:
    """An event stream of a running match is followed for at most half a second."""
    if query and isinstance(query.get("follow"), int | float):
        query["follow"] = min(float(query["follow"]), 0.5)
    return query


schemathesis.serializer.alias("application/x-ndjson", "text/plain")  # replay files are text
schema = schemathesis.openapi.from_dict(SCHEMA)


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_every_endpoint_answers_within_its_schema(fuzzed: ServerProcess, case: Any) -> None:
    SENT[0] += 1
    response = case.call(base_url=fuzzed.url, timeout=30)
    STATUSES[response.status_code] = STATUSES.get(response.status_code, 0) + 1
    assert "Traceback" not in response.text
    case.validate_response(
        response,
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_headers_conformance,
            response_schema_conformance,
        ],
    )
