"""What a seat (or a spectator) may see of a Delta V match, and that view drawn as text (§5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from domain.game import Result, Seat

from .components import GRID_SIZE, STATION, ContractSpec, Face, IncidentKind, Mineral, Position
from .events import CollectedTile, PeekResult, Window
from .rules import result, to_move
from .rules_board import asteroid_positions, attempt_positions, final_scores, tile_at
from .state import Phase, State, Tile


class CellView(msgspec.Struct, frozen=True, omit_defaults=True):
    """A cell still holding a tile; a face is shown only while the tile is face-up."""

    position: Position
    status: Literal["FACE_DOWN", "FACE_UP", "ALIEN_TILE"]
    face: Face | None = None
    rockets: tuple[str, ...] = ()
    alien: bool = False


class BribeView(msgspec.Struct, frozen=True):
    bribe_id: str
    mineral: Mineral


class IncidentView(msgspec.Struct, frozen=True):
    incident_id: str
    kind: IncidentKind
    usable: bool


class PlayerView(msgspec.Struct, frozen=True):
    seat: Seat
    colour: str
    station_rockets: tuple[str, ...]
    shipyard: int
    unspent_bribes: tuple[BribeView, ...]
    committed_bribe: str | None
    spent_bribes: int
    incidents: tuple[IncidentView, ...]
    collection: tuple[CollectedTile, ...]
    contracts: tuple[str, ...]
    score: int


class ContractView(msgspec.Struct, frozen=True):
    contract: ContractSpec
    fulfilled_by: Seat | None


class AttemptTileView(msgspec.Struct, frozen=True):
    position: Position
    face: Face
    effective_mineral: Mineral | None


class AttemptView(msgspec.Struct, frozen=True):
    contract_id: str
    stage: Literal["main", "bid_up"]
    tiles: tuple[AttemptTileView, ...]
    bidder: Seat | None
    bid_mineral: Mineral | None


class WindowView(msgspec.Struct, frozen=True):
    window: Window
    eligible: tuple[Seat, ...]
    asking: Seat


class DeltaVView(msgspec.Struct, frozen=True):
    seat: Seat | None
    turn: int
    active: Seat
    phase: Phase
    to_move: tuple[Seat, ...]
    cells: tuple[CellView, ...]
    alien: Position | None
    encounters: int
    players: tuple[PlayerView, ...]
    contracts: tuple[ContractView, ...]
    pirated: bool
    meteored: bool
    attempt: AttemptView | None
    window: WindowView | None
    scan_peeks_left: int | None
    peeks: tuple[PeekResult, ...]
    known_tiles: tuple[PeekResult, ...]
    result: Result | None


def view(state: State, seat: int | None) -> DeltaVView:
    face_up = attempt_positions(state.attempt)
    on_tiles: dict[Position, list[str]] = {}  # each tile's rockets, in the rockets' order
    for rocket in state.rockets:
        if not isinstance(rocket.location, str):
            on_tiles.setdefault(rocket.location, []).append(rocket.rocket_id)
    scores = [score.total for score in final_scores(state)] if state.collections else []
    return DeltaVView(
        seat=seat,
        turn=state.turn,
        active=state.active,
        phase=state.phase,
        to_move=tuple(sorted(to_move(state))),
        cells=tuple(
            _cell(state, divmod(index, GRID_SIZE), tile, face_up, on_tiles)
            for index, tile in enumerate(state.grid)  # as `asteroid_positions` walks it
            if tile is not None
        ),
        alien=state.alien,
        encounters=state.encounters,
        players=(
            tuple(_player(state, s, scores) for s in range(state.n_seats))
            if state.collections
            else ()
        ),
        contracts=tuple(ContractView(k.spec, k.fulfilled_by) for k in state.contracts),
        pirated=state.pirated,
        meteored=state.meteored,
        attempt=_attempt(state),
        window=_window(state),
        scan_peeks_left=None if state.scan is None else state.scan.allowed - len(state.scan.extra),
        peeks=_peeks(state, seat),
        known_tiles=_known_tiles(state, seat, face_up),
        result=result(state),
    )


def _cell(
    state: State,
    position: Position,
    tile: Tile,
    face_up: set[Position],
    on_tiles: dict[Position, list[str]],
) -> CellView:
    rockets = tuple(on_tiles.get(position, ()))
    alien = state.alien == position
    if tile.face_up_alien:
        return CellView(position, "ALIEN_TILE", tile.face, rockets, alien)
    if position in face_up:
        return CellView(position, "FACE_UP", tile.face, rockets, alien)
    return CellView(position, "FACE_DOWN", None, rockets, alien)


def _player(state: State, seat: int, scores: list[int]) -> PlayerView:
    mine = [b for b in state.bribes if b.owner == seat]
    committed = next((b.bribe_id for b in mine if b.status == "committed"), None)
    return PlayerView(
        seat=seat,
        colour=state.colours[seat],
        station_rockets=tuple(
            r.rocket_id for r in state.rockets if r.seat == seat and r.location == "STATION"
        ),
        shipyard=sum(1 for r in state.rockets if r.seat == seat and r.location == "SHIPYARD"),
        unspent_bribes=tuple(
            BribeView(b.bribe_id, b.mineral) for b in mine if b.status == "unspent"
        ),
        committed_bribe=committed,
        spent_bribes=sum(1 for b in mine if b.status == "spent"),
        incidents=tuple(
            IncidentView(i.incident_id, i.kind, i.acquired_turn < state.turn)
            for i in state.incidents
            if i.owner == seat
        ),
        collection=state.collections[seat],
        contracts=tuple(k.spec.contract_id for k in state.contracts if k.fulfilled_by == seat),
        score=scores[seat],
    )


def _attempt(state: State) -> AttemptView | None:
    attempt = state.attempt
    if attempt is None:
        return None
    tiles = [
        AttemptTileView(t.position, _face(state, t.position), t.effective) for t in attempt.accepted
    ]
    if attempt.bid_tile is not None:
        t = attempt.bid_tile
        tiles.append(AttemptTileView(t.position, _face(state, t.position), t.effective))
    if attempt.pending is not None:
        tiles.append(AttemptTileView(attempt.pending, _face(state, attempt.pending), None))
    bid = attempt.bid
    return AttemptView(
        attempt.contract_id,
        attempt.stage,
        tuple(tiles),
        bid.bidder if bid else None,
        bid.mineral if bid else None,
    )


def _face(state: State, position: Position) -> Face:
    """The face of a tile turned over in the attempt (so it was drawn when it was turned)."""
    tile = tile_at(state, position)
    assert tile is not None and tile.face is not None
    return tile.face


def _window(state: State) -> WindowView | None:
    window = state.window
    if window is None:
        return None
    return WindowView(window.window, window.eligible, window.eligible[window.asked])


def _peeks(state: State, seat: int | None) -> tuple[PeekResult, ...]:
    """§5 item 3: the seat's current peek results (cleared when their decision closes)."""
    panel = state.panel
    if panel is None or seat is None or panel.seat != seat:
        return ()
    return tuple(
        PeekResult(p, tile.face)
        for p in panel.positions
        if (tile := tile_at(state, p)) is not None
        and tile.face is not None
        and not tile.face_up_alien
    )


def _known_tiles(state: State, seat: int | None, face_up: set[Position]) -> tuple[PeekResult, ...]:
    """The `memory_aid` map: face-down tiles this seat has peeked or everyone has seen revealed.

    It aids a player's memory; a spectator's view never shows a face-down face.
    """
    if not state.options.memory_aid or seat is None or not state.peeked:
        return ()
    known = state.seen | state.peeked[seat]
    return tuple(
        PeekResult(p, tile.face)
        for p in asteroid_positions(state)
        if p in known
        and p not in face_up
        and (tile := tile_at(state, p)) is not None
        and tile.face is not None
        and not tile.face_up_alien
    )


_SHORT = {
    "MINERAL_SCAN": "SCAN",
    "SABOTAGE": "SABO",
    "ROCKET_ACQUISITION": "RKT+",
    "PIRATE_ATTACK": "PIRA",
    "METEOR_STORM": "METR",
    "ALIEN_ENCOUNTER": "ALIN",
}


def _short(face: Face) -> str:
    if face.incident is not None:
        return _SHORT[face.incident]
    return f"{face.mineral}{face.value}"


def render(v: msgspec.Struct, names: Sequence[str]) -> str:
    assert isinstance(v, DeltaVView)

    def name(seat: int) -> str:
        return names[seat] if seat < len(names) else f"seat {seat}"

    cells = {c.position: c for c in v.cells}
    known = {p.position: p.face for p in (*v.known_tiles, *v.peeks)}
    lines = [f"Delta V - turn {v.turn}, {name(v.active)} to play ({v.phase})"]
    lines.append("      " + "".join(f"{c:^9}" for c in range(GRID_SIZE)))
    for r in range(GRID_SIZE):
        row = [
            _render_cell(p, cells.get(p), known.get(p)) for p in [(r, c) for c in range(GRID_SIZE)]
        ]
        lines.append(f"  {r}   " + "".join(row))
    owners = ", ".join(f"{p.seat} = {name(p.seat)}" for p in v.players)
    lines.append(
        f"  cells: ## face-down, (x) what you know of it, * alien, digits: rockets of {owners}"
    )
    lines.append("  (a rocket id such as 1-r2 is rocket 2 of that seat)")
    lines.append(f"  alien encounters: {v.encounters}/5")
    for p in v.players:
        bribes = " ".join(b.mineral for b in p.unspent_bribes) or "-"
        incidents = " ".join(f"{i.kind}{'' if i.usable else '(new)'}" for i in p.incidents) or "-"
        lines.append(
            f"  {name(p.seat)} ({p.colour}): score {p.score}, station {len(p.station_rockets)}, "
            f"shipyard {p.shipyard}, bribes {bribes}, spent {p.spent_bribes}, "
            f"incidents {incidents}, contracts {' '.join(p.contracts) or '-'}"
        )
    open_contracts = [
        f"{k.contract.contract_id}[{'+'.join(k.contract.requirements)}]"
        for k in v.contracts
        if k.fulfilled_by is None
    ]
    lines.append(f"  open contracts: {' '.join(open_contracts) or '-'}")
    if v.attempt is not None:
        shown = ", ".join(f"{list(t.position)} {t.face.label()}" for t in v.attempt.tiles)
        lines.append(f"  attempt on {v.attempt.contract_id} ({v.attempt.stage}): {shown or '-'}")
    if v.window is not None:
        lines.append(f"  {v.window.window} window: asking {name(v.window.asking)}")
    if v.peeks:
        lines.append(
            "  your peek: " + ", ".join(f"{list(p.position)} {p.face.label()}" for p in v.peeks)
        )
    if v.to_move:
        lines.append(f"  to move: {', '.join(name(s) for s in v.to_move)}")
    if v.result is not None:
        winners = ", ".join(name(s) for s in v.result.winners)
        lines.append(
            f"  game over ({v.result.reason}): scores {list(v.result.scores)}, won by {winners}"
        )
    return "\n".join(lines)


_STATION_CELL = f"{'[STN]':^9}"
_EMPTY_CELL = f"{'.':^9}"


def _render_cell(position: Position, cell: CellView | None, known: Face | None) -> str:
    if cell is None:
        return _STATION_CELL if position == STATION else _EMPTY_CELL
    if cell.status == "FACE_DOWN":
        text = f"({_short(known)})" if known is not None else "##"
    else:
        assert cell.face is not None
        text = _short(cell.face)
    owners = "".join([r.split("-")[0] for r in cell.rockets])
    text += ("*" if cell.alien else "") + owners
    return f"{text:^9}"
