"""Where a catch-up's time goes: a ledger of seconds by part, kept only when asked for.

`Projections.costs = Costs()` makes the next catch-ups add up the wall-clock seconds of each
part of the work (time.perf_counter around each step; no profiler, so the figures are the run's
own): reading pages of the log, bringing matches forward ("fold"), each projector's documents
(the audit's chain included: it reads the stored events itself), and writing them. The per-event
parts (folding, sealing the audit chain) are also kept per event kind (Started, Decided, ...),
timed one event at a time. `bench/bench_projections.py` prints them (`report`).
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

clock = time.perf_counter


def kind_of(topic: str) -> str:
    """An event's kind from its topic: `domain.match:Match.Decided` -> `Decided`."""
    return topic.rpartition(".")[2]


class Costs:
    def __init__(self) -> None:
        self.seconds: defaultdict[str, float] = defaultdict(float)
        self.kinds: defaultdict[tuple[str, str], float] = defaultdict(float)
        self.counts: defaultdict[tuple[str, str], int] = defaultdict(int)

    def add(self, part: str, seconds: float) -> None:
        self.seconds[part] += seconds

    def add_kind(self, part: str, kind: str, seconds: float) -> None:
        """`seconds` spent on one event of `kind` in `part` (timed within the part's own)."""
        self.kinds[part, kind] += seconds
        self.counts[part, kind] += 1

    @contextmanager
    def timing(self, part: str) -> Iterator[None]:
        started = clock()
        try:
            yield
        finally:
            self.seconds[part] += clock() - started

    def report(self, events: int) -> list[str]:
        """Lines: each part's seconds, share of the whole and µs per event of the catch-up;
        then per event kind, µs per event of that kind."""
        total = sum(self.seconds.values()) or 1e-9
        lines = [f"  {'part':<22} {'seconds':>8} {'share':>6} {'µs/event':>9}"]
        for part, seconds in sorted(self.seconds.items(), key=lambda item: -item[1]):
            lines.append(
                f"  {part:<22} {seconds:8.3f} {seconds / total:6.1%} "
                f"{seconds / max(events, 1) * 1e6:9.1f}"
            )
        if self.kinds:
            lines.append(f"  {'part, event kind':<22} {'events':>8} {'µs/event':>9}")
            for (part, kind), seconds in sorted(self.kinds.items()):
                count = self.counts[part, kind]
                lines.append(f"  {part + ', ' + kind:<22} {count:8d} {seconds / count * 1e6:9.1f}")
        return lines
