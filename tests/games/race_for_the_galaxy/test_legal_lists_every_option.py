"""`legal` lists every option a client may pick (issue #15 item 3).

Given a hand of 11 or more cards, when a hand-discard consume power (Deficit Spending, Merchant
World) is offered, then every discard of one or two cards is listed (the old cap of 64 dropped
some two-card discards), and each is accepted. Payments and hand-limit discards list every
subset up to LEGAL_LIST_LIMIT and an even spread beyond.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest

from domain.match import Match
from domain.race_for_the_galaxy import RULES
from domain.race_for_the_galaxy import events as ev
from domain.race_for_the_galaxy.commands import (
    ChooseDevelopment,
    DiscardForHandLimit,
    PayForDevelopment,
    UseConsumePower,
)
from domain.race_for_the_galaxy.components import CARDS, LEGAL_LIST_LIMIT
from domain.race_for_the_galaxy.state import State

from .helpers import build, of_type, one, play, select

PLAIN = [
    c
    for c in range(len(CARDS))
    if not CARDS[c].is_start and CARDS[c].name not in ("Deficit Spending", "Merchant World")
]


def _in_a_match(state: State) -> Match:
    match = Match.start(RULES.slug, [f"p{i}" for i in range(state.n_seats)], None, 0)
    match.state = state
    return match


@pytest.mark.parametrize(("name", "index"), [("Deficit Spending", 0), ("Merchant World", 1)])
@pytest.mark.parametrize("hand_size", [11, 16])
def test_every_one_and_two_card_discard_of_a_hand_for_vp_power_is_legal(
    name: str, index: int, hand_size: int
) -> None:
    # given the power in play, a hand of 11 (or 16) cards and the Consume phase
    power_card, hand = one(name), tuple(PLAIN[:hand_size])
    s = build([[one("New Sparta"), power_card], [one("Old Earth")]], [list(hand)])
    s, _ = select(s, ("CONSUME_2VP",), ("CONSUME_TRADE",))

    # when the seat asks for its legal commands
    offered = {
        c.hand for c in RULES.legal(s, 0) if isinstance(c, UseConsumePower) and c.card == power_card
    }

    # then every discard of one or two cards is there (11 + 55 = 66 > the old cap of 64)
    wanted = {*combinations(hand, 1), *combinations(hand, 2)}
    assert offered == wanted and len(offered) == hand_size + comb(hand_size, 2)

    # when a client picks the two last cards, which the cap used to hide, through a Match
    match = _in_a_match(s)
    events = match.decide(0, UseConsumePower(power_card, index, (), hand[-2:], None))

    # then they are discarded for 2 VP
    assert [v.amount for v in of_type(events, ev.VPAwarded)] == [2]
    assert not set(hand[-2:]) & set(match.state.player(0).hand)


def test_every_payment_of_a_large_hand_is_legal() -> None:
    # given a cost-3 development chosen without the Develop bonus and 12 other cards in hand
    development = one("Mining Conglomerate")
    hand = tuple(PLAIN[:12])
    s = build([[one("New Sparta")], [one("Old Earth")]], [[development, *hand]])
    s, _ = select(s, ("SETTLE",), ("DEVELOP",))
    s, _ = play(s, 0, ChooseDevelopment(development))
    s, _ = play(s, 1, ChooseDevelopment(None))

    # when the payments are listed
    offered = {c.discards for c in RULES.legal(s, 0) if isinstance(c, PayForDevelopment)}

    # then every 3 of the 12 cards is one (220 payments; the old cap offered 64)
    assert offered == set(combinations(hand, 3)) and len(offered) == 220


def test_a_hand_limit_discard_beyond_the_list_limit_is_an_even_spread() -> None:
    # given a hand of 21 cards at the hand limit (C(21, 11) = 352716 ways to discard 11)
    hand = tuple(PLAIN[:21])
    s = build([[one("Old Earth")], [one("New Sparta")]], [list(hand)])
    s, _ = select(s, ("PRODUCE",), ("PRODUCE",))
    assert s.stage == "HAND_LIMIT"

    # when the discards are listed
    offered = [c.cards for c in RULES.legal(s, 0) if isinstance(c, DiscardForHandLimit)]

    # then LEGAL_LIST_LIMIT distinct discards are offered, every card in some of them and kept
    # in others, and any of them is accepted
    assert len(offered) == len(set(offered)) == LEGAL_LIST_LIMIT
    assert all(len(c) == 11 and set(c) <= set(hand) for c in offered)
    assert {c for o in offered for c in o} == set(hand)
    assert all(any(c not in o for o in offered) for c in hand)
    for pick in (offered[0], offered[len(offered) // 2], offered[-1]):
        _in_a_match(s).decide(0, DiscardForHandLimit(pick))
