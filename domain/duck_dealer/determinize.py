"""A Duck Dealer state as `seat` may believe it to be (domain/search.py): the other seats'
sealed bids taken back.

The sealed bids of the auction variant are the only hidden facts (§5); a seat that has sealed
one bids again in the playout. Everything else is on the table.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from domain.duck_dealer.state import State
from domain.game import Seat


def determinize(state: State, seat: Seat, rng: random.Random) -> State:
    for other, player in enumerate(state.players):
        if other != seat and player.sealed_bid is not None:
            state = state.with_player(other, replace(player, sealed_bid=None))
    return state
