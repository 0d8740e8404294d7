"""Facts of claims, fights and losses, and the queue of owed decisions (§4.6-§4.8)."""

from __future__ import annotations

from typing import ClassVar

from domain.game import GameEvent

from .state import Decision

# --- combat and claims -------------------------------------------------------------------


class ClaimAttempted(GameEvent, frozen=True):
    seat: int
    combat: int
    planet: str
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
    seat: int
    planet: str
    tile: int
    kind: str


class TileKept(GameEvent, frozen=True):
    seat: int
    tile: int
    kind: str


class FactoryBuilt(GameEvent, frozen=True):
    seat: int
    planet: str
    piece: str
    replaced_tile: int


class MineBuilt(GameEvent, frozen=True):
    seat: int
    planet: str
    piece: str
    replaced_tile: int


class PieceTakenOver(GameEvent, frozen=True):
    attacker: int
    defender: int
    planet: str
    kind: str
    old_piece: str
    new_piece: str


class AlienDefeated(GameEvent, frozen=True):
    planet: str


# --- losses ------------------------------------------------------------------------------


class UnitDestroyed(GameEvent, frozen=True):
    unit: str
    owner: int
    planet: str
    cause: str


class UnitRemoved(GameEvent, frozen=True):
    unit: str
    owner: int
    planet: str
    reason: str


class UnitSavedToEarth(GameEvent, frozen=True):
    unit: str
    owner: int
    card: int


class DestructionCancelled(GameEvent, frozen=True):
    unit: str
    card: int


class PieceRemoved(GameEvent, frozen=True):
    piece: str
    owner: int
    planet: str
    reason: str


class DecisionRequired(GameEvent, frozen=True):
    """A decision joins the queue at position `at` (0: before everything else)."""

    decision: Decision
    at: int


class DecisionResolved(GameEvent, frozen=True):
    seat: int
    kind: str
