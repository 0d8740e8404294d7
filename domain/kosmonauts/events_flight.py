"""Facts of Phase 3 (flight, landing, emergencies), Phase 4 (planets) and the end (§4.5-§6)."""

from __future__ import annotations

from typing import ClassVar

import msgspec

from domain.game import GameEvent, Seat
from domain.kosmonauts.components import Body, Hex
from domain.kosmonauts.flight import Rose


# --- Phase 3: flight or refuel -------------------------------------------------------------
class ShipMoved(GameEvent, frozen=True):
    seat: Seat
    from_hex: Hex
    to_hex: Hex
    rose: Rose


class ShipLanded(GameEvent, frozen=True):
    seat: Seat
    body: Body
    hex: Hex
    phase: int
    cause: str
    units_discarded: int


class LandingMarkerTaken(GameEvent, frozen=True):
    seat: Seat
    body: Body
    value: int
    stack_position: int


class LandingRecordedWithoutMarker(GameEvent, frozen=True):
    seat: Seat
    body: Body
    reason: str


class EarthReturnCompleted(GameEvent, frozen=True):
    seat: Seat
    round: int
    phase: int


class GameEndTriggered(GameEvent, frozen=True):
    round: int
    seat: Seat
    phase: int


class DangerSectorDamage(GameEvent, frozen=True):
    seat: Seat
    hex: Hex
    sector: str
    shields_after: int


class EmergencyDeclared(GameEvent, frozen=True):
    seat: Seat
    cause: str


class ShipEvacuated(GameEvent, frozen=True):
    seat: Seat
    cause: str
    to_body: Body
    to_hex: Hex
    units_discarded: int


class ShipRefuelled(GameEvent, frozen=True):
    seat: Seat
    kind: str
    shield_spent: bool
    hyper_added: int
    swapped: bool
    normal_added: int
    normal_after: int
    hyper_after: int


class RefuelSkipped(GameEvent, frozen=True):
    seat: Seat


# --- Phase 4: planets ----------------------------------------------------------------------
class PlanetMove(msgspec.Struct, frozen=True):
    body: Body
    from_index: int
    to_index: int
    from_hex: Hex
    to_hex: Hex


class PlanetsAdvanced(GameEvent, frozen=True):
    moves: tuple[PlanetMove, ...]


class ShipCarried(GameEvent, frozen=True):
    seat: Seat
    body: Body
    to_hex: Hex


class LandingOpportunityOpened(GameEvent, frozen=True):
    seat: Seat
    body: Body
    hex: Hex


class LandingOpportunityDeclined(GameEvent, frozen=True):
    seat: Seat
    body: Body


# --- end and scoring -----------------------------------------------------------------------
class GameEnded(GameEvent, frozen=True):
    round: int
    reason: str


class MissionsRevealed(GameEvent, frozen=True):
    seat: Seat
    cards: tuple[str, ...]
    reveals: ClassVar[bool] = True


class MissionScored(GameEvent, frozen=True):
    seat: Seat
    card: str
    completed: bool
    vp: int


class FinalScoreComputed(GameEvent, frozen=True):
    seat: Seat
    marker_vp: int
    mission_vp: int
    total: int
    earth_return_phase: int | None
    four_vp_markers: int
    shields: int


class WinnersDeclared(GameEvent, frozen=True):
    winners: tuple[Seat, ...]
    places: tuple[int, ...]
    decided_by: str
