"""A decision in progress: the events emitted so far folded onto a scratch state, plus chance.

`decide` and `setup` build their events through an Emitter so that every automatic consequence sees
the state left by the previous one (draws empty the deck, a reshuffle refills it, ...).

The draw pile is a multiset (state.py): nobody has seen its order, so it has none, and every card
taken from it is drawn from `Chance` at that moment and named in the event that takes it (the
owner's `...Detail`, the secret `GoodCardPlaced`, the public `GambleRevealed`).
"""

from __future__ import annotations

from domain import game
from domain.game import Chance, seat_ref

from . import events as ev
from .components import card, card_label, card_name
from .rules_evolve import evolve
from .state import State


def _took_from_deck(event: ev.Event) -> bool:
    match event:
        case ev.CardsDrawnDetail() | ev.ExploreDrawnDetail() | ev.GoodCardPlaced():
            return True
        case ev.GambleRevealed():
            return event.card is not None
        case _:
            return False


def _revealed_then_discarded(event: ev.Event) -> int:
    """How many cards the event both took from the deck and put on the discard pile."""
    if isinstance(event, ev.GambleRevealed) and event.card is not None and not event.kept:
        return 1
    return 0


class Emitter(game.Emitter[State, ev.Event]):
    """`domain.game.Emitter` with the draw pile's own rule: it is refilled the moment it runs out."""

    def __init__(self, state: State, chance: Chance) -> None:
        super().__init__(evolve, state, chance)

    def emitted(self, event: ev.Event) -> None:
        if _took_from_deck(event) and not self.state.deck:
            # Digest 7.2 (p. 7): the moment the draw pile is used up, the discard pile is
            # shuffled into a new one; a card revealed by that last draw and then discarded
            # (Gambling World) lands on the new discard pile.
            self._reshuffle(_revealed_then_discarded(event))

    def _reshuffle(self, held_back: int = 0) -> None:
        """The discard pile (but the `held_back` cards last put on it) becomes the draw pile.
        Shuffled, it has no order anyone has seen: it is a multiset until a card is drawn."""
        size = len(self.state.discard) - held_back
        if size > 0:
            self.emit(ev.DeckShuffled(size, True))

    def _refill(self) -> bool:
        """Digest 7.2: a draw pile that ran out while the discard pile was empty is refilled
        when a card must next be drawn. False when both piles are empty."""
        if not self.state.deck:
            self._reshuffle()
        return bool(self.state.deck)

    def top_card(self, what: str) -> int | None:
        """The top card of the draw pile (drawn from it, after any reshuffle it needs), `what`
        saying in words what it is for; None when both piles are empty."""
        if not self._refill():
            return None
        return self.chance.draw(self.state.deck, what, label=card_label)

    def _deal(self, seat: int, wanted: int) -> tuple[int, ...]:
        """Up to `wanted` cards of the draw pile as it is now, for `seat`."""
        pile = self.state.deck
        return tuple(
            self.chance.deal(pile, wanted, f"a card {seat_ref(seat)} draws", label=card_label)
        )

    def draw(self, seat: int, n: int, reason: str) -> tuple[int, ...]:
        drawn: tuple[int, ...] = ()
        while len(drawn) < n and self._refill():
            chunk = self._deal(seat, n - len(drawn))
            self.emit(
                ev.CardsDrawn(seat, len(chunk), reason),
                ev.CardsDrawnDetail(seat, chunk, reason),
            )
            drawn += chunk
        if len(drawn) < n:
            self.emit(ev.DrawShortfall(seat, n, len(drawn), reason))
        return drawn

    def draw_for_explore(self, seat: int, n: int, keep: int) -> tuple[int, ...]:
        """Explore draws go to a pending selection, not the hand (digest 4.5)."""
        drawn: tuple[int, ...] = ()
        while len(drawn) < n and self._refill():
            chunk = self._deal(seat, n - len(drawn))
            self.emit(ev.ExploreDrawnDetail(seat, chunk, keep))
            drawn += chunk
        if len(drawn) < n:
            self.emit(ev.DrawShortfall(seat, n, len(drawn), "EXPLORE"))
        self.emit(ev.ExploreDrawn(seat, len(drawn), min(keep, len(drawn))))
        return drawn

    def place_good(self, seat: int, world: int, reason: str) -> bool:
        """Digest 5.1: the top card goes face down on the world, seen by no one (its owner too)."""
        good = card(world).good
        if good is None:
            return False
        good_card = self.top_card(
            f"the card placed face down as a good on {seat_ref(seat)}'s {card_name(world)}"
        )
        if good_card is None:
            return False
        self.emit(
            ev.GoodPlaced(seat, world, good, reason), ev.GoodCardPlaced(seat, world, good_card)
        )
        return True

    def award(self, seat: int, amount: int, source: int) -> None:
        """Digest 6.1: awards are paid in full; the pool floors at 0 and is then exhausted."""
        if amount <= 0:
            return
        self.emit(ev.VPAwarded(seat, amount, source))
        if self.state.pool == 0 and not self.state.exhausted:
            self.emit(ev.VPPoolExhausted(self.state.round))
