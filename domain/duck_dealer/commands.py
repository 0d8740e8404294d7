"""The decisions of Duck Dealer (rules digest §4), as `starledger play` accepts them.

Goods are lists of good names (a good appears once per unit); energy is `{"red", "yellow", "blue"}`.
A `recover_from` names a node holding one of your route cubes or a site holding one of your
privilege markers, taken back when your supply is empty (§8 A19).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from domain.game import Command as BaseCommand
from domain.game import Seat, Visibility

from .components import (
    MAX_BID,
    MAX_GOODS_HELD,
    MAX_NAME,
    MAX_PATH,
    MAX_SEATS,
    SLOT_MARKS,
    STARTING_PARTS,
    Color,
    Energy,
    Good,
    Part,
)

Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME)]
"""The id of a planet, deep-space node, site or client (unknown ids are refused by the rules)."""
Goods = Annotated[tuple[Good, ...], Meta(max_length=MAX_GOODS_HELD)]
Uses = Annotated[int, Meta(ge=1, le=MAX_GOODS_HELD)]
"""How many times a site is used in one command: never more goods than a ship can hold."""


# Auction variant (§3.1): sealed bids
class SubmitTurnOrderBid(BaseCommand, frozen=True):
    amount: Annotated[int, Meta(ge=0, le=MAX_BID)]

    def visibility(self, seat: Seat) -> Visibility:
        return Visibility.only(seat)


class ChooseTurnPosition(BaseCommand, frozen=True):
    position: Annotated[int, Meta(ge=1, le=MAX_SEATS)]  # 1 = first


# Setup (§3 steps 9-10)
class PlaceStartingParts(BaseCommand, frozen=True):
    parts: Annotated[
        tuple[Part, ...], Meta(max_length=STARTING_PARTS)
    ]  # up to 3, into slots 1, 2, 3 in this order


class ChooseStartingPlanet(BaseCommand, frozen=True):
    planet: Name


# The turn choice (§4.1-§4.3)
class AccumulateEnergy(BaseCommand, frozen=True, omit_defaults=True):
    color: Color
    recover_from: Name | None = None


class BeginActionTurn(BaseCommand, frozen=True, omit_defaults=True):
    recover_from: Name | None = None


class EndActionTurn(BaseCommand, frozen=True):
    # Said, never assumed (issue #14): what goes back to the supply and what is thrown away.
    return_energy: Energy
    discard_goods: Goods


# Route segments (§4.4)
class PlaceFreeRouteSegment(BaseCommand, frozen=True, omit_defaults=True):
    node: Name
    recover_from: Name | None = None


class BuyRouteSegment(BaseCommand, frozen=True, omit_defaults=True):
    node: Name
    recover_from: Name | None = None


# Movement and portals (§4.5-§4.6)
class MoveShip(BaseCommand, frozen=True):
    path: Annotated[tuple[Name, ...], Meta(max_length=MAX_PATH)]


class UsePortal(BaseCommand, frozen=True):
    pass


class ChooseExplorationClient(BaseCommand, frozen=True):
    client: Name


class PlacePortal(BaseCommand, frozen=True):
    entrance: Name
    exit: Name


# Building (§4.7)
class BuildSite(BaseCommand, frozen=True):
    site: Name
    named: Goods
    wildcard: Goods


class BuildFactory(BaseCommand, frozen=True):
    factory: Name


class ClaimPrivilege(BaseCommand, frozen=True, omit_defaults=True):
    site: Name
    recover_from: Name | None = None


# Commerce (§4.8)
class MineGoods(BaseCommand, frozen=True):
    mine: Name
    quantity: Uses


class ProduceGoods(BaseCommand, frozen=True):
    factory: Name
    quantity: Uses


class BuyShipUpgrade(BaseCommand, frozen=True):
    spaceport: Name
    part: Part
    slot: Annotated[int, Meta(ge=1, le=len(SLOT_MARKS))] | Literal["next_empty"]
    crew_disc_from_own_stock: bool


class DeliverGoods(BaseCommand, frozen=True):
    client: Name
    quantity: Uses


# Goods handling (§4.9)
class DiscardGoods(BaseCommand, frozen=True):
    any_time: ClassVar[bool] = True  # §4.9: at any time, other players' turns included

    goods: Goods


class ProposeTrade(BaseCommand, frozen=True):
    partner: Seat
    give: Goods
    receive: Goods


class RespondToTrade(BaseCommand, frozen=True):
    accept: bool


class CancelTrade(BaseCommand, frozen=True):
    pass


Command = (
    SubmitTurnOrderBid
    | ChooseTurnPosition
    | PlaceStartingParts
    | ChooseStartingPlanet
    | AccumulateEnergy
    | BeginActionTurn
    | EndActionTurn
    | PlaceFreeRouteSegment
    | BuyRouteSegment
    | MoveShip
    | UsePortal
    | ChooseExplorationClient
    | PlacePortal
    | BuildSite
    | BuildFactory
    | ClaimPrivilege
    | MineGoods
    | ProduceGoods
    | BuyShipUpgrade
    | DeliverGoods
    | DiscardGoods
    | ProposeTrade
    | RespondToTrade
    | CancelTrade
)
