"""The four actions of §4.4.4: MoveRockets, Prospect (with its reveal decision), SatelliteSurvey, BuyRocket."""

from __future__ import annotations

from domain.game import IllegalMove

from .commands import BuyRocket, ChooseProspectReveal, MoveRockets, Prospect, SatelliteSurvey
from .components import GRID_SIZE, SURVEY_TILES, Position
from .events import (
    ActionTaken,
    BribeSpent,
    ProspectRevealDeclined,
    RocketMoved,
    RocketPlacedOnStation,
    TileRevealed,
)
from .rules_board import (
    bribe_by_id,
    is_blocked_for,
    is_face_down,
    is_locked,
    own_tiles,
    rocket_by_id,
    rockets_in_play,
    shipyard,
    tile_at,
    tile_under,
)
from .rules_flow import (
    Emitter,
    collide,
    finish_action,
    incident_reveal_problem,
    peek,
    resolve_incident,
)
from .state import State


def move_rockets(out: Emitter, seat: int, command: MoveRockets) -> None:
    if not command.moves:
        raise IllegalMove("NO_MOVES", "name at least one rocket to move")
    out.emit(ActionTaken(seat, "move"))
    moved: set[str] = set()
    for move in command.moves:
        rocket = rocket_by_id(out.state, move.rocket_id)
        if rocket is None or rocket.seat != seat:
            raise IllegalMove("ROCKET_NOT_OWNED", f"you have no rocket {move.rocket_id}")
        if move.rocket_id in moved:
            raise IllegalMove("ROCKET_ALREADY_MOVED", f"{move.rocket_id} moves once per action")
        moved.add(move.rocket_id)
        if rocket.location == "SHIPYARD":
            raise IllegalMove("ROCKET_NOT_IN_PLAY", f"{move.rocket_id} is in your shipyard")
        if is_locked(out.state, rocket):
            raise IllegalMove(
                "ROCKET_LOCKED_BY_ALIEN",
                f"the alien holds {move.rocket_id}: a rocket on the alien's tile cannot move",
            )
        # Only station -> asteroid tile or asteroid tile -> station [RB].
        if move.to == "STATION":
            legal = rocket.location != "STATION"
        else:
            legal = rocket.location == "STATION" and tile_at(out.state, move.to) is not None
        if not legal:
            raise IllegalMove(
                "ILLEGAL_DESTINATION",
                f"{move.rocket_id} cannot move to {move.to}: a rocket goes from the station to an "
                "asteroid tile or from a tile back to the station, never tile to tile",
            )
        out.emit(RocketMoved(seat, rocket.rocket_id, rocket.location, move.to, "action"))
        if move.to != "STATION":
            collide(out, rocket, move.to)
    finish_action(out)


def prospect(out: Emitter, seat: int, command: Prospect) -> None:
    state = out.state
    if not any(tile_under(r) is not None for r in rockets_in_play(state, seat)):
        raise IllegalMove(
            "NOTHING_TO_PROSPECT", "none of your rockets is on an asteroid tile (R22)"
        )
    positions = tuple(own_tiles(state, seat))
    out.emit(ActionTaken(seat, "prospect"))
    peek(out, seat, "prospect", positions)


def choose_prospect_reveal(out: Emitter, seat: int, command: ChooseProspectReveal) -> None:
    state = out.state
    position = command.position
    if position is None:
        out.emit(ProspectRevealDeclined(seat))
        finish_action(out)
        return
    assert state.panel is not None
    if position not in state.panel.positions:
        raise IllegalMove("TILE_NOT_PEEKED", f"{list(position)} was not peeked by this prospect")
    problem = incident_reveal_problem(state, position)
    if problem is not None:
        raise problem
    tile = tile_at(state, position)
    assert tile is not None and tile.face is not None  # peeked, and an incident
    out.emit(TileRevealed(seat, position, tile.tile_id, tile.face, "prospect", "incident"))
    if not resolve_incident(out, position, seat) and not out.over:
        finish_action(out)


def survey_eligible(state: State, seat: int, position: Position) -> bool:
    return is_face_down(state, position) and not is_blocked_for(state, seat, position)


def survey_lines(state: State, seat: int) -> list[tuple[Position, ...]]:
    """Each row and column's eligible tiles: face-down, no opponent rocket, no alien [RB]."""
    lines = []
    for i in range(GRID_SIZE):
        row = tuple(
            p for p in ((i, c) for c in range(GRID_SIZE)) if survey_eligible(state, seat, p)
        )
        col = tuple(
            p for p in ((r, i) for r in range(GRID_SIZE)) if survey_eligible(state, seat, p)
        )
        lines += [row, col]
    return [line for line in lines if line]


def satellite_survey(out: Emitter, seat: int, command: SatelliteSurvey) -> None:
    state = out.state
    bribe = bribe_by_id(state, command.bribe_id)
    if bribe is None or bribe.owner != seat:
        raise IllegalMove("BRIBE_NOT_OWNED", f"you hold no bribe {command.bribe_id}")
    if bribe.status != "unspent":
        raise IllegalMove("BRIBE_NOT_UNSPENT", f"{command.bribe_id} is not unspent")
    positions = command.positions
    if not 1 <= len(positions) <= SURVEY_TILES:
        raise IllegalMove(
            "WRONG_PEEK_COUNT", f"a survey looks at {SURVEY_TILES} tiles of one row or column"
        )
    if len(set(positions)) != len(positions):
        raise IllegalMove("DUPLICATE_ENTRY", "each tile may be named once")
    for position in positions:
        if not is_face_down(state, position):
            raise IllegalMove("TILE_NOT_FACE_DOWN", f"{list(position)} is not a face-down tile")
        if is_blocked_for(state, seat, position):
            raise IllegalMove(
                "TILE_BLOCKED",
                f"{list(position)} holds an opponent rocket or the alien, which blocks it for you",
            )
    if len({p[0] for p in positions}) > 1 and len({p[1] for p in positions}) > 1:
        raise IllegalMove(
            "TILES_NOT_IN_LINE", "a satellite survey looks at tiles of one row or one column"
        )
    if len(positions) < SURVEY_TILES and set(positions) not in [
        set(x) for x in survey_lines(state, seat)
    ]:
        # R8: fewer than 3 only when they are all the eligible tiles of their line.
        raise IllegalMove("WRONG_PEEK_COUNT", f"a survey looks at {SURVEY_TILES} tiles if it can")
    out.emit(ActionTaken(seat, "survey"), BribeSpent(seat, bribe.bribe_id, bribe.mineral, "survey"))
    peek(out, seat, "survey", positions)
    finish_action(out)


def buy_rocket(out: Emitter, seat: int, command: BuyRocket) -> None:
    state = out.state
    yard = shipyard(state, seat)
    if not yard:
        raise IllegalMove("SHIPYARD_EMPTY", "your shipyard is empty")
    out.emit(ActionTaken(seat, "buy"), RocketPlacedOnStation(seat, yard[0].rocket_id, "buy"))
    finish_action(out)
