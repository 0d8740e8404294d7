"""The decisions of Race for the Galaxy players (digest sections 3.4 and 4)."""

from __future__ import annotations

from typing import Literal

from domain.game import Command as BaseCommand
from domain.game import Seat, Visibility


class _Private(BaseCommand, frozen=True):
    """A decision naming hidden cards or sealed until revealed: only its author sees it in the log."""

    def visibility(self, seat: Seat) -> Visibility:
        return Visibility.only(seat)


class DiscardInitialCards(_Private, frozen=True):
    cards: tuple[int, ...]


class SelectAction(_Private, frozen=True):
    """Sealed: one action card, two different ones in the 2-player advanced game."""

    actions: tuple[str, ...]


class KeepExploredCards(_Private, frozen=True):
    cards: tuple[int, ...]


class ChooseDevelopment(_Private, frozen=True):
    """Sealed: a development from hand, or None to pass."""

    card: int | None = None


class PayForDevelopment(_Private, frozen=True):
    discards: tuple[int, ...] = ()


class ChooseWorld(_Private, frozen=True):
    """Sealed: a world from hand, or None to pass."""

    card: int | None = None


class ResolveSettle(_Private, frozen=True):
    method: Literal["PAY", "CONQUER", "PAY_MILITARY"]
    discards: tuple[int, ...] = ()
    colony_ship: int | None = None
    temp_military: tuple[int, ...] = ()


class SellGood(BaseCommand, frozen=True):
    world: int


class UseConsumePower(_Private, frozen=True):
    card: int
    power: int
    worlds: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    number: int | None = None


class FinishConsume(BaseCommand, frozen=True):
    pass


class UseProducePower(BaseCommand, frozen=True):
    """`card` None is the Produce action card's bonus; otherwise a power of that tableau card."""

    world: int
    card: int | None = None
    power: int = 0


class FinishProduce(BaseCommand, frozen=True):
    pass


class DiscardForHandLimit(_Private, frozen=True):
    cards: tuple[int, ...]


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
