"""The house's random source: a deterministic generator per decision of a match."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class Rng:
    """A deterministic random source for decision `n` of a match seeded with `seed`.

    splitmix64 over a blake2b-derived start: the same (seed, n) gives the same draws on every
    Python, so `verify` can re-run `decide` and compare outcomes. `used` counts draws, so the
    Match knows whether a decision involved chance (and therefore cannot be undone).
    """

    __slots__ = ("_state", "n", "seed", "used")

    def __init__(self, seed: int, n: int) -> None:
        self.seed = seed
        self.n = n
        digest = hashlib.blake2b(f"{seed}:{n}".encode(), digest_size=8).digest()
        self._state = int.from_bytes(digest, "big")
        self.used = 0

    def _next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, k: int) -> int:
        """A uniform integer in [0, k)."""
        if k <= 0:
            raise ValueError("Rng.below needs a positive bound")
        self.used += 1
        limit = (1 << 64) - ((1 << 64) % k)
        while True:
            x = self._next64()
            if x < limit:
                return x % k

    def between(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], as a die roll."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        """A Fisher-Yates shuffle of a copy of `items`."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
