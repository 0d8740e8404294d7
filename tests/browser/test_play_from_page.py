"""Playing from the page: two seats, each in its own browser context opened from its invite link
(the token in the URL fragment only), play by clicking the moves the page lists; a third context
watches as a spectator and never sees a sealed choice, in its DOM or in any answer it received."""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any

import httpx
import msgspec
import pytest

from tests.browser.conftest import chromium_path
from tests.server.bots import HttpMatch, create
from tests.server.server_process import ServerProcess
from tests.support.waiting import CEILING, wait_until

pytestmark = [pytest.mark.slow, pytest.mark.browser]


class Watched:
    """A browser context on one match page, with every API answer it received (bodies)."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1300, "height": 900}, bypass_csp=True)
        self.context.set_default_timeout(CEILING * 1000)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.bodies: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("response", self._answered)
        self.page.goto(url)

    def _answered(self, response: Any) -> None:
        if "/api/" in response.url and "/events" not in response.url:
            # A body is gone only when its page moved on before it came (nothing shown then).
            with contextlib.suppress(Exception):
                self.bodies.append(response.text())

    def at_version(self, version: int) -> None:
        self.page.wait_for_function(
            "v => document.querySelector('output.where')?.textContent === `step ${v} of ${v}`",
            arg=version,
        )

    def close(self) -> None:
        self.context.close()
        assert not self.errors, f"the page raised: {self.errors}"


@pytest.fixture
def chromium(browser: Any) -> Any:
    if chromium_path() is None:  # pragma: no cover - the browser fixture skips first
        pytest.skip("no chromium")
    return browser


def summary(match: HttpMatch) -> dict[str, Any]:
    row: dict[str, Any] = httpx.get(f"{match.api}/matches/{match.id}").json()
    return row


def invite(server: ServerProcess, match: HttpMatch, seat: str) -> str:
    return f"{server.url}/#/m/{match.id}?token={match.token(seat)}"


SHOWN_PARTS: list[tuple[str, str]] = []
"""Every part button clicked in this process: (what it says, its title: the short form)."""


def click_a_move(page: Any, version: int, rng: random.Random) -> int:
    """On a seat's page listing its moves at `version`: pick parts (a big kind's, whenever one is
    listed) until whole moves show, and click one of them; how many parts were picked."""
    page.locator(".play .to-play", has_text=f"at version {version} (").wait_for()
    for picks in range(40):
        page.locator(".play button.move, .play button.move-part").first.wait_for()
        parts = page.locator(".play button.move-part")
        whole = parts.count() == 0
        buttons = page.locator(".play button.move") if whole else parts
        chosen = buttons.nth(rng.randrange(buttons.count()))
        if not whole:
            SHOWN_PARTS.append((chosen.inner_text(), str(chosen.get_attribute("title"))))
        picked = page.locator(".play .picked").all_inner_texts()
        chosen.click()
        if whole:
            return picks
        page.wait_for_function(
            "old => (document.querySelector('.play .picked')?.textContent || '') !== old",
            arg=picked[0] if picked else "",
        )
    raise AssertionError("no whole move after 40 parts")


def play_by_clicking(
    server: ServerProcess,
    match: HttpMatch,
    pages: dict[str, Watched],
    spectator: Watched | None,
    rng: random.Random,
    done: Any,
) -> tuple[int, int, int]:
    """Click moves on the seats' pages until `done(summary)`; check the spectator after each
    sealed decision. How many moves were clicked, sealed entries checked and parts picked."""
    clicks = sealed = parts = 0
    referee = match.client("referee")
    base = f"/matches/{match.id}"
    while not done(row := summary(match)):
        seat = sorted(row["to_move"])[0]
        version = row["version"]
        pages[seat].at_version(version)
        parts += click_a_move(pages[seat].page, version, rng)
        clicks += 1
        wait_until(lambda v=version: summary(match)["version"] > v, f"{seat}'s click to be played")
        after = summary(match)["version"]
        for watched in pages.values():
            watched.at_version(after)  # the other seat's page sees the move arrive live
        if spectator is None:
            continue
        spectator.at_version(after)
        theirs = spectator.page.locator("body").inner_text()
        mine = match.client(None).get(f"{base}/log", params={"after": version}).json()["entries"]
        whole = referee.get(f"{base}/log", params={"after": version}).json()["entries"]
        # The live stream the spectator's page follows (read apart: a stream's body ends late).
        streamed = (
            match.client(None).get(f"{base}/events", params={"after": version, "follow": 0}).text
        )
        for seen, full in zip(mine, whole, strict=True):
            if not seen.get("redacted"):
                continue
            secret = [full["text"]] if full["text"] and full["text"] != seen.get("text") else []
            secret += [f'"command":{_json(full["command"])}'] if full.get("command") else []
            assert secret, "a sealed entry with nothing hidden: the check would be vacuous"
            sealed += 1
            for word in secret:
                assert word not in theirs, f"the spectator's page shows a sealed choice: {word}"
                for body in [*spectator.bodies, streamed]:
                    assert word not in body, f"an answer to the spectator holds: {word}"
    return clicks, sealed, parts


def _json(value: Any) -> str:
    return msgspec.json.encode(value).decode()


def no_token_sent(watched: Watched, token: str) -> None:
    assert watched.requests, "no request seen"
    assert not [url for url in watched.requests if token in url], "a token went in a URL"


def test_two_seats_play_three_rounds_of_race_for_the_galaxy_by_clicking(
    chromium: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, _ = viewer_server
    match = create(server.api, "race-for-the-galaxy", 2, {"max_rounds": 3}, seed=26)
    pages = {seat: Watched(chromium, invite(server, match, seat)) for seat in match.seats}
    spectator = Watched(chromium, f"{server.url}/#/m/{match.id}")
    try:
        rng = random.Random(26)
        clicks, sealed, _ = play_by_clicking(
            server, match, pages, spectator, rng, lambda row: row["status"] == "over"
        )
        assert clicks >= 6 and sealed >= 3, (clicks, sealed)
        full = match.client("referee").get(f"/matches/{match.id}/view").json()["view"]
        assert full["round"] >= 3
        assert spectator.page.locator(".play").is_hidden()  # a spectator plays nothing
        for seat, watched in pages.items():
            no_token_sent(watched, match.token(seat))
    finally:
        for watched in [*pages.values(), spectator]:
            watched.close()
        match.close()


def test_two_seats_play_a_whole_kosmonauts_match_and_take_a_decision_back(
    chromium: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, _ = viewer_server
    match = create(server.api, "kosmonauts", 2, {"max_rounds": 1}, seed=8)
    pages = {seat: Watched(chromium, invite(server, match, seat)) for seat in match.seats}
    SHOWN_PARTS.clear()  # this match's parts only
    try:
        rng = random.Random(8)
        # One move, taken back from the page, and made again.
        row = summary(match)
        seat = sorted(row["to_move"])[0]
        pages[seat].at_version(row["version"])
        click_a_move(pages[seat].page, row["version"], rng)
        wait_until(lambda: summary(match)["version"] > row["version"], "the first click")
        played = summary(match)["version"]
        pages[seat].at_version(played)
        pages[seat].page.locator(".play .undo-mine").click()
        pages[seat].page.locator(".play .play-say", has_text="took back decision").wait_for()
        wait_until(lambda: summary(match)["version"] > played, "the undo to be stored")
        _, _, parts = play_by_clicking(
            server, match, pages, None, rng, lambda row: row["status"] == "over"
        )
        assert parts >= 1, "no big kind was picked part by part"
        # A part in the game's words, its short form (what `play` reads) in the button's title.
        cube = re.compile(r"(E|SE|SW|W|NW|NE):(NORMAL|HYPER)")
        cubes = [(said, short) for said, short in SHOWN_PARTS if cube.fullmatch(short)]
        assert cubes and all(" cube " in said and short not in said for said, short in cubes)
        for watched in pages.values():
            watched.page.locator(".play .waiting", has_text="the match is over").wait_for()
        for seat, watched in pages.items():
            no_token_sent(watched, match.token(seat))
    finally:
        for watched in pages.values():
            watched.close()
        match.close()


def test_a_match_started_from_the_page_gives_each_seat_an_invite_in_the_fragment(
    chromium: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, _ = viewer_server
    host = Watched(chromium, f"{server.url}/")
    try:
        page = host.page
        page.get_by_text("Start a match").click()
        page.get_by_role("combobox", name="game", exact=True).select_option("kosmonauts")
        page.get_by_role("textbox", name="seat names").fill("zoe, yan")
        page.get_by_role("spinbutton", name="rounds at most").fill("1")
        page.get_by_role("button", name="Start").click()
        page.locator("a.started").wait_for()
        invites = {
            str(link.get_attribute("data-invite")): str(link.get_attribute("href"))
            for link in page.locator(".new-out a[data-invite]").all()
        }
        assert sorted(invites) == ["referee", "yan", "zoe"]
        for href in invites.values():
            address, fragment = href.split("#", 1)
            assert "token" not in address and "?token=" in fragment
        zoe = Watched(chromium, invites["zoe"])
        try:
            zoe.page.locator("strong.viewer", has_text="zoe").wait_for()
            zoe.page.locator(".play .to-play, .play .waiting").first.wait_for()
            token = invites["zoe"].split("token=", 1)[1]
            no_token_sent(zoe, token)
            assert token not in server.log()  # in no request line the server logged
        finally:
            zoe.close()
    finally:
        host.close()
