"""Questions about the board that every rule asks (the terms of rules digest §4.1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from .components import GRID_SIZE, SPENT_BRIBE_PENALTY, STATION, IncidentKind, Mineral, Position
from .events import FinalScore
from .state import Attempt, Bribe, Contract, HeldIncident, Rocket, State, Tile


def cell_index(position: Position) -> int:
    return position[0] * GRID_SIZE + position[1]


def on_grid(position: Position) -> bool:
    r, c = position
    return 0 <= r < GRID_SIZE and 0 <= c < GRID_SIZE and (r, c) != STATION


def tile_at(state: State, position: Position) -> Tile | None:
    if not on_grid(position) or not state.grid:
        return None
    return state.grid[cell_index(position)]


def asteroid_positions(state: State) -> Iterator[Position]:
    """Cells holding a tile (face-down or a face-up Alien Encounter), row-major."""
    for index, tile in enumerate(state.grid):
        if tile is not None:
            yield divmod(index, GRID_SIZE)


def is_face_down(state: State, position: Position) -> bool:
    tile = tile_at(state, position)
    return tile is not None and not tile.face_up_alien


def tile_under(rocket: Rocket) -> Position | None:
    """The asteroid tile a rocket sits on; None on the station or in the shipyard."""
    return None if isinstance(rocket.location, str) else rocket.location


def own_tiles(state: State, seat: int) -> list[Position]:
    """Face-down tiles holding at least one of the seat's rockets, row-major (Prospect, Mineral Scan)."""
    tiles = {p for r in state.rockets if r.seat == seat and (p := tile_under(r)) is not None}
    return sorted(p for p in tiles if is_face_down(state, p))


def rocket_by_id(state: State, rocket_id: str) -> Rocket | None:
    return next((r for r in state.rockets if r.rocket_id == rocket_id), None)


def rockets_at(state: State, position: Position) -> list[Rocket]:
    return [r for r in state.rockets if r.location == position]


def shipyard(state: State, seat: int) -> list[Rocket]:
    return [r for r in state.rockets if r.seat == seat and r.location == "SHIPYARD"]


def rockets_in_play(state: State, seat: int) -> list[Rocket]:
    return [r for r in state.rockets if r.seat == seat and r.location != "SHIPYARD"]


def is_locked(state: State, rocket: Rocket) -> bool:
    """A rocket sharing the alien's tile cannot be moved by its owner (§2.4)."""
    return state.alien is not None and rocket.location == state.alien


def is_blocked_for(state: State, seat: int, position: Position) -> bool:
    """An opponent rocket or the alien on the tile (§4.1)."""
    if state.alien == position:
        return True
    return any(r.seat != seat for r in rockets_at(state, position))


def attempt_positions(attempt: Attempt | None) -> set[Position]:
    if attempt is None:
        return set()
    positions = {t.position for t in attempt.accepted}
    if attempt.bid_tile is not None:
        positions.add(attempt.bid_tile.position)
    if attempt.pending is not None:
        positions.add(attempt.pending)
    return positions


def is_revealable(state: State, seat: int, position: Position) -> bool:
    return (
        is_face_down(state, position)
        and not is_blocked_for(state, seat, position)
        and position not in attempt_positions(state.attempt)
    )


def revealable_positions(state: State, seat: int) -> list[Position]:
    return [p for p in asteroid_positions(state) if is_revealable(state, seat, p)]


def bribe_by_id(state: State, bribe_id: str) -> Bribe | None:
    return next((b for b in state.bribes if b.bribe_id == bribe_id), None)


def unspent_bribes(state: State, seat: int) -> list[Bribe]:
    return [b for b in state.bribes if b.owner == seat and b.status == "unspent"]


def incident_by_id(state: State, incident_id: str) -> HeldIncident | None:
    return next((i for i in state.incidents if i.incident_id == incident_id), None)


def usable_incidents(state: State, seat: int, kind: IncidentKind) -> list[HeldIncident]:
    """Held incidents of that kind acquired before this turn (R12)."""
    return [
        i
        for i in state.incidents
        if i.owner == seat and i.kind == kind and i.acquired_turn < state.turn
    ]


def contract_by_id(state: State, contract_id: str) -> Contract | None:
    return next((c for c in state.contracts if c.spec.contract_id == contract_id), None)


def open_contracts(state: State) -> list[Contract]:
    return [c for c in state.contracts if c.fulfilled_by is None]


def opponents_clockwise(state: State) -> list[int]:
    """The asking order of every response window: from the active player's left (§4.3)."""
    return [(state.active + i) % state.n_seats for i in range(1, state.n_seats)]


def attempt_requirements(state: State) -> Counter[Mineral]:
    assert state.attempt is not None
    contract = contract_by_id(state, state.attempt.contract_id)
    assert contract is not None
    return Counter(contract.spec.requirements)


def field_fully_occupied(state: State) -> bool:
    """The occupancy end check (§4.6.6 step 2, R13); an empty grid also satisfies it."""
    for position in asteroid_positions(state):
        tile = tile_at(state, position)
        assert tile is not None
        if tile.face_up_alien and not state.options.occupancy_counts_face_up_alien:
            continue
        if state.alien != position and not rockets_at(state, position):
            return False
    return True


def final_scores(state: State) -> tuple[FinalScore, ...]:
    scores = []
    for seat in range(state.n_seats):
        points = sum(t.value for t in state.collections[seat])
        spent = sum(1 for b in state.bribes if b.owner == seat and b.status == "spent")
        scores.append(
            FinalScore(
                seat=seat,
                mineral_points=points,
                bribes_spent=spent,
                total=points - SPENT_BRIBE_PENALTY * spent,
                contracts=sum(1 for c in state.contracts if c.fulfilled_by == seat),
                unspent_bribes=sum(
                    1 for b in state.bribes if b.owner == seat and b.status != "spent"
                ),
            )
        )
    return tuple(scores)
