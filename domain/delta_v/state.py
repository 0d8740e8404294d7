"""The state of a Delta V match: immutable values, folded from events by `evolve`."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.game import Options, Rounds, Seat

from .components import DEFAULT_MAX_ROUNDS, ContractSpec, Face, IncidentKind, Mineral, Position
from .events import CollectedTile, GameEnded, Location, PeekSource, Stage, Window

Phase = Literal[
    "SETUP",
    "PRE_ACTION_WINDOW",
    "ACTION",
    "PROSPECT_DECISION",
    "SCAN_PEEKING",
    "ALIEN_DECISION",
    "PRE_CONTRACT_WINDOW",
    "CONTRACT_DECLARATION",
    "CONTRACT_REVEAL",
    "REPLACEMENT_DECISION",
    "BID_UP_WINDOW",
    "BID_UP_REVEAL",
    "TURN_END",
    "GAME_OVER",
]
WINDOW_PHASES: dict[Window, Phase] = {
    "pre_action": "PRE_ACTION_WINDOW",
    "pre_contract": "PRE_CONTRACT_WINDOW",
    "bid_up": "BID_UP_WINDOW",
}
BribeStatus = Literal["unspent", "spent", "committed"]


class DeltaVOptions(Options, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The engine options of §9, each defaulting to the digest's recommended ruling."""

    max_rounds: Rounds = DEFAULT_MAX_ROUNDS
    manifest_id: Literal["proposed-v1"] = "proposed-v1"
    contract_attempt_mandatory: bool = True
    occupancy_counts_face_up_alien: bool = True
    scan_respects_blocking: bool = False
    memory_aid: bool = False
    reveal_layout_at_end: bool = True


class Tile(msgspec.Struct, frozen=True):
    """A tile on the grid. `face` is None while nobody has looked at it: it is drawn from
    `State.unseen` when it is first peeked at or turned over, and known from then on (to whom
    the events say: the peeking seat, or everyone)."""

    tile_id: str
    face: Face | None = None
    face_up_alien: bool = False


class Rocket(msgspec.Struct, frozen=True):
    rocket_id: str
    seat: Seat
    location: Location


class Bribe(msgspec.Struct, frozen=True):
    bribe_id: str
    mineral: Mineral
    owner: Seat
    status: BribeStatus = "unspent"


class HeldIncident(msgspec.Struct, frozen=True):
    incident_id: str
    kind: IncidentKind
    owner: Seat
    acquired_turn: int


class Contract(msgspec.Struct, frozen=True):
    spec: ContractSpec
    fulfilled_by: Seat | None = None


class AttemptTile(msgspec.Struct, frozen=True):
    position: Position
    tile_id: str
    printed: Mineral
    effective: Mineral
    value: int


class Bid(msgspec.Struct, frozen=True):
    bidder: Seat
    bribe_id: str
    mineral: Mineral


class Attempt(msgspec.Struct, frozen=True):
    contract_id: str
    stage: Stage = "main"
    accepted: tuple[AttemptTile, ...] = ()
    bid: Bid | None = None
    bid_tile: AttemptTile | None = None
    pending: Position | None = None


class OpenWindow(msgspec.Struct, frozen=True):
    window: Window
    eligible: tuple[Seat, ...]
    asked: int = 0


class PeekPanel(msgspec.Struct, frozen=True):
    """The peek results a seat is being shown now (§5 item 3)."""

    seat: Seat
    source: PeekSource
    positions: tuple[Position, ...]


class Scan(msgspec.Struct, frozen=True):
    allowed: int
    resume: Phase
    own: tuple[Position, ...] = ()
    extra: tuple[Position, ...] = ()


class State(msgspec.Struct, frozen=True):
    n_seats: int
    options: DeltaVOptions
    colours: tuple[str, ...] = ()
    manifest_id: str = ""
    contracts: tuple[Contract, ...] = ()
    grid: tuple[Tile | None, ...] = ()
    unseen: tuple[Face, ...] = ()
    """The faces of the tiles nobody has looked at, as a multiset (in `face_order`): one for
    each grid tile whose face is None. Hidden from every view."""
    rockets: tuple[Rocket, ...] = ()
    bribes: tuple[Bribe, ...] = ()
    incidents: tuple[HeldIncident, ...] = ()
    collections: tuple[tuple[CollectedTile, ...], ...] = ()
    alien: Position | None = None
    encounters: int = 0
    turn: int = 0
    active: int = 0
    phase: Phase = "SETUP"
    action_taken: bool = False
    pirated: bool = False
    meteored: bool = False
    window: OpenWindow | None = None
    attempt: Attempt | None = None
    panel: PeekPanel | None = None
    scan: Scan | None = None
    resume: Phase = "TURN_END"
    revealed_by: Literal["contract", "bid_up", "prospect", "scan"] = "contract"
    peeked: tuple[frozenset[Position], ...] = ()
    seen: frozenset[Position] = frozenset()
    ended: GameEnded | None = None
