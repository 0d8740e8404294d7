"""Facts of setup, periods, turns and actions (§3, §4.2-§4.5)."""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.game import GameEvent, Seat, Visibility

from .components import PlanetName


class RaisedUnit(msgspec.Struct, frozen=True):
    unit: str
    kind: str
    planet: PlanetName


# --- setup -------------------------------------------------------------------------------


class EmpireAssigned(GameEvent, frozen=True):
    seat: Seat
    empire: str


class StartingPiecesPlaced(GameEvent, frozen=True):
    seat: Seat
    units: tuple[str, ...]
    factory: str


class StartingCardsTaken(GameEvent, frozen=True):
    seat: Seat
    count: int


class StartingCardsDetail(GameEvent, frozen=True):
    seat: Seat
    cards: tuple[int, ...]

    def visibility(self) -> Visibility:
        return Visibility.only(self.seat)


class BagFilled(GameEvent, frozen=True):
    size: int


class DeckShuffled(GameEvent, frozen=True):
    size: int


class StartPlayerRolled(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    seat: Seat
    round: int
    faces: tuple[int, ...]
    total: int


class StartPlayerDetermined(GameEvent, frozen=True):
    seat: Seat


# --- periods, turns and actions ----------------------------------------------------------


class PeriodStarted(GameEvent, frozen=True):
    period: int


class PassMarkersPlaced(GameEvent, frozen=True):
    count: int


class PlanetTilesDrawn(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    planet: PlanetName
    tiles: tuple[int, ...]


class TensionPlaced(GameEvent, frozen=True):
    tile: int
    planet: PlanetName


class TileDiscarded(GameEvent, frozen=True):
    tile: int
    planet: PlanetName | None
    reason: str


class ActionPhaseStarted(GameEvent, frozen=True):
    start_player: Seat


class TurnStarted(GameEvent, frozen=True):
    seat: Seat
    actions: int
    post_pass: bool = False


class TurnEnded(GameEvent, frozen=True):
    seat: Seat


class ActionStarted(GameEvent, frozen=True):
    seat: Seat
    action: str


class ActionCompleted(GameEvent, frozen=True):
    seat: Seat
    action: str


class ExtraActionGranted(GameEvent, frozen=True):
    seat: Seat
    actions: int


class GroupMoved(GameEvent, frozen=True):
    seat: Seat
    origin: PlanetName
    destination: PlanetName
    units: tuple[str, ...]
    distance: int
    allowance: int


class ClaimWindowOpened(GameEvent, frozen=True):
    seat: Seat
    planet: PlanetName


class UnitsLanded(GameEvent, frozen=True):
    seat: Seat
    planet: PlanetName
    units: tuple[str, ...]
    purpose: str


class UnitsRaised(GameEvent, frozen=True):
    seat: Seat
    units: tuple[RaisedUnit, ...]


class UnitReturnedToOrbit(GameEvent, frozen=True):
    seat: Seat
    unit: str


class PassMarkerTaken(GameEvent, frozen=True):
    seat: Seat
    remaining: int


class StartPlayerMarkerTaken(GameEvent, frozen=True):
    seat: Seat


class ActionPhaseEnded(GameEvent, frozen=True):
    last_marker_by: Seat
    asked: tuple[Seat, ...]


class PostPassAnswered(GameEvent, frozen=True):
    seat: Seat
    played: bool
