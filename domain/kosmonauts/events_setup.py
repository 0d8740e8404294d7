"""Setup facts of Kosmonauts (§3.3) and who may see each one (§5)."""

from __future__ import annotations

from typing import ClassVar

from domain.game import GameEvent, Seat, Visibility
from domain.kosmonauts.components import Body, Hex


# --- setup ---------------------------------------------------------------------------------
class PlanetTokensDealt(GameEvent, frozen=True):
    hands: tuple[tuple[Body, ...], ...]
    youngest: Seat = 0  # deals first and places first (§3.1 step 1)


class InstructorAssigned(GameEvent, frozen=True):
    seat: Seat
    reason: str = "SETUP_RANDOM"


class BodiesExcluded(GameEvent, frozen=True):
    bodies: tuple[Body, ...]


class PlanetPlaced(GameEvent, frozen=True):
    seat: Seat
    body: Body
    orbit_index: int
    hex: Hex


class MissionCardsDealt(GameEvent, frozen=True):
    seat: Seat
    cards: tuple[str, ...]

    def visibility(self) -> Visibility:
        return Visibility.only(self.seat)


class MissionCardsDealtCount(GameEvent, frozen=True):
    seat: Seat
    count: int


class MissionCardRedrawn(GameEvent, frozen=True):
    seat: Seat
    discarded: str
    drawn: str

    def visibility(self) -> Visibility:
        return Visibility.only(self.seat)


class MissionCardReplaced(GameEvent, frozen=True):
    """Public counterpart of MissionCardRedrawn: the table sees a card swapped, not which."""

    seat: Seat


class MissionsKept(GameEvent, frozen=True):
    seat: Seat
    kept: tuple[str, ...]
    discarded: tuple[str, ...]

    def visibility(self) -> Visibility:
        return Visibility.only(self.seat)


class MissionSelectionMade(GameEvent, frozen=True):
    seat: Seat


class ShipPlaced(GameEvent, frozen=True):
    seat: Seat
    body: Body
    hex: Hex


class LandingMarkerStacksPrepared(GameEvent, frozen=True):
    stacks: tuple[tuple[Body, tuple[int, ...]], ...]


class EventDeckPrepared(GameEvent, frozen=True):
    """The event cards shuffled face down: the pile is the multiset `cards` (sorted; nobody has
    seen an order, so it has none), each card drawn from it when it is turned face up."""

    cards: tuple[str, ...]

    def visibility(self) -> Visibility:
        return Visibility.no_one()


class EventCardRevealed(GameEvent, frozen=True):
    card: str
    slot: int
    reveals: ClassVar[bool] = True


class PlayerBoardPrepared(GameEvent, frozen=True):
    seat: Seat
    normal: int
    hyper: int
    shields: int
    last_visited: Body = "EARTH"


class SetupCompleted(GameEvent, frozen=True):
    pass
