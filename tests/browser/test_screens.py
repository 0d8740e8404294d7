"""Every game's board on a phone (390x844, and 360 wide) and on a laptop (1366x900): the page
never scrolls sideways, and no text of a board, a private panel or the score chart is drawn
under 10 CSS px (font size times the scale of the SVG around it), at the scale the page opens."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import GAMES
from tests.server.server_process import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.browser]

SMALLEST = """() => {
  let smallest = {size: Infinity, text: null};
  for (const node of document.querySelectorAll('figure.board svg text, section.panel svg text, svg.chart text')) {
    if (!node.textContent.trim() || node.getBoundingClientRect().width === 0) continue;
    const ctm = node.getScreenCTM();
    const size = parseFloat(getComputedStyle(node).fontSize) * Math.hypot(ctm.a, ctm.b);
    if (size < smallest.size) smallest = {size, text: node.textContent};
  }
  return smallest;
}"""

OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.mark.parametrize("size", [(390, 844), (1366, 900)], ids=["phone", "laptop"])
def test_every_board_fits_the_screen_and_reads(
    browser: Any, viewer_server: tuple[ServerProcess, dict[str, str]], size: tuple[int, int]
) -> None:
    server, imported = viewer_server
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{server.url}/#/")
        page.wait_for_selector("table.matches")
        assert page.evaluate(OVERFLOW) <= 0, "the match list scrolls sideways"
        found = {}
        for game in GAMES:
            page.goto(f"{server.url}/#/m/{imported[game]}?at=40")
            page.wait_for_function(
                "document.querySelector('figure.board')?.dataset.version === '40'"
            )
            page.wait_for_selector("svg.chart")
            assert page.evaluate(OVERFLOW) <= 0, f"{game}: the page scrolls sideways at {width} px"
            found[game] = page.evaluate(SMALLEST)
            if width < 400:
                page.set_viewport_size({"width": 360, "height": height})
                assert page.evaluate(OVERFLOW) <= 0, f"{game}: the page scrolls sideways at 360 px"
                page.set_viewport_size({"width": width, "height": height})
        small = {game: seen for game, seen in found.items() if seen["size"] < 10}
        assert not small, f"text under 10 px at {width} px: {small}"
    finally:
        context.close()
    assert not errors, errors
