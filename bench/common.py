"""Shared helpers for the benchmarks: timing and the games they run on."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from domain.registry import GAMES, all_games


def ensure_game(slug: str) -> None:
    """Registers the test suite's toy game when asked for it (for quick smoke runs)."""
    all_games()
    if slug == "toy" and "toy" not in GAMES:
        from tests.support.toy_game import install

        install()


def best_of(repeats: int, func: Callable[[], object]) -> float:
    """The fastest of `repeats` runs, in seconds (the least disturbed by other work)."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        func()
        times.append(time.perf_counter() - started)
    return min(times)


def percentile(samples: list[float], q: float) -> float:
    return statistics.quantiles(samples, n=100)[int(q) - 1] if len(samples) > 1 else samples[0]
