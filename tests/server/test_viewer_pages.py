"""The viewer's page and the API it reads, without a browser: the page and its assets are served
with a strict Content-Security-Policy, the timeline, the picture and the verdict answer as the
caller's token allows (a seat's picture holds its own private panel only; the referee's every
panel), and what seats named hostile things draw stays escaped."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import httpx

from cli.simulate import play_bot_match
from store.ledger import Ledger
from tests.server.bots import create
from tests.server.conftest import Served


def test_the_page_and_its_assets_are_served_safely(sqlite_served: Served) -> None:
    base = sqlite_served.process.url
    page = httpx.get(base + "/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "default-src 'none'" in policy
    assert "frame-ancestors 'none'" in policy
    assert page.headers["referrer-policy"] == "no-referrer"
    for asset in (
        "app.js",
        "match.js",
        "list.js",
        "live.js",
        "chart.js",
        "dom.js",
        "api.js",
        "rules.js",
        "zoom.js",
        "app.css",
    ):
        found = httpx.get(f"{base}/static/{asset}")
        assert found.status_code == 200, asset
        assert found.headers["content-security-policy"] == policy
    for probe in ("/static/../app.py", "/static/%2e%2e/app.py", "/static/nothing.js"):
        assert httpx.get(base + probe).status_code == 404, probe


def test_the_timeline_picture_and_verdict_answer_as_the_token_allows(
    sqlite_served: Served,
) -> None:
    api = sqlite_served.api
    match = create(api, "race-for-the-galaxy", 2, seed=3)
    try:
        rng = random.Random(3)
        for _ in range(6):  # a few decisions: hands are dealt and hidden
            seat = sorted(httpx.get(f"{api}/matches/{match.id}").json()["to_move"])[0]
            client = match.client(seat)
            offered = client.get(f"/matches/{match.id}/moves").json()
            client.post(
                f"/matches/{match.id}/decisions",
                json={"command": rng.choice(offered["commands"])},
                headers={"If-Match": f'"{offered["version"]}"'},
            )
        base = f"/matches/{match.id}"
        ann, spectator, referee = match.client("ann"), match.client(None), match.client("referee")

        mine = ann.get(f"{base}/picture").json()
        assert mine["as"] == "ann" and [p["seat"] for p in mine["panels"]] == ["ann"]  # its hand
        ET.fromstring(mine["board"])
        assert spectator.get(f"{base}/picture").json()["panels"] == []
        everyone = referee.get(f"{base}/picture").json()
        assert [p["seat"] for p in everyone["panels"]] == ["ann", "ben"]
        assert ann.get(f"{base}/picture", params={"as": "ben"}).status_code == 403
        assert spectator.get(f"{base}/picture", params={"as": "ann"}).status_code == 401
        assert spectator.get(f"{base}/picture", params={"at": 10**6}).status_code == 400
        assert spectator.get(f"{base}/picture", params={"at": 1}).json()["version"] == 1

        steps = ann.get(f"{base}/timeline").json()
        assert [s["version"] for s in steps["steps"]] == list(range(1, steps["version"] + 1))
        assert all(len(s["scores"]) == 2 for s in steps["steps"])
        assert ann.get(f"{base}/timeline", params={"as": "ben"}).status_code == 403

        partial = spectator.get(f"{base}/verdict").json()
        assert partial["ok"] and partial["partial"] and partial["hidden"] > 0
        full = referee.get(f"{base}/verdict").json()
        assert full["ok"] and not full["partial"]
    finally:
        match.close()


def test_hostile_seat_names_stay_escaped_in_pictures(sqlite_served: Served) -> None:
    api = sqlite_served.api
    hostile = ["<script>x</script>", "a&b\"'"]
    created = httpx.post(api + "/matches", json={"game": "duck-dealer", "seats": hostile})
    if created.status_code == 422:  # refused at the door: nothing to draw
        assert "SEAT" in created.json()["code"]
        return
    assert created.status_code == 201, created.text
    match = created.json()["match"]
    picture = httpx.get(f"{api}/matches/{match}/picture").json()
    assert "<script" not in picture["board"]
    ET.fromstring(picture["board"])


def test_a_whole_match_draws_at_every_step(sqlite_served: Served) -> None:
    api = sqlite_served.api
    # Stored straight into the served store: playing it over HTTP is test_matches_over_http's.
    finished = play_bot_match("kosmonauts", 2, 8)
    Ledger(sqlite_served.store).save(finished)
    last = finished.version
    for version in range(1, last + 1, max(1, last // 12)):
        drawn = httpx.get(f"{api}/matches/{finished.id}/picture", params={"at": version})
        assert drawn.status_code == 200, (version, drawn.text)
        ET.fromstring(drawn.json()["board"])
    opened = httpx.get(f"{api}/matches/{finished.id}/picture").json()
    assert [p["seat"] for p in opened["panels"]] in ([], list(finished.seats))  # open: all see


def test_pictures_are_cached_per_match_step_and_viewer(sqlite_served: Served) -> None:
    api = sqlite_served.api
    # A running match: kept but asked again (its record may open at the end), 304 when unchanged.
    match = create(api, "race-for-the-galaxy", 2, seed=5)
    try:
        ann, spectator = match.client("ann"), match.client(None)
        base = f"/matches/{match.id}/picture"
        mine = ann.get(base, params={"at": 1, "viewer": "ann"})
        assert mine.headers["cache-control"] == "private, no-cache"
        assert "Authorization" in mine.headers["vary"]
        again = ann.get(base, params={"at": 1}, headers={"If-None-Match": mine.headers["etag"]})
        assert again.status_code == 304 and not again.content
        theirs = spectator.get(base, params={"at": 1, "viewer": "spectator"})
        assert theirs.headers["etag"] != mine.headers["etag"]  # the panel is ann's only
        stale = spectator.get(
            base, params={"at": 1}, headers={"If-None-Match": mine.headers["etag"]}
        )
        assert stale.status_code == 200 and stale.json()["panels"] == []
        # The viewer named in the URL (the browser's cache key) must be the token's.
        wrong = spectator.get(base, params={"at": 1, "viewer": "ann"})
        assert wrong.status_code == 400 and wrong.json()["code"] == "BAD_INPUT"
        assert ann.get(base, params={"viewer": "spectator"}).status_code == 400
    finally:
        match.close()
    # A finished match: the same content, kept for good by the viewer's own browser.
    finished = play_bot_match("kosmonauts", 2, 9)
    Ledger(sqlite_served.store).save(finished)
    url = f"{api}/matches/{finished.id}/picture"
    first = httpx.get(url, params={"at": 3, "viewer": "spectator"})
    assert first.headers["cache-control"] == "private, max-age=31536000, immutable"
    second = httpx.get(url, params={"at": 3})
    assert second.content == first.content and second.headers["etag"] == first.headers["etag"]
    other = httpx.get(url, params={"at": 4})
    assert other.headers["etag"] != first.headers["etag"]
    held = httpx.get(url, params={"at": 3}, headers={"If-None-Match": first.headers["etag"]})
    assert held.status_code == 304
