"""Hand-built states, scripted chance and a random-match player for the Onward to Venus tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from domain.game import Chance, GameEvent, HouseChance, Rng
from domain.onward_to_venus import RULES
from domain.onward_to_venus.commands import Command, DeclineReaction, TakePassMarker
from domain.onward_to_venus.components import (
    BAG_TILE_IDS,
    CARD_EFFECT,
    DECK_CARD_IDS,
    DIE_FACES,
    PLANETS,
    STARTING_CARD_IDS,
    TILES,
)
from domain.onward_to_venus.state import OnwardOptions, Planet, State, building_index, unit_index
from tests.support.scenario import Scenario, kinds, of_type

SKULL = 0


def dice(*faces: int) -> list[int]:
    """The outcomes that make the next dice show `faces` (0 is the SKULL), for `TableChance`."""
    assert all(f in DIE_FACES for f in faces), faces
    return list(faces)


def house(seed: int = 1, n: int = 0) -> HouseChance:
    """The house's chance for decision `n` of a match seeded with `seed`."""
    return HouseChance(Rng(seed, n))


def fresh(n: int = 3, max_rounds: int = 200) -> State:
    """Period 1, action phase, seat 0 to act with one action; no tiles out, starting hands only."""
    options = OnwardOptions(max_rounds=max_rounds)
    state = RULES.fold(RULES.initial(n, options), RULES.setup(n, options, house(7)))
    return replace(
        state,
        planets=tuple(Planet(p) for p in PLANETS),
        bag=BAG_TILE_IDS,
        hands=tuple(STARTING_CARD_IDS[e] for e in state.empires),
        deck=DECK_CARD_IDS,
        discard=(),
        start_player=0,
        active=0,
        actions_left=1,
        step="IDLE",
        pass_markers=n + 2,
        period=1,
        phase="ACTIONS",
        turns=0,
    )


def put_tile(
    state: State, planet: str, kind: str, defence: int | None = None, marked: bool | None = None
) -> tuple[State, int]:
    for tile in state.bag:
        spec = TILES[tile]
        if spec.kind != kind or (defence is not None and spec.defence != defence):
            continue
        if marked is not None and spec.marked != marked:
            continue
        index = PLANETS.index(planet)  # type: ignore[arg-type]
        p = state.planets[index]
        planets = list(state.planets)
        planets[index] = replace(p, tiles=(*p.tiles, tile))
        bag = tuple(t for t in state.bag if t != tile)
        return replace(state, planets=tuple(planets), bag=bag), tile
    raise AssertionError(f"no {kind} tile left in the bag")


def give(state: State, seat: int, effect: str) -> tuple[State, int]:
    for card in state.deck:
        if CARD_EFFECT[card] == effect:
            hands = list(state.hands)
            hands[seat] = tuple(sorted((*hands[seat], card)))
            deck = tuple(c for c in state.deck if c != card)
            return replace(state, hands=tuple(hands), deck=deck), card
    raise AssertionError(f"no {effect} card left in the deck")


def set_hand(state: State, seat: int, effects: Sequence[str]) -> tuple[State, list[int]]:
    """Replace a hand: its cards go back to the deck, then the named cards are dealt."""
    deck = tuple(sorted((*state.deck, *state.hands[seat])))
    hands = list(state.hands)
    hands[seat] = ()
    state = replace(state, deck=deck, hands=tuple(hands))
    cards = []
    for effect in effects:
        state, card = give(state, seat, effect)
        cards.append(card)
    return state, cards


def place_unit(state: State, uid: str, planet: str | None, surface: bool = False) -> State:
    index = unit_index(uid)
    assert index is not None
    units = list(state.units)
    units[index] = replace(units[index], planet=planet, surface=surface)
    return replace(state, units=tuple(units))


def place_building(state: State, bid: str, planet: str | None) -> State:
    index = building_index(bid)
    assert index is not None
    buildings = list(state.buildings)
    buildings[index] = replace(buildings[index], planet=planet)
    return replace(state, buildings=tuple(buildings))


def clear_board(state: State) -> State:
    """Every unit and building back in supply."""
    return replace(
        state,
        units=tuple(replace(u, planet=None, surface=False) for u in state.units),
        buildings=tuple(replace(b, planet=None) for b in state.buildings),
    )


def with_money(state: State, seat: int, amount: int) -> State:
    money = list(state.money)
    money[seat] = amount
    return replace(state, money=tuple(money))


SCENE = Scenario(RULES)
match_at = SCENE.at
rejected = SCENE.refused


def play(
    state: State, seat: int, command: Command, chance: Chance | None = None
) -> tuple[State, list[GameEvent]]:
    """`seat` decides `command`; chance answers from `chance` (a `TableChance` scripting the
    outcomes a test is about), or else the house deals."""
    events = RULES.decide(state, seat, command, chance or house())
    return RULES.fold(state, events), events


names = kinds
of = of_type


def end_action_phase(
    state: State, chance: Chance | None = None, taker: int = 0
) -> tuple[State, list[GameEvent]]:
    """`taker` takes the last pass marker and everyone declines the last-pass window; the
    crises (drawing from `chance`) follow on the last decline."""
    state = replace(state, pass_markers=1, active=taker, actions_left=1, step="IDLE")
    state, events = play(state, taker, TakePassMarker(), house())
    while state.final is None and not state.pending and state.post_pass_queue:
        state, more = play(state, state.post_pass_queue[0], DeclineReaction(), chance)
        events += more
    return state, events


def random_match(n: int, seed: int, max_rounds: int = 40) -> tuple[State, int]:
    """Play a whole match choosing uniformly among `legal`; checks the contract on the way."""
    options = RULES.options({"max_rounds": max_rounds})
    state = RULES.fold(RULES.initial(n, options), RULES.setup(n, options, house(seed)))
    chooser = random.Random(seed)
    decisions = 0
    while RULES.result(state) is None:
        movers = sorted(RULES.to_move(state))
        assert movers, "a running match always has someone to move"
        seat = movers[0]
        commands = RULES.legal(state, seat)
        assert commands, f"seat {seat} has no legal command"
        command = chooser.choice(commands)
        before, snapshot = state, msgspec.json.encode(state)
        events = RULES.decide(state, seat, command, house(seed, decisions + 1))
        state = RULES.fold(state, events)
        assert msgspec.json.encode(before) == snapshot, "decide and evolve never mutate"
        decisions += 1
        RULES.score(state)
        RULES.render(RULES.view(state, seat), ["A", "B", "C", "D", "E"])
        RULES.render(RULES.view(state, None), ["A", "B", "C", "D", "E"])
    assert not RULES.to_move(state)
    return state, decisions
