"""A decision in progress: the events emitted so far folded onto a scratch state, plus chance.

`decide` and `setup` build their events through a Flow so that every automatic consequence sees
the state left by the previous one (draws empty the deck, a reshuffle refills it, ...).
"""

from __future__ import annotations

from domain.game import GameEvent, Rng

from . import events as ev
from .components import card
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


def _revealed_then_discarded(event: ev.Event) -> tuple[int, ...]:
    if isinstance(event, ev.GambleRevealed) and event.card is not None and not event.kept:
        return (event.card,)
    return ()


class Flow:
    def __init__(self, state: State, rng: Rng) -> None:
        self.state = state
        self.rng = rng
        self.events: list[GameEvent] = []

    def emit(self, *events: ev.Event) -> None:
        for event in events:
            self.events.append(event)
            self.state = evolve(self.state, event)
            if _took_from_deck(event) and not self.state.deck:
                # Digest 7.2 (p. 7): the moment the draw pile is used up, the discard pile is
                # shuffled into a new one; a card revealed by that last draw and then discarded
                # (Gambling World) lands on the new discard pile.
                self._reshuffle(_revealed_then_discarded(event))

    def _reshuffle(self, held_back: tuple[int, ...] = ()) -> None:
        """The discard pile (but `held_back`) becomes the draw pile, in an order no one sees."""
        cards = [c for c in self.state.discard if c not in held_back]
        if cards:
            order = tuple(self.rng.shuffled(cards))
            self.emit(ev.DeckShuffled(len(order), True), ev.DeckOrder(order, True))

    def _refill(self) -> bool:
        """Digest 7.2: a draw pile that ran out while the discard pile was empty is refilled
        when a card must next be drawn. False when both piles are empty."""
        if not self.state.deck:
            self._reshuffle()
        return bool(self.state.deck)

    def top_card(self) -> int | None:
        """The top card of the draw pile after any reshuffle it needs; None when both piles are empty."""
        return self.state.deck[0] if self._refill() else None

    def draw(self, seat: int, n: int, reason: str) -> tuple[int, ...]:
        drawn: tuple[int, ...] = ()
        while len(drawn) < n and self._refill():
            chunk = self.state.deck[: n - len(drawn)]
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
            chunk = self.state.deck[: n - len(drawn)]
            self.emit(ev.ExploreDrawnDetail(seat, chunk, keep))
            drawn += chunk
        if len(drawn) < n:
            self.emit(ev.DrawShortfall(seat, n, len(drawn), "EXPLORE"))
        self.emit(ev.ExploreDrawn(seat, len(drawn), min(keep, len(drawn))))
        return drawn

    def place_good(self, seat: int, world: int, reason: str) -> bool:
        good_card = self.top_card()
        good = card(world).good
        if good_card is None or good is None:
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
