"""Hands are private: no seat's view or visible event shows another seat's cards (§5)."""

from __future__ import annotations

import random

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.game import GameEvent
from domain.onward_to_venus import RULES
from domain.onward_to_venus.components import CARD_EFFECT
from domain.onward_to_venus.events import HandRevealed
from domain.onward_to_venus.state import State

from .helpers import house

ALL_CARDS = frozenset(CARD_EFFECT)
CARD_FIELDS = ("card", "cards", "take", "give")


def spied_on(state: State, seat: int) -> int | None:
    """The seat whose hand `seat` is looking at with Espionage while its exchange is owed."""
    head = state.pending[0] if state.pending else None
    if head is not None and head.kind == "ESPIONAGE" and head.seat == seat:
        return head.opponent
    return None


def hide_from(state: State, seat: int, rng: random.Random) -> State:
    """Deal every card `seat` cannot see (deck, other hands, other held cards) anew.

    A hand the seat is looking at with Espionage is not hidden from it (§5), so it stays.
    """
    seen = spied_on(state, seat)
    others = [s for s in range(state.n) if s != seat and s != seen]
    pool = list(state.deck)
    for s in others:
        pool += [*state.hands[s], *state.held[s]]
    rng.shuffle(pool)
    hands, held = list(state.hands), list(state.held)
    for s in others:
        hands[s] = tuple(sorted(pool.pop() for _ in state.hands[s]))
        held[s] = tuple(pool.pop() for _ in state.held[s])
    return replace(state, hands=tuple(hands), held=tuple(held), deck=tuple(sorted(pool)))


def encoded_view(state: State, seat: int | None) -> bytes:
    return msgspec.json.encode(RULES.view(state, seat))


def mentioned_cards(event: GameEvent) -> set[int]:
    out: set[int] = set()
    for name in CARD_FIELDS:
        value = getattr(event, name, None)
        if isinstance(value, int):
            out.add(value)
        elif isinstance(value, tuple):
            out.update(v for v in value if isinstance(v, int))
    return out


def private(state: State, seat: int) -> set[int]:
    return {*state.hands[seat], *state.held[seat]}


def public(state: State) -> set[int]:
    hidden = set(state.deck)
    for s in range(state.n):
        hidden |= private(state, s)
    return set(ALL_CARDS - hidden)


def check_events(before: State, events: list[GameEvent]) -> None:
    state = before
    for event in events:
        after = RULES.evolve(state, event)
        cards = mentioned_cards(event)
        for seat in range(state.n):
            if not cards or not event.visibility().allows(seat):
                continue
            allowed = private(state, seat) | private(after, seat) | public(state) | public(after)
            if isinstance(event, HandRevealed) and event.spy == seat:
                allowed |= set(state.hands[event.target])
            assert cards <= allowed, (type(event).__name__, seat, cards - allowed)
        if event.visibility().is_public:
            assert cards <= public(state) | public(after), type(event).__name__
        state = after


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 5))
def test_views_and_events_hide_other_hands(seed: int, n: int) -> None:
    options = RULES.options({"max_rounds": 15})
    events = RULES.setup(n, options, house(seed, 0))
    initial = RULES.initial(n, options)
    check_events(initial, events)
    state = RULES.fold(initial, events)
    chooser = random.Random(seed)
    step = 0
    while RULES.result(state) is None:
        (seat,) = RULES.to_move(state)
        if step % 5 == 0:
            for viewer in [*range(n), None]:
                shuffled = hide_from(state, viewer if viewer is not None else -1, chooser)
                assert encoded_view(shuffled, viewer) == encoded_view(state, viewer)
        command = chooser.choice(RULES.legal(state, seat))
        events = RULES.decide(state, seat, command, house(seed, step + 1))
        check_events(state, events)
        state = RULES.fold(state, events)
        step += 1


def test_a_seat_sees_its_own_hand_and_only_counts_of_others() -> None:
    options = RULES.options()
    state = RULES.fold(RULES.initial(3, options), RULES.setup(3, options, house(5, 0)))
    view = RULES.view(state, 1)
    assert view.seats[1].hand is not None and len(view.seats[1].hand) == 6
    assert view.seats[0].hand is None and view.seats[0].hand_size == 6
    assert all(s.hand is None for s in RULES.view(state, None).seats)
