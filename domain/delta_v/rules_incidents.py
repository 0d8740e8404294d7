"""Incidents (§2.4): the response windows (§4.4.1-4.4.3), own-turn incidents (§4.4.6-4.4.8, R2
revised: at every decision of one's own turn, between contract reveals too; each one used before
the action or before declaring reopens the opponents' window, R3) and the Alien Encounter
decision (§4.4.14)."""

from __future__ import annotations

from domain.game import IllegalMove

from .commands import (
    FinishMineralScan,
    PassResponse,
    PlayMeteorStorm,
    PlayPirateAttack,
    ResolveAlienEncounter,
    ScanPeek,
    UseMineralScan,
    UseRocketAcquisition,
    UseSabotage,
)
from .components import IncidentKind
from .events import (
    ActionSkipped,
    AlienEncounterResolved,
    AlienMoved,
    BribeStolen,
    IncidentStolen,
    IncidentUsed,
    MeteorStormPlayed,
    MineralScanFinished,
    MineralScanStarted,
    PirateAttackPlayed,
    ResponsePassed,
    RocketMoved,
    RocketPlacedOnStation,
    RocketReturnedToShipyard,
    SabotageResolved,
    TileRevealed,
)
from .rules_board import (
    bribe_by_id,
    incident_by_id,
    is_blocked_for,
    is_face_down,
    is_locked,
    own_tiles,
    rocket_by_id,
    rockets_at,
    rockets_in_play,
    shipyard,
    tile_at,
    tile_under,
)
from .rules_flow import (
    Emitter,
    collide,
    end_turn,
    enter_action,
    finish_action,
    incident_reveal_problem,
    peek,
    reopen_windows,
    resolve_incident,
)
from .state import HeldIncident, State


def held_usable(state: State, seat: int, incident_id: str, kind: IncidentKind) -> HeldIncident:
    held = incident_by_id(state, incident_id)
    if held is None or held.owner != seat:
        raise IllegalMove("INCIDENT_NOT_OWNED", f"you hold no incident {incident_id}")
    if held.kind != kind:
        raise IllegalMove("INCIDENT_WRONG_TYPE", f"{incident_id} is a {held.kind}, not a {kind}")
    if held.acquired_turn >= state.turn:
        raise IllegalMove(
            "INCIDENT_NOT_YET_USABLE", f"{incident_id} is usable from your next turn on"
        )
    return held


def play_pirate_attack(out: Emitter, seat: int, command: PlayPirateAttack) -> None:
    state = out.state
    held_usable(state, seat, command.incident_id, "PIRATE_ATTACK")
    out.emit(
        PirateAttackPlayed(seat, state.active, command.incident_id),
        ActionSkipped(state.active, "pirate_attack"),
    )
    finish_action(out)


def play_meteor_storm(out: Emitter, seat: int, command: PlayMeteorStorm) -> None:
    state = out.state
    held_usable(state, seat, command.incident_id, "METEOR_STORM")
    out.emit(MeteorStormPlayed(seat, state.active, command.incident_id))


def pass_response(out: Emitter, seat: int, command: PassResponse) -> None:
    state = out.state
    assert state.window is not None
    out.emit(ResponsePassed(state.window.window, seat))
    if out.state.window is None and out.state.phase == "ACTION":
        enter_action(out)


def use_mineral_scan(out: Emitter, seat: int, command: UseMineralScan) -> None:
    state = out.state
    held = held_usable(state, seat, command.incident_id, "MINERAL_SCAN")
    # R9: the allowance counts station and tile rockets when the scan is used.
    out.emit(
        IncidentUsed(seat, held.incident_id, held.kind),
        MineralScanStarted(seat, len(rockets_in_play(state, seat))),
    )
    peek(out, seat, "scan_own", tuple(own_tiles(state, seat)))


def scan_peek(out: Emitter, seat: int, command: ScanPeek) -> None:
    state = out.state
    scan = state.scan
    assert scan is not None
    position = command.position
    if len(scan.extra) >= scan.allowed:
        raise IllegalMove(
            "PEEK_ALLOWANCE_EXHAUSTED", f"this scan allows {scan.allowed} extra peeks"
        )
    if not is_face_down(state, position):
        raise IllegalMove("TILE_NOT_FACE_DOWN", f"{list(position)} is not a face-down tile")
    if position in scan.own or position in scan.extra:
        raise IllegalMove("DUPLICATE_ENTRY", f"{list(position)} was already peeked in this scan")
    # R10: the card sets no limit on extra peeks; the option applies the survey's restrictions.
    if state.options.scan_respects_blocking and is_blocked_for(state, seat, position):
        raise IllegalMove(
            "TILE_BLOCKED",
            f"{list(position)} holds an opponent rocket or the alien, which blocks it for you",
        )
    peek(out, seat, "scan_extra", (position,))


def finish_mineral_scan(out: Emitter, seat: int, command: FinishMineralScan) -> None:
    state = out.state
    scan = state.scan
    assert scan is not None
    position = command.reveal_position
    if position is None:
        out.emit(MineralScanFinished(seat))
        reopen_windows(out)
        return
    if position not in scan.own and position not in scan.extra:
        raise IllegalMove("TILE_NOT_PEEKED", f"{list(position)} was not peeked in this scan")
    if not any(r.seat == seat for r in rockets_at(state, position)):
        raise IllegalMove(
            "NO_OWN_ROCKET_ON_TILE", "only a tile under your own rocket may be revealed"
        )
    problem = incident_reveal_problem(state, position)
    if problem is not None:
        raise problem
    tile = tile_at(state, position)
    assert tile is not None and tile.face is not None  # peeked, and an incident
    out.emit(
        MineralScanFinished(seat),
        TileRevealed(seat, position, tile.tile_id, tile.face, "scan", "incident"),
    )
    resolve_incident(out, position, seat)
    reopen_windows(out)  # unless an Alien Encounter now waits for its decision


def use_sabotage(out: Emitter, seat: int, command: UseSabotage) -> None:
    state = out.state
    held = held_usable(state, seat, command.incident_id, "SABOTAGE")
    target = rocket_by_id(state, command.target_rocket_id)
    if target is None or target.seat == seat or target.location == "SHIPYARD":
        raise IllegalMove("INVALID_TARGET", "the target must be an opponent rocket in play (R11)")
    follower = None
    if command.follow_up_rocket_id is not None:
        follower = rocket_by_id(state, command.follow_up_rocket_id)
        if target.location == "STATION":
            raise IllegalMove(
                "INVALID_TARGET", "a follow-up needs a target on an asteroid tile (R11)"
            )
        if follower is None or follower.seat != seat:
            raise IllegalMove(
                "ROCKET_NOT_OWNED", f"you have no rocket {command.follow_up_rocket_id}"
            )
        if follower.location == "SHIPYARD":
            raise IllegalMove("ROCKET_NOT_IN_PLAY", f"{follower.rocket_id} is in your shipyard")
        if is_locked(state, follower):
            raise IllegalMove(
                "ROCKET_LOCKED_BY_ALIEN",
                f"the alien holds {follower.rocket_id}: a rocket on the alien's tile cannot move",
            )
    out.emit(
        IncidentUsed(seat, held.incident_id, held.kind),
        SabotageResolved(seat, target.seat, target.rocket_id, target.location),
        RocketReturnedToShipyard(target.seat, target.rocket_id, "sabotage"),
    )
    destination = tile_under(target)
    if follower is not None and destination is not None:
        out.emit(
            RocketMoved(
                seat, follower.rocket_id, follower.location, destination, "sabotage_follow_up"
            )
        )
        collide(out, follower, destination)
    reopen_windows(out)


def use_rocket_acquisition(out: Emitter, seat: int, command: UseRocketAcquisition) -> None:
    state = out.state
    held = held_usable(state, seat, command.incident_id, "ROCKET_ACQUISITION")
    yard = shipyard(state, seat)
    if not yard:
        raise IllegalMove("SHIPYARD_EMPTY", "your shipyard is empty (R23)")
    out.emit(
        IncidentUsed(seat, held.incident_id, held.kind),
        RocketPlacedOnStation(seat, yard[0].rocket_id, "rocket_acquisition"),
    )
    reopen_windows(out)


def resolve_alien_encounter(out: Emitter, seat: int, command: ResolveAlienEncounter) -> None:
    state = out.state
    if command.alien_to is not None and tile_at(state, command.alien_to) is None:
        raise IllegalMove(
            "ILLEGAL_ALIEN_DESTINATION", "the alien goes on an asteroid tile, never the station"
        )
    if command.alien_to is not None:
        out.emit(AlienMoved(seat, state.alien, command.alien_to))
    steal = command.steal
    if steal is not None:
        if steal.victim == seat or not 0 <= steal.victim < state.n_seats:
            raise IllegalMove("INVALID_STEAL", "steal from an opponent")
        if (steal.bribe_id is None) == (steal.incident_id is None):
            raise IllegalMove(
                "INVALID_STEAL",
                "an Alien Encounter steals one thing: a bribe or an incident, not both",
            )
        if steal.bribe_id is not None:
            bribe = bribe_by_id(state, steal.bribe_id)
            if bribe is None or bribe.owner != steal.victim or bribe.status != "unspent":
                raise IllegalMove(
                    "INVALID_STEAL", "only an unspent bribe of the victim can be stolen"
                )
            out.emit(BribeStolen(seat, steal.victim, bribe.bribe_id, bribe.mineral))
        else:
            assert steal.incident_id is not None
            held = incident_by_id(state, steal.incident_id)
            if held is None or held.owner != steal.victim:
                raise IllegalMove("INVALID_STEAL", "the victim holds no such incident")
            # R12: a stolen incident is usable from a later turn only.
            out.emit(IncidentStolen(seat, steal.victim, held.incident_id, held.kind, state.turn))
    out.emit(AlienEncounterResolved(seat))
    if state.revealed_by == "prospect":
        finish_action(out)
    elif state.revealed_by in ("contract", "bid_up"):
        end_turn(out)
    else:  # revealed by the active player's own Mineral Scan
        reopen_windows(out)
