"""An Onward to Venus state as `seat` may believe it to be (domain/search.py): every card the
seat cannot see dealt afresh.

Hidden from a seat (digest §5): the deck and the other seats' hands and held cards, except a
hand it is looking at with Espionage. Those cards are pooled (a multiset: sorted, so which place
held which card says nothing) and dealt back, as many to each place as it holds. The choice of
cards kept is a secret only because the hand is, so dealing the hand covers it. The tile bag is a
multiset drawn from when a tile is drawn, so it needs nothing.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from domain.game import Seat
from domain.onward_to_venus.state import State


def spied_on(state: State, seat: Seat) -> Seat | None:
    """The seat whose hand `seat` is looking at with Espionage while its exchange is owed."""
    head = state.pending[0] if state.pending else None
    if head is not None and head.kind == "ESPIONAGE" and head.seat == seat:
        return head.opponent
    return None


def determinize(state: State, seat: Seat, rng: random.Random) -> State:
    seen = spied_on(state, seat)
    others = [s for s in range(state.n) if s not in (seat, seen)]
    pool = list(state.deck)
    for other in others:
        pool += [*state.hands[other], *state.held[other]]
    pool.sort()
    rng.shuffle(pool)
    hands, held = list(state.hands), list(state.held)
    for other in others:
        hands[other] = tuple(sorted(pool.pop() for _ in state.hands[other]))
        held[other] = tuple(pool.pop() for _ in state.held[other])
    return replace(state, hands=tuple(hands), held=tuple(held), deck=tuple(sorted(pool)))
