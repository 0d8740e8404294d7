"""The replay viewer's cost in a real browser (Playwright driving Debian's Chromium) against a
real `starledger serve`, on a finished recorded match of 800+ steps.

Printed, each beside a baseline measured in the same run:

- stepping from the first step to the last, one step at a time (PAUSE ms apart), each drawn: the bytes on
  the wire (Chrome's own count, DevTools protocol) beside the same answers' uncompressed size
  (what the page downloaded before answers were gzipped); pictures fetched per step.
- a held arrow key (a step every animation frame, as a key repeats): the mean time per step, and
  the pictures fetched for the steps passed over (only the step it stops on and its neighbours
  should be fetched) beside the number of steps.
- a single step's picture: the page's time from the key to the board drawn (p50/p90), and the
  server's answer for a step never asked before (p90) beside the same answer asked again (a
  picture of a finished match is kept for good: the browser asks once, the server draws once).

Targets (issue #26): first to last <= 8 MB; a held step <= 40 ms; a single step's picture
p90 <= 50 ms on this (shared, 2-core) machine.

    .venv/bin/python -m bench.bench_viewer [--replay replays/duck-dealer-4p-065e06a1.jsonl]
        [--held 120]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from bench.common import percentile
from records.imports import import_lines
from records.replays import parse
from store.ledger import Ledger
from tests.browser.conftest import chromium_path
from tests.server.server_process import ServerProcess

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "replays" / "duck-dealer-4p-065e06a1.jsonl"
PAUSE = 130
"""ms between steps taken one by one (a held key repeats every 30-50 ms; the page tells them
apart by their pace, and draws a held key's steps only where it stops)."""
EVENT_TIMING = """
window.__keys = [];
new PerformanceObserver((found) => {
  for (const entry of found.getEntries()) {
    if (entry.name === "keydown") {
      window.__keys.push([entry.duration, entry.processingEnd - entry.processingStart]);
    }
  }
}).observe({ type: "event", durationThreshold: 16 });
"""
"""Key presses timed by the browser itself (Event Timing: from the key down to the next paint
after the page's handlers, 8 ms resolution), free of the test driver's round trips."""
BOARD_AT = "v => document.querySelector('figure.board')?.dataset.version === String(v)"

HOLD = """async (count) => {
  // A key held down: a keydown every animation frame, as a repeating key sends them.
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  await frame();
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await frame();
  }
  return (performance.now() - started) / count;
}"""


@dataclass
class Wire:
    """What Chrome fetched, by its DevTools protocol: bytes on the wire and decoded."""

    encoded: int = 0
    decoded: int = 0
    urls: dict[str, str] = field(default_factory=dict)
    pictures: list[str] = field(default_factory=list)

    def attach(self, page: Any) -> None:
        session = page.context.new_cdp_session(page)
        session.send("Network.enable")
        session.on("Network.requestWillBeSent", self._sent)
        session.on("Network.dataReceived", self._data)
        session.on("Network.loadingFinished", self._done)

    def _sent(self, event: dict[str, Any]) -> None:
        url = event["request"]["url"]
        self.urls[event["requestId"]] = url
        if "/picture" in url:
            self.pictures.append(url)

    def _data(self, event: dict[str, Any]) -> None:
        self.decoded += int(event.get("dataLength", 0))

    def _done(self, event: dict[str, Any]) -> None:
        self.encoded += int(event.get("encodedDataLength", 0))

    def reset(self) -> None:
        self.encoded = self.decoded = 0
        self.pictures.clear()


def stored(replay: Path, folder: Path) -> tuple[str, str, int]:
    store = f"sqlite:///{folder}/viewer.db"
    ledger = Ledger(store)
    match, _ = import_lines(ledger, parse(replay.read_bytes()))
    ledger.close()
    return store, str(match.id), match.version


def server_side(api: str, match: str, last: int, samples: int) -> tuple[list[float], list[float]]:
    """Seconds per picture: steps never asked before, then the same steps asked again."""
    steps = random.Random(26).sample(range(1, last + 1), min(samples, last))
    first: list[float] = []
    again: list[float] = []
    with httpx.Client(headers={"Accept-Encoding": "gzip"}) as client:
        for times in (first, again):
            for step in steps:
                started = time.perf_counter()
                answer = client.get(f"{api}/matches/{match}/picture", params={"at": step})
                answer.raise_for_status()
                times.append(time.perf_counter() - started)
    return first, again


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replay", type=Path, default=DEFAULT)
    parser.add_argument("--held", type=int, default=120, help="steps of the held key")
    parser.add_argument("--samples", type=int, default=60, help="server pictures sampled")
    args = parser.parse_args()
    path = chromium_path()
    if path is None:
        raise SystemExit("Debian's chromium is missing (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        store, match, last = stored(args.replay, Path(folder))
        with ServerProcess.start(store, Path(folder)) as server, sync_playwright() as playwright:
            print(f"{args.replay.name}: {last} steps")
            first, again = server_side(server.api, match, last, args.samples)
            print(
                f"server, a picture never asked before: p50 {percentile(first, 50) * 1000:.1f} ms,"
                f" p90 {percentile(first, 90) * 1000:.1f} ms;"
                f" asked again: p90 {percentile(again, 90) * 1000:.1f} ms"
            )
            browser = playwright.chromium.launch(
                executable_path=path, args=["--no-sandbox", "--disable-gpu"]
            )
            context = browser.new_context(viewport={"width": 1366, "height": 900}, bypass_csp=True)
            page = context.new_page()
            wire = Wire()
            wire.attach(page)

            # First to last, a step at a time, each drawn.
            page.goto(f"{server.url}/#/m/{match}?at=1")
            page.wait_for_function(BOARD_AT, arg=1)
            page.locator("h1").click()
            page.evaluate(EVENT_TIMING)
            steps: list[float] = []
            started = time.perf_counter()
            for version in range(2, last + 1):
                page.wait_for_timeout(PAUSE)  # a person's pace: not a held key
                pressed = time.perf_counter()
                page.keyboard.press("ArrowRight")
                page.wait_for_function(BOARD_AT, arg=version, polling="raf")
                steps.append(time.perf_counter() - pressed)
            took = time.perf_counter() - started
            print(
                f"first to last ({last} steps, {took:.1f} s): {wire.encoded / 1e6:.2f} MB on the"
                f" wire, beside {wire.decoded / 1e6:.2f} MB uncompressed;"
                f" {len(wire.pictures)} pictures fetched"
            )
            print(
                f"a step in the page (key to board drawn, neighbours fetched ahead):"
                f" p50 {percentile(steps, 50) * 1000:.1f} ms, p90 {percentile(steps, 90) * 1000:.1f} ms"
                " (Playwright's round trips included)"
            )
            timed = page.evaluate("window.__keys")
            if timed:
                painted = [entry[0] / 1000 for entry in timed]
                handlers = [entry[1] / 1000 for entry in timed]
                print(
                    f"  measured in the page (Event Timing, key down to the next paint; "
                    f"{len(timed)} steps of 16 ms or more): p50 {percentile(painted, 50) * 1000:.0f} ms,"
                    f" p90 {percentile(painted, 90) * 1000:.0f} ms; of which the page's own code:"
                    f" p50 {percentile(handlers, 50) * 1000:.1f} ms,"
                    f" p90 {percentile(handlers, 90) * 1000:.1f} ms (the rest: style, layout, paint)"
                )

            # A held key from the first step.
            page.keyboard.press("Home")
            page.wait_for_function(BOARD_AT, arg=1)
            held = min(args.held, last - 1)
            wire.reset()
            per_step = page.evaluate(HOLD, held)
            page.wait_for_function(BOARD_AT, arg=1 + held)
            passed = [url for url in wire.pictures if f"at={1 + held}&" not in url + "&"]
            print(
                f"a held key over {held} steps: {per_step:.1f} ms a step;"
                f" {len(wire.pictures)} pictures fetched ({len(passed)} not of the step it stopped"
                f" on), beside {held} steps passed"
            )
            context.close()
            browser.close()


if __name__ == "__main__":
    main()
