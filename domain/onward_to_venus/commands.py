"""The decisions of Onward to Venus (digest §4.14); the seat is the sender, never a field."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.game import Command as BaseCommand
from domain.game import Visibility


class MoveGroup(BaseCommand, frozen=True):
    origin: str
    destination: str
    units: tuple[str, ...]
    movement_cards: tuple[int, ...] = ()
    transport_card: int | None = None


class SkipClaim(BaseCommand, frozen=True):
    pass


class ClaimTile(BaseCommand, frozen=True):
    planet: str
    tile: int
    landing_unit: str | None = None
    tension_target: str | None = None
    as_part_of_move: bool = False


class Recruit(msgspec.Struct, frozen=True):
    kind: str
    planet: str


class RaiseUnits(BaseCommand, frozen=True):
    units: tuple[Recruit, ...]


class PlayActionCard(BaseCommand, frozen=True):
    """An action card; the fields it does not use stay empty (digest §4.8.1)."""

    card: int
    unit: str | None = None
    planet: str | None = None
    tile: int | None = None
    opponent: int | None = None
    cards: tuple[int, ...] = ()


class PlayFreeActionCard(BaseCommand, frozen=True):
    card: int
    unit: str | None = None
    recruits: tuple[Recruit, ...] = ()
    returned_card: int | None = None


class TakePassMarker(BaseCommand, frozen=True):
    pass


class EndTurn(BaseCommand, frozen=True):
    pass


class LandForCombat(BaseCommand, frozen=True):
    units: tuple[str, ...]


class PlayCombatCard(BaseCommand, frozen=True):
    card: int
    dice: tuple[int, ...] = ()
    unit: str | None = None


class ConcludeCombat(BaseCommand, frozen=True):
    pass


class AbandonClaim(BaseCommand, frozen=True):
    pass


class AssignCasualties(BaseCommand, frozen=True):
    units: tuple[str, ...]


class DiscardToHandLimit(BaseCommand, frozen=True):
    cards: tuple[int, ...]


class ChooseKeep(BaseCommand, frozen=True):
    cards: tuple[int, ...]

    def visibility(self, seat: int) -> Visibility:
        # the kept cards stay in the hand, so the choice is the keeper's secret
        return Visibility.only(seat)


class EspionageChoice(BaseCommand, frozen=True):
    take: int | None = None
    give: int | None = None

    def visibility(self, seat: int) -> Visibility:
        # the cards swapped are known to the spy and the target only (digest §5)
        return Visibility.only(seat)


class PlayReaction(BaseCommand, frozen=True):
    card: int
    unit: str | None = None


class DeclineReaction(BaseCommand, frozen=True):
    pass


class BazagthothOrder(BaseCommand, frozen=True):
    choice: Literal["DECLINE", "STEAL", "DESTROY_UNIT", "DESTROY_BUILDING"]
    opponent: int | None = None
    unit: str | None = None
    building: str | None = None


class ChooseCrisisLosses(BaseCommand, frozen=True):
    planet: str
    pieces: tuple[str, ...]


Command = (
    MoveGroup
    | SkipClaim
    | ClaimTile
    | RaiseUnits
    | PlayActionCard
    | PlayFreeActionCard
    | TakePassMarker
    | EndTurn
    | LandForCombat
    | PlayCombatCard
    | ConcludeCombat
    | AbandonClaim
    | AssignCasualties
    | DiscardToHandLimit
    | ChooseKeep
    | EspionageChoice
    | PlayReaction
    | DeclineReaction
    | BazagthothOrder
    | ChooseCrisisLosses
)
