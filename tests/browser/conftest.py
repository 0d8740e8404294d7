"""The browser viewer in a real browser: Playwright for Python driving Debian's Chromium
(headless, by its executable path; never a downloaded browser build), against a real
`starledger serve` process on a free port.

Where Chromium or Playwright is missing these tests are skipped, except in CI (`CI` set), where
`.ci/run` installs Chromium and a missing browser is a failure.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from records.imports import import_lines
from records.replays import parse
from store.ledger import Ledger
from tests.server.server_process import ServerProcess
from tests.support.waiting import CEILING

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("delta-v", "race-for-the-galaxy", "onward-to-venus", "duck-dealer", "kosmonauts")
SCREENSHOTS = Path(os.environ.get("STARLEDGER_SCREENSHOTS", ROOT / "build" / "screenshots"))


def chromium_path() -> str | None:
    return next(
        (found for name in ("chromium", "chromium-browser") if (found := shutil.which(name))), None
    )


def _missing(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing in CI (.ci/run installs it)")
    pytest.skip(f"{what} is missing (apt-get install chromium; pip install playwright)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one test module. Not for the session: Playwright's sync API keeps an event
    loop running in this thread while it is open, and later tests call asyncio.run()."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright for Python")
    path = chromium_path()
    if path is None:
        _missing("Debian's chromium")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=path, args=["--no-sandbox", "--disable-gpu"]
        )
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    # Playwright evaluates its waiting conditions as strings, which the page's CSP forbids
    # (tests/server/test_viewer_pages.py checks the CSP header itself).
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, bypass_csp=True)
    # Every wait waits on the page's own events; the ceiling only ends a page that is stuck.
    context.set_default_timeout(CEILING * 1000)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, f"the page raised: {errors}"


def replay_of(game: str) -> Path:
    """The first recorded replay of `game` in replays/."""
    return sorted((ROOT / "replays").glob(f"{game}-[0-9]p-*.jsonl"))[0]


@pytest.fixture(scope="session")
def viewer_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[ServerProcess, dict[str, str]]]:
    """A server over a SQLite store holding one recorded replay of every game; the match ids by game."""
    folder = tmp_path_factory.mktemp("viewer")
    store = f"sqlite:///{folder}/matches.db"
    ledger = Ledger(store)
    imported = {}
    for game in GAMES:
        match, _ = import_lines(ledger, parse(replay_of(game).read_bytes()))
        imported[game] = str(match.id)
    ledger.close()
    with ServerProcess.start(store, folder) as server:
        yield server, imported
