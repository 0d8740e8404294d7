"""A match page shows its game's rules (`GET /games/{game}/rules`) in a panel: one collapsible
topic per section, every move kind among them, opened on a click, its text as text."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.server_process import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_a_match_page_has_the_rules_panel_of_its_game(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, imported = viewer_server
    rules = httpx.get(f"{server.api}/games/kosmonauts/rules").json()
    page.goto(f"{server.url}/#/m/{imported['kosmonauts']}")
    panel = page.get_by_role("region", name="the rules")
    panel.locator("details").first.wait_for()
    assert panel.locator("h2").inner_text() == "Rules"
    names = panel.locator("details").evaluate_all("(all) => all.map((d) => d.dataset.topic)")
    assert names == [topic["name"] for topic in rules["topics"]]

    evacuation = panel.locator('details[data-topic="RequestEvacuation"]')
    assert not evacuation.evaluate("(d) => d.open")
    evacuation.locator("summary").click()
    assert evacuation.evaluate("(d) => d.open")
    assert "last body it landed on" in evacuation.inner_text()

    options = panel.locator('details[data-topic="Options"]')
    options.locator("summary").click()
    assert options.locator("li code", has_text="max_rounds").count() == 1  # Markdown, as elements
    assert "`" not in options.inner_text()
