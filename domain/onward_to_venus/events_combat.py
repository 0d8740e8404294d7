"""Facts of claims, fights and losses, and the queue of owed decisions (§4.6-§4.8)."""

from __future__ import annotations

from typing import ClassVar

from domain.game import GameEvent, Seat

from .components import PlanetName
from .state import Decision

# --- combat and claims -------------------------------------------------------------------


class ClaimAttempted(GameEvent, frozen=True):
    seat: Seat
    combat: int
    planet: PlanetName
    tile: int
    kind: str
    target: str | None
    base: int
    part_of_move: bool


class CombatDiceRolled(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    combat: int
    faces: tuple[int, ...]


class CombatDiceRerolled(GameEvent, frozen=True):
    reveals: ClassVar[bool] = True
    combat: int
    indices: tuple[int, ...]
    faces: tuple[int, ...]


class CombatDieExcluded(GameEvent, frozen=True):
    combat: int
    index: int


class CombatSkullIgnored(GameEvent, frozen=True):
    combat: int
    index: int


class CombatRequirementUpdated(GameEvent, frozen=True):
    combat: int
    base: int
    spread: int
    required: int


class CombatModifierApplied(GameEvent, frozen=True):
    combat: int
    modifier: str


class CombatPointsAdded(GameEvent, frozen=True):
    combat: int
    source: str
    amount: int
    total: int


class CombatResolved(GameEvent, frozen=True):
    combat: int
    success: bool
    required: int
    committed: int


class TileClaimed(GameEvent, frozen=True):
    seat: Seat
    planet: PlanetName
    tile: int
    kind: str


class TileKept(GameEvent, frozen=True):
    seat: Seat
    tile: int
    kind: str


class FactoryBuilt(GameEvent, frozen=True):
    seat: Seat
    planet: PlanetName
    piece: str
    replaced_tile: int


class MineBuilt(GameEvent, frozen=True):
    seat: Seat
    planet: PlanetName
    piece: str
    replaced_tile: int


class PieceTakenOver(GameEvent, frozen=True):
    attacker: Seat
    defender: Seat
    planet: PlanetName
    kind: str
    old_piece: str
    new_piece: str


class AlienDefeated(GameEvent, frozen=True):
    planet: PlanetName


# --- losses ------------------------------------------------------------------------------


class UnitDestroyed(GameEvent, frozen=True):
    unit: str
    owner: Seat
    planet: PlanetName
    cause: str


class UnitRemoved(GameEvent, frozen=True):
    unit: str
    owner: Seat
    planet: PlanetName
    reason: str


class UnitSavedToEarth(GameEvent, frozen=True):
    unit: str
    owner: Seat
    card: int


class DestructionCancelled(GameEvent, frozen=True):
    unit: str
    card: int


class PieceRemoved(GameEvent, frozen=True):
    piece: str
    owner: Seat
    planet: PlanetName
    reason: str


class DecisionRequired(GameEvent, frozen=True):
    """A decision joins the queue at position `at` (0: before everything else)."""

    decision: Decision
    at: int


class DecisionResolved(GameEvent, frozen=True):
    seat: Seat
    kind: str
