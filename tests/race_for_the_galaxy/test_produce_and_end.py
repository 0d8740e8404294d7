"""Produce (digest 4.9, T12), the end of the game and scoring (digest 6, T14, T15, T17)."""

from msgspec.structs import replace

from domain.race_for_the_galaxy import RULES
from domain.race_for_the_galaxy import events as ev
from domain.race_for_the_galaxy.commands import (
    ChooseWorld,
    DiscardForHandLimit,
    FinishProduce,
    ResolveSettle,
    UseProducePower,
)
from domain.race_for_the_galaxy.components import CARDS
from domain.race_for_the_galaxy.scoring import six_cost_bonus, unconditional_military

from .helpers import build, of_type, one, play, refused, select


def test_t12_production_occupied_worlds_and_the_bonus() -> None:
    gem, comet, belt = one("Gem World"), one("Comet Zone"), one("Asteroid Belt")
    s = build(
        [[one("New Sparta"), gem, comet, belt], [one("Old Earth"), one("Radioactive World")]],
        goods=[[comet], []],
    )
    s, events = select(s, ("PRODUCE",), ("CONSUME_TRADE",))
    placed = of_type(events, ev.GoodPlaced)
    assert [(g.world, g.reason) for g in placed] == [(gem, "PRODUCTION")]
    assert [(d.seat, d.count) for d in of_type(events, ev.CardsDrawn)] == [(0, 1)]
    refused(s, 1, UseProducePower(one("Radioactive World")), "BONUS_NOT_AVAILABLE")
    refused(s, 0, UseProducePower(comet), "NOT_A_WINDFALL_WORLD")
    refused(s, 0, UseProducePower(one("Radioactive World")), "NOT_YOUR_WORLD")
    assert RULES.legal(s, 0) == [UseProducePower(belt), FinishProduce()]
    s, events = play(s, 0, UseProducePower(belt))
    assert [(g.world, g.reason) for g in of_type(events, ev.GoodPlaced)] == [
        (belt, "PRODUCE_BONUS")
    ]
    refused(s, 0, UseProducePower(belt), "WRONG_STAGE")  # the phase (and round) is over
    assert of_type(events, ev.RoundStarted)


def test_t12_bonus_can_be_used_only_once() -> None:
    belt, radioactive = one("Asteroid Belt"), one("Radioactive World")
    engineers = one("Galactic Engineers")
    s = build([[one("New Sparta"), engineers, belt, radioactive], [one("Old Earth")]])
    s, _ = select(s, ("PRODUCE",), ("CONSUME_TRADE",))
    s, _ = play(s, 0, UseProducePower(belt))
    refused(s, 0, UseProducePower(radioactive), "BONUS_NOT_AVAILABLE")
    refused(s, 0, FinishProduce(), "MANDATORY_POWER_UNUSED")  # Galactic Engineers still can
    s, events = play(s, 0, UseProducePower(radioactive, engineers, 1))
    assert [(g.world, g.reason) for g in of_type(events, ev.GoodPlaced)] == [(radioactive, "POWER")]


def _t14_state(p2_hand: int) -> tuple:
    p1_tableau = [
        one(n)
        for n in (
            "Old Earth",
            "Export Duties",
            "Investment Credits",
            "Public Works",
            "Space Marines",
            "Drop Ships",
            "Deficit Spending",
            "Interstellar Bank",
            "Galactic Engineers",
            "Terraformed World",
            "Asteroid Belt",
        )
    ]
    p2_tableau = [
        one(n) for n in ("New Sparta", "Comet Zone", "Mining World", "Spice World", "Artist Colony")
    ]
    gem = one("Gem World")
    used = {*p1_tableau, *p2_tableau, gem}
    spare = [c for c in range(len(CARDS)) if c not in used]
    p1_hand, spare = [gem, *spare[:14]], spare[14:]
    p2_hand, spare = spare[:p2_hand], spare[p2_hand:]
    s = build(
        [p1_tableau, p2_tableau],
        hands=[p1_hand, p2_hand],
        goods=[[one("Asteroid Belt")], p2_tableau[1:]],
        deck=spare[:40],
    )
    p1_vp = sum(CARDS[c].vp for c in p1_tableau) + CARDS[gem].vp
    p2_vp = sum(CARDS[c].vp for c in p2_tableau)
    s = s.with_player(0, replace(s.player(0), chips=30 - p1_vp))
    s = s.with_player(1, replace(s.player(1), chips=30 - p2_vp))
    return s, gem, p1_hand


def test_t14_twelve_cards_hand_limit_and_tie_break() -> None:
    s, gem, hand = _t14_state(6)
    s, _ = select(s, ("SETTLE",), ("SETTLE",))
    s, _ = play(s, 0, ChooseWorld(gem))
    s, _ = play(s, 1, ChooseWorld(None))
    s, _ = play(s, 0, ResolveSettle("PAY", (hand[1], hand[2])))
    assert len(s.player(0).tableau) == 12 and len(s.player(0).hand) == 13
    refused(s, 0, DiscardForHandLimit(tuple(hand[3:5])), "WRONG_DISCARD_COUNT")
    s, events = play(s, 0, DiscardForHandLimit(tuple(hand[3:6])))
    assert of_type(events, ev.RoundEnded)[0].triggers == ("TABLEAU_12",)
    ended = of_type(events, ev.GameEnded)[0]
    assert ended.scores == (30, 30) and ended.tiebreaks == (11, 10) and ended.winners == (0,)
    result = RULES.result(s)
    assert result is not None and result.winners == (0,) and result.places == (1, 2)


def test_t14_equal_tie_break_shares_the_victory() -> None:
    s, gem, hand = _t14_state(7)
    s, _ = select(s, ("SETTLE",), ("SETTLE",))
    s, _ = play(s, 0, ChooseWorld(gem))
    s, _ = play(s, 1, ChooseWorld(None))
    s, _ = play(s, 0, ResolveSettle("PAY", (hand[1], hand[2])))
    s, _events = play(s, 0, DiscardForHandLimit(tuple(hand[3:6])))
    result = RULES.result(s)
    assert result is not None and result.winners == (0, 1) and result.places == (1, 1)


def test_t15_six_cost_bonus_counts_a_card_once_per_development() -> None:
    imperium, league = one("Galactic Imperium"), one("Pan-Galactic League")
    worlds = [one("Rebel Outpost"), one("Rebel Homeworld"), one("Outlaw World")]
    tableau = (one("Old Earth"), imperium, league, *worlds)
    assert six_cost_bonus(CARDS[imperium], tableau, 0) == 2 + 2 + 1
    assert six_cost_bonus(CARDS[league], tableau, 0) == 3
    s = build([list(tableau), [one("New Sparta")]])
    printed = sum(CARDS[c].vp for c in tableau)
    assert RULES.score(s)[0] == printed + 5 + 3


def test_t17_consume_and_trade_classification_and_negative_new_galactic_order() -> None:
    economy, league = one("New Economy"), one("Trade League")
    tableau = (
        economy,
        league,
        one("Black Market Trading World"),
        one("Merchant World"),
        one("Old Earth"),
    )
    assert six_cost_bonus(CARDS[economy], tableau, 0) == 7
    assert six_cost_bonus(CARDS[league], tableau, 0) == 4
    order = one("New Galactic Order")
    military = (
        order,
        one("Contact Specialist"),
        one("Pan-Galactic League"),
        one("Refugee World"),
        one("Empath World"),
    )
    assert unconditional_military(military) == -2
    assert six_cost_bonus(CARDS[order], military, 0) == -2


def test_other_six_cost_developments() -> None:
    renaissance, federation = one("Galactic Renaissance"), one("Galactic Federation")
    tableau = (
        renaissance,
        federation,
        one("Research Labs"),
        one("Artist Colony"),
        one("Old Earth"),
    )
    assert six_cost_bonus(CARDS[renaissance], tableau, 7) == 2 + 3 + 3
    assert six_cost_bonus(CARDS[federation], tableau, 0) == 2 + 2 + 1
    seti, guild = one("Galactic Survey: SETI"), one("Merchant Guild")
    t2 = (
        seti,
        guild,
        one("Star Nomad Lair"),
        one("Gem World"),
        one("Asteroid Belt"),
        one("Expedition Force"),
    )
    assert six_cost_bonus(CARDS[seti], t2, 0) == 1 + 2 + 1 + 1 + 1  # SETI, Lair, Gem, Belt, Force
    assert six_cost_bonus(CARDS[guild], t2, 0) == 2  # Gem World only; windfall worlds score 0
    ati, fta, mining = (
        one("Alien Tech Institute"),
        one("Free Trade Association"),
        one("Mining League"),
    )
    t3 = (
        ati,
        fta,
        mining,
        one("Alien Robotic Factory"),
        one("Deserted Alien Outpost"),
        one("Gem World"),
        one("Refugee World"),
        one("Consumer Markets"),
        one("Mining World"),
        one("Asteroid Belt"),
        one("Mining Robots"),
    )
    assert six_cost_bonus(CARDS[ati], t3, 0) == 2 + 3 + 2  # itself, factory, outpost
    assert (
        six_cost_bonus(CARDS[fta], t3, 0) == 2 + 1 + 2
    )  # Gem World, Refugee World, Consumer Markets
    assert (
        six_cost_bonus(CARDS[mining], t3, 0) == 2 + 1 + 2
    )  # Mining World, Asteroid Belt, Mining Robots


def test_max_rounds_ends_the_match_scored_normally() -> None:
    s = build([[one("Old Earth")], [one("New Sparta")]])
    s = replace(s, max_rounds=1)
    s, events = select(s, ("PRODUCE",), ("PRODUCE",))
    ended = of_type(events, ev.GameEnded)[0]
    assert "MAX_ROUNDS" in ended.reason and RULES.result(s) is not None
    assert ended.scores == RULES.score(s)


def test_a_world_holds_one_good_and_a_finished_match_takes_no_command() -> None:
    engineers, belt = one("Galactic Engineers"), one("Asteroid Belt")
    s = build(
        [[one("Old Earth"), engineers, belt, one("Radioactive World")], [one("New Sparta")]],
        goods=[[belt], []],
    )
    s, _ = select(s, ("PRODUCE",), ("PRODUCE",))
    refused(s, 0, UseProducePower(belt, engineers, 1), "WORLD_ALREADY_HAS_GOOD")
    refused(s, 0, UseProducePower(belt, engineers, 0), "POWER_NOT_AVAILABLE")

    over = replace(build([[one("Old Earth")], [one("New Sparta")]]), max_rounds=1)
    over, _ = select(over, ("PRODUCE",), ("PRODUCE",))
    refused(over, 0, FinishProduce(), "GAME_OVER")
    assert RULES.legal(over, 0) == []
