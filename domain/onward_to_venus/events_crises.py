"""Facts of the crisis phase, income, the end of periods and of the game (§4.9-§4.11, §6)."""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.game import GameEvent


class Award(msgspec.Struct, frozen=True):
    seat: int
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
    planet: str
    tile: int


class CrisisLevelDetermined(GameEvent, frozen=True):
    planet: str
    tiles: int
    dice: int
    level: int


class CrisisResolved(GameEvent, frozen=True):
    planet: str
    level: int
    outcome: str


class BazagthothControlDetermined(GameEvent, frozen=True):
    seat: int | None


class DamageRolled(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    source: str
    faces: tuple[int, ...]
    hits: int


class PlanetFlipped(GameEvent, frozen=True):
    planet: str
    reason: str


class PiratesPaid(GameEvent, frozen=True):
    seat: int
    due: int
    paid: int


class AliensArrived(GameEvent, frozen=True):
    planets: tuple[str, ...]
    tiles: tuple[int, ...]


class AliensAdvanced(GameEvent, frozen=True):
    origins: tuple[str, ...]
    destinations: tuple[str, ...]
    tiles: tuple[int, ...]


class IncomePaid(GameEvent, frozen=True):
    seat: int
    mines: int
    factories: int
    amount: int


class UnitsReturnedToOrbit(GameEvent, frozen=True):
    planet: str
    units: tuple[str, ...]


class PeriodEnded(GameEvent, frozen=True):
    period: int


# --- the end -----------------------------------------------------------------------------


class PlanetScored(GameEvent, frozen=True):
    planet: str
    awards: tuple[Award, ...]


class GameEnded(GameEvent, frozen=True):
    reason: str
    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak_step: int = 0
