"""A long catch-up on every core: the matches shared out between processes, written by one.

Projections are functions of each match's own events, so a backlog can be worked out match by
match in parallel. The notification log is taken in segments of SEGMENT notifications; within a
segment, this process and each helper (a forked copy with its own connections to the store)
project the matches of their share (a match belongs to share `id.int % shares`) from pages of
the whole log, keeping the documents in memory. This process then writes each projector's
documents of the segment, all shares together, with the segment's end as its position: one
atomic write per projector, exactly as a sequential catch-up would leave it. A later segment
finds what an earlier one wrote in the store (the audit chain of a match goes on from there).

It is used only for a backlog of at least PARALLEL_FROM events, on a store other processes can
open (not `memory://`), when every projector stands at the same position, and where processes
can be forked from a process running one thread; anything else (and any failure of a helper) leaves the catch-up to the
sequential path, which goes on from whatever positions were written.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Protocol

from eventsourcing.persistence import Notification

from projections.projectors import PAGE, Pendings, Projector
from store.ledger import Ledger

PARALLEL_FROM = 40_000
"""Events behind before a catch-up shares the work out (below, forking costs more than it saves)."""
SEGMENT = 200_000
"""Notifications a segment spans: the documents of one segment are held in memory until written."""
MAX_SHARES = 8


class Projecting(Protocol):
    """What a catch-up shares out (projections/runner.py's `Projections`)."""

    @property
    def ledger(self) -> Ledger: ...

    @property
    def projectors(self) -> Sequence[Projector]: ...

    def positions(self) -> dict[str, int]: ...

    def write(self, pending: Pendings, positions: dict[str, int], last: int) -> bool: ...

    def project_page(
        self,
        page: Sequence[Notification],
        positions: dict[str, int],
        pending: Pendings,
        share: Callable[[Any], bool] | None = None,
    ) -> Any: ...


_helper: Projecting | None = None  # a helper process's own projections (see `_start_helper`)


def shares_for(projections: Projecting, behind: int) -> int:
    """How many processes a catch-up of `behind` events takes (1: the sequential path)."""
    if behind < PARALLEL_FROM or os.environ.get("STARLEDGER_PARALLEL") == "0":
        return 1
    if projections.ledger.url.startswith("memory:") or ":memory:" in projections.ledger.url:
        return 1
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    if threading.active_count() > 1:
        return 1  # fork only a process with one thread: no lock can be held by another
    if len(set(projections.positions().values())) != 1:
        return 1  # one projection rebuilt alone: its own sequential pass
    return max(1, min(MAX_SHARES, len(os.sched_getaffinity(0))))


def catch_up_in_parallel(
    projections: Projecting,
    start: int,
    stop: int,
    shares: int,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Project notifications start+1 .. stop with `shares` processes (this one included);
    returns how many notifications were covered. Stops early, returning what it covered, when
    a write finds another process ahead (the sequential path goes on from there)."""
    names = [p.name for p in projections.projectors]
    context = multiprocessing.get_context("fork")
    done = 0
    with ProcessPoolExecutor(
        max_workers=shares - 1,
        mp_context=context,
        initializer=_start_helper,
        initargs=(type(projections), projections.ledger.url, names),
    ) as pool:
        for first in range(start + 1, stop + 1, SEGMENT):
            last = min(stop, first + SEGMENT - 1)
            helpers: list[Future[Pendings]] = [
                pool.submit(_project_share, first, last, share, shares)
                for share in range(1, shares)
            ]
            pending = project_share(projections, first, last, 0, shares)
            for helper in helpers:
                for name, docs in helper.result().items():
                    pending[name].update(docs)
            positions = dict.fromkeys(names, first - 1)
            if not projections.write(pending, positions, last):
                return done
            done = last - start
            if progress is not None:
                progress(done, stop - start)
    return done


def project_share(
    projections: Projecting, first: int, last: int, share: int, shares: int
) -> Pendings:
    """The documents notifications first .. last change for the matches of share `share`."""
    pending: Pendings = {p.name: {} for p in projections.projectors}
    positions = {p.name: first - 1 for p in projections.projectors}
    position = first - 1
    recorder = projections.ledger.recorder
    page_size = PAGE

    def mine(ident: Any) -> bool:
        return bool(ident.int % shares == share)

    while position < last:
        page: list[Notification] = list(
            recorder.select_notifications(position + 1, page_size, stop=last)
        )
        if not page:
            break
        projections.project_page(page, positions, pending, share=mine)
        position = page[-1].id
    return pending


def _start_helper(
    kind: Callable[[Ledger, list[str]], Projecting], url: str, names: list[str]
) -> None:
    """In a forked helper: its own projections of the parent's kind, over its own Ledger (its
    own connections; none of the parent's is used)."""
    global _helper
    _helper = kind(Ledger(url), names)


def _project_share(first: int, last: int, share: int, shares: int) -> Pendings:
    assert _helper is not None
    return project_share(_helper, first, last, share, shares)
