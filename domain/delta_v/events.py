"""The facts of Delta V (rules digest §4.7). Face-down tiles appear in public events by position only."""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from domain.game import GameEvent, Seat, Visibility

from .components import ContractSpec, Face, IncidentKind, Mineral, Position

Location = Position | Literal["STATION", "SHIPYARD"]
Window = Literal["pre_action", "pre_contract", "bid_up"]
PeekSource = Literal["prospect", "survey", "scan_own", "scan_extra"]
Stage = Literal["main", "bid_up"]
EndReason = Literal[
    "FIFTH_ALIEN_ENCOUNTER", "LAST_CONTRACT_FULFILLED", "FIELD_FULLY_OCCUPIED", "ROUND_LIMIT"
]
StationReturn = Literal["incident", "fulfilled"]


class DealtTile(msgspec.Struct, frozen=True):
    """A tile of the layout published when the game ends (R15)."""

    position: Position
    tile_id: str
    face: Face


class BribeSpec(msgspec.Struct, frozen=True):
    bribe_id: str
    mineral: Mineral


class PeekResult(msgspec.Struct, frozen=True):
    position: Position
    face: Face


class CollectedTile(msgspec.Struct, frozen=True):
    tile_id: str
    position: Position
    printed_mineral: Mineral
    effective_mineral: Mineral
    value: int


class FinalScore(msgspec.Struct, frozen=True):
    seat: Seat
    mineral_points: int
    bribes_spent: int
    total: int
    contracts: int
    unspent_bribes: int


# Setup (§4.4.0)
class GameCreated(GameEvent, frozen=True):
    seats: int
    colours: tuple[str, ...]
    manifest_id: str
    contracts: tuple[ContractSpec, ...]


class AsteroidFieldLaid(GameEvent, frozen=True):
    """The tiles laid face down on `positions`: `faces` is the box's contents as a multiset (the
    manifest's, public), never a layout. A face-down tile nobody has looked at has no face yet:
    it is drawn from the tiles still unseen when it is first peeked at or turned over."""

    positions: tuple[Position, ...]
    station: Position
    faces: tuple[Face, ...]


class PlayerEquipped(GameEvent, frozen=True):
    seat: Seat
    rocket_ids: tuple[str, ...]
    bribes: tuple[BribeSpec, ...]


class RocketPlacedOnStation(GameEvent, frozen=True):
    seat: Seat
    rocket_id: str
    source: Literal["setup", "buy", "rocket_acquisition"]


class FirstPlayerChosen(GameEvent, frozen=True):
    seat: Seat


# Turn frame and response windows (§4.2, §4.3)
class TurnStarted(GameEvent, frozen=True):
    turn: int
    seat: Seat


class TurnEnded(GameEvent, frozen=True):
    turn: int
    seat: Seat


class ResponseWindowOpened(GameEvent, frozen=True):
    window: Window
    eligible: tuple[Seat, ...]


class ResponsePassed(GameEvent, frozen=True):
    window: Window
    seat: Seat


class PirateAttackPlayed(GameEvent, frozen=True):
    by: Seat
    against: Seat
    incident_id: str


class MeteorStormPlayed(GameEvent, frozen=True):
    by: Seat
    against: Seat
    incident_id: str


class ActionSkipped(GameEvent, frozen=True):
    seat: Seat
    reason: Literal["pirate_attack", "no_legal_action"]


class ActionTaken(GameEvent, frozen=True):
    seat: Seat
    action: Literal["move", "prospect", "survey", "buy"]


# Rockets (§4.4.4 A, §4.6.1, §4.6.2)
class RocketMoved(GameEvent, frozen=True):
    seat: Seat
    rocket_id: str
    origin: Location
    destination: Location
    reason: Literal["action", "sabotage_follow_up"]


class RocketsCollided(GameEvent, frozen=True):
    position: Position
    moving_seat: Seat
    moving_rocket_id: str
    struck_seat: Seat
    struck_rocket_id: str


class RocketReturnedToShipyard(GameEvent, frozen=True):
    seat: Seat
    rocket_id: str
    reason: Literal["collision", "sabotage"]


class RocketsReturnedToStation(GameEvent, frozen=True):
    seat: Seat
    rocket_ids: tuple[str, ...]
    from_position: Position
    reason: StationReturn


# Peeks (§4.4.4 B/C, §4.4.6, §5)
class TilesPeeked(GameEvent, frozen=True):
    seat: Seat
    source: PeekSource
    positions: tuple[Position, ...]


class TilesPeekedDetail(GameEvent, frozen=True):
    """The faces the seat saw; a tile nobody had looked at was drawn for this peek."""

    seat: Seat
    source: PeekSource
    results: tuple[PeekResult, ...]
    reveals: ClassVar[bool] = True

    def visibility(self) -> Visibility:
        return Visibility.only(self.seat)


class ProspectRevealDeclined(GameEvent, frozen=True):
    seat: Seat


class BribeSpent(GameEvent, frozen=True):
    seat: Seat
    bribe_id: str
    mineral: Mineral
    purpose: Literal["survey", "replacement", "bid_up"]


# Incidents (§2.4, §4.4.6-4.4.8, §4.6.3)
class IncidentUsed(GameEvent, frozen=True):
    seat: Seat
    incident_id: str
    kind: IncidentKind


class MineralScanStarted(GameEvent, frozen=True):
    seat: Seat
    extra_peeks_allowed: int


class MineralScanFinished(GameEvent, frozen=True):
    seat: Seat


class SabotageResolved(GameEvent, frozen=True):
    seat: Seat
    target_seat: Seat
    target_rocket_id: str
    origin: Location


class IncidentTaken(GameEvent, frozen=True):
    seat: Seat
    incident_id: str
    kind: IncidentKind
    from_position: Position
    acquired_turn: int


class AlienEncounterRevealed(GameEvent, frozen=True):
    seat: Seat
    position: Position
    encounter_number: int


class AlienMoved(GameEvent, frozen=True):
    by: Seat
    origin: Position | None
    destination: Position


class BribeStolen(GameEvent, frozen=True):
    thief: Seat
    victim: Seat
    bribe_id: str
    mineral: Mineral


class IncidentStolen(GameEvent, frozen=True):
    thief: Seat
    victim: Seat
    incident_id: str
    kind: IncidentKind
    acquired_turn: int


class AlienEncounterResolved(GameEvent, frozen=True):
    seat: Seat


# The contract attempt (§4.4.9-4.4.13, §4.6.4, §4.6.5)
class ContractDeclared(GameEvent, frozen=True):
    seat: Seat
    contract_id: str


class ContractStepSkipped(GameEvent, frozen=True):
    seat: Seat
    reason: Literal["meteor_storm", "no_revealable_tile", "declined"]


class TileRevealed(GameEvent, frozen=True):
    """A tile turned face up for everyone; a tile nobody had looked at was drawn for it."""

    seat: Seat
    position: Position
    tile_id: str
    face: Face
    context: Literal["contract", "bid_up", "prospect", "scan"]
    judgement: Literal["match", "mismatch", "incident"]
    reveals: ClassVar[bool] = True


class MineralReplaced(GameEvent, frozen=True):
    seat: Seat
    position: Position
    printed_mineral: Mineral
    new_mineral: Mineral
    bribe_id: str


class ReplacementDeclined(GameEvent, frozen=True):
    seat: Seat
    position: Position


class ContractRequirementsMet(GameEvent, frozen=True):
    seat: Seat
    contract_id: str
    positions: tuple[Position, ...]


class BidUpDeclared(GameEvent, frozen=True):
    bidder: Seat
    bribe_id: str
    mineral: Mineral
    contract_id: str


class BidUpBribeReturned(GameEvent, frozen=True):
    bidder: Seat
    bribe_id: str


class TilesFlippedFaceDown(GameEvent, frozen=True):
    positions: tuple[Position, ...]


class ContractAttemptFailed(GameEvent, frozen=True):
    seat: Seat
    contract_id: str
    stage: Stage
    reason: Literal["mismatch", "incident_revealed", "no_revealable_tile"]


class ContractFulfilled(GameEvent, frozen=True):
    seat: Seat
    contract_id: str
    tiles: tuple[CollectedTile, ...]
    points: int


class GameEnded(GameEvent, frozen=True):
    """The end; with `reveal_layout_at_end` it publishes every tile left on the grid (R15)."""

    reason: EndReason
    scores: tuple[FinalScore, ...]
    places: tuple[int, ...]
    winners: tuple[Seat, ...]
    final_layout: tuple[DealtTile, ...] | None = None
    reveals: ClassVar[bool] = True


Event = (
    GameCreated
    | AsteroidFieldLaid
    | PlayerEquipped
    | RocketPlacedOnStation
    | FirstPlayerChosen
    | TurnStarted
    | TurnEnded
    | ResponseWindowOpened
    | ResponsePassed
    | PirateAttackPlayed
    | MeteorStormPlayed
    | ActionSkipped
    | ActionTaken
    | RocketMoved
    | RocketsCollided
    | RocketReturnedToShipyard
    | RocketsReturnedToStation
    | TilesPeeked
    | TilesPeekedDetail
    | ProspectRevealDeclined
    | BribeSpent
    | IncidentUsed
    | MineralScanStarted
    | MineralScanFinished
    | SabotageResolved
    | IncidentTaken
    | AlienEncounterRevealed
    | AlienMoved
    | BribeStolen
    | IncidentStolen
    | AlienEncounterResolved
    | ContractDeclared
    | ContractStepSkipped
    | TileRevealed
    | MineralReplaced
    | ReplacementDeclined
    | ContractRequirementsMet
    | BidUpDeclared
    | BidUpBribeReturned
    | TilesFlippedFaceDown
    | ContractAttemptFailed
    | ContractFulfilled
    | GameEnded
)
