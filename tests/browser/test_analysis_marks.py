"""A stored analysis on the match page (server/static/analysis_marks.js): an evaluation line on
the score chart and the marks on the decision list, for an open record."""

from __future__ import annotations

from typing import Any

import pytest

from domain.analysis import Judged, mark_of
from domain.judging import decisions
from domain.move_value import Value
from store.ledger import Ledger
from tests.server.server_process import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_the_page_draws_a_stored_analysis(
    page: Any, viewer_server: tuple[ServerProcess, dict[str, str]]
) -> None:
    server, imported = viewer_server
    match = imported["race-for-the-galaxy"]
    ledger = Ledger(server.store)
    found = ledger.match(match)
    seat = found.seats[0]
    mine = [d for d in decisions(ledger.stored_events(match)) if d.seat == 0][:4]
    losses = [0.0, 0.3, 0.12, 0.0]
    judged = [
        Judged(
            step=d.step,
            played=d.command,
            best=d.command,
            mark=mark_of(loss),
            loss=loss,
            played_value=Value(0.6 - loss, 0.0),
            best_value=Value(0.6, 0.0),
            accuracy=50.0,
            candidates=2,
            samples=1,
        )
        for d, loss in zip(mine, losses, strict=True)
    ]
    ledger.save_analysis(match, seat, found.version, "1 iteration", 0, judged)
    ledger.close()

    page.goto(f"{server.url}/#/m/{match}")
    page.locator(f'polyline.evaluation[data-seat="{seat}"]').wait_for(state="attached")
    assert page.locator("circle.evaluation-mark").count() == 2  # the blunder and the mistake
    # The line is drawn in the chart's own frame: each judged step where the score line has it.
    evaluation = points(page, f'polyline.evaluation[data-seat="{seat}"]')
    scores = points(page, f'polyline:not(.evaluation)[data-seat="{seat}"]')
    height = page.eval_on_selector("svg.chart", "svg => svg.viewBox.baseVal.height")
    score_xs = {round(x, 1) for x, _ in scores}
    assert evaluation and all(round(x, 1) in score_xs for x, _ in evaluation)
    assert all(0 <= y <= height for _, y in evaluation)
    blunder = page.locator(f'.decisions li[data-version="{mine[1].step}"] .analysis-mark')
    assert blunder.inner_text() == "??"
    assert "blunder" in (blunder.get_attribute("title") or "")
    mistake = page.locator(f'.decisions li[data-version="{mine[2].step}"] .analysis-mark')
    assert mistake.inner_text() == "?"
    assert page.locator(f'.decisions li[data-version="{mine[0].step}"] .analysis-mark').count() == 0


def points(page: Any, selector: str) -> list[tuple[float, float]]:
    """The points of an SVG polyline on the page."""
    text = page.locator(selector).first.get_attribute("points") or ""
    return [(float(x), float(y)) for x, y in (pair.split(",") for pair in text.split())]
