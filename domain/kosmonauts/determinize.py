"""A Kosmonauts state as `seat` may believe it to be (domain/search.py): the other seats'
missions dealt afresh and their sealed orders taken back.

Hidden from a seat (§5): the other seats' mission cards (dealt, kept and discarded) and, in the
orders phase, the orders they have sealed. How many cards of each deck a seat was dealt is
public, so each other seat is dealt that many again from the cards of that deck the seat has not
seen (its own missions are the only ones it sees), and keeps a random share of them as many as
it kept. A sealed order is taken back: the seat orders again in the playout. The event deck is
a multiset drawn from when revealed, so it needs nothing. (The Mission I clash rule of A15 is not
redone on the sampled cards.)
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from domain.game import Seat
from domain.kosmonauts.components import MISSIONS
from domain.kosmonauts.state import State


def _deck(card: str, advanced: bool) -> str:
    family = MISSIONS[card][0]
    return ("I" if family == "I" else "II") if advanced else family


def determinize(state: State, seat: Seat, rng: random.Random) -> State:
    mine = state.ships[seat]
    seen = {*mine.missions, *mine.discarded_missions}
    pools: dict[str, list[str]] = {}
    for card, (_, body) in MISSIONS.items():
        if card not in seen and body not in state.excluded:
            pools.setdefault(_deck(card, state.advanced), []).append(card)
    ships = list(state.ships)
    for other, ship in enumerate(state.ships):
        if other == seat:
            continue
        dealt_by_deck: dict[str, int] = {}
        for card in (*ship.missions, *ship.discarded_missions):
            deck = _deck(card, state.advanced)
            dealt_by_deck[deck] = dealt_by_deck.get(deck, 0) + 1
        dealt: list[str] = []
        for deck in sorted(dealt_by_deck):
            pool = pools.get(deck, [])
            for _ in range(min(dealt_by_deck[deck], len(pool))):
                dealt.append(pool.pop(rng.randrange(len(pool))))
        kept = set(rng.sample(dealt, len(ship.missions)))
        changes: dict[str, object] = {
            "missions": tuple(c for c in dealt if c in kept),
            "discarded_missions": tuple(c for c in dealt if c not in kept),
        }
        if state.phase == "ORDERS":
            changes["order"] = None
        ships[other] = replace(ship, **changes)
    return replace(state, ships=tuple(ships))
