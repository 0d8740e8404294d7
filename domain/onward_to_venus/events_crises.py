"""Facts of the crisis phase, income, the end of periods and of the game (§4.9-§4.11, §6)."""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.game import GameEvent, Seat

from .components import PlanetName


class Award(msgspec.Struct, frozen=True):
    seat: Seat
    income: int
    rank: int
    vp: int


# --- crises ------------------------------------------------------------------------------


class CrisisPhaseStarted(GameEvent, frozen=True):
    period: int


class CrisisDiceRolled(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    faces: tuple[int, ...]


class CrisisDiePlaced(GameEvent, frozen=True):
    planet: PlanetName
    tile: int


class CrisisLevelDetermined(GameEvent, frozen=True):
    planet: PlanetName
    tiles: int
    dice: int
    level: int


class CrisisResolved(GameEvent, frozen=True):
    planet: PlanetName
    level: int
    outcome: str


class BazagthothControlDetermined(GameEvent, frozen=True):
    seat: Seat | None


class DamageRolled(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    source: str
    faces: tuple[int, ...]
    hits: int


class PlanetFlipped(GameEvent, frozen=True):
    planet: PlanetName
    reason: str


class PiratesPaid(GameEvent, frozen=True):
    seat: Seat
    due: int
    paid: int


class AliensArrived(GameEvent, frozen=True):
    planets: tuple[PlanetName, ...]
    tiles: tuple[int, ...]


class AliensAdvanced(GameEvent, frozen=True):
    origins: tuple[PlanetName, ...]
    destinations: tuple[PlanetName, ...]
    tiles: tuple[int, ...]


class IncomePaid(GameEvent, frozen=True):
    seat: Seat
    mines: int
    factories: int
    amount: int


class UnitsReturnedToOrbit(GameEvent, frozen=True):
    planet: PlanetName
    units: tuple[str, ...]


class PeriodEnded(GameEvent, frozen=True):
    period: int


# --- the end -----------------------------------------------------------------------------


class PlanetScored(GameEvent, frozen=True):
    planet: PlanetName
    awards: tuple[Award, ...]


class GameEnded(GameEvent, frozen=True):
    reason: str
    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[Seat, ...]
    tiebreak_step: int = 0
