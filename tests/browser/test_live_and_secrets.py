"""A running match in the browser, through the seats' own capability links: a seat's page never
holds another seat's hidden facts (a leak test on the DOM, at the step shown and at earlier
steps), the page follows the match live through the server's event stream, and undos and redos
are marked in the list of decisions."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from tests.browser.conftest import GAMES
from tests.server.bots import HttpMatch, create
from tests.server.server_process import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.browser]

HAS_SECRETS_EARLY = {"race-for-the-galaxy", "onward-to-venus", "kosmonauts"}
"""Games whose seats hold hidden facts (hands, missions) from the first decisions on."""


def leaves(value: Any, found: set[str]) -> set[str]:
    if isinstance(value, dict):
        for item in value.values():
            leaves(item, found)
    elif isinstance(value, list):
        for item in value:
            leaves(item, found)
    elif isinstance(value, str):
        found.add(value)
    return found


def play_one(match: HttpMatch, rng: random.Random) -> dict[str, Any]:
    version = httpx.get(f"{match.api}/matches/{match.id}").json()
    seat = rng.choice(sorted(version["to_move"]))
    client = match.client(seat)
    offered = client.get(f"/matches/{match.id}/moves").json()
    answer = client.post(
        f"/matches/{match.id}/decisions",
        json={"command": rng.choice(offered["commands"])},
        headers={"If-Match": f'"{offered["version"]}"'},
    )
    assert answer.status_code == 200, answer.text
    played: dict[str, Any] = answer.json()
    return played


def secrets_of_others(match: HttpMatch, seat: str) -> set[str]:
    """What the other seats' own views hold that `seat` may not know: strings in their views
    that are in neither `seat`'s view, the spectator's, nor any entry of `seat`'s log."""
    referee = match.client("referee")
    base = f"/matches/{match.id}"
    theirs: set[str] = set()
    for other in match.seats:
        if other != seat:
            leaves(referee.get(f"{base}/view", params={"as": other}).json()["view"], theirs)
    known = leaves(match.client(seat).get(f"{base}/view").json()["view"], set())
    leaves(match.client(None).get(f"{base}/view").json()["view"], known)
    leaves(match.client(seat).get(f"{base}/log").json(), known)
    return {word for word in theirs - known - set(match.seats) if len(word) >= 3}


def page_text(page: Any) -> str:
    return str(page.content())


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_page_holds_no_secret_of_another_seat_and_follows_live(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]], game: str
) -> None:
    server, _ = viewer_server
    rng = random.Random(f"{game}-leak")
    match = create(server.api, game, 3, seed=rng.randrange(10**6))
    try:
        hidden: set[str] = set()
        for _ in range(60):
            played = play_one(match, rng)
            if not played["to_move"]:
                break
            hidden = secrets_of_others(match, "ann")
            if len(hidden) >= 2 and played["version"] > 12:
                break
        if game in HAS_SECRETS_EARLY:
            assert hidden, f"no hidden fact to look for in {game}: the leak test would be vacuous"
        last = httpx.get(f"{match.api}/matches/{match.id}").json()["version"]

        page.goto(f"{server.url}/#/m/{match.id}?token={match.token('ann')}")
        page.wait_for_function(
            "v => document.querySelector('figure.board')?.dataset.version === String(v)", arg=last
        )
        assert page.locator("strong.viewer").inner_text() == "ann"
        others = [seat for seat in match.seats if seat != "ann"]
        for other in others:
            assert page.locator(f'section.panel[data-seat="{other}"]').count() == 0
        for version in (last, max(1, last // 2), 2):
            page.get_by_role("slider", name="step").fill(str(version))
            page.wait_for_function(
                "v => document.querySelector('figure.board')?.dataset.version === String(v)",
                arg=version,
            )
            text = page_text(page)
            leaked = sorted(word for word in hidden if word in text)
            assert not leaked, f"ann's page shows other seats' secrets at step {version}: {leaked}"

        # Live: back at the last step, a decision made elsewhere shows up by itself.
        page.get_by_role("button", name="last step").click()
        page.wait_for_selector(".live:not([hidden])")
        played = play_one(match, rng)
        page.wait_for_function(
            "v => document.querySelector('output.where')?.textContent === `step ${v} of ${v}`",
            arg=played["version"],
        )
        assert not [word for word in secrets_of_others(match, "ann") if word in page_text(page)]
    finally:
        match.close()


def test_undo_and_redo_are_marked(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, _ = viewer_server
    rng = random.Random(5)
    match = create(server.api, "kosmonauts", 2, seed=11)
    try:
        undone = None
        for _ in range(10):
            played = play_one(match, rng)
            seat = played.get("seat") or match.seats[0]
            for name in match.seats:
                answer = match.client(name).post(
                    f"/matches/{match.id}/undo", headers={"If-Match": f'"{played["version"]}"'}
                )
                if answer.status_code == 200:
                    undone = (name, answer.json()["version"])
                    break
            if undone:
                break
        assert undone is not None, f"no decision could be undone ({seat})"
        name, version = undone
        page.goto(f"{server.url}/#/m/{match.id}?token={match.token(name)}")
        page.wait_for_selector("ol.decisions li.undo")
        assert page.locator("ol.decisions li.undone").count() == 1
        assert "undo" in page.locator("ol.decisions li.undo .badge").inner_text()
        redone = match.client(name).post(
            f"/matches/{match.id}/redo", headers={"If-Match": f'"{version}"'}
        )
        assert redone.status_code == 200, redone.text
        page.wait_for_selector("ol.decisions li.redo")  # live
        assert page.locator("ol.decisions li.undone").count() == 0
    finally:
        match.close()
