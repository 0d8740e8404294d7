"""Test helpers: hand-made layouts, given/when/then on the Delta V rules, and a random match."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from domain.delta_v import RULES
from domain.delta_v.commands import Command
from domain.delta_v.components import (
    ContractSpec,
    Face,
    IncidentKind,
    Mineral,
    Position,
    grid_positions,
    incident,
    mineral,
    tile_id,
)
from domain.delta_v.events import (
    AlienEncounterRevealed,
    AlienMoved,
    Event,
    GameEnded,
    IncidentTaken,
    PeekResult,
    PeekSource,
    RocketMoved,
    RocketPlacedOnStation,
    TileRevealed,
    TilesPeeked,
    TilesPeekedDetail,
)
from domain.delta_v.rules import opening_events
from domain.delta_v.rules_board import bribe_by_id, contract_by_id
from domain.delta_v.state import DeltaVOptions, State
from domain.game import ChanceNeeded, HouseChance, IllegalMove, Rng, TableChance
from tests.support.scenario import kinds

ANN, BEN, CAT = 0, 1, 2
FILLER = mineral("EPS", 1)


def layout(faces: dict[Position, Face], filler: Face | None = FILLER) -> dict[Position, Face]:
    """The named faces, and `filler` on every other cell (None leaves the other cells empty)."""
    if filler is None:
        return dict(sorted(faces.items()))
    return {p: faces.get(p, filler) for p in grid_positions()}


def contracts(*requirements: tuple[str, tuple[Mineral, ...]]) -> tuple[ContractSpec, ...]:
    return tuple(ContractSpec(cid, need) for cid, need in requirements)


# The rulebook's examples and a spare, so a test never ends on the last contract by accident.
EXAMPLE_CONTRACTS = contracts(
    ("C01", ("ALP",)),
    ("C04", ("ALP", "DEL")),
    ("C08", ("BET", "GAM", "DEL")),
    ("C99", ("ALP", "BET", "GAM", "DEL", "EPS")),
)


AT = re.compile(r"\[(\d+), (\d+)\]$")


@dataclass
class Game:
    """A match under test: `given` folds facts, `when` decides, `reject` expects an IllegalMove.

    `faces` is the hand-made layout: the tiles are laid face down as a multiset, and whenever
    the rules draw a tile's face (a peek, a reveal, the final layout) the table gives the face
    the layout holds at that cell, so the real draws are exercised."""

    state: State
    faces: dict[Position, Face]
    log: list[Event] = field(default_factory=list)

    def given(self, *events: Event) -> Game:
        self.state = RULES.fold(self.state, events)
        self.log += events
        return self

    def decide(self, seat: int, command: Command) -> list[Event]:
        given: list[Any] = []
        while True:
            try:
                return list(RULES.decide(self.state, seat, command, TableChance(given)))
            except ChanceNeeded as needed:
                found = AT.search(needed.node.what)
                assert found is not None, needed.node.what
                given.append(self.faces[(int(found[1]), int(found[2]))])

    def when(self, seat: int, command: Command) -> list[Event]:
        RULES.check_turn(self.state, seat)  # what the platform checks before every game
        events = self.decide(seat, command)
        self.given(*events)
        return events

    def reject(self, seat: int, command: Command, code: str) -> None:
        before = self.state
        with pytest.raises(IllegalMove) as caught:
            RULES.check_turn(self.state, seat)  # what the platform checks before every game
            self.decide(seat, command)
        assert caught.value.code == code, caught.value
        assert self.state is before

    def peeked(self, seat: int, source: PeekSource, positions: tuple[Position, ...]) -> Game:
        """The seat peeked at these tiles and saw the layout's faces."""
        results = tuple(PeekResult(p, self.faces[p]) for p in positions)
        return self.given(
            TilesPeeked(seat, source, positions), TilesPeekedDetail(seat, source, results)
        )


def new_game(
    faces: dict[Position, Face] | None = None,
    *,
    seats: int = 2,
    first: int = ANN,
    filler: Face | None = FILLER,
    contract_list: tuple[ContractSpec, ...] = EXAMPLE_CONTRACTS,
    **options: object,
) -> Game:
    """The opening of a match on a hand-made layout instead of the manifest."""
    opts = RULES.options(dict(options))
    assert isinstance(opts, DeltaVOptions)
    laid = layout(faces or {}, filler)
    game = Game(RULES.initial(seats, opts), laid)
    opening = opening_events(
        seats, opts, tuple(laid.values()), tuple(laid), first, contract_list, "test"
    )
    return game.given(*opening)


def rocket(seat: int, number: int) -> str:
    return f"{seat}-r{number}"


def bribe(seat: int, code: str) -> str:
    return f"{seat}-{code}"


def rocket_on(seat: int, number: int, to: Position) -> list[Event]:
    """Facts that put a shipyard rocket on a tile (bought, then flown out)."""
    rid = rocket(seat, number)
    events: list[Event] = []
    if number != 1:
        events.append(RocketPlacedOnStation(seat, rid, "buy"))
    events.append(RocketMoved(seat, rid, "STATION", to, "action"))
    return events


def rocket_on_station(seat: int, number: int) -> RocketPlacedOnStation:
    return RocketPlacedOnStation(seat, rocket(seat, number), "buy")


def alien_at(position: Position, by: int = BEN) -> AlienMoved:
    return AlienMoved(by, None, position)


def holds(seat: int, kind: IncidentKind, at: Position, turn: int) -> IncidentTaken:
    """The seat took the incident tile lying at `at` (the layout must hold it there)."""
    return IncidentTaken(seat, tile_id(at), kind, at, turn)


def face_up_alien(seat: int, at: Position, number: int) -> AlienEncounterRevealed:
    return AlienEncounterRevealed(seat, at, number)


ALIEN = incident("ALIEN_ENCOUNTER")


def judgement(events: list[Event]) -> str:
    """The judgement of the tile a reveal turned over (the first event of a RevealTile)."""
    revealed = events[0]
    assert isinstance(revealed, TileRevealed)
    return revealed.judgement


def fulfilled_by(state: State, contract_id: str) -> int | None:
    contract = contract_by_id(state, contract_id)
    assert contract is not None
    return contract.fulfilled_by


def bribe_status(state: State, bribe_id: str) -> str:
    found = bribe_by_id(state, bribe_id)
    assert found is not None
    return found.status


def end_reason(events: list[Event]) -> str:
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    return ended.reason


types = kinds


def play_random_match(seats: int, seed: int, **options: object) -> tuple[State, list[Event]]:
    """A full match from the real setup, each seat choosing uniformly among its legal commands."""
    opts = RULES.options(dict(options))
    chooser = random.Random(seed)
    state = RULES.initial(seats, opts)
    log = list(RULES.setup(seats, opts, HouseChance(Rng(seed, 0))))
    state = RULES.fold(state, log)
    decisions = 0
    while RULES.result(state) is None:
        movers = sorted(RULES.to_move(state))
        assert len(movers) == 1, (state.phase, movers)
        seat = movers[0]
        options_now = RULES.legal(state, seat)
        assert options_now, (state.phase, seat)
        command = chooser.choice(options_now)
        decisions += 1
        events = RULES.decide(state, seat, command, HouseChance(Rng(seed, decisions)))
        state = RULES.fold(state, events)
        log += events
    return state, log
