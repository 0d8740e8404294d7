"""How a server process runs request work: long requests have threads of their own, and a call
still waiting for a thread when its time-out comes never runs (nothing is stored)."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from domain.errors import StoreUnavailable
from server import service
from server.service import Service
from server.settings import Settings


def _service(timeout: float) -> Service:
    return Service(Settings(store="memory://", request_timeout=timeout))


def test_long_requests_never_hold_up_quick_ones() -> None:
    svc = _service(timeout=10)
    release = threading.Event()

    async def scenario() -> None:
        stuck = [
            asyncio.ensure_future(svc.run(release.wait, long=True))
            for _ in range(service.LONG_THREADS + 2)
        ]
        await asyncio.sleep(0.05)
        started = time.monotonic()
        assert await svc.run(lambda: 42) == 42
        assert time.monotonic() - started < 5
        assert not any(task.done() for task in stuck)
        release.set()
        assert all(await asyncio.gather(*stuck))

    try:
        asyncio.run(scenario())
    finally:
        release.set()
        svc.close()


def test_a_call_still_waiting_for_a_thread_at_its_time_out_never_runs() -> None:
    svc = _service(timeout=0.2)
    release = threading.Event()
    ran: list[str] = []

    async def scenario() -> None:
        busy = [asyncio.ensure_future(svc.run(release.wait)) for _ in range(service.QUICK_THREADS)]
        await asyncio.sleep(0.05)
        with pytest.raises(StoreUnavailable) as refused:
            await svc.run(lambda: ran.append("stored"))
        assert refused.value.code == "TIMEOUT"
        release.set()
        await asyncio.gather(*busy, return_exceptions=True)
        await asyncio.sleep(0.2)  # a queued call would have run by now

    try:
        asyncio.run(scenario())
    finally:
        release.set()
        svc.close()
    assert ran == []
