"""A Delta V state as `seat` may believe it to be (domain/search.py): the faces of the tiles it
has not seen dealt afresh.

Hidden from a seat (§5): the faces of the face-down tiles it has neither peeked at nor seen
revealed. Those that nobody has looked at have no face yet (they are drawn from `State.unseen`
when first looked at); those another seat has peeked at have one. Both kinds are pooled (a
multiset, in `face_order`) and the peeked ones dealt again from the pool; the rest of the pool
stays unseen. There are no sealed choices.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from domain.delta_v.components import GRID_SIZE, face_order
from domain.delta_v.rules_board import attempt_positions
from domain.delta_v.state import State
from domain.game import Seat


def determinize(state: State, seat: Seat, rng: random.Random) -> State:
    shown = attempt_positions(state.attempt) | state.seen | state.peeked[seat]
    grid = list(state.grid)
    faced: list[int] = []  # cells another seat has looked at, hidden from this one
    pool = list(state.unseen)
    for cell, tile in enumerate(grid):
        if tile is None or tile.face is None or tile.face_up_alien:
            continue
        if divmod(cell, GRID_SIZE) not in shown:
            faced.append(cell)
            pool.append(tile.face)
    if not faced:
        return state
    pool.sort(key=face_order)
    rng.shuffle(pool)
    for cell in faced:
        tile = grid[cell]
        assert tile is not None
        grid[cell] = replace(tile, face=pool.pop())
    return replace(state, grid=tuple(grid), unseen=tuple(sorted(pool, key=face_order)))
