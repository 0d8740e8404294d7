"""Setup of the basic and advanced games (§3, T15)."""

from __future__ import annotations

import pytest

from domain.game import HouseChance, IllegalMove, Rng, Visibility
from domain.kosmonauts import RULES
from domain.kosmonauts import events as ev
from domain.kosmonauts.commands import KeepMissions, PlacePlanet
from domain.kosmonauts.components import MISSIONS
from domain.kosmonauts.rules_legal import legal
from tests.games.kosmonauts.helpers import of_type, rejected, when


def opened(n: int, seed: int = 1, **options):
    opts = RULES.options(options)
    events = RULES.setup(n, opts, HouseChance(Rng(seed, 0)))
    return RULES.fold(RULES.initial(n, opts), events), events


def basic_with_hands():
    hands = (
        ("EARTH", "MERCURY", "JUPITER", "URANUS", "COMET"),
        ("VENUS", "MARS", "SATURN", "NEPTUNE"),
    )
    state = RULES.fold(RULES.initial(2, RULES.options()), [ev.PlanetTokensDealt(hands=hands)])
    state, _ = when(state, 0, PlacePlanet(body="EARTH", orbit_index=0))
    return state


def test_t15_basic_placement_errors() -> None:
    state = basic_with_hands()
    assert rejected(state, 1, PlacePlanet(body="MARS", orbit_index=1)) == "SPACE_NOT_MARKED"
    assert rejected(state, 1, PlacePlanet(body="EARTH", orbit_index=0)) == "TOKEN_ALREADY_PLACED"
    assert rejected(state, 1, PlacePlanet(body="MERCURY", orbit_index=0)) == "TOKEN_NOT_IN_HAND"
    assert rejected(state, 0, PlacePlanet(body="MERCURY", orbit_index=0)) == "NOT_YOUR_TURN"
    assert rejected(state, 1, PlacePlanet(body="MARS", orbit_index=99)) == "INVALID_SPACE"
    fresh = RULES.fold(
        RULES.initial(2, RULES.options()),
        [ev.PlanetTokensDealt(hands=(("MERCURY",), ("EARTH",)))],
    )
    assert rejected(fresh, 0, PlacePlanet(body="EARTH", orbit_index=0)) == "TOKEN_NOT_IN_HAND"


def test_basic_placement_skips_players_without_tokens() -> None:
    state, events = opened(4)
    hands = of_type(events, ev.PlanetTokensDealt)[0].hands
    assert [len(h) for h in hands] == [3, 2, 2, 2]
    order = []
    while state.phase == "PLACE_PLANETS":
        seat = next(iter(RULES.to_move(state)))
        order.append(seat)
        state, _ = when(state, seat, legal(state, seat)[0])
    assert order == [0, 1, 2, 3, 0, 1, 2, 3, 0]


def test_basic_missions_never_clash_and_stay_private() -> None:
    for seed in range(40):
        state, _ = opened(4, seed)
        while state.phase == "PLACE_PLANETS":
            seat = next(iter(RULES.to_move(state)))
            state, events = when(state, seat, legal(state, seat)[-1], n=seed + 1)
        for e in of_type(events, ev.MissionCardsDealt) + of_type(events, ev.MissionCardRedrawn):
            assert e.visibility() == Visibility.only(e.seat)
        held = [c for ship in state.ships for c in ship.missions]
        assert len(held) == len(set(held)) == 12
        for ship in state.ships:
            first = [MISSIONS[c][1] for c in ship.missions if MISSIONS[c][0] == "I"]
            second = [MISSIONS[c][1] for c in ship.missions if MISSIONS[c][0] != "I"]
            assert len(first) == 1 and len(second) == 2 and first[0] not in second
        redraws = of_type(events, ev.MissionCardRedrawn)
        assert len(of_type(events, ev.MissionCardReplaced)) == len(redraws)


def test_advanced_setup_excludes_bodies_deals_four_missions_and_places_earth_first() -> None:
    for n, excluded in ((2, 3), (3, 2), (4, 0)):
        state, _events = opened(n, advanced=True)
        assert len(state.excluded) == excluded
        assert "EARTH" not in state.excluded
        assert state.placer == state.instructor
        for ship in state.ships:
            assert len(ship.missions) == 4
            families = sorted(MISSIONS[c][0] != "I" for c in ship.missions)
            assert families == [False, False, True, True]
            assert all(MISSIONS[c][1] not in state.excluded for c in ship.missions)
    state, _ = opened(3, advanced=True)
    seat = state.placer
    assert rejected(state, seat, PlacePlanet(body="MARS", orbit_index=3)) == "EARTH_FIRST_REQUIRED"
    assert {c.body for c in legal(state, seat)} == {"EARTH"}
    state, _ = when(state, seat, PlacePlanet(body="EARTH", orbit_index=7))
    state, _ = when(state, state.placer, PlacePlanet(body="MARS", orbit_index=3))


def test_advanced_keep_missions_then_the_game_starts_with_advanced_resources() -> None:
    state, _ = opened(2, advanced=True)
    while state.phase == "PLACE_PLANETS":
        seat = state.placer
        state, _ = when(state, seat, legal(state, seat)[0])
    assert state.phase == "KEEP_MISSIONS" and RULES.to_move(state) == frozenset({0, 1})
    hand = state.ships[0].missions
    assert rejected(state, 0, KeepMissions(keep=hand[:3])) == "MUST_KEEP_EXACTLY_TWO"
    assert rejected(state, 0, KeepMissions(keep=(hand[0], hand[0]))) == "MUST_KEEP_EXACTLY_TWO"
    other = state.ships[1].missions[0]
    assert rejected(state, 0, KeepMissions(keep=(hand[0], other))) == "CARD_NOT_OWNED"
    assert KeepMissions(keep=hand[:2]).visibility(0) == Visibility.only(0)
    state, events = when(state, 0, KeepMissions(keep=hand[:2]))
    kept = of_type(events, ev.MissionsKept)[0]
    assert kept.visibility() == Visibility.only(0) and kept.discarded == hand[2:]
    assert of_type(events, ev.MissionSelectionMade)[0].visibility().is_public
    assert rejected(state, 0, KeepMissions(keep=hand[:2])) == "NOT_YOUR_TURN"
    state, _ = when(state, 1, legal(state, 1)[0])
    assert state.phase == "ORDERS" and state.round == 1
    assert [(s.normal, s.hyper, s.shields) for s in state.ships] == [(8, 2, 3), (8, 2, 3)]
    for body in state.excluded:
        assert state.stack(body) == ()
    assert all(
        len(state.stack(b)) == 2 for b in ("MARS", "COMET", "NEPTUNE") if b not in state.excluded
    )


def test_the_youngest_player_gets_the_first_token_and_places_first() -> None:
    state, events = opened(4, youngest_seat=2)
    hands = of_type(events, ev.PlanetTokensDealt)[0].hands
    assert [len(h) for h in hands] == [2, 2, 3, 2]
    assert RULES.to_move(state) == frozenset({2})
    with pytest.raises(IllegalMove) as refused:
        opened(2, youngest_seat=2)
    assert refused.value.code == "BAD_OPTION"


def test_advanced_mission_dedupe_option_redraws_clashing_mission_i_cards() -> None:
    # A16 option. Only 2 players leave spare Mission I cards (3 and 4 players are dealt the
    # whole deck), so a clash is kept when no remaining card could end it.
    clashes = {False: 0, True: 0}
    for seed in range(40):
        for dedupe in (False, True):
            state, events = opened(2, seed, advanced=True, advanced_mission_dedupe=dedupe)
            for ship in state.ships:
                first = {MISSIONS[c][1] for c in ship.missions if MISSIONS[c][0] == "I"}
                second = {MISSIONS[c][1] for c in ship.missions if MISSIONS[c][0] != "I"}
                assert len(ship.missions) == 4
                clashes[dedupe] += bool(first & second)
            redraws = of_type(events, ev.MissionCardRedrawn)
            assert dedupe or not redraws
            for redraw in redraws:
                assert redraw.visibility() == Visibility.only(redraw.seat)
    assert clashes[True] < clashes[False]
