"""The live hub follows the store only while an event stream watches, and a stream misses no
wake-up across the hub's start, its idle stop and its restart (SQLite polled, Redis pushed)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from domain.errors import StoreUnavailable
from server import live
from server.live import Hub
from store.ledger import Ledger
from tests.support.toy_game import Take
from tests.support.waiting import CEILING

WAIT = CEILING  # seconds a wake-up may take before the test fails (it takes milliseconds)


@pytest.fixture(params=["sqlite", "redis"])
def ledger(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Ledger:
    monkeypatch.setattr(live, "IDLE_SECONDS", 0.3)
    monkeypatch.setattr(live, "TICK", 0.05)
    if request.param == "sqlite":
        return Ledger(f"sqlite:///{tmp_path}/hub.db")
    return Ledger(request.getfixturevalue("redis_url"))


async def _until(condition: object, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.02)


def test_the_hub_follows_the_store_only_while_a_stream_watches(ledger: Ledger) -> None:
    match = ledger.new_match("toy", ["ann", "ben"])
    other = ledger.new_match("toy", ["cat", "dan"])

    async def scenario() -> None:
        hub = Hub(ledger)
        assert not hub.following  # nobody watches: nothing follows the store
        ledger.play(match.id, "ann", Take(1))
        with hub.watch(match.id) as woken:
            assert hub.following
            # once it listens, the hub wakes every stream: what was stored before is read now
            await asyncio.wait_for(woken.wait(), WAIT)
            woken.clear()
            await asyncio.to_thread(ledger.play, other.id, "cat", Take(1))
            await asyncio.to_thread(ledger.play, match.id, "ben", Take(2))
            await asyncio.wait_for(woken.wait(), WAIT)
            woken.clear()
        await _until(lambda: not hub.following, "the hub went on following with nobody watching")
        await asyncio.to_thread(ledger.play, match.id, "ann", Take(1))
        with hub.watch(match.id) as woken:  # a new stream starts it again and misses nothing
            assert hub.following
            await asyncio.wait_for(woken.wait(), WAIT)
            woken.clear()
            await asyncio.to_thread(ledger.play, match.id, "ben", Take(1))
            await asyncio.wait_for(woken.wait(), WAIT)
        assert hub.failure is None
        hub.stop()
        await _until(lambda: not hub.following, "the hub did not stop")

    asyncio.run(scenario())


def test_a_stream_is_not_woken_by_another_matchs_decisions(ledger: Ledger) -> None:
    match = ledger.new_match("toy", ["ann", "ben"])
    other = ledger.new_match("toy", ["cat", "dan"])
    hub = Hub(ledger)
    wakes: list[object] = []  # whom the hub woke: a match's streams, or everyone's (None)
    wake = hub._wake

    def recorded(woken: Any) -> None:
        wakes.append(woken)
        wake(woken)

    hub._wake = recorded  # type: ignore[method-assign]

    async def scenario() -> None:
        with hub.watch(match.id) as woken, hub.watch(other.id) as other_woken:
            # The hub listens once its start wakes the streams watching (the second watch may
            # come a moment after that: a stream reads what is there before it first waits).
            await asyncio.wait_for(woken.wait(), WAIT)
            woken.clear()
            other_woken.clear()
            before = len(wakes)
            await asyncio.to_thread(ledger.play, other.id, "cat", Take(1))
            # Woken for its own decision (or by a hub that restarted after a store failure,
            # which wakes every stream: whatever was stored meanwhile is looked at again).
            while not {other.id, None} & set(wakes[before:]):
                await asyncio.wait_for(other_woken.wait(), WAIT)
                other_woken.clear()
        hub.stop()

    asyncio.run(scenario())
    # A decision wakes its own match's streams, never another's.
    assert match.id not in wakes


def _store_fails(monkeypatch: pytest.MonkeyPatch, times: int) -> list[StoreUnavailable]:
    """The hub's next `times` attempts to follow the store fail; the failures not yet met."""
    real = live.live_notifications
    failures = [StoreUnavailable("the store went away") for _ in range(times)]

    def flaky(*args: Any) -> Any:
        if failures:
            raise failures.pop(0)
        return real(*args)

    monkeypatch.setattr(live, "live_notifications", flaky)
    return failures


def test_a_hub_whose_store_failed_follows_again_while_streams_watch(
    ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "RETRY_SECONDS", 0.05)
    failures = _store_fails(monkeypatch, times=2)
    match = ledger.new_match("toy", ["ann", "ben"])

    async def scenario() -> None:
        hub = Hub(ledger)
        with hub.watch(match.id) as woken:
            # the third attempt listens, clears the failure and wakes every stream
            await asyncio.wait_for(woken.wait(), WAIT)
            assert failures == [] and hub.failing is None
            woken.clear()
            await asyncio.to_thread(ledger.play, match.id, "ann", Take(1))
            await asyncio.wait_for(woken.wait(), WAIT)
        hub.stop()

    asyncio.run(scenario())


def test_a_failed_hub_with_no_stream_left_stops_and_starts_afresh(
    ledger: Ledger, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "RETRY_SECONDS", 5.0)
    _store_fails(monkeypatch, times=1)
    match = ledger.new_match("toy", ["ann", "ben"])

    async def scenario() -> None:
        hub = Hub(ledger)
        with hub.watch(match.id):
            await _until(lambda: hub.failing is not None, "the failure was not reported")
        await _until(lambda: not hub.following, "a failed hub went on with nobody watching")
        assert hub.failing is None  # nothing follows, nothing fails: /readyz is ready again
        with hub.watch(match.id) as woken:  # the next stream starts it afresh
            await asyncio.wait_for(woken.wait(), WAIT)
            assert hub.failure is None
        hub.stop()

    asyncio.run(scenario())
