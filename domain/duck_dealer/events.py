"""The facts of Duck Dealer (rules digest §4). Everything is public except sealed auction bids (§5)."""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from domain.game import GameEvent, Seat, Visibility

from .components import Color, Energy, Good, Part, SiteKind

TurnEndKind = Literal["accumulate", "action"]
RecoveryKind = Literal["route", "privilege"]


class PlanetPiece(msgspec.Struct, frozen=True):
    planet: str
    piece: str


class SeatAmount(msgspec.Struct, frozen=True):
    seat: Seat
    amount: int


class FinalScore(msgspec.Struct, frozen=True):
    seat: Seat
    vp: int
    bid: int
    net: int


# Setup (§3, §4.11)
class SetupRandomized(GameEvent, frozen=True):
    """The tiles of §3 laid out by chance (§7), all face up: the client track order is open
    information (§5)."""

    reveals: ClassVar[bool] = True
    start_mines: tuple[PlanetPiece, ...]
    spaceports: tuple[PlanetPiece, ...]
    mines: tuple[PlanetPiece, ...]
    client_track: tuple[str, ...]


class FirstPlayerDetermined(GameEvent, frozen=True):
    seat: Seat
    method: str


class TurnOrderBidSubmitted(GameEvent, frozen=True):
    seat: Seat


class TurnOrderBidSealed(GameEvent, frozen=True):
    seat: Seat
    amount: int

    def visibility(self) -> Visibility:
        return Visibility.only(self.seat)


class TurnOrderBidsRevealed(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    bid_round: int
    bids: tuple[SeatAmount, ...]


class TurnOrderRebidRequired(GameEvent, frozen=True):
    seats: tuple[Seat, ...]


class BidTieBroken(GameEvent, frozen=True):
    """§3.1, §7: bidders still tied after the re-bid, in the order chance put them (first best);
    drawn when the tie is revealed, not before."""

    reveals: ClassVar[bool] = True
    order: tuple[Seat, ...]


class TurnPositionChosen(GameEvent, frozen=True):
    seat: Seat
    position: int


class TurnOrderFixed(GameEvent, frozen=True):
    order: tuple[Seat, ...]


class StartingPartsPlaced(GameEvent, frozen=True):
    seat: Seat
    parts: tuple[Part, ...]


class StartingPlanetChosen(GameEvent, frozen=True):
    seat: Seat
    planet: str


class MainPhaseStarted(GameEvent, frozen=True):
    turn_order: tuple[Seat, ...]


# Turns (§4.1-§4.3, §4.10)
class PlayerTurnStarted(GameEvent, frozen=True):
    seat: Seat
    player_turn_seq: int


class EnergyAccumulated(GameEvent, frozen=True):
    seat: Seat
    chosen_color: Color
    crew: Energy
    real_gained: Energy
    virtual_gained: Energy


class BonusActionTurnGranted(GameEvent, frozen=True):
    seat: Seat
    virtual: Energy


class CubeRecovered(GameEvent, frozen=True, omit_defaults=True):
    """§8 A19: a route cube or privilege marker taken back, to serve as a cube or a marker."""

    seat: Seat
    from_kind: RecoveryKind
    from_ref: str
    serves_as: Literal["cube", "marker"] = "cube"


class ActionTurnStarted(GameEvent, frozen=True):
    seat: Seat
    turn_number: int
    free_segments: int
    bonus: bool


class EnergyReturned(GameEvent, frozen=True):
    seat: Seat
    energy: Energy
    reason: str = "end_of_turn_limit"


class VirtualEnergyExpired(GameEvent, frozen=True):
    seat: Seat
    energy: Energy


class TurnEnded(GameEvent, frozen=True, omit_defaults=True):
    seat: Seat
    kind: TurnEndKind
    turn_number: int | None = None


class GameEnded(GameEvent, frozen=True):
    final: tuple[FinalScore, ...]
    winners: tuple[Seat, ...]
    reason: str


# Route segments, movement, exploration, portals (§4.4-§4.6)
class RouteSegmentPlaced(GameEvent, frozen=True):
    seat: Seat
    node: str
    free: bool


class FreeSegmentsForfeited(GameEvent, frozen=True):
    """Closes the free-segment window (§4.4 timing); `count` may be 0."""

    seat: Seat
    count: int


class EnergySpent(GameEvent, frozen=True):
    seat: Seat
    color: Color
    real: int
    virtual: int
    purpose: str


class EngineFired(GameEvent, frozen=True):
    seat: Seat
    points: int


class ShipMoved(GameEvent, frozen=True):
    seat: Seat
    from_node: str
    to: str
    path: tuple[str, ...]
    cost: int
    allowance_remaining: int


class MovementForfeited(GameEvent, frozen=True):
    seat: Seat
    points: int


class ExplorationRequired(GameEvent, frozen=True):
    seat: Seat
    planet: str
    options: tuple[str, ...]


class PlanetExplored(GameEvent, frozen=True):
    seat: Seat
    planet: str
    client: str | None
    slot: int | None


class PortalPlaced(GameEvent, frozen=True):
    seat: Seat
    entrance: str
    exit: str


class PortalUsed(GameEvent, frozen=True):
    seat: Seat
    portal_owner: Seat
    from_planet: str
    to_planet: str


# Building and commerce (§4.7-§4.8)
class GoodsSpent(GameEvent, frozen=True):
    seat: Seat
    goods: tuple[Good, ...]


class SiteBuilt(GameEvent, frozen=True):
    seat: Seat
    planet: str
    site: str
    site_kind: SiteKind
    vp: int


class FactoryBuilt(GameEvent, frozen=True):
    seat: Seat
    planet: str
    slot: int
    factory: str
    vp: int


class VictoryPointsScored(GameEvent, frozen=True):
    seat: Seat
    amount: int
    reason: str
    ref: str


class PrivilegeClaimed(GameEvent, frozen=True):
    seat: Seat
    site: str


class GoodsMined(GameEvent, frozen=True):
    seat: Seat
    mine: str
    good: Good
    quantity: int
    energy_paid: int


class GoodsProduced(GameEvent, frozen=True):
    seat: Seat
    factory: str
    output: Good
    quantity: int
    energy_paid: int


class ShipUpgradeInstalled(GameEvent, frozen=True):
    seat: Seat
    spaceport: str
    slot: int
    part: Part
    replaced_part: Part | None
    energy_paid: int
    new_speed: int
    new_capacity: int
    crew_from_own_stock: bool = False


class GoodsDelivered(GameEvent, frozen=True):
    seat: Seat
    client: str
    good: Good
    quantity: int
    vp_each: int
    energy_paid: int


# Goods handling (§4.9)
class GoodsDiscarded(GameEvent, frozen=True):
    seat: Seat
    goods: tuple[Good, ...]


class TradeProposed(GameEvent, frozen=True):
    trade_id: int
    proposer: Seat
    partner: Seat
    give: tuple[Good, ...]
    receive: tuple[Good, ...]


class TradeCompleted(GameEvent, frozen=True):
    trade_id: int


class TradeRejected(GameEvent, frozen=True):
    trade_id: int


class TradeCancelled(GameEvent, frozen=True):
    trade_id: int


Event = (
    SetupRandomized
    | FirstPlayerDetermined
    | TurnOrderBidSubmitted
    | TurnOrderBidSealed
    | TurnOrderBidsRevealed
    | TurnOrderRebidRequired
    | BidTieBroken
    | TurnPositionChosen
    | TurnOrderFixed
    | StartingPartsPlaced
    | StartingPlanetChosen
    | MainPhaseStarted
    | PlayerTurnStarted
    | EnergyAccumulated
    | BonusActionTurnGranted
    | CubeRecovered
    | ActionTurnStarted
    | EnergyReturned
    | VirtualEnergyExpired
    | TurnEnded
    | GameEnded
    | RouteSegmentPlaced
    | FreeSegmentsForfeited
    | EnergySpent
    | EngineFired
    | ShipMoved
    | MovementForfeited
    | ExplorationRequired
    | PlanetExplored
    | PortalPlaced
    | PortalUsed
    | GoodsSpent
    | SiteBuilt
    | FactoryBuilt
    | VictoryPointsScored
    | PrivilegeClaimed
    | GoodsMined
    | GoodsProduced
    | ShipUpgradeInstalled
    | GoodsDelivered
    | GoodsDiscarded
    | TradeProposed
    | TradeCompleted
    | TradeRejected
    | TradeCancelled
)
