"""The one aggregate cache of a process: the latest Match it knows of each match id.

Whoever brings a match forward in a process keeps it here, and whoever needs it next starts from
it: the projections' catch-up (projections/runner.py) and the server's commands (`Ledger.match`
on a ledger that serves from the cache) share one cache, so a decision a request has just stored
is projected without folding its events again, and a request after a catch-up starts where the
catch-up got to.

A match put in the cache is never changed again (copy on write): bringing one forward folds the
new events into a `working_copy` and puts that copy in its place. So a reader may hold a cached
match as long as it likes, in any thread, and a command changes only its own working copy (a
refused or conflicting command leaves the cache as it was). The copy is one level deep, not a
deepcopy (about 1 ms a match): a match's game state is an immutable value (`evolve` returns a
new one: the Rules contract, tested for every game), so only the match's own lists and dicts
(pending events, undo and redo stacks, contributions) need copying.

The cache only moves forward: an older match offered after a newer one is not kept. Bounded:
the least recently used match goes first.
"""

from __future__ import annotations

import copy
import threading
import uuid
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domain.match import Match

LOCKS = 64  # matches brought forward at once in a process, at most (one lock per id's bucket)


class MatchCache:
    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._matches: OrderedDict[uuid.UUID, Match] = OrderedDict()
        self._guard = threading.Lock()  # the dictionary itself
        self._locks = [threading.Lock() for _ in range(LOCKS)]

    def get(self, ident: uuid.UUID) -> Match | None:
        """The latest match kept for `ident` (never to be changed: see `working_copy`)."""
        with self._guard:
            match = self._matches.get(ident)
            if match is not None:
                self._matches.move_to_end(ident)
            return match

    def offer(self, match: Match) -> Match:
        """Keep `match` unless a later version is kept already; the one kept is returned. The
        caller gives `match` away: it must not change it after."""
        if self.size <= 0:
            return match
        with self._guard:
            kept = self._matches.get(match.id)
            if kept is not None and kept.version > match.version:
                self._matches.move_to_end(match.id)
                return kept
            self._matches[match.id] = match
            self._matches.move_to_end(match.id)
            while len(self._matches) > self.size:
                self._matches.popitem(last=False)
            return match

    @contextmanager
    def bringing_forward(self, ident: uuid.UUID) -> Iterator[None]:
        """Held while one match is read, brought forward and offered, so two threads never
        fold the same events into two copies of it at once."""
        with self._locks[ident.int % len(self._locks)]:
            yield

    def clear(self) -> None:
        with self._guard:
            self._matches.clear()

    def __len__(self) -> int:
        return len(self._matches)


def working_copy(match: Match) -> Match:
    """A copy of `match` that may be changed (a command, a fold) without changing `match`."""
    clone = copy.copy(match)
    for name, value in vars(clone).items():
        if isinstance(value, list | dict | set):
            setattr(clone, name, value.copy())
    return clone
