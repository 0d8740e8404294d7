"""Setup, action selection, scheduling, Explore and Develop (digest 3, 4.2-4.6; T1-T4)."""

from msgspec.structs import replace

from domain.game import Visibility
from domain.race_for_the_galaxy import RULES
from domain.race_for_the_galaxy import events as ev
from domain.race_for_the_galaxy.commands import (
    ChooseDevelopment,
    DiscardInitialCards,
    KeepExploredCards,
    PayForDevelopment,
    SelectAction,
)
from domain.race_for_the_galaxy.components import CARDS
from domain.race_for_the_galaxy.state import PhaseInstance

from .helpers import build, new_match, of_type, one, play, refused, refused_by_match, select

FILLER = [
    one("Rebel Homeworld"),
    one("Rebel Base"),
    one("Deserted Alien Library"),
    one("Tourist World"),
]


def test_setup_deals_start_worlds_hands_pool_and_windfall_goods() -> None:
    for n in (2, 3, 4):
        for seed in range(6):
            s = new_match(n, seed)
            assert s.stage == "SETUP_DISCARD" and s.waiting == frozenset(range(n))
            assert s.pool == 12 * n
            assert all(len(p.hand) == 6 and len(p.tableau) == 1 for p in s.players)
            assert all(CARDS[p.tableau[0]].is_start for p in s.players)
            windfall = sum(1 for p in s.players if CARDS[p.tableau[0]].is_windfall)
            assert sum(len(p.goods) for p in s.players) == windfall
            assert len(s.deck) == 114 - n - 6 * n - windfall
            numbers = [CARDS[p.tableau[0]].start_number for p in s.players]
            first = s.order[0]
            assert numbers[first] == min(n for n in numbers if n is not None)
            assert s.order == tuple((first + i) % n for i in range(n))


def test_initial_discard_then_round_one() -> None:
    s = new_match(2, 3)
    refused(s, 0, DiscardInitialCards(s.player(0).hand[:1]), "WRONG_DISCARD_COUNT")
    refused(
        s, 0, DiscardInitialCards((s.player(1).hand[0], s.player(0).hand[0])), "CARD_NOT_IN_HAND"
    )
    refused(s, 0, DiscardInitialCards((s.player(0).hand[0],) * 2), "DUPLICATE_CARD")
    s, events = play(s, 0, DiscardInitialCards(s.player(0).hand[:2]))
    detail = of_type(events, ev.CardsDiscardedDetail)[0]
    assert detail.visibility() == Visibility.only(0)
    refused_by_match(s, 0, DiscardInitialCards(s.player(0).hand[:2]), "NOT_YOUR_TURN")
    s, events = play(s, 1, DiscardInitialCards(s.player(1).hand[:2]))
    assert of_type(events, ev.RoundStarted)[0].round == 1
    assert s.stage == "SELECT" and len(s.discard) == 4
    assert all(len(p.hand) == 4 for p in s.players)


def test_t1_action_selection_validity() -> None:
    s = build([[one("Old Earth")], [one("Epsilon Eridani")], [one("New Sparta")]])
    refused(s, 0, SelectAction(("EXPLORE_5", "DEVELOP")), "INVALID_ACTION_COUNT")
    refused(s, 0, SelectAction(("DEVELOP_2",)), "UNKNOWN_ACTION_CARD")
    assert SelectAction(("DEVELOP",)).visibility(0) == Visibility.only(0)
    s, events = play(s, 0, SelectAction(("DEVELOP",)))
    assert [type(e) for e in events] == [ev.ActionChosen, ev.ActionChoiceSealed]
    assert events[1].visibility() == Visibility.only(0)
    other_view = RULES.view(s, 1)
    assert other_view.players[0].actions is None and other_view.players[0].decided
    assert "DEVELOP" not in str(other_view)
    assert RULES.view(s, 0).players[0].actions == ("DEVELOP",)
    refused_by_match(s, 0, SelectAction(("SETTLE",)), "NOT_YOUR_TURN")
    assert RULES.to_move(s) == frozenset({1, 2})
    s, _ = play(s, 1, SelectAction(("SETTLE",)))
    s, events = play(s, 2, SelectAction(("SETTLE",)))
    reveal = of_type(events, ev.ActionsRevealed)[0]
    assert reveal.reveals and reveal.selections == (("DEVELOP",), ("SETTLE",), ("SETTLE",))

    adv = build([[one("Old Earth")], [one("Epsilon Eridani")]], advanced=True)
    refused(adv, 0, SelectAction(("DEVELOP", "DEVELOP")), "DUPLICATE_ACTION_CARD")
    refused(adv, 0, SelectAction(("SETTLE",)), "INVALID_ACTION_COUNT")
    assert len(RULES.legal(adv, 0)) == 36


def test_t2_advanced_schedule_bonuses_and_power_timing() -> None:
    bank, conglomerate = one("Interstellar Bank"), one("Mining Conglomerate")
    s = build(
        [[one("Old Earth")], [one("Epsilon Eridani")]],
        [[bank, *FILLER[:2]], [conglomerate, *FILLER]],
        advanced=True,
    )
    s, events = select(s, ("DEVELOP", "DEVELOP_2"), ("DEVELOP", "PRODUCE"))
    reveal = of_type(events, ev.ActionsRevealed)[0]
    assert reveal.schedule == (
        PhaseInstance("DEVELOP", 1),
        PhaseInstance("DEVELOP", 2),
        PhaseInstance("PRODUCE", 1),
    )
    assert of_type(events, ev.PhaseStarted)[0].bonus_seats == (0, 1)
    s, _ = play(s, 0, ChooseDevelopment(bank))
    s, _ = play(s, 1, ChooseDevelopment(None))
    s, events = play(s, 0, PayForDevelopment((FILLER[0],)))  # 2 - 1 bonus
    started = of_type(events, ev.PhaseStarted)
    assert started[0].instance == 2 and started[0].bonus_seats == (0,)
    drawn = of_type(events, ev.CardsDrawn)
    assert [(d.seat, d.count, d.reason) for d in drawn] == [(0, 1, "POWER")]
    s, _ = play(s, 0, ChooseDevelopment(None))
    s, _ = play(s, 1, ChooseDevelopment(conglomerate))
    refused(s, 1, PayForDevelopment(tuple(FILLER[:2])), "WRONG_PAYMENT_COUNT")
    s, events = play(s, 1, PayForDevelopment(tuple(FILLER[:3])))  # no bonus in instance 2
    assert of_type(events, ev.DevelopmentPlaced)[0].cost == 3


def test_t2_draw_after_is_not_triggered_by_its_own_placement() -> None:
    works, credits = one("Public Works"), one("Investment Credits")
    s = build(
        [[one("Old Earth")], [one("Epsilon Eridani")]],
        [[works, credits, FILLER[0]], []],
        advanced=True,
    )
    s, _ = select(s, ("DEVELOP", "DEVELOP_2"), ("SETTLE", "SETTLE_2"))
    s, _ = play(s, 1, ChooseDevelopment(None))
    s, events = play(s, 0, ChooseDevelopment(works))  # cost 1 - 1 bonus = 0: placed at once
    assert of_type(events, ev.DevelopmentPlaced)[0].card == works
    assert not [d for d in of_type(events, ev.CardsDrawn) if d.reason == "POWER"]
    s, _ = play(s, 1, ChooseDevelopment(None))
    s, events = play(s, 0, ChooseDevelopment(credits))
    drawn = of_type(events, ev.CardsDrawnDetail)
    assert [(d.seat, len(d.cards), d.reason) for d in drawn] == [(0, 1, "POWER")]


def test_t3_explore_counts_and_keep_validation() -> None:
    renaissance = one("Galactic Renaissance")
    s = build([[one("Old Earth")], [one("Epsilon Eridani"), renaissance], [one("New Sparta")]])
    s, events = select(s, ("EXPLORE_5",), ("EXPLORE_1_1",), ("DEVELOP",))
    counts = {(e.seat, e.count, e.keep) for e in of_type(events, ev.ExploreDrawn)}
    assert counts == {(0, 7, 1), (1, 5, 3), (2, 2, 1)}
    details = of_type(events, ev.ExploreDrawnDetail)
    assert all(d.visibility() == Visibility.only(d.seat) and d.reveals for d in details)
    drawn = s.player(0).explored
    refused(s, 0, KeepExploredCards(drawn[:2]), "WRONG_KEEP_COUNT")
    refused(s, 0, KeepExploredCards((s.player(1).explored[0],)), "CARD_NOT_DRAWN")
    discard_before = len(s.discard)
    s, events = play(s, 0, KeepExploredCards((drawn[3],)))  # any order: seat 0 before others
    assert s.player(0).hand == (drawn[3],) and len(s.discard) == discard_before + 6
    refused_by_match(s, 0, KeepExploredCards((drawn[3],)), "NOT_YOUR_TURN")

    adv = build([[one("Old Earth")], [one("Epsilon Eridani")]], advanced=True)
    adv, events = select(adv, ("EXPLORE_5", "EXPLORE_1_1"), ("DEVELOP", "SETTLE"))
    assert {(e.seat, e.count, e.keep) for e in of_type(events, ev.ExploreDrawn)} == {
        (0, 8, 2),
        (1, 2, 1),
    }


def test_t4_develop_cost_bonus_floor_duplicates_and_affordability() -> None:
    credits, conglomerate = one("Investment Credits"), one("Mining Conglomerate")
    duties1, duties2 = one("Export Duties"), one("Export Duties", 1)
    h = FILLER
    s = build(
        [[one("Old Earth"), credits], [one("Epsilon Eridani"), duties1], [one("New Sparta")]],
        [
            [conglomerate, h[0], h[1], h[2]],
            [duties2, one("Rebel Outpost")],
            [one("Drop Ships"), h[3]],
        ],
    )
    s, _ = select(s, ("DEVELOP",), ("SETTLE",), ("SETTLE",))
    refused(s, 1, ChooseDevelopment(duties2), "DUPLICATE_DEVELOPMENT")
    refused(s, 1, ChooseDevelopment(one("Rebel Outpost")), "NOT_A_DEVELOPMENT")
    refused(s, 2, ChooseDevelopment(one("Drop Ships")), "CANNOT_AFFORD")
    refused(s, 2, ChooseDevelopment(h[0]), "CARD_NOT_IN_HAND")
    s, _ = play(s, 0, ChooseDevelopment(conglomerate))
    s, _ = play(s, 1, ChooseDevelopment(None))
    s, events = play(s, 2, ChooseDevelopment(None))
    revealed = of_type(events, ev.DevelopmentsRevealed)[0]
    assert revealed.choices == (conglomerate, None, None) and revealed.reveals
    refused_by_match(s, 1, PayForDevelopment(()), "NOT_YOUR_TURN")
    refused(s, 0, PayForDevelopment((h[0], h[1])), "WRONG_PAYMENT_COUNT")
    s, events = play(s, 0, PayForDevelopment((h[0],)))
    assert of_type(events, ev.DevelopmentPlaced)[0].cost == 1  # 3 - 1 power - 1 bonus
    assert conglomerate in s.player(0).tableau and s.player(0).hand == (h[1], h[2])

    floor = build([[one("Old Earth"), credits], [one("New Sparta")]], [[duties1, h[0]], []])
    floor, _ = select(floor, ("DEVELOP",), ("SETTLE",))
    floor, _ = play(floor, 1, ChooseDevelopment(None))
    floor, events = play(floor, 0, ChooseDevelopment(duties1))
    placed = of_type(events, ev.DevelopmentPlaced)[0]
    assert placed.cost == 0 and floor.player(0).hand == (h[0],)  # no refund


def test_hand_limit_at_round_end() -> None:
    hand = [c for c in range(len(CARDS)) if CARDS[c].is_development][:13]
    s = build([[one("Old Earth")], [one("Epsilon Eridani")]], [hand, []])
    s, _ = select(s, ("PRODUCE",), ("PRODUCE",))
    assert s.stage == "HAND_LIMIT" and RULES.to_move(s) == frozenset({0})
    from domain.race_for_the_galaxy.commands import DiscardForHandLimit

    refused_by_match(s, 1, DiscardForHandLimit(()), "NOT_YOUR_TURN")
    refused(s, 0, DiscardForHandLimit(tuple(hand[:2])), "WRONG_DISCARD_COUNT")
    s, events = play(s, 0, DiscardForHandLimit(tuple(hand[:3])))
    assert len(s.player(0).hand) == 10 and of_type(events, ev.RoundStarted)[0].round == 2


def test_reshuffle_when_the_draw_pile_runs_out_and_shortfall_when_both_are_empty() -> None:
    s = build([[one("Old Earth"), one("Merchant Guild")], [one("New Sparta")]], deck=[FILLER[0]])
    s = replace(s, discard=(FILLER[1], FILLER[2]))
    s, events = select(s, ("PRODUCE",), ("PRODUCE",))
    shuffled = of_type(events, ev.DeckShuffled)[0]
    assert shuffled.reshuffle and shuffled.size == 2 and shuffled.visibility().is_public
    assert FILLER[0] in s.player(0).hand and len(s.player(0).hand) == 2
    assert len(s.deck) == 1 and s.discard == ()

    empty = build(
        [[one("Old Earth"), one("Merchant Guild")], [one("New Sparta")]], deck=[FILLER[0]]
    )
    empty, events = select(empty, ("PRODUCE",), ("PRODUCE",))
    short = of_type(events, ev.DrawShortfall)[0]
    assert (short.seat, short.requested, short.delivered) == (0, 2, 1)


def test_the_advanced_variant_is_for_two_players_only() -> None:
    import pytest

    from domain.game import IllegalMove

    with pytest.raises(IllegalMove) as info:
        RULES.initial(3, RULES.options({"advanced_two_player": True}))
    assert info.value.code == "OPTION_NOT_SUPPORTED"
    s = new_match(2, 1, advanced_two_player=True)
    assert s.advanced and s.stage == "SETUP_DISCARD"
