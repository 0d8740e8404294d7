"""The viewer correct while a match runs and when it ends: a seat's page watching to the end
updates the verdict, the step count and the pictures of steps seen during play (the record
opens); it says when the live connection drops and when it is back; negative scores stay on
the chart; "share this moment" opens a token-free link in a new tab, leaving the seat's own;
"copy link" says it copied."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from api.tokens import token_store
from domain.bots import random_decision
from domain.match import Match
from store.ledger import Ledger
from tests.browser.test_live_and_secrets import play_one
from tests.server.bots import HttpMatch, create
from tests.server.server_process import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.browser]

BOARD_AT = "v => document.querySelector('figure.board')?.dataset.version === String(v)"


def near_its_end(store: str, api: str, seed: int, left: int) -> HttpMatch:
    """A match of race-for-the-galaxy played by random bots to `left` decisions before the end
    their choices would reach, stored straight into the served store, with seat tokens."""

    def played(upto: int | None) -> Match:
        match = Match.start("race-for-the-galaxy", ["ann", "ben"], None, seed)
        bots = random.Random(seed)
        while match.result is None and (upto is None or match.decisions < upto):
            match.decide(*random_decision(match.rules, match.state, bots))
        return match

    match = played(played(None).decisions - left)
    ledger = Ledger(store)
    try:
        ledger.save(match)
        tokens = token_store(ledger).issue(match.id, list(match.seats))
    finally:
        ledger.close()
    created = {
        "match": str(match.id),
        "seats": list(match.seats),
        "tokens": {"seats": tokens.seats, "referee": tokens.referee},
    }
    return HttpMatch(api, created)


def test_a_watched_match_ends_on_the_page(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, _ = viewer_server
    rng = random.Random(7)
    match = near_its_end(server.store, server.api, 7, left=6)
    try:
        page.goto(f"{server.url}/#/m/{match.id}?at=2&token={match.token('ann')}")
        page.wait_for_function(BOARD_AT, arg=2)
        assert page.locator('section.panel[data-seat="ben"]').count() == 0  # ben's is hidden
        page.get_by_role("button", name="last step").click()
        page.wait_for_selector(".live[data-state=live]")

        # The connection drops (offline) and comes back: the page says so both times.
        page.context.set_offline(True)
        page.wait_for_selector(".live[data-state=lost]")
        assert "reconnecting" in page.locator(".live").inner_text()
        page.context.set_offline(False)
        page.wait_for_selector(".live[data-state=live]")

        # Played to the end as fast as the server answers: the end arrives amid refreshes.
        while play_one(match, rng)["to_move"]:
            pass
        last = httpx.get(f"{match.api}/matches/{match.id}").json()["version"]
        page.wait_for_function(
            "v => document.querySelector('output.where')?.textContent === `step ${v} of ${v}`"
            " && document.querySelector('figure.board')?.dataset.version === String(v)",
            arg=last,
        )
        page.wait_for_selector(".verdict .ok")  # the record opened: fully verified
        assert "redacted" not in page.locator(".verdict").inner_text()
        assert page.locator(".match-head .steps").inner_text() == f"{last} steps"
        assert page.locator(".live").is_hidden()
        # A step seen during play now shows what the open record shows: both seats' panels.
        page.get_by_role("slider", name="step").fill("2")
        page.wait_for_function(BOARD_AT, arg=2)
        assert page.locator('section.panel[data-seat="ben"]').count() == 1
    finally:
        match.close()


def test_negative_scores_stay_on_the_chart(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, imported = viewer_server
    page.goto(f"{server.url}/#/m/{imported['kosmonauts']}")
    page.wait_for_selector("svg.chart")
    inside = page.evaluate(
        """async () => {
          const { scoreChart } = await import('/static/chart.js');
          const steps = [[0, 0], [-7, 3], [-20, 12], [5, -3]].map((scores, i) =>
            ({ version: i + 1, scores }));
          const chart = scoreChart({ steps, version: 4, seats: ['a', 'b'] }, 1, () => {});
          const [, , w, h] = chart.element.getAttribute('viewBox').split(' ').map(Number);
          const ys = [...chart.element.querySelectorAll('polyline')].flatMap((line) =>
            line.getAttribute('points').split(' ').map((point) => Number(point.split(',')[1])));
          const ticks = [...chart.element.querySelectorAll('text.axis')].map((t) => t.textContent);
          return { ok: ys.every((y) => y >= 0 && y <= h), ticks };
        }"""
    )
    assert inside["ok"], inside
    assert any(tick.startswith("-") for tick in inside["ticks"]), inside


def test_share_and_copy_keep_the_seat_tab(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, _ = viewer_server
    match = create(server.api, "race-for-the-galaxy", 2, seed=9)
    try:
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        page.goto(f"{server.url}/#/m/{match.id}?token={match.token('ann')}")
        page.wait_for_selector("figure.board svg")
        page.wait_for_function("() => location.hash.includes('at=')")  # once the steps pause
        own = page.url
        page.get_by_role("button", name="copy the link to this step").click()
        page.wait_for_selector("output.copied.ok")
        link = page.locator("a.share").get_attribute("href")
        assert page.evaluate("() => navigator.clipboard.readText()") == link
        assert "token" not in str(link)
        with page.context.expect_page() as opened:
            page.locator("a.share").click()
        shared = opened.value
        shared.wait_for_selector("figure.board svg")
        assert shared.locator("strong.viewer").inner_text() == "spectator"
        assert page.url == own and "token=" in page.url  # the seat's own tab stays the seat's
        assert page.locator("strong.viewer").inner_text() == "ann"
        shared.close()
    finally:
        match.close()
