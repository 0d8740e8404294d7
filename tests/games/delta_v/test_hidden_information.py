"""Hidden information (§5): what a seat has not seen cannot reach its view, its legal list or its feed."""

from __future__ import annotations

import random
import re

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.delta_v import RULES
from domain.delta_v.components import incident
from domain.delta_v.events import (
    Event,
    GameEnded,
    TileRevealed,
    TilesPeekedDetail,
)
from domain.delta_v.rules_board import attempt_positions, cell_index
from domain.delta_v.state import State
from domain.game import HouseChance, Rng

TILE_ID = re.compile(rb'"(t\d\d)"')


def play_prefix(seats: int, seed: int, steps: int, memory_aid: bool) -> tuple[State, list[Event]]:
    """A random match stopped after `steps` decisions (or at its end)."""
    chooser = random.Random(seed)
    options = RULES.options({"memory_aid": memory_aid})
    state = RULES.initial(seats, options)
    log = RULES.setup(seats, options, HouseChance(Rng(seed, 0)))
    state = RULES.fold(state, log)
    for step in range(steps):
        if RULES.result(state) is not None:
            break
        (seat,) = RULES.to_move(state)
        events = RULES.decide(
            state, seat, chooser.choice(RULES.legal(state, seat)), HouseChance(Rng(seed, step + 1))
        )
        state = RULES.fold(state, events)
        log += events
    return state, log


def unseen_by(state: State, seat: int) -> list[tuple[int, int]]:
    """Face-down tiles this seat never peeked and no one saw revealed."""
    shown = attempt_positions(state.attempt) | state.seen | state.peeked[seat]
    return [
        divmod(i, 7)
        for i, tile in enumerate(state.grid)
        if tile is not None and not tile.face_up_alien and divmod(i, 7) not in shown
    ]


def permute(state: State, positions: list[tuple[int, int]], rng: random.Random) -> State:
    grid = list(state.grid)
    tiles = [grid[cell_index(p)] for p in positions]
    rng.shuffle(tiles)
    for p, tile in zip(positions, tiles, strict=True):
        grid[cell_index(p)] = tile
    return replace(state, grid=tuple(grid))


matches = st.tuples(
    st.sampled_from([2, 3, 4]),
    st.integers(0, 10_000),
    st.integers(0, 250),
    st.booleans(),
)


@settings(max_examples=40, deadline=None)
@given(matches, st.integers(0, 2**32))
def test_unseen_faces_do_not_change_a_seats_view_or_legal_list(
    match: tuple[int, int, int, bool], shuffle_seed: int
) -> None:
    seats, seed, steps, memory_aid = match
    state, _ = play_prefix(seats, seed, steps, memory_aid)
    for seat in range(seats):
        other = permute(state, unseen_by(state, seat), random.Random(shuffle_seed))
        # What is left to draw (the unseen multiset) never reaches a view either.
        other = replace(other, unseen=(incident("ALIEN_ENCOUNTER"),) * len(state.unseen))
        assert RULES.view(other, seat) == RULES.view(state, seat)
        assert RULES.legal(other, seat) == RULES.legal(state, seat)
        names = ["a", "b", "c", "d"]
        assert RULES.render(RULES.view(other, seat), names) == RULES.render(
            RULES.view(state, seat), names
        )


@settings(max_examples=40, deadline=None)
@given(matches)
def test_spectators_never_see_a_face_down_face(match: tuple[int, int, int, bool]) -> None:
    seats, seed, steps, memory_aid = match
    state, _ = play_prefix(seats, seed, steps, memory_aid)
    spectator = RULES.view(state, None)
    assert spectator.peeks == () and spectator.known_tiles == ()
    face_up = attempt_positions(state.attempt)
    for cell in spectator.cells:
        if cell.position not in face_up and cell.status != "ALIEN_TILE":
            assert cell.face is None


@settings(max_examples=30, deadline=None)
@given(matches)
def test_feeds_hold_no_other_seats_peeks_and_no_face_down_tile_ids(
    match: tuple[int, int, int, bool],
) -> None:
    seats, seed, steps, memory_aid = match
    _, log = play_prefix(seats, seed, steps, memory_aid)
    revealed: set[bytes] = set()
    for event in log:
        for seat in range(seats):
            if isinstance(event, TilesPeekedDetail) and event.visibility().allows(seat):
                assert event.seat == seat
        if isinstance(event, TileRevealed):
            revealed.add(event.tile_id.encode())
        if event.visibility().is_public and not isinstance(event, GameEnded):
            ids = set(TILE_ID.findall(msgspec.json.encode(event)))
            assert ids <= revealed, event
