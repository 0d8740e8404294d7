"""Kosmonauts' chance, asked of one Chance source (#24): a table decides as the house did, and
every chance node offers exactly the outcomes the table could see happen, refusing the others."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.chance import ChanceNode, TableChance, node_of
from domain.game import HouseChance, IllegalMove, Rng, seat_ref
from domain.kosmonauts import RULES
from domain.kosmonauts import events as ev
from domain.kosmonauts.commands import ChooseEventCard
from domain.kosmonauts.components import BODIES, EVENT_CARDS, MISSIONS, NON_EARTH_BODIES
from domain.kosmonauts.rules_evolve import Emitter
from domain.kosmonauts.rules_legal import legal
from domain.kosmonauts.rules_setup import _settle_clashes
from domain.kosmonauts.state import State
from tests.games.kosmonauts.helpers import game, ship
from tests.support.chance_replay import assert_table_decides_the_same, house_steps

THRUST = "EV22"
MISSION_I = sorted(c for c, (family, _) in MISSIONS.items() if family == "I")


def _options(**options: Any) -> Any:
    return RULES.options({"max_rounds": 40, **options})


# --- (a) the table decides every house match the same -------------------------------------
def _check_replayed_by_the_table(
    seed: int, n_seats: int, advanced: bool, dedupe: bool, smart: bool
) -> None:
    options = _options(advanced=advanced, advanced_mission_dedupe=dedupe)
    steps = house_steps(RULES, n_seats, options, seed, smart=smart, max_steps=3000)
    assert steps[0].outcomes, "the opening deals by chance"
    assert any(step.outcomes for step in steps[1:]), "event cards are turned up in play"
    final = assert_table_decides_the_same(RULES, n_seats, options, steps)
    if final.round >= 30:  # 27 cards face down after setup, one turned up a round from round 2
        assert any(isinstance(e, ev.EventDeckReshuffled) for step in steps for e in step.events)


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n_seats=st.sampled_from([2, 3, 4]),
    advanced=st.booleans(),
    dedupe=st.booleans(),
)
def test_random_play_is_decided_the_same_by_the_table(
    seed: int, n_seats: int, advanced: bool, dedupe: bool
) -> None:
    _check_replayed_by_the_table(seed, n_seats, advanced, dedupe, smart=False)


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n_seats=st.sampled_from([2, 3, 4]),
    advanced=st.booleans(),
    dedupe=st.booleans(),
)
def test_the_bots_play_is_decided_the_same_by_the_table(
    seed: int, n_seats: int, advanced: bool, dedupe: bool
) -> None:
    _check_replayed_by_the_table(seed, n_seats, advanced, dedupe, smart=True)


# --- (b) every chance site: its node, and an impossible outcome refused ----------------------
def _node(decide: Callable[[TableChance], object], given: Sequence[Any]) -> ChanceNode:
    node = node_of(decide, given)
    assert node is not None, f"no chance asked after {given}"
    return node


def _offered(node: ChanceNode) -> Counter[Any]:
    return Counter(dict(zip(node.outcomes, node.counts, strict=True)))


def _refused(decide: Callable[[TableChance], object], given: Sequence[Any]) -> IllegalMove:
    with pytest.raises(IllegalMove) as refused:
        decide(TableChance(given))
    assert refused.value.code == "IMPOSSIBLE_OUTCOME"
    assert str(given[-1]) in refused.value.message
    return refused.value


def _setup(n_seats: int, **options: Any) -> Callable[[TableChance], object]:
    return lambda chance: RULES.setup(n_seats, _options(**options), chance)


def test_each_planet_token_is_drawn_from_those_not_yet_dealt() -> None:
    deal = _setup(3)
    first = _node(deal, [])
    assert (first.kind, first.what) == ("draw", f"the planet token dealt to {seat_ref(0)}")
    assert _offered(first) == Counter(BODIES)
    second = _node(deal, ["MARS"])
    assert second.what == f"the planet token dealt to {seat_ref(1)}"
    assert _offered(second) == Counter(b for b in BODIES if b != "MARS")
    assert first.name("MARS") == "Mars"
    _refused(deal, ["MARS", "MARS"])  # already dealt
    _refused(deal, ["PLUTO"])
    tokens = ["MERCURY", "VENUS", "EARTH", "MARS", "JUPITER", "SATURN", "URANUS", "NEPTUNE"]
    opening = deal(TableChance(tokens))  # the last token is forced: nobody is asked for it
    assert opening == [
        ev.PlanetTokensDealt(
            hands=(
                ("MERCURY", "MARS", "URANUS"),
                ("VENUS", "JUPITER", "NEPTUNE"),
                ("EARTH", "SATURN", "COMET"),
            )
        )
    ]


def test_the_first_instructor_is_one_of_the_seats() -> None:
    deal = _setup(3, advanced=True)
    node = _node(deal, [])
    assert (node.kind, node.what) == ("pick", "the first instructor")
    assert _offered(node) == Counter([0, 1, 2])
    assert node.name(2) == seat_ref(2)
    _refused(deal, [3])


def test_the_bodies_left_out_are_drawn_from_the_non_earth_bodies() -> None:
    deal = _setup(2, advanced=True)
    node = _node(deal, [1])
    assert (node.kind, node.what) == ("draw", "a body left out of the game")
    assert _offered(node) == Counter(NON_EARTH_BODIES)
    assert _offered(_node(deal, [1, "MARS"])) == Counter(b for b in NON_EARTH_BODIES if b != "MARS")
    _refused(deal, [1, "EARTH"])
    _refused(deal, [1, "MARS", "MARS"])


def test_advanced_missions_are_drawn_from_the_two_decks_of_the_bodies_in_play() -> None:
    deal = _setup(2, advanced=True)
    out = ["MARS", "VENUS", "COMET"]
    node = _node(deal, [1, *out])
    assert node.what == f"a Mission I card dealt to {seat_ref(1)}"  # the instructor first
    assert _offered(node) == Counter(c for c in MISSION_I if MISSIONS[c][1] not in out)
    assert node.name("M1-URANUS") == "M1-URANUS (Mission I, Uranus)"
    _refused(deal, [1, *out, "M1-MARS"])  # Mars is out of the game
    given = [1, *out, "M1-URANUS", "M1-SATURN"]
    second = _node(deal, given)
    assert second.what == f"a Mission II card dealt to {seat_ref(1)}"
    assert _offered(second) == Counter(
        c for c, (family, body) in MISSIONS.items() if family != "I" and body not in out
    )
    _refused(deal, [*given, "M1-JUPITER"])  # a Mission I is not in the Mission II deck


def _last_placement(n_seats: int) -> tuple[State, int, Any]:
    """A basic match whose next placement (the last token) finishes the setup."""
    options = _options()
    state = RULES.fold(
        RULES.initial(n_seats, options), RULES.setup(n_seats, options, HouseChance(Rng(4, 1)))
    )
    while True:
        seat = next(iter(RULES.to_move(state)))
        command = legal(state, seat)[0]
        if sum(len(hand) for hand in state.planet_hands) == 1:
            return state, seat, command
        state = RULES.fold(state, RULES.decide(state, seat, command, HouseChance(Rng(4, 2))))


def test_basic_setup_draws_the_instructor_the_event_row_and_three_mission_decks() -> None:
    state, seat, command = _last_placement(2)

    def place(chance: TableChance) -> object:
        return RULES.decide(state, seat, command, chance)

    instructor = _node(place, [])
    assert (instructor.kind, _offered(instructor)) == ("pick", Counter([0, 1]))
    _refused(place, [2])
    row = _node(place, [1])
    assert row.what == "the event card turned face up in slot 0"
    assert _offered(row) == Counter(list(EVENT_CARDS))
    assert row.name("EV06") == "EV06 Solar Wind NE 1" and row.name("EV13") == "EV13 Refuelling"
    assert _offered(_node(place, [1, "EV06"])) == Counter(c for c in EVENT_CARDS if c != "EV06")
    _refused(place, [1, "EV06", "EV06"])
    given = [1, "EV06", "EV07", "EV08"]
    for family, name in (("I", "Mission I"), ("II_ALPHA", "Mission II Alpha")):
        node = _node(place, given)
        assert node.what == f"the {name} card dealt to {seat_ref(1)}"
        assert _offered(node) == Counter(c for c, (f, _) in MISSIONS.items() if f == family)
        given.append(next(c for c, (f, _) in MISSIONS.items() if f == family))
    _refused(place, [*given, "M1-MARS"])  # not a Mission II Beta


def test_a_clashing_mission_is_replaced_from_the_mission_i_deck() -> None:
    state, seat, command = _last_placement(2)

    def place(chance: TableChance) -> object:
        return RULES.decide(state, seat, command, chance)

    # The instructor (seat 0) is dealt Mission I and Mission II Alpha cards naming Mars.
    given = [0, "EV01", "EV02", "EV03", "M1-MARS", "M2A-MARS", "M2B-VENUS"]
    given += ["M1-JUPITER", "M2A-MERCURY", "M2B-COMET"]
    node = _node(place, given)
    assert node.what == f"the Mission I card {seat_ref(0)} draws in place of a clashing one"
    dealt = {"M1-MARS", "M1-JUPITER"}
    assert _offered(node) == Counter(c for c in MISSION_I if c not in dealt)
    _refused(place, [*given, "M1-JUPITER"])  # seat 1 holds it
    events = place(TableChance([*given, "M1-SATURN"]))
    assert isinstance(events, list)
    assert ev.MissionCardRedrawn(seat=0, discarded="M1-MARS", drawn="M1-SATURN") in events


def test_when_the_mission_i_deck_runs_out_the_set_aside_cards_are_drawn_from() -> None:
    def settle(chance: TableChance) -> object:
        hands = {
            0: ["M1-MARS", "M2A-MARS", "M2B-VENUS"],
            1: ["M1-JUPITER", "M2A-JUPITER", "M2B-COMET"],
        }
        out = Emitter(RULES.initial(2, _options()), chance)
        _settle_clashes(out, chance, hands, ["M1-COMET", "M1-VENUS"])
        return out.events

    # Seat 0 draws Venus (a clash again), then is forced the Comet, the deck's last card;
    # seat 1's clash is then settled from the set-aside cards, Mars and Venus.
    node = _node(settle, ["M1-VENUS"])
    assert node.what == f"the Mission I card {seat_ref(1)} draws in place of a clashing one"
    assert _offered(node) == Counter(["M1-MARS", "M1-VENUS"])
    _refused(settle, ["M1-VENUS", "M1-COMET"])  # seat 0 holds it
    events = settle(TableChance(["M1-VENUS", "M1-MARS"]))
    assert isinstance(events, list)
    assert ev.MissionCardRedrawn(seat=1, discarded="M1-JUPITER", drawn="M1-MARS") in events


def _event_round(**changes: Any) -> State:
    state = game([ship((0, 5)), ship((0, 6))], phase="EVENT", face_up=(THRUST, "EV01", "EV30"))
    return replace(state, **changes)


def test_the_event_row_is_refilled_from_the_face_down_pile() -> None:
    state = _event_round()

    def choose(chance: TableChance) -> object:
        return RULES.decide(state, 0, ChooseEventCard(card=THRUST), chance)

    node = _node(choose, [])
    assert (node.kind, node.what) == ("draw", "the event card turned face up in slot 2")
    assert _offered(node) == Counter(state.draw_pile)
    assert {"EV01", "EV30", THRUST}.isdisjoint(node.outcomes) and node.total == 27
    _refused(choose, ["EV01"])  # face up already
    _refused(choose, ["EV99"])


def test_an_empty_pile_is_refilled_from_the_discards_put_face_down() -> None:
    state = _event_round(draw_pile=(), discard_pile=("EV02", "EV03"))

    def choose(chance: TableChance) -> object:
        return RULES.decide(state, 0, ChooseEventCard(card=THRUST), chance)

    assert _offered(_node(choose, [])) == Counter(["EV02", "EV03", THRUST])
    _refused(choose, ["EV04"])
