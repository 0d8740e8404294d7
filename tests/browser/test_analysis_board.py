"""The analysis board on a match page: keys, the chart's readout and click, notes added from the
page under their step, diff between two steps, fork with invite links, and the perspective of
any seat on an open record."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.browser.test_live_and_secrets import play_one
from tests.server.bots import create
from tests.server.server_process import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def shown_step(page: Any) -> int:
    return int(page.locator("output.where").inner_text().split()[1])


def wait_step(page: Any, version: int) -> None:
    page.wait_for_function(
        "v => document.querySelector('output.where')?.textContent.startsWith(`step ${v} of`)",
        arg=version,
    )


def test_keys_help_and_the_charts_readout(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, matches = viewer_server
    page.goto(f"{server.url}/#/m/{matches['kosmonauts']}?at=5")
    wait_step(page, 5)
    for key, expected in (("ArrowDown", 6), ("j", 7), ("k", 6), ("ArrowUp", 5), ("End", None)):
        page.keyboard.press(key)
        if expected is not None:
            wait_step(page, expected)
    last = shown_step(page)
    assert last > 10
    page.keyboard.press("?")
    assert page.get_by_role("dialog", name="keyboard keys").is_visible()
    page.keyboard.press("Escape")
    assert page.get_by_role("dialog", name="keyboard keys").is_hidden()
    chart = page.locator("svg.chart")
    chart.scroll_into_view_if_needed()  # below the board on a laptop's screen
    box = chart.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    readout = page.locator("output.chart-readout")
    assert readout.inner_text().startswith("step ")
    hovered = int(readout.inner_text().split()[1].rstrip(":"))
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_step(page, hovered)  # the readout names the step a click opens
    # Over the score line's own point of a step, the readout names that step, near either end too.
    line = page.locator("svg.chart polyline").first.get_attribute("points") or ""
    xs = [float(pair.split(",")[0]) for pair in line.split()]
    width = page.eval_on_selector("svg.chart", "svg => svg.viewBox.baseVal.width")
    for index in (0, 1, len(xs) // 2, len(xs) - 2, len(xs) - 1):
        page.mouse.move(box["x"] + xs[index] / width * box["width"], box["y"] + box["height"] / 2)
        assert readout.inner_text().startswith(f"step {index + 1}:")


def test_perspective_of_each_seat_on_an_open_record(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, matches = viewer_server
    match = matches["race-for-the-galaxy"]
    page.goto(f"{server.url}/#/m/{match}?at=20")
    wait_step(page, 20)
    chooser = page.get_by_role("combobox", name="perspective")
    options = chooser.locator("option").all_inner_texts()
    assert options[0] == "spectator" and options[-1] == "referee" and len(options) >= 4
    seat = options[1]
    chooser.select_option(seat)
    page.locator("strong.viewer", has_text=seat).wait_for()
    wait_step(page, 20)
    page.locator("figure.board figcaption", has_text=f"as {seat} sees it").wait_for()
    assert sorted(
        page.locator("section.panel").evaluate_all("ps => ps.map(p => p.dataset.seat)")
    ) in (
        [],
        [seat],
    )
    assert "token" not in page.url


def test_notes_diff_and_fork_from_the_page(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, _ = viewer_server
    rng = random.Random(3)
    match = create(server.api, "kosmonauts", 2, seed=31)
    try:
        for _ in range(6):
            play_one(match, rng)
        # A running match forks for its referee only (its fork's tokens read everything).
        page.goto(f"{server.url}/#/m/{match.id}?at=3&token={match.token('ann')}")
        wait_step(page, 3)
        assert page.get_by_role("button", name="fork from this step").is_hidden()
        page.goto("about:blank")  # another invite link, opened as a new page (not a hash change)
        page.goto(f"{server.url}/#/m/{match.id}?at=3&token={match.token('referee')}")
        page.locator("strong.viewer", has_text="referee").wait_for()
        wait_step(page, 3)
        page.get_by_role("textbox", name="note text").fill("a fine move")
        page.get_by_role("button", name="add note").click()
        page.locator(
            'ol.decisions li[data-version="3"] .note', has_text="referee: a fine move"
        ).wait_for()
        page.locator(".notes-here .note", has_text="a fine move").wait_for()
        ben = match.client("ben").get(f"/matches/{match.id}/notes").json()
        assert ben == []  # the referee's note is the referee's while the match runs

        page.get_by_role("spinbutton", name="diff from step").fill("1")
        page.get_by_role("spinbutton", name="diff to step").fill("5")
        page.get_by_role("button", name="compare").click()
        page.locator(".diff-out", has_text="between step 1 and step 5").wait_for()
        assert page.locator(".diff-out ol.diff-decisions li").count() == 4

        page.get_by_role("button", name="fork from this step").click()
        forked = page.locator(".fork-out a.forked")
        forked.wait_for()
        invites = page.locator(".fork-out a[data-invite]")
        assert invites.count() == 3  # each seat's and the referee's
        href = invites.first.get_attribute("href") or ""
        assert "#/m/" in href and "?token=" in href.split("#", 1)[1]
        invites.first.click()  # ann's invite: her page of the new match, playing
        page.locator(".play .to-play, .play .waiting").first.wait_for()
        assert page.locator("strong.viewer").inner_text() == "ann"
    finally:
        match.close()


def test_the_referee_switches_to_a_seats_perspective_while_the_match_runs(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, _ = viewer_server
    rng = random.Random(4)
    match = create(server.api, "race-for-the-galaxy", 2, seed=41)
    try:
        for _ in range(3):
            play_one(match, rng)
        page.goto(f"{server.url}/#/m/{match.id}?token={match.token('referee')}")
        page.locator("strong.viewer", has_text="referee").wait_for()
        chooser = page.get_by_role("combobox", name="perspective")
        assert chooser.locator("option").all_inner_texts() == ["spectator", "ann", "ben", "referee"]
        chooser.select_option("ben")
        page.locator("strong.viewer", has_text="ben").wait_for()
        page.locator("figure.board figcaption", has_text="as ben sees it").wait_for()
        assert page.locator("section.panel").evaluate_all("ps => ps.map(p => p.dataset.seat)") in (
            [],
            ["ben"],
        )
        assert page.locator(".play").is_hidden()  # the referee plays for no seat
        page.get_by_role("textbox", name="note text").fill("ben is short of cards")
        page.get_by_role("button", name="add note").click()
        page.locator(".notes-here .note", has_text="referee: ben is short of cards").wait_for()
        seat_page = page.context.new_page()
        seat_page.goto(f"{server.url}/#/m/{match.id}?token={match.token('ann')}")
        seat_page.locator("strong.viewer", has_text="ann").wait_for()
        names = seat_page.get_by_role("combobox", name="perspective").locator("option")
        assert names.all_inner_texts() == ["spectator", "ann"]  # a running match: its own only
        seat_page.close()
    finally:
        match.close()
