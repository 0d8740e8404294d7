"""Answers are compressed for clients that ask (issue #26: a long timeline was 334 KB, 17 KB
gzipped), but never an event stream, whose entries must reach the client as they are written."""

from __future__ import annotations

import httpx

from tests.server.conftest import Served


def test_big_answers_are_gzipped_and_event_streams_are_not(sqlite_served: Served) -> None:
    api = sqlite_served.api
    created = httpx.post(
        f"{api}/matches", json={"game": "race-for-the-galaxy", "seats": ["ann", "ben"]}
    ).json()
    match = created["match"]
    asked = {"Accept-Encoding": "gzip"}
    with httpx.Client(timeout=30) as http:
        timeline = http.get(f"{api}/matches/{match}/timeline", headers=asked)
        assert timeline.status_code == 200 and timeline.headers["content-encoding"] == "gzip"
        raw = http.get(f"{api}/matches/{match}/timeline", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in raw.headers and raw.json() == timeline.json()
        with http.stream("GET", f"{api}/matches/{match}/events?follow=0", headers=asked) as events:
            assert events.status_code == 200
            assert "content-encoding" not in events.headers
            body = b"".join(events.iter_raw())
    assert b"event: entry" in body  # the stream's own text, not gzip's bytes
