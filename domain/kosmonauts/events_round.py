"""Facts of the round structure, Phase 1 (events) and Phase 2 (sealed orders) (§4.3-§4.4)."""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.game import GameEvent, Seat, Visibility
from domain.kosmonauts.commands import Placement
from domain.kosmonauts.components import Body, Direction
from domain.kosmonauts.flight import Rose
from domain.kosmonauts.state import OrderKind, Phase


# --- round structure -----------------------------------------------------------------------
class RoundStarted(GameEvent, frozen=True):
    round: int
    instructor: Seat


class PhaseStarted(GameEvent, frozen=True):
    phase: Phase


class PhaseEnded(GameEvent, frozen=True):
    phase: Phase


class EventPhaseSkipped(GameEvent, frozen=True):
    round: int


class InstructorPassed(GameEvent, frozen=True):
    from_seat: Seat
    to_seat: Seat


class RoundEnded(GameEvent, frozen=True):
    round: int


# --- Phase 1: events -----------------------------------------------------------------------
class EventCardChosen(GameEvent, frozen=True):
    seat: Seat
    card: str
    kind: str


class EventResponseRecorded(GameEvent, frozen=True):
    seat: Seat
    response: str
    amount: int = 0
    auto: bool = False


class OrderLimitSet(GameEvent, frozen=True):
    seat: Seat
    max_cubes: int
    reason: str


class ShieldSpent(GameEvent, frozen=True):
    seat: Seat
    reason: str
    shields_after: int


class StayCommitted(GameEvent, frozen=True):
    seat: Seat
    body: Body


class SolarWindApplied(GameEvent, frozen=True):
    seat: Seat
    direction: Direction
    units: int
    cancelled: int
    rose_after: Rose


class FuelGained(GameEvent, frozen=True):
    seat: Seat
    normal: int
    hyper: int
    reason: str
    normal_after: int
    hyper_after: int


class FuelLost(GameEvent, frozen=True):
    seat: Seat
    normal: int
    hyper: int
    reason: str
    normal_after: int
    hyper_after: int


class HyperfuelSwapped(GameEvent, frozen=True):
    seat: Seat
    reason: str
    normal_after: int
    hyper_after: int


class GravityQueued(GameEvent, frozen=True):
    """Flying ships within Gravity range, in instructor order (A11)."""

    seats: tuple[Seat, ...]


class GravityChoicePending(GameEvent, frozen=True):
    seat: Seat
    bodies: tuple[Body, ...]


class EventCardDiscarded(GameEvent, frozen=True):
    card: str


class EventDeckReshuffled(GameEvent, frozen=True):
    """The discard pile, `count` cards, turned face down as the new pile (§4.3): a multiset with
    no order, each card drawn from it when it is turned face up."""

    count: int


# --- Phase 2: orders -----------------------------------------------------------------------
class OrdersSubmitted(GameEvent, frozen=True):
    seat: Seat


class OrdersSealed(GameEvent, frozen=True):
    seat: Seat
    kind: OrderKind
    placements: tuple[Placement, ...]
    convert_shield: bool

    def visibility(self) -> Visibility:
        return Visibility.only(self.seat)


class RevealedOrder(msgspec.Struct, frozen=True):
    seat: Seat
    kind: OrderKind
    placements: tuple[Placement, ...]
    convert_shield: bool


class OrdersRevealed(GameEvent, frozen=True):
    round: int
    orders: tuple[RevealedOrder, ...]
    reveals: ClassVar[bool] = True


class ShieldConvertedToFuel(GameEvent, frozen=True):
    seat: Seat
    normal_added: int
    shields_after: int


class CubesPlaced(GameEvent, frozen=True):
    seat: Seat
    placements: tuple[Placement, ...]
    cancelled: Rose
    rose_after: Rose
    normal_after: int
    hyper_after: int


class FuelDiscardedOverCapacity(GameEvent, frozen=True):
    seat: Seat
    normal: int
    hyper: int


class ShipTookOff(GameEvent, frozen=True):
    seat: Seat
    body: Body


class ShipStayed(GameEvent, frozen=True):
    seat: Seat
    body: Body
