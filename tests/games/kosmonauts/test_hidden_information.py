"""No seat sees another seat's missions or sealed orders before they are revealed (§5)."""

from __future__ import annotations

import random

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.kosmonauts import RULES
from domain.kosmonauts import events as ev
from domain.kosmonauts.commands import Placement
from domain.kosmonauts.state import SealedOrder, State
from tests.games.kosmonauts.helpers import play_random

PRIVATE = (ev.MissionCardsDealt, ev.MissionCardRedrawn, ev.MissionsKept, ev.OrdersSealed)
SYSTEM = (ev.EventDeckPrepared,)


def disguised(state: State, viewer: int, chance: random.Random) -> State:
    """The same state with every fact hidden from `viewer` changed."""
    ships = list(state.ships)
    for seat, ship in enumerate(ships):
        if seat == viewer:
            continue
        changes: dict = {
            "missions": tuple(f"X{seat}-{i}" for i in range(len(ship.missions))),
            "discarded_missions": (
                *tuple(chance.sample(ship.discarded_missions, k=len(ship.discarded_missions))),
                "X-DISCARD",
            ),
        }
        if state.phase == "ORDERS" and ship.order is not None:
            changes["order"] = SealedOrder(
                kind="FLY",
                placements=(Placement(direction="W", cube="NORMAL"),),
                convert_shield=True,
            )
        ships[seat] = replace(ship, **changes)
    # The face-down pile is a multiset nobody has seen: only its size may show.
    pile = tuple(f"X-EVENT-{chance.randrange(100)}" for _ in state.draw_pile)
    return replace(state, ships=tuple(ships), draw_pile=pile)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    n_seats=st.sampled_from([2, 3, 4]),
    advanced=st.booleans(),
    piloted=st.booleans(),
)
def test_views_do_not_depend_on_facts_hidden_from_the_viewer(
    seed: int, n_seats: int, advanced: bool, piloted: bool
) -> None:
    played = play_random(
        n_seats, seed, keep_states=True, piloted=piloted, advanced=advanced, max_rounds=6
    )
    chance = random.Random(seed)
    for state in played.states:
        if state.phase == "ENDED":
            continue
        for viewer in range(n_seats):
            assert RULES.view(state, viewer) == RULES.view(disguised(state, viewer, chance), viewer)
        assert RULES.view(state, None) == RULES.view(disguised(state, -1, chance), None)


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    n_seats=st.sampled_from([2, 3, 4]),
    advanced=st.booleans(),
    piloted=st.booleans(),
)
def test_no_event_shows_a_seat_another_seats_missions_or_orders(
    seed: int, n_seats: int, advanced: bool, piloted: bool
) -> None:
    played = play_random(n_seats, seed, piloted=piloted, advanced=advanced, max_rounds=30)
    final = played.state
    for viewer in range(n_seats):
        # A card the viewer held itself (a redraw can pass a set-aside card on, A15) is not
        # another seat's secret.
        own = {*final.ships[viewer].missions, *final.ships[viewer].discarded_missions}
        others = {
            card
            for seat, ship in enumerate(final.ships)
            if seat != viewer
            for card in (*ship.missions, *ship.discarded_missions)
        } - own
        for _, event in played.history:
            if isinstance(event, ev.MissionsRevealed):
                break
            if not event.visibility().allows(viewer):
                continue
            assert not isinstance(event, SYSTEM)
            if isinstance(event, PRIVATE):
                assert event.seat == viewer
            text = msgspec.json.encode(event).decode()
            assert not any(card in text for card in others), event
        for _, event in played.history:
            if isinstance(event, ev.OrdersSealed | ev.MissionsKept):
                assert not event.visibility().allows(None)
    # Only the missions a seat holds at the end are revealed, never one it set aside (a card
    # another seat set aside may have been redrawn by this one, A15: that one it holds).
    for _, e in played.history:
        if isinstance(e, ev.MissionsRevealed):
            assert e.cards == final.ships[e.seat].missions
