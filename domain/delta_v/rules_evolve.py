"""`evolve`: how each fact changes the state. It never validates and never fails on a valid log."""

from __future__ import annotations

from typing import Any, assert_never

from msgspec.structs import replace

from .components import GRID_SIZE, Face, Position, face_order, incident, tile_id
from .events import (
    ActionSkipped,
    ActionTaken,
    AlienEncounterResolved,
    AlienEncounterRevealed,
    AlienMoved,
    AsteroidFieldLaid,
    BidUpBribeReturned,
    BidUpDeclared,
    BribeSpent,
    BribeStolen,
    ContractAttemptFailed,
    ContractDeclared,
    ContractFulfilled,
    ContractRequirementsMet,
    ContractStepSkipped,
    Event,
    FirstPlayerChosen,
    GameCreated,
    GameEnded,
    IncidentStolen,
    IncidentTaken,
    IncidentUsed,
    Location,
    MeteorStormPlayed,
    MineralReplaced,
    MineralScanFinished,
    MineralScanStarted,
    PirateAttackPlayed,
    PlayerEquipped,
    ProspectRevealDeclined,
    ReplacementDeclined,
    ResponsePassed,
    ResponseWindowOpened,
    RocketMoved,
    RocketPlacedOnStation,
    RocketReturnedToShipyard,
    RocketsCollided,
    RocketsReturnedToStation,
    SabotageResolved,
    TileRevealed,
    TilesFlippedFaceDown,
    TilesPeeked,
    TilesPeekedDetail,
    TurnEnded,
    TurnStarted,
)
from .rules_board import cell_index, tile_at
from .state import (
    WINDOW_PHASES,
    Attempt,
    AttemptTile,
    Bid,
    Bribe,
    Contract,
    HeldIncident,
    OpenWindow,
    PeekPanel,
    Rocket,
    Scan,
    State,
    Tile,
)


def evolve(state: State, event: Event) -> State:
    """One fact applied; every event of the game is named here (facts that change nothing
    in the state together), so a new event type that is not handled is a type error."""
    match event:
        case GameCreated() as e:
            return _game_created(state, e)
        case AsteroidFieldLaid() as e:
            return _field_laid(state, e)
        case PlayerEquipped() as e:
            return _player_equipped(state, e)
        case RocketPlacedOnStation() as e:
            return _move_rockets(state, {e.rocket_id}, "STATION")
        case FirstPlayerChosen() as e:
            return replace(state, active=e.seat)
        case TurnStarted() as e:
            return _turn_started(state, e)
        case TurnEnded():
            return replace(state, phase="TURN_END", panel=None)
        case ResponseWindowOpened() as e:
            return _window_opened(state, e)
        case ResponsePassed() as e:
            return _response_passed(state, e)
        case PirateAttackPlayed() as e:
            return replace(_drop_incident(state, e.incident_id), pirated=True, window=None)
        case ActionSkipped():
            return replace(state, phase="CONTRACT_DECLARATION")
        case MeteorStormPlayed() as e:
            return replace(
                _drop_incident(state, e.incident_id),
                meteored=True,
                window=None,
                phase="CONTRACT_DECLARATION",
            )
        case ActionTaken():
            return replace(state, action_taken=True, phase="CONTRACT_DECLARATION")
        case RocketMoved() as e:
            return _move_rockets(state, {e.rocket_id}, e.destination)
        case RocketReturnedToShipyard() as e:
            return _move_rockets(state, {e.rocket_id}, "SHIPYARD")
        case RocketsReturnedToStation() as e:
            return _move_rockets(state, set(e.rocket_ids), "STATION")
        case TilesPeeked() as e:
            return _tiles_peeked(state, e)
        case TilesPeekedDetail() as e:
            for result in e.results:
                state = _determine(state, result.position, result.face)
            return state
        case ProspectRevealDeclined():
            return replace(state, panel=None, phase="CONTRACT_DECLARATION")
        case BribeSpent() as e:
            return _set_bribe(state, e.bribe_id, status="spent")
        case IncidentUsed() as e:
            return _drop_incident(_seat_decided(state), e.incident_id)
        case MineralScanStarted() as e:
            return _scan_started(state, e)
        case MineralScanFinished() as e:
            return _scan_finished(state, e)
        case IncidentTaken() as e:
            return _incident_taken(state, e)
        case AlienEncounterRevealed() as e:
            return _alien_revealed(state, e)
        case AlienMoved() as e:
            return replace(state, alien=e.destination)
        case BribeStolen() as e:
            return _set_bribe(state, e.bribe_id, owner=e.thief)
        case IncidentStolen() as e:
            return _incident_stolen(state, e)
        case AlienEncounterResolved():
            return replace(state, phase=state.resume)
        case ContractDeclared() as e:
            return replace(
                _seat_decided(state), attempt=Attempt(e.contract_id), phase="CONTRACT_REVEAL"
            )
        case ContractStepSkipped():
            return replace(_seat_decided(state), phase="TURN_END")
        case TileRevealed() as e:
            return _tile_revealed(state, e)
        case MineralReplaced() as e:
            return _mineral_replaced(state, e)
        case BidUpDeclared() as e:
            return _bid_up_declared(state, e)
        case BidUpBribeReturned() as e:
            return _set_bribe(state, e.bribe_id, status="unspent")
        case ContractAttemptFailed():
            return replace(state, attempt=None, phase="TURN_END")
        case ContractFulfilled() as e:
            return _contract_fulfilled(state, e)
        case GameEnded() as e:
            for dealt in e.final_layout or ():
                state = _determine(state, dealt.position, dealt.face)
            return replace(state, phase="GAME_OVER", ended=e, window=None, attempt=None)
        case (
            RocketsCollided()
            | SabotageResolved()
            | ReplacementDeclined()
            | ContractRequirementsMet()
            | TilesFlippedFaceDown()
        ):
            return state  # facts for the log and the views; the state holds them elsewhere
        case _:
            assert_never(event)


def _move_rockets(state: State, rocket_ids: set[str], location: Location) -> State:
    rockets = tuple(
        replace(r, location=location) if r.rocket_id in rocket_ids else r for r in state.rockets
    )
    return replace(state, rockets=rockets)


def _set_bribe(state: State, bribe_id: str, **changes: Any) -> State:
    bribes = tuple(replace(b, **changes) if b.bribe_id == bribe_id else b for b in state.bribes)
    return replace(state, bribes=bribes)


def _drop_incident(state: State, incident_id: str) -> State:
    return replace(
        state, incidents=tuple(i for i in state.incidents if i.incident_id != incident_id)
    )


def _set_cell(state: State, position: tuple[int, int], tile: Tile | None) -> State:
    grid = list(state.grid)
    grid[cell_index(position)] = tile
    return replace(state, grid=tuple(grid))


def _seat_decided(state: State) -> State:
    """§5 item 3: a survey's results stay in view until the surveyor's next command, which can only
    be a declaration, a skip or an own-turn incident (each opens with one of the events below)."""
    if state.panel is not None and state.panel.source == "survey":
        return replace(state, panel=None)
    return state


def _game_created(state: State, e: GameCreated) -> State:
    return replace(
        state,
        colours=e.colours,
        manifest_id=e.manifest_id,
        contracts=tuple(Contract(spec) for spec in e.contracts),
        grid=(None,) * (GRID_SIZE * GRID_SIZE),
        collections=((),) * e.seats,
        peeked=(frozenset(),) * e.seats,
    )


def _field_laid(state: State, e: AsteroidFieldLaid) -> State:
    grid = list(state.grid)
    for position in e.positions:
        grid[cell_index(position)] = Tile(tile_id(position))
    return replace(state, grid=tuple(grid), unseen=tuple(sorted(e.faces, key=face_order)))


def _determine(state: State, position: Position, face: Face) -> State:
    """An event named the face of the tile at `position`: if nobody had looked at it before,
    it was drawn now, so it leaves the unseen tiles and keeps this face from now on."""
    tile = tile_at(state, position)
    if tile is None or tile.face is not None:
        return state
    unseen = list(state.unseen)
    unseen.remove(face)  # the rules drew it from there
    state = _set_cell(state, position, replace(tile, face=face))
    return replace(state, unseen=tuple(unseen))


def _player_equipped(state: State, e: PlayerEquipped) -> State:
    rockets = tuple(Rocket(rid, e.seat, "SHIPYARD") for rid in e.rocket_ids)
    bribes = tuple(Bribe(b.bribe_id, b.mineral, e.seat) for b in e.bribes)
    return replace(state, rockets=state.rockets + rockets, bribes=state.bribes + bribes)


def _turn_started(state: State, e: TurnStarted) -> State:
    return replace(
        state,
        turn=e.turn,
        active=e.seat,
        phase="ACTION",
        action_taken=False,
        pirated=False,
        meteored=False,
        window=None,
        attempt=None,
        panel=None,
        scan=None,
        resume="TURN_END",
    )


def _window_opened(state: State, e: ResponseWindowOpened) -> State:
    return replace(state, window=OpenWindow(e.window, e.eligible), phase=WINDOW_PHASES[e.window])


def _response_passed(state: State, e: ResponsePassed) -> State:
    assert state.window is not None
    window = replace(state.window, asked=state.window.asked + 1)
    if window.asked < len(window.eligible):
        return replace(state, window=window)
    # Everyone passed: pre_action leads to the action, pre_contract to the declaration; after a
    # bid_up window the fulfilment events follow in the same decision.
    after = {"pre_action": "ACTION", "pre_contract": "CONTRACT_DECLARATION", "bid_up": "TURN_END"}
    return replace(state, window=None, phase=after[e.window])


def _tiles_peeked(state: State, e: TilesPeeked) -> State:
    peeked = list(state.peeked)
    peeked[e.seat] = peeked[e.seat] | frozenset(e.positions)
    state = replace(state, peeked=tuple(peeked))
    if e.source == "prospect":
        panel = PeekPanel(e.seat, e.source, e.positions)
        return replace(state, panel=panel, phase="PROSPECT_DECISION", resume="CONTRACT_DECLARATION")
    if e.source == "survey":
        return replace(state, panel=PeekPanel(e.seat, e.source, e.positions))
    assert state.scan is not None
    if e.source == "scan_own":
        scan = replace(state.scan, own=e.positions)
        return replace(state, scan=scan, panel=PeekPanel(e.seat, "scan_own", e.positions))
    scan = replace(state.scan, extra=state.scan.extra + e.positions)
    panel = PeekPanel(e.seat, "scan_own", scan.own + scan.extra)
    return replace(state, scan=scan, panel=panel)


def _scan_started(state: State, e: MineralScanStarted) -> State:
    return replace(
        state, scan=Scan(allowed=e.extra_peeks_allowed, resume=state.phase), phase="SCAN_PEEKING"
    )


def _scan_finished(state: State, e: MineralScanFinished) -> State:
    assert state.scan is not None
    back = state.scan.resume
    return replace(state, phase=back, resume=back, scan=None, panel=None)


def _incident_taken(state: State, e: IncidentTaken) -> State:
    state = _determine(state, e.from_position, incident(e.kind))
    state = _set_cell(state, e.from_position, None)
    held = HeldIncident(e.incident_id, e.kind, e.seat, e.acquired_turn)
    return replace(state, incidents=(*state.incidents, held))


def _alien_revealed(state: State, e: AlienEncounterRevealed) -> State:
    state = _determine(state, e.position, incident("ALIEN_ENCOUNTER"))
    tile = tile_at(state, e.position)
    assert tile is not None
    state = _set_cell(state, e.position, replace(tile, face_up_alien=True))
    return replace(state, encounters=e.encounter_number, phase="ALIEN_DECISION")


def _incident_stolen(state: State, e: IncidentStolen) -> State:
    incidents = tuple(
        replace(i, owner=e.thief, acquired_turn=e.acquired_turn)
        if i.incident_id == e.incident_id
        else i
        for i in state.incidents
    )
    return replace(state, incidents=incidents)


def _tile_revealed(state: State, e: TileRevealed) -> State:
    state = _determine(state, e.position, e.face)
    state = replace(state, seen=state.seen | {e.position}, revealed_by=e.context)
    if e.context == "prospect":
        return replace(
            state, panel=None, phase="CONTRACT_DECLARATION", resume="CONTRACT_DECLARATION"
        )
    if e.context == "scan":
        return state
    state = replace(state, resume="TURN_END")
    if e.judgement == "incident" or e.face.mineral is None:
        return state
    assert state.attempt is not None
    if e.judgement == "mismatch":
        return replace(
            state, attempt=replace(state.attempt, pending=e.position), phase="REPLACEMENT_DECISION"
        )
    tile = AttemptTile(e.position, e.tile_id, e.face.mineral, e.face.mineral, e.face.value)
    return replace(state, attempt=_accept(state.attempt, tile))


def _accept(attempt: Attempt, tile: AttemptTile) -> Attempt:
    if attempt.stage == "bid_up":
        return replace(attempt, bid_tile=tile, pending=None)
    return replace(attempt, accepted=(*attempt.accepted, tile), pending=None)


def _mineral_replaced(state: State, e: MineralReplaced) -> State:
    assert state.attempt is not None
    tile = tile_at(state, e.position)
    assert tile is not None and tile.face is not None  # turned over just before
    accepted = AttemptTile(
        e.position, tile.tile_id, e.printed_mineral, e.new_mineral, tile.face.value
    )
    attempt = _accept(state.attempt, accepted)
    phase = "BID_UP_REVEAL" if attempt.stage == "bid_up" else "CONTRACT_REVEAL"
    return replace(state, attempt=attempt, phase=phase)


def _bid_up_declared(state: State, e: BidUpDeclared) -> State:
    state = _set_bribe(state, e.bribe_id, status="committed")
    assert state.attempt is not None
    attempt = replace(state.attempt, stage="bid_up", bid=Bid(e.bidder, e.bribe_id, e.mineral))
    return replace(state, attempt=attempt, window=None, phase="BID_UP_REVEAL")


def _contract_fulfilled(state: State, e: ContractFulfilled) -> State:
    for tile in e.tiles:  # each was turned over in the attempt, so its face was drawn then
        state = _set_cell(state, tile.position, None)
    collections = list(state.collections)
    collections[e.seat] = collections[e.seat] + e.tiles
    contracts = tuple(
        replace(c, fulfilled_by=e.seat) if c.spec.contract_id == e.contract_id else c
        for c in state.contracts
    )
    return replace(
        state,
        collections=tuple(collections),
        contracts=contracts,
        attempt=None,
        phase="TURN_END",
    )
