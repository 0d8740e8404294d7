"""The decisions of Race for the Galaxy players (digest sections 3.4 and 4).

Every field is bounded by the card table (issue #12): card ids are indices of CARDS, lists are no
longer than the rules can ever ask for, action cards and methods are closed sets. No field has a
default that would decide for the player: passing (`card` None), paying nothing, leaving a Colony
Ship or temporary military unused and discarding no hand card are all said explicitly.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from domain.game import Command as BaseCommand
from domain.game import Seat, Visibility

from .components import (
    INITIAL_DISCARD,
    MAX_ACTIONS_CHOSEN,
    MAX_GOOD_WORLDS,
    MAX_HAND_FOR_VP,
    MAX_PAYMENT,
    MAX_TEMP_MILITARY,
    N_CARDS,
    Action,
    CardId,
    GambleNumber,
    PowerIndex,
)

Cards = Annotated[tuple[CardId, ...], Meta(max_length=N_CARDS)]
"""Cards from a hand or an Explore draw: never more than the game has."""
Payment = Annotated[tuple[CardId, ...], Meta(max_length=MAX_PAYMENT)]
Worlds = Annotated[tuple[CardId, ...], Meta(max_length=MAX_GOOD_WORLDS)]


class _Private(BaseCommand, frozen=True):
    """A decision naming hidden cards or sealed until revealed: only its author sees it in the log."""

    def visibility(self, seat: Seat) -> Visibility:
        return Visibility.only(seat)


class DiscardInitialCards(_Private, frozen=True):
    cards: Annotated[tuple[CardId, ...], Meta(max_length=INITIAL_DISCARD)]


class SelectAction(_Private, frozen=True):
    """Sealed: one action card, two different ones in the 2-player advanced game."""

    actions: Annotated[tuple[Action, ...], Meta(max_length=MAX_ACTIONS_CHOSEN)]


class KeepExploredCards(_Private, frozen=True):
    cards: Cards


class ChooseDevelopment(_Private, frozen=True):
    """Sealed: a development from hand, or None to pass."""

    card: CardId | None


class PayForDevelopment(_Private, frozen=True):
    discards: Payment


class ChooseWorld(_Private, frozen=True):
    """Sealed: a world from hand, or None to pass."""

    card: CardId | None


class ResolveSettle(_Private, frozen=True):
    method: Literal["PAY", "CONQUER", "PAY_MILITARY"]
    discards: Payment
    colony_ship: CardId | None
    temp_military: Annotated[tuple[CardId, ...], Meta(max_length=MAX_TEMP_MILITARY)]


class SellGood(BaseCommand, frozen=True):
    forced_is_public: ClassVar[bool] = True  # the goods lie face up on the worlds
    world: CardId


class UseConsumePower(_Private, frozen=True):
    """`worlds` are the goods consumed, `hand` the cards discarded, `number` a Gambling guess."""

    card: CardId
    power: PowerIndex
    worlds: Worlds
    hand: Annotated[tuple[CardId, ...], Meta(max_length=MAX_HAND_FOR_VP)]
    number: GambleNumber | None


class FinishConsume(BaseCommand, frozen=True):
    pass


class UseProducePower(BaseCommand, frozen=True):
    """`card` None is the Produce action card's bonus; otherwise a power of that tableau card."""

    forced_is_public: ClassVar[bool] = True  # tableau powers and worlds are face up
    world: CardId
    card: CardId | None
    power: PowerIndex


class FinishProduce(BaseCommand, frozen=True):
    pass


class DiscardForHandLimit(_Private, frozen=True):
    cards: Cards


Command = (
    DiscardInitialCards
    | SelectAction
    | KeepExploredCards
    | ChooseDevelopment
    | PayForDevelopment
    | ChooseWorld
    | ResolveSettle
    | SellGood
    | UseConsumePower
    | FinishConsume
    | UseProducePower
    | FinishProduce
    | DiscardForHandLimit
)
