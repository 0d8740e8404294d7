"""`legal`: the commands a seat may give now. Two spaces are sampled, both accepted in full by `decide`:
multi-rocket moves (every single move plus the all-together moves) and surveys (runs of three along
each line, for the seat's first unspent bribe)."""

from __future__ import annotations

from domain.game import Command

from . import commands as c
from .components import SURVEY_TILES, IncidentKind, Position
from .rules import to_move
from .rules_actions import survey_lines
from .rules_board import (
    asteroid_positions,
    attempt_requirements,
    is_blocked_for,
    is_face_down,
    is_locked,
    open_contracts,
    revealable_positions,
    rockets_at,
    rockets_in_play,
    shipyard,
    unspent_bribes,
    usable_incidents,
)
from .rules_contract import replacement_bribes, skip_reason
from .rules_flow import incident_reveal_problem
from .state import State


def legal(state: State, seat: int) -> list[Command]:
    if seat not in to_move(state):
        return []
    phase = state.phase
    if phase == "PRE_ACTION_WINDOW":
        return [*_first_usable(state, seat, "PIRATE_ATTACK", c.PlayPirateAttack), c.PassResponse()]
    if phase == "PRE_CONTRACT_WINDOW":
        return [*_first_usable(state, seat, "METEOR_STORM", c.PlayMeteorStorm), c.PassResponse()]
    if phase == "ACTION":
        return [*_own_turn_incidents(state, seat), *_actions(state, seat)]
    if phase == "PROSPECT_DECISION":
        assert state.panel is not None
        return [
            c.ChooseProspectReveal(None),
            *(
                c.ChooseProspectReveal(p)
                for p in state.panel.positions
                if _may_reveal_incident(state, p)
            ),
        ]
    if phase == "SCAN_PEEKING":
        return _scan_commands(state, seat)
    if phase == "ALIEN_DECISION":
        return _alien_commands(state, seat)
    if phase == "CONTRACT_DECLARATION":
        commands: list[Command] = list(_own_turn_incidents(state, seat))
        if not state.meteored and revealable_positions(state, seat):
            commands += [c.DeclareContract(k.spec.contract_id) for k in open_contracts(state)]
        if skip_reason(state, seat) is not None:
            commands.append(c.SkipContractStep())
        return commands
    if phase == "CONTRACT_REVEAL":  # R2: own-turn incidents between reveals too
        reveals: list[Command] = [c.RevealTile(p) for p in revealable_positions(state, seat)]
        return [*_own_turn_incidents(state, seat), *reveals]
    if phase == "BID_UP_REVEAL":
        return [c.RevealTile(p) for p in revealable_positions(state, seat)]
    if phase == "REPLACEMENT_DECISION":
        return [c.ReplaceMineral(b.bribe_id) for b in replacement_bribes(state, seat)] + [
            c.AcceptFailure()
        ]
    if phase == "BID_UP_WINDOW":
        wanted = set(attempt_requirements(state))
        bids: list[Command] = [
            c.BidUp(b.bribe_id) for b in unspent_bribes(state, seat) if b.mineral in wanted
        ]
        return [*bids, c.PassBidUp()]
    return []


def _first_usable(state: State, seat: int, kind: IncidentKind, command: type) -> list[Command]:
    usable = usable_incidents(state, seat, kind)
    return [command(usable[0].incident_id)] if usable else []


def _own_turn_incidents(state: State, seat: int) -> list[Command]:
    commands = _first_usable(state, seat, "MINERAL_SCAN", c.UseMineralScan)
    if shipyard(state, seat):
        commands += _first_usable(state, seat, "ROCKET_ACQUISITION", c.UseRocketAcquisition)
    sabotage = usable_incidents(state, seat, "SABOTAGE")
    if sabotage:
        incident_id = sabotage[0].incident_id
        followers = [r for r in rockets_in_play(state, seat) if not is_locked(state, r)]
        for target in state.rockets:
            if target.seat == seat or target.location == "SHIPYARD":
                continue
            commands.append(c.UseSabotage(incident_id, target.rocket_id, None))
            if target.location != "STATION":
                commands += [
                    c.UseSabotage(incident_id, target.rocket_id, f.rocket_id) for f in followers
                ]
    return commands


def _actions(state: State, seat: int) -> list[Command]:
    commands: list[Command] = []
    tiles = list(asteroid_positions(state))
    movable = [r for r in rockets_in_play(state, seat) if not is_locked(state, r)]
    on_station = [r for r in movable if r.location == "STATION"]
    on_tiles = [r for r in movable if r.location != "STATION"]
    for rocket in on_station:
        commands += [c.MoveRockets((c.RocketMove(rocket.rocket_id, t),)) for t in tiles]
    for rocket in on_tiles:
        commands.append(c.MoveRockets((c.RocketMove(rocket.rocket_id, "STATION"),)))
    if len(on_tiles) >= 2:
        commands.append(
            c.MoveRockets(tuple(c.RocketMove(r.rocket_id, "STATION") for r in on_tiles))
        )
    if len(on_station) >= 2:
        for t in tiles:
            commands.append(c.MoveRockets(tuple(c.RocketMove(r.rocket_id, t) for r in on_station)))
    if any(r.location != "STATION" for r in rockets_in_play(state, seat)):
        commands.append(c.Prospect())
    bribes = unspent_bribes(state, seat)
    if bribes:
        for line in survey_lines(state, seat):
            runs = [line[i : i + SURVEY_TILES] for i in range(len(line) - SURVEY_TILES + 1)]
            commands += [c.SatelliteSurvey(bribes[0].bribe_id, run) for run in runs or [line]]
    if shipyard(state, seat):
        commands.append(c.BuyRocket())
    return commands


def _may_reveal_incident(state: State, position: Position) -> bool:
    return incident_reveal_problem(state, position) is None


def _scan_commands(state: State, seat: int) -> list[Command]:
    scan = state.scan
    assert scan is not None
    commands: list[Command] = []
    if len(scan.extra) < scan.allowed:
        for p in asteroid_positions(state):
            if not is_face_down(state, p) or p in scan.own or p in scan.extra:
                continue
            if state.options.scan_respects_blocking and is_blocked_for(state, seat, p):
                continue
            commands.append(c.ScanPeek(p))
    commands.append(c.FinishMineralScan(None))
    for p in (*scan.own, *scan.extra):
        if any(r.seat == seat for r in rockets_at(state, p)) and _may_reveal_incident(state, p):
            commands.append(c.FinishMineralScan(p))
    return commands


def _alien_commands(state: State, seat: int) -> list[Command]:
    commands: list[Command] = [c.ResolveAlienEncounter(None, None)]
    commands += [c.ResolveAlienEncounter(p, None) for p in asteroid_positions(state)]
    steals: list[c.Steal] = []
    for victim in range(state.n_seats):
        if victim == seat:
            continue
        steals += [
            c.Steal(victim, bribe_id=b.bribe_id, incident_id=None)
            for b in unspent_bribes(state, victim)
        ]
        steals += [
            c.Steal(victim, bribe_id=None, incident_id=held.incident_id)
            for held in state.incidents
            if held.owner == victim
        ]
    # Every combination the rules allow: stay or move the alien, with or without one steal.
    for steal in steals:
        commands.append(c.ResolveAlienEncounter(None, steal))
        commands += [c.ResolveAlienEncounter(p, steal) for p in asteroid_positions(state)]
    return commands
