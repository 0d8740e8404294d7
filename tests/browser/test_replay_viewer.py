"""Every game's recorded replay in the browser: stepped to the end and back with buttons, the
slider and the keys; the page's scores equal the API's at several steps; a share link opens the
same step; the verify verdict and the final scoreboard are on the page; controls have labels.
One screenshot per game at a mid-game step is saved (build/screenshots/) to be looked at."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.browser.conftest import GAMES, SCREENSHOTS
from tests.server.server_process import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.browser]

STEPPER = ("first step", "previous step", "next step", "last step")


def where(page: Any) -> str:
    return str(page.locator("output.where").inner_text())


def shown(page: Any, version: int, last: int) -> None:
    """Wait until the page shows `version` (its label and its board)."""
    page.wait_for_function(
        "([v, last]) => document.querySelector('output.where')?.textContent === `step ${v} of ${last}`"
        " && document.querySelector('figure.board')?.dataset.version === String(v)",
        arg=[version, last],
    )


def page_scores(page: Any, seats: list[str]) -> list[int]:
    return [int(page.locator(f'[data-seat-score="{seat}"]').inner_text()) for seat in seats]


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_steps_scores_and_shares(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]], game: str
) -> None:
    server, imported = viewer_server
    match = imported[game]
    summary = httpx.get(f"{server.api}/matches/{match}").json()
    last, seats = summary["version"], summary["seats"]

    page.goto(f"{server.url}/#/m/{match}")
    shown(page, last, last)  # a match opens at its last step
    assert page.locator("figure.board svg").count() == 1
    assert page.locator("ol.decisions li").count() == last

    # Controls have labels, and the keys step.
    for name in STEPPER:
        assert page.get_by_role("button", name=name).count() == 1
    assert page.get_by_role("slider", name="step").count() == 1
    page.locator("h1").click()
    page.keyboard.press("Home")
    shown(page, 1, last)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    shown(page, 4, last)
    page.keyboard.press("ArrowLeft")
    shown(page, 3, last)
    page.keyboard.press("End")
    shown(page, last, last)

    # To the end and back with the buttons and the slider.
    page.get_by_role("button", name="first step").click()
    shown(page, 1, last)
    assert page.get_by_role("button", name="previous step").is_disabled()
    page.get_by_role("button", name="next step").click()
    shown(page, 2, last)
    page.get_by_role("button", name="last step").click()
    shown(page, last, last)
    assert page.get_by_role("button", name="next step").is_disabled()
    page.get_by_role("button", name="previous step").click()
    shown(page, last - 1, last)

    # At several steps the page's scores are the API's.
    mid = last // 2
    for version in (2, mid, last - 1, last):
        page.get_by_role("slider", name="step").fill(str(version))
        shown(page, version, last)
        view = httpx.get(f"{server.api}/matches/{match}/view", params={"at": version}).json()
        assert page_scores(page, seats) == [row["score"] for row in view["scores"]], version

    # The share link opens the same step (and carries no token).
    page.get_by_role("slider", name="step").fill(str(mid))
    shown(page, mid, last)
    link = str(page.locator("a.share").get_attribute("href"))
    assert link.endswith(f"#/m/{match}?at={mid}") and "token" not in link
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{game}.png"), full_page=True)
    other = page.context.new_page()
    other.goto(link)
    shown(other, mid, last)
    other.close()

    # The verdict (full: the record is open) and the final scoreboard.
    page.wait_for_selector(".verdict .ok")
    assert "chain, commitments, seed and re-run verify" in page.locator(".verdict").inner_text()
    final = httpx.get(f"{server.api}/matches/{match}/scores").json()
    for row in final["seats"]:
        cell = page.locator(f'[data-final-score="{row["seat"]}"]')
        assert int(cell.inner_text()) == row["score"]
    # The record is open: every seat's private knowledge may be shown to anyone.
    assert page.locator("section.panel.private").count() in (0, len(seats))


def test_the_match_list_filters_and_links(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, imported = viewer_server
    page.goto(f"{server.url}/")
    page.wait_for_selector("table.matches")
    assert page.locator("table.matches tbody tr").count() >= len(GAMES)
    page.get_by_label("Game").select_option("kosmonauts")
    page.wait_for_function("location.hash.includes('game=kosmonauts')")
    page.wait_for_function(
        "id => document.querySelector(`tr[data-match='${id}']`) !== null"
        " && [...document.querySelectorAll('table.matches tbody tr td:nth-child(2)')]"
        ".every(cell => cell.textContent === 'Kosmonauts')",
        arg=imported["kosmonauts"],
    )
    page.get_by_label("Seat").fill("nobody-here")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_selector("p.empty")
    page.goto(f"{server.url}/#/?game=kosmonauts")
    page.wait_for_selector("table.matches")
    page.locator(f'tr[data-match="{imported["kosmonauts"]}"] a').click()
    page.wait_for_selector("figure.board svg")
    assert re.search(rf"#/m/{imported['kosmonauts']}", page.url)


def test_a_match_is_found_by_a_unique_prefix_of_its_id(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, imported = viewer_server
    match = imported["kosmonauts"]
    page.goto(f"{server.url}/#/m/{match[:8].upper()}?at=2")
    page.wait_for_function("id => location.hash === `#/m/${id}?at=2`", arg=match)
    page.wait_for_selector("figure.board svg")
    for named, said in (("zzzz", "no match 'zzzz'"), ("ab", "no match 'ab'")):
        page.goto(f"{server.url}/#/m/{named}")
        page.wait_for_selector("p.error")
        assert said in page.locator("p.error").inner_text()


BOARD_MARKUP = """() => {
  const svg = document.querySelector('figure.board svg').cloneNode(true);
  svg.removeAttribute('style');  // the page's own sizing of the picture
  return new XMLSerializer().serializeToString(svg);
}"""


@pytest.mark.parametrize("game", GAMES)
def test_a_board_brought_forward_step_by_step_is_the_board_of_that_step(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]], game: str
) -> None:
    """Stepping changes only what differs between two boards (server/static/dom.js `morph`):
    after steps forward, back and a jump, the page holds exactly the board it draws for that
    step when opened there."""
    server, imported = viewer_server
    match = imported[game]
    last = httpx.get(f"{server.api}/matches/{match}").json()["version"]
    middle = last // 2
    page.goto(f"{server.url}/#/m/{match}?at={middle}")
    shown(page, middle, last)
    page.locator("h1").click()
    for key in ("ArrowRight", "ArrowRight", "ArrowLeft", "ArrowRight", "ArrowRight"):
        page.keyboard.press(key)
    shown(page, middle + 3, last)
    page.keyboard.press("End")
    shown(page, last, last)
    page.keyboard.press("Home")
    shown(page, 1, last)
    for key in ("ArrowRight", "ArrowRight"):
        page.keyboard.press(key)
    shown(page, 3, last)
    fresh = page.context.new_page()
    fresh.goto(f"{server.url}/#/m/{match}?at=3")
    shown(fresh, 3, last)
    drawn = fresh.evaluate(BOARD_MARKUP)
    fresh.close()
    assert len(drawn) > 500 and page.evaluate(
        SAME_BOARD, drawn
    )  # equal nodes, in any attribute order


SAME_BOARD = """(drawn) => {
  const svg = document.querySelector('figure.board svg').cloneNode(true);
  svg.removeAttribute('style');
  const other = new DOMParser().parseFromString(drawn, 'image/svg+xml').documentElement;
  return svg.isEqualNode(document.importNode(other, true));
}"""
