"""The decisions of Onward to Venus (digest §4.14); the seat is the sender, never a field.

Every field is bounded by the game's own sizes (issue #12): ids name only pieces, tiles and
cards that exist, and no list is longer than what the rules could ever let a player name.
A value inside these bounds that the rules still refuse is an IllegalMove from `decide`.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.game import Command as BaseCommand
from domain.game import Seat, Visibility

from .components import (
    BUILDINGS_PER_EMPIRE,
    CARD_EFFECT,
    DRAW4_COUNT,
    EMPIRES,
    HAND_LIMIT,
    RAISE_CARD_UNITS,
    SWAP_MAX,
    TILES,
    UNITS_PER_EMPIRE,
    PlanetName,
    UnitKind,
)

CardId = Annotated[int, msgspec.Meta(ge=1, le=len(CARD_EFFECT))]
TileId = Annotated[int, msgspec.Meta(ge=1, le=len(TILES))]
DieIndex = Annotated[int, msgspec.Meta(ge=0, le=2)]  # three dice are rolled (§4.6.1)
_OWNER = f"P[1-{len(EMPIRES)}]"
UnitId = Annotated[str, msgspec.Meta(pattern=rf"^{_OWNER}\.(INF|CRU|TANK)\.[1-9]\Z", max_length=10)]
BuildingId = Annotated[
    str, msgspec.Meta(pattern=rf"^{_OWNER}\.(FAC|MINE)\.[1-9][0-9]?\Z", max_length=10)
]
PieceId = Annotated[
    str,
    msgspec.Meta(
        pattern=rf"^{_OWNER}\.((INF|CRU|TANK)\.[1-9]|(FAC|MINE)\.[1-9][0-9]?)\Z", max_length=10
    ),
]
Units = Annotated[tuple[UnitId, ...], msgspec.Meta(max_length=UNITS_PER_EMPIRE)]
HandCards = Annotated[tuple[CardId, ...], msgspec.Meta(max_length=HAND_LIMIT)]


class MoveGroup(BaseCommand, frozen=True):
    origin: PlanetName
    destination: PlanetName
    units: Units
    movement_cards: HandCards = ()
    transport_card: CardId | None = None


class SkipClaim(BaseCommand, frozen=True):
    pass


class ClaimTile(BaseCommand, frozen=True):
    planet: PlanetName
    tile: TileId
    landing_unit: UnitId | None = None  # required for an open tile, refused for a defended one
    tension_target: BuildingId | None = None  # required for a tension tile, refused otherwise
    as_part_of_move: bool = False


class Recruit(msgspec.Struct, frozen=True):
    kind: UnitKind
    planet: PlanetName


class RaiseUnits(BaseCommand, frozen=True):
    units: Annotated[tuple[Recruit, ...], msgspec.Meta(max_length=2)]


class PlayActionCard(BaseCommand, frozen=True):
    """An action card; the fields it does not use stay empty (digest §4.8.1).

    Card Swap needs `cards` given, even as `[]`: discarding nothing is the player's choice.
    """

    card: CardId
    unit: UnitId | None = None
    planet: PlanetName | None = None
    tile: TileId | None = None
    opponent: Seat | None = None
    cards: Annotated[tuple[CardId, ...], msgspec.Meta(max_length=SWAP_MAX)] | None = None


class PlayFreeActionCard(BaseCommand, frozen=True):
    card: CardId
    unit: UnitId | None = None
    recruits: Annotated[tuple[Recruit, ...], msgspec.Meta(max_length=RAISE_CARD_UNITS)] = ()
    returned_card: CardId | None = None


class TakePassMarker(BaseCommand, frozen=True):
    pass


class EndTurn(BaseCommand, frozen=True):
    pass


class LandForCombat(BaseCommand, frozen=True):
    units: Units


class PlayCombatCard(BaseCommand, frozen=True):
    card: CardId
    dice: Annotated[tuple[DieIndex, ...], msgspec.Meta(max_length=3)] = ()
    unit: UnitId | None = None


class ConcludeCombat(BaseCommand, frozen=True):
    pass


class AbandonClaim(BaseCommand, frozen=True):
    pass


class AssignCasualties(BaseCommand, frozen=True):
    units: Units


class DiscardToHandLimit(BaseCommand, frozen=True):
    cards: Annotated[tuple[CardId, ...], msgspec.Meta(max_length=len(CARD_EFFECT))]


class ChooseKeep(BaseCommand, frozen=True):
    cards: Annotated[tuple[CardId, ...], msgspec.Meta(max_length=DRAW4_COUNT)]

    def visibility(self, seat: Seat) -> Visibility:
        # the kept cards stay in the hand, so the choice is the keeper's secret
        return Visibility.only(seat)


class EspionageChoice(BaseCommand, frozen=True):
    """`take` null takes nothing; both fields are given explicitly (nothing is chosen for you)."""

    take: CardId | None
    give: CardId | None

    def visibility(self, seat: Seat) -> Visibility:
        # the cards swapped are known to the spy and the target only (digest §5)
        return Visibility.only(seat)


class PlayReaction(BaseCommand, frozen=True):
    card: CardId
    unit: UnitId | None = None


class DeclineReaction(BaseCommand, frozen=True):
    pass


class BazagthothOrder(BaseCommand, frozen=True):
    choice: Literal["DECLINE", "STEAL", "DESTROY_UNIT", "DESTROY_BUILDING"]
    opponent: Seat | None = None
    unit: UnitId | None = None
    building: BuildingId | None = None


class ChooseCrisisLosses(BaseCommand, frozen=True):
    planet: PlanetName
    pieces: Annotated[
        tuple[PieceId, ...], msgspec.Meta(max_length=UNITS_PER_EMPIRE + BUILDINGS_PER_EMPIRE)
    ]


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
