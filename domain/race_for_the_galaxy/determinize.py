"""A Race for the Galaxy state as `seat` may believe it to be (domain/search.py): every card the
seat cannot see dealt afresh, and the other seats' sealed choices taken back.

Hidden from a seat (digest 5): the draw pile, the discard pile (face down), the good cards (known
to no one), the other seats' hands and Explore draws, and their sealed choices (actions, the
development or world chosen) until the reveal. The cards in those places are pooled (a multiset:
sorted, so that which place held which card says nothing), and dealt back, as many to each place
as it holds; a sealed choice is taken back and its seat is waiting again, to choose anew in the
playout. (The seat's own discards are pooled too: the search forgets where they went.)
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from domain.game import Seat
from domain.race_for_the_galaxy.state import State

SEALED_STAGES = frozenset({"SELECT", "DEVELOP_CHOOSE", "SETTLE_CHOOSE"})


def determinize(state: State, seat: Seat, rng: random.Random) -> State:
    hidden: list[int] = [*state.deck, *state.discard]
    for other, player in enumerate(state.players):
        hidden += [good for _, good in player.goods]
        if other != seat:
            hidden += [*player.hand, *player.explored]
    hidden.sort()
    rng.shuffle(hidden)
    deck, hidden = tuple(sorted(hidden[: len(state.deck)])), hidden[len(state.deck) :]
    discard, hidden = tuple(hidden[: len(state.discard)]), hidden[len(state.discard) :]
    players = []
    waiting = set(state.waiting)
    for other, player in enumerate(state.players):
        player = replace(player, goods=tuple((world, hidden.pop()) for world, _ in player.goods))
        if other != seat:
            hand = tuple(hidden.pop() for _ in player.hand)
            explored = tuple(hidden.pop() for _ in player.explored)
            player = replace(player, hand=hand, explored=explored)
            if state.stage in SEALED_STAGES and other not in state.waiting:
                if state.stage == "SELECT":
                    player = replace(player, actions=())
                else:
                    player = replace(player, choice=None)
                waiting.add(other)
        players.append(player)
    return replace(
        state, deck=deck, discard=discard, players=tuple(players), waiting=frozenset(waiting)
    )
