"""The automatic procedures of §4.6 and the turn frame: windows, incidents, turn end, game end."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain import game
from domain.game import Chance, IllegalMove, places_from_keys, seat_ref

from .components import ALIEN_ENCOUNTERS, Face, Position
from .events import (
    ActionSkipped,
    AlienEncounterRevealed,
    DealtTile,
    EndReason,
    Event,
    GameEnded,
    IncidentTaken,
    PeekResult,
    PeekSource,
    ResponseWindowOpened,
    RocketReturnedToShipyard,
    RocketsCollided,
    RocketsReturnedToStation,
    StationReturn,
    TilesPeeked,
    TilesPeekedDetail,
    TurnEnded,
    TurnStarted,
    Window,
)
from .rules_board import (
    asteroid_positions,
    attempt_requirements,
    field_fully_occupied,
    final_scores,
    is_locked,
    opponents_clockwise,
    rockets_at,
    rockets_in_play,
    shipyard,
    tile_at,
    unspent_bribes,
    usable_incidents,
)
from .rules_evolve import evolve
from .state import Rocket, State


class Emitter(game.Emitter[State, Event]):
    """The events of one decision, folded as they are emitted (`domain.game.Emitter`), and the
    chance the decision draws from (a face-down tile's face when it is first seen)."""

    def __init__(self, state: State, chance: Chance) -> None:
        super().__init__(evolve, state, chance)

    @property
    def over(self) -> bool:
        return self.state.phase == "GAME_OVER"


def window_eligible(state: State, window: Window) -> tuple[int, ...]:
    """Opponents who could act in the window, in asking order (§4.3); public facts only.

    R3 (turn 2): Pirate Attack is offered at turn start and Meteor Storm after the action, both
    again after each own-turn incident used before the action or before declaring
    (`reopen_windows`); each takes effect at most once a turn.
    """
    if window == "pre_action":
        return tuple(
            s for s in opponents_clockwise(state) if usable_incidents(state, s, "PIRATE_ATTACK")
        )
    if window == "pre_contract":
        return tuple(
            s for s in opponents_clockwise(state) if usable_incidents(state, s, "METEOR_STORM")
        )
    wanted = set(attempt_requirements(state))
    return tuple(
        s
        for s in opponents_clockwise(state)
        if any(b.mineral in wanted for b in unspent_bribes(state, s))
    )


def reopen_windows(out: Emitter) -> None:
    """R3 (revised in turn 2): after an own-turn incident the active player uses before the
    action, opponents may again play Pirate Attack; after one used before declaring, Meteor
    Storm. Each still takes effect at most once a turn."""
    state = out.state
    if state.phase == "ACTION" and not state.pirated:
        open_window(out, "pre_action")
    elif state.phase == "CONTRACT_DECLARATION" and not state.meteored:
        open_window(out, "pre_contract")


def open_window(out: Emitter, window: Window) -> bool:
    eligible = window_eligible(out.state, window)
    if eligible:
        out.emit(ResponseWindowOpened(window, eligible))
    return bool(eligible)


def has_legal_action(state: State, seat: int) -> bool:
    """§4.4.4 guarantee: buy, move a station rocket, prospect, or survey is always possible."""
    if shipyard(state, seat):
        return True
    in_play = rockets_in_play(state, seat)
    if any(r.location != "STATION" for r in in_play):
        return True
    has_tile = next(asteroid_positions(state), None) is not None
    return has_tile and any(not is_locked(state, r) for r in in_play)


def enter_action(out: Emitter) -> None:
    """The ACTION phase begins; the digest's defensive fallback skips it if nothing is legal."""
    if not has_legal_action(out.state, out.state.active):
        out.emit(ActionSkipped(out.state.active, "no_legal_action"))
        finish_action(out)


def finish_action(out: Emitter) -> None:
    """§4.4.5: the pre_contract window, or straight on to the declaration."""
    if not out.state.meteored:
        open_window(out, "pre_contract")


def start_turn(out: Emitter, turn: int, seat: int) -> None:
    out.emit(TurnStarted(turn, seat))
    if not open_window(out, "pre_action"):
        enter_action(out)


def end_turn(out: Emitter) -> None:
    """§4.6.6, plus the max_rounds safeguard (review log, doubt 5)."""
    state = out.state
    out.emit(TurnEnded(state.turn, state.active))
    if field_fully_occupied(out.state):
        end_game(out, "FIELD_FULLY_OCCUPIED")
    elif state.turn >= state.options.max_rounds * state.n_seats:
        end_game(out, "ROUND_LIMIT")
    else:
        start_turn(out, state.turn + 1, (state.active + 1) % state.n_seats)


def faces(
    out: Emitter, positions: Sequence[Position], what: Callable[[Position], str]
) -> list[Face]:
    """The faces of these tiles. A tile nobody has looked at has no face until now: it is drawn
    from the tiles still unseen (drawing from what is left is the same as shuffling first)."""
    left = list(out.state.unseen)
    found: list[Face] = []
    for position in positions:
        tile = tile_at(out.state, position)
        assert tile is not None
        face = tile.face
        if face is None:
            face = out.chance.draw(left, what(position), label=Face.label)
            left.remove(face)
        found.append(face)
    return found


def end_game(out: Emitter, reason: EndReason) -> None:
    state = out.state
    scores = final_scores(state)
    # §6: score, then contracts, then unspent counters held (R19: the English reading); R16: a
    # tie that survives both breakers is a shared victory.
    places = places_from_keys([(s.total, s.contracts, s.unspent_bribes) for s in scores])
    layout = None
    if state.options.reveal_layout_at_end:
        # R15: every tile left is turned over, those nobody has seen drawn one by one.
        positions = list(asteroid_positions(state))
        shown = faces(out, positions, lambda p: f"the tile left face down at {list(p)}")
        layout = tuple(
            DealtTile(p, _tile_id(state, p), face) for p, face in zip(positions, shown, strict=True)
        )
    winners = tuple(seat for seat, place in enumerate(places) if place == 1)
    out.emit(GameEnded(reason, scores, places, winners, layout))


def return_rockets_to_station(out: Emitter, position: Position, reason: StationReturn) -> None:
    """§4.6.2: rockets on a revealed incident or a collected tile go to the station (all of
    them, R18/R19; only the revealer's rockets can be there)."""
    by_seat: dict[int, list[str]] = {}
    for rocket in rockets_at(out.state, position):
        by_seat.setdefault(rocket.seat, []).append(rocket.rocket_id)
    for seat, ids in sorted(by_seat.items()):
        out.emit(RocketsReturnedToStation(seat, tuple(ids), position, reason))


def _tile_id(state: State, position: Position) -> str:
    tile = tile_at(state, position)
    assert tile is not None
    return tile.tile_id


def resolve_incident(out: Emitter, position: Position, seat: int) -> bool:
    """§4.6.3. True when an ALIEN_DECISION is now open for the revealer."""
    tile = tile_at(out.state, position)
    assert tile is not None and tile.face is not None and tile.face.incident is not None
    return_rockets_to_station(out, position, "incident")
    if tile.face.incident != "ALIEN_ENCOUNTER":
        out.emit(IncidentTaken(seat, tile.tile_id, tile.face.incident, position, out.state.turn))
        return False
    number = out.state.encounters + 1
    out.emit(AlienEncounterRevealed(seat, position, number))
    if number >= ALIEN_ENCOUNTERS:
        # The 5th encounter ends the game at once, with no alien move and no steal [RB].
        end_game(out, "FIFTH_ALIEN_ENCOUNTER")
        return False
    return True


def peek(out: Emitter, seat: int, source: PeekSource, positions: tuple[Position, ...]) -> None:
    """A public note of which tiles were lifted, and their faces for the peeking seat only (§5)."""
    seen = faces(out, positions, lambda p: f"the tile {seat_ref(seat)} peeks at {list(p)}")
    results = tuple(PeekResult(p, face) for p, face in zip(positions, seen, strict=True))
    out.emit(TilesPeeked(seat, source, positions), TilesPeekedDetail(seat, source, results))


def collide(out: Emitter, mover: Rocket, position: Position) -> None:
    """§4.6.1: one arriving rocket removes itself and one rival rocket (R17, lowest id, R20)."""
    rivals = sorted(
        (r for r in rockets_at(out.state, position) if r.seat != mover.seat),
        key=lambda r: r.rocket_id,
    )
    if not rivals:
        return
    struck = rivals[0]
    out.emit(
        RocketsCollided(position, mover.seat, mover.rocket_id, struck.seat, struck.rocket_id),
        RocketReturnedToShipyard(mover.seat, mover.rocket_id, "collision"),
        RocketReturnedToShipyard(struck.seat, struck.rocket_id, "collision"),
    )


def incident_reveal_problem(state: State, position: Position) -> IllegalMove | None:
    """Shared checks of a prospect or scan reveal; the sender has peeked the tile, so no leak (§5.1).

    R21: only face-down tiles are revealed; R7: never one under the alien.
    """
    tile = tile_at(state, position)
    if tile is None or tile.face_up_alien:
        return IllegalMove("TILE_NOT_FACE_DOWN", f"{list(position)} is not a face-down tile")
    if tile.face is None or not tile.face.is_incident:  # None: nobody has seen it
        return IllegalMove("NOT_AN_INCIDENT", f"{list(position)} is not an incident")
    if state.alien == position:
        return IllegalMove("TILE_BLOCKED", "a tile under the alien is never revealed (R7)")
    return None
