"""The decisions of Duck Dealer (rules digest §4), as `starledger play` accepts them.

Goods are lists of good names (a good appears once per unit); energy is `{"red", "yellow", "blue"}`.
A `recover_from` names a node holding one of your route cubes or a site holding one of your
privilege markers, taken back when your supply is empty (§8 A19).
"""

from __future__ import annotations

from typing import Literal

from domain.game import Command as BaseCommand
from domain.game import Seat, Visibility

from .components import Color, Energy, Good, Part


# Auction variant (§3.1): sealed bids
class SubmitTurnOrderBid(BaseCommand, frozen=True):
    amount: int

    def visibility(self, seat: Seat) -> Visibility:
        return Visibility.only(seat)


class ChooseTurnPosition(BaseCommand, frozen=True):
    position: int  # 1 = first


# Setup (§3 steps 9-10)
class PlaceStartingParts(BaseCommand, frozen=True):
    parts: tuple[Part, ...]  # up to 3, into slots 1, 2, 3 in this order


class ChooseStartingPlanet(BaseCommand, frozen=True):
    planet: str


# The turn choice (§4.1-§4.3)
class AccumulateEnergy(BaseCommand, frozen=True, omit_defaults=True):
    color: Color
    recover_from: str | None = None


class BeginActionTurn(BaseCommand, frozen=True, omit_defaults=True):
    recover_from: str | None = None


class EndActionTurn(BaseCommand, frozen=True, omit_defaults=True):
    return_energy: Energy = Energy()
    discard_goods: tuple[Good, ...] = ()


# Route segments (§4.4)
class PlaceFreeRouteSegment(BaseCommand, frozen=True, omit_defaults=True):
    node: str
    recover_from: str | None = None


class BuyRouteSegment(BaseCommand, frozen=True, omit_defaults=True):
    node: str
    recover_from: str | None = None


# Movement and portals (§4.5-§4.6)
class MoveShip(BaseCommand, frozen=True):
    path: tuple[str, ...]


class UsePortal(BaseCommand, frozen=True):
    pass


class ChooseExplorationClient(BaseCommand, frozen=True):
    client: str


class PlacePortal(BaseCommand, frozen=True):
    entrance: str
    exit: str


# Building (§4.7)
class BuildSite(BaseCommand, frozen=True):
    site: str
    named: tuple[Good, ...]
    wildcard: tuple[Good, ...]


class BuildFactory(BaseCommand, frozen=True):
    factory: str


class ClaimPrivilege(BaseCommand, frozen=True, omit_defaults=True):
    site: str
    recover_from: str | None = None


# Commerce (§4.8)
class MineGoods(BaseCommand, frozen=True):
    mine: str
    quantity: int = 1


class ProduceGoods(BaseCommand, frozen=True):
    factory: str
    quantity: int = 1


class BuyShipUpgrade(BaseCommand, frozen=True, omit_defaults=True):
    spaceport: str
    part: Part
    slot: int | Literal["next_empty"] = "next_empty"
    crew_disc_from_own_stock: bool = False


class DeliverGoods(BaseCommand, frozen=True):
    client: str
    quantity: int = 1


# Goods handling (§4.9)
class DiscardGoods(BaseCommand, frozen=True):
    goods: tuple[Good, ...]


class ProposeTrade(BaseCommand, frozen=True):
    partner: int
    give: tuple[Good, ...]
    receive: tuple[Good, ...]


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
