"""Facts of setup, periods, turns and actions (§3, §4.2-§4.5)."""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.game import GameEvent, Visibility


class RaisedUnit(msgspec.Struct, frozen=True):
    unit: str
    kind: str
    planet: str


# --- setup -------------------------------------------------------------------------------


class EmpireAssigned(GameEvent, frozen=True):
    seat: int
    empire: str


class StartingPiecesPlaced(GameEvent, frozen=True):
    seat: int
    units: tuple[str, ...]
    factory: str


class StartingCardsTaken(GameEvent, frozen=True):
    seat: int
    count: int


class StartingCardsDetail(GameEvent, frozen=True):
    seat: int
    cards: tuple[int, ...]

    def visibility(self) -> Visibility:
        return Visibility.only(self.seat)


class BagFilled(GameEvent, frozen=True):
    size: int


class DeckShuffled(GameEvent, frozen=True):
    size: int


class StartPlayerRolled(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    seat: int
    round: int
    faces: tuple[int, ...]
    total: int


class StartPlayerDetermined(GameEvent, frozen=True):
    seat: int


# --- periods, turns and actions ----------------------------------------------------------


class PeriodStarted(GameEvent, frozen=True):
    period: int


class PassMarkersPlaced(GameEvent, frozen=True):
    count: int


class PlanetTilesDrawn(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    planet: str
    tiles: tuple[int, ...]


class TensionPlaced(GameEvent, frozen=True):
    tile: int
    planet: str


class TileDiscarded(GameEvent, frozen=True):
    tile: int
    planet: str | None
    reason: str


class ActionPhaseStarted(GameEvent, frozen=True):
    start_player: int


class TurnStarted(GameEvent, frozen=True):
    seat: int
    actions: int
    post_pass: bool = False


class TurnEnded(GameEvent, frozen=True):
    seat: int


class ActionStarted(GameEvent, frozen=True):
    seat: int
    action: str


class ActionCompleted(GameEvent, frozen=True):
    seat: int
    action: str


class ExtraActionGranted(GameEvent, frozen=True):
    seat: int
    actions: int


class GroupMoved(GameEvent, frozen=True):
    seat: int
    origin: str
    destination: str
    units: tuple[str, ...]
    distance: int
    allowance: int


class ClaimWindowOpened(GameEvent, frozen=True):
    seat: int
    planet: str


class UnitsLanded(GameEvent, frozen=True):
    seat: int
    planet: str
    units: tuple[str, ...]
    purpose: str


class UnitsRaised(GameEvent, frozen=True):
    seat: int
    units: tuple[RaisedUnit, ...]


class UnitReturnedToOrbit(GameEvent, frozen=True):
    seat: int
    unit: str


class PassMarkerTaken(GameEvent, frozen=True):
    seat: int
    remaining: int


class StartPlayerMarkerTaken(GameEvent, frozen=True):
    seat: int


class ActionPhaseEnded(GameEvent, frozen=True):
    last_marker_by: int
    asked: tuple[int, ...]


class PostPassAnswered(GameEvent, frozen=True):
    seat: int
    played: bool
