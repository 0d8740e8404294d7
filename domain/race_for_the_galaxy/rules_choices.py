"""Which card subsets `legal` offers for a payment or a discard of k cards from a hand.

Every k-subset is listed while there are at most LEGAL_LIST_LIMIT of them, so a client that picks
from `legal` can reach every payment and discard a real hand allows. Only a space larger than
that (a hand limit discard from 16 cards or more, a 6-card payment from 16 or more) is sampled:
LEGAL_LIST_LIMIT subsets spread evenly over the lexicographic order, deterministic, so every card
appears in some option; `decide` still accepts every other subset.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from .components import LEGAL_LIST_LIMIT


def _nth_combination(pool: tuple[int, ...], k: int, index: int) -> tuple[int, ...]:
    """The `index`-th k-subset of `pool` in the order itertools.combinations gives them."""
    n, c = len(pool), comb(len(pool), k)
    out: list[int] = []
    while k:
        c, n, k = c * k // n, n - 1, k - 1
        while index >= c:
            index -= c
            c, n = c * (n - k) // n, n - 1
        out.append(pool[-1 - n])
    return tuple(out)


def card_subsets(cards: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    total = comb(len(cards), k)
    if total <= LEGAL_LIST_LIMIT:
        return list(combinations(cards, k))
    return [
        _nth_combination(cards, k, i * total // LEGAL_LIST_LIMIT) for i in range(LEGAL_LIST_LIMIT)
    ]
