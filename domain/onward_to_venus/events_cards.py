"""Facts about money and cards; the cards themselves ride in `...Detail` events (§5)."""

from __future__ import annotations

from typing import ClassVar

from domain.game import GameEvent, Seat, Visibility

from .components import PlanetName

# --- money and cards ---------------------------------------------------------------------


class MoneyChanged(GameEvent, frozen=True):
    seat: Seat
    delta: int
    balance: int
    reason: str


class CardsDrawn(GameEvent, frozen=True):
    seat: Seat
    count: int
    reason: str


class CardsDrawnDetail(GameEvent, frozen=True):
    """The cards themselves; `held` keeps them apart from the hand (Draw 4 keep 2)."""

    reveals: ClassVar[bool] = True
    seat: Seat
    cards: tuple[int, ...]
    held: bool = False

    def visibility(self) -> Visibility:
        return Visibility.only(self.seat)


class DeckReshuffled(GameEvent, frozen=True):
    size: int


class CardPlayed(GameEvent, frozen=True):
    """A card leaves a hidden hand face up for everyone."""

    reveals: ClassVar[bool] = True
    seat: Seat
    card: int
    effect: str
    mode: str


class CardsDiscarded(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    seat: Seat
    cards: tuple[int, ...]
    reason: str


class CardReturnedToHand(GameEvent, frozen=True):
    seat: Seat
    card: int


class CardsKept(GameEvent, frozen=True):
    seat: Seat
    count: int


class CardsKeptDetail(GameEvent, frozen=True):
    seat: Seat
    cards: tuple[int, ...]

    def visibility(self) -> Visibility:
        return Visibility.only(self.seat)


class CardTaken(GameEvent, frozen=True):
    thief: Seat
    victim: Seat
    reason: str


class CardTakenDetail(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    thief: Seat
    victim: Seat
    card: int

    def visibility(self) -> Visibility:
        return Visibility.only(self.thief, self.victim)


class HandRevealed(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    spy: Seat
    target: Seat
    cards: tuple[int, ...]

    def visibility(self) -> Visibility:
        return Visibility.only(self.spy)


class CardsExchanged(GameEvent, frozen=True):
    spy: Seat
    target: Seat
    took: bool
    gave: bool


class CardsExchangedDetail(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    spy: Seat
    target: Seat
    take: int | None
    give: int | None

    def visibility(self) -> Visibility:
        return Visibility.only(self.spy, self.target)


class TraitorAttached(GameEvent, frozen=True):
    seat: Seat
    card: int
    planet: PlanetName


class TraitorDiscarded(GameEvent, frozen=True):
    card: int
    planet: PlanetName
