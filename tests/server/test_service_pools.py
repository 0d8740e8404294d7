"""How a server process runs request work: plays, reads and long requests have threads of their
own, and a call still waiting for a thread when its time-out comes never runs (nothing is stored)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from domain.errors import StoreUnavailable
from server import service
from server.service import Pool, Service
from server.settings import Settings
from tests.support.waiting import CEILING


def _service(timeout: float) -> Service:
    return Service(Settings(store="memory://", request_timeout=timeout))


@pytest.mark.parametrize(("busy", "free"), [("long", "play"), ("read", "play"), ("play", "read")])
def test_a_pool_full_of_stuck_requests_never_holds_up_another_kind(busy: Pool, free: Pool) -> None:
    svc = _service(timeout=10)
    release = threading.Event()

    async def scenario() -> None:
        stuck = [
            asyncio.ensure_future(svc.run(release.wait, pool=busy))
            for _ in range(service.THREADS[busy] + 2)
        ]
        await asyncio.sleep(0.05)
        # held up, it would wait for `release`, which comes only after it: the ceiling ends that
        assert await asyncio.wait_for(svc.run(lambda: 42, pool=free), CEILING) == 42
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
        busy = [
            asyncio.ensure_future(svc.run(release.wait, pool="play"))
            for _ in range(service.THREADS["play"])
        ]
        await asyncio.sleep(0.05)
        with pytest.raises(StoreUnavailable) as refused:
            await svc.run(lambda: ran.append("stored"), pool="play")
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
