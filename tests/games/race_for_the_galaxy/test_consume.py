"""Consume and Trade (digest 4.8, 6.1): T8-T11, T13 and the consume part of T16."""

from domain.race_for_the_galaxy import RULES
from domain.race_for_the_galaxy import events as ev
from domain.race_for_the_galaxy.commands import FinishConsume, SellGood, UseConsumePower

from .helpers import build, of_type, one, play, refused, refused_by_match, select

H = [one("Rebel Homeworld"), one("Rebel Base"), one("Deserted Alien Library"), one("Tourist World")]


def test_t8_trade_first_trade_value_and_trade_powers() -> None:
    eridani, lair, spice = one("Epsilon Eridani"), one("Star Nomad Lair"), one("Spice World")
    s = build([[eridani, lair, spice], [one("New Sparta")]], goods=[[lair, spice], []])
    s, _ = select(s, ("CONSUME_TRADE",), ("CONSUME_2VP",))
    refused(s, 0, UseConsumePower(eridani, 1, (spice,), (), None), "TRADE_REQUIRED_FIRST")
    refused(s, 0, FinishConsume(), "TRADE_REQUIRED_FIRST")
    refused(s, 1, SellGood(lair), "NOT_TRADE_SELECTOR")
    assert RULES.legal(s, 0) == [SellGood(lair), SellGood(spice)]
    s, events = play(s, 0, SellGood(lair))
    sold = of_type(events, ev.GoodSold)[0]
    assert (sold.good, sold.drawn) == ("NOVELTY", 5)  # 2 + 1 (this world) + 2 (novelty)
    assert [(d.count, d.reason) for d in of_type(events, ev.CardsDrawn)] == [(5, "TRADE")]
    refused(s, 0, SellGood(spice), "ALREADY_SOLD")
    s, events = play(s, 0, UseConsumePower(eridani, 1, (spice,), (), None))
    assert [(v.seat, v.amount) for v in of_type(events, ev.VPAwarded)] == [(0, 1)]


def test_t9_up_to_consumption_must_be_maximal() -> None:
    fta, vinland, gem, artist = (
        one("Free Trade Association"),
        one("New Vinland"),
        one("Gem World"),
        one("Artist Colony"),
    )
    s = build(
        [[one("New Sparta"), fta, vinland, gem, artist], [one("Old Earth")]],
        goods=[[vinland, gem, artist], []],
    )
    s, _ = select(s, ("PRODUCE",), ("CONSUME_2VP",))
    refused(s, 0, UseConsumePower(fta, 0, (gem, artist), (), None), "MUST_CONSUME_MAXIMUM")
    s, events = play(s, 0, UseConsumePower(vinland, 0, (vinland,), (), None))
    assert [d.count for d in of_type(events, ev.CardsDrawn)] == [2]
    assert not of_type(events, ev.VPAwarded)
    refused(s, 0, UseConsumePower(vinland, 0, (gem,), (), None), "POWER_ALREADY_USED")
    s, events = play(s, 0, UseConsumePower(fta, 0, (gem, artist), (), None))
    assert [v.amount for v in of_type(events, ev.VPAwarded)] == [2]
    assert next(d.count for d in of_type(events, ev.CardsDrawn)) == 2
    assert of_type(events, ev.TurnFinished)[0].seat == 0  # nothing left: finished for him


def test_t10_double_vp_and_its_exceptions() -> None:
    eridani, deficit, gem = one("Epsilon Eridani"), one("Deficit Spending"), one("Gem World")
    s = build(
        [[eridani, deficit, gem], [one("New Sparta")]],
        hands=[[H[0], H[1], H[2]], []],
        goods=[[gem], []],
    )
    s, _ = select(s, ("CONSUME_2VP",), ("PRODUCE",))
    s, events = play(s, 0, UseConsumePower(eridani, 1, (gem,), (), None))
    assert [v.amount for v in of_type(events, ev.VPAwarded)] == [2]
    assert [d.count for d in of_type(events, ev.CardsDrawn)] == [1]
    assert FinishConsume() in RULES.legal(s, 0)  # Deficit Spending is optional
    s, events = play(s, 0, UseConsumePower(deficit, 0, (), (H[0], H[1]), None))
    assert [v.amount for v in of_type(events, ev.VPAwarded)] == [2]  # not doubled
    assert s.player(0).chips == 4


def test_t11_mandatory_consumption_and_leftover_goods() -> None:
    robots, works = one("Terraforming Robots"), one("Public Works")
    comet, sentient = one("Comet Zone"), one("Pre-Sentient Race")
    s = build(
        [[one("New Sparta"), robots, works, comet, sentient], [one("Old Earth")]],
        goods=[[comet, sentient], []],
    )
    s, _ = select(s, ("CONSUME_TRADE",), ("PRODUCE",))
    # Trade bonus first: sell the genes good, leaving one rare good for the two powers.
    s, _ = play(s, 0, SellGood(sentient))
    refused(s, 0, FinishConsume(), "MANDATORY_POWER_UNUSED")
    s, events = play(s, 0, UseConsumePower(works, 1, (comet,), (), None))
    assert of_type(events, ev.TurnFinished)  # the rare power has nothing left to consume


def test_t11_leftover_good_may_stay() -> None:
    robots, works = one("Terraforming Robots"), one("Public Works")
    comet, sentient = one("Comet Zone"), one("Pre-Sentient Race")
    s = build(
        [[one("New Sparta"), robots, works, comet, sentient], [one("Old Earth")]],
        hands=[[], [one("Gem World")]],
        goods=[[comet, sentient], []],
    )
    s, _ = select(s, ("CONSUME_2VP",), ("PRODUCE",))
    refused(s, 0, FinishConsume(), "MANDATORY_POWER_UNUSED")
    s, events = play(s, 0, UseConsumePower(works, 1, (comet,), (), None))
    # Digest A31: with nothing usable left the engine finishes for him; the genes good stays.
    assert of_type(events, ev.TurnFinished)[0].seat == 0
    assert sentient in [w for w, _ in s.player(0).goods]


def test_t11_consume_all_with_a_single_good_gives_no_vp_event() -> None:
    pilgrimage, gem = one("Pilgrimage World"), one("Gem World")
    s = build([[one("New Sparta"), pilgrimage, gem], [one("Old Earth")]], goods=[[gem], []])
    s, _ = select(s, ("CONSUME_2VP",), ("PRODUCE",))
    refused(s, 0, FinishConsume(), "MANDATORY_POWER_UNUSED")
    s, events = play(s, 0, UseConsumePower(pilgrimage, 0, (gem,), (), None))
    used = of_type(events, ev.ConsumePowerUsed)[0]
    assert used.vp == 0 and not of_type(events, ev.VPAwarded)


def test_t13_vp_pool_exhaustion_ends_the_game_after_the_round() -> None:
    old_earth, gem, artist = one("Old Earth"), one("Gem World"), one("Artist Colony")
    eridani, comet = one("Epsilon Eridani"), one("Comet Zone")
    s = build(
        [[old_earth, gem, artist], [eridani, comet]],
        goods=[[gem, artist], [comet]],
        pool=3,
    )
    s, events = select(s, ("CONSUME_2VP",), ("PRODUCE",))
    s, events = play(s, 0, UseConsumePower(old_earth, 1, (gem, artist), (), None))
    assert [(v.seat, v.amount) for v in of_type(events, ev.VPAwarded)] == [(0, 4)]
    assert of_type(events, ev.VPPoolExhausted) and s.pool == 0
    s, events = play(s, 1, UseConsumePower(eridani, 1, (comet,), (), None))
    assert [(v.seat, v.amount) for v in of_type(events, ev.VPAwarded)] == [(1, 1)]
    assert (s.player(0).chips, s.player(1).chips) == (4, 1)
    assert {(g.world, g.reason) for g in of_type(events, ev.GoodPlaced)} == {
        (gem, "PRODUCTION"),
        (artist, "PRODUCTION"),
        (comet, "PRODUCTION"),
    }
    assert of_type(events, ev.RoundEnded)[0].triggers == ("VP_POOL_EXHAUSTED",)
    assert of_type(events, ev.GameEnded) and RULES.result(s) is not None
    assert RULES.to_move(s) == frozenset()


def test_t16_new_vinland_and_old_earth_decoded_powers() -> None:
    vinland, old_earth = one("New Vinland"), one("Old Earth")
    gem, artist, spice = one("Gem World"), one("Artist Colony"), one("Spice World")
    s = build([[old_earth, vinland], [one("New Sparta")]], goods=[[vinland], []])
    s, _ = select(s, ("CONSUME_2VP",), ("PRODUCE",))
    s, events = play(s, 0, UseConsumePower(vinland, 0, (vinland,), (), None))
    assert [d.count for d in of_type(events, ev.CardsDrawn)] == [2]
    assert not of_type(events, ev.VPAwarded)

    e = build(
        [[old_earth, gem, artist, spice], [one("New Sparta")]], goods=[[gem, artist, spice], []]
    )
    e, _ = select(e, ("CONSUME_2VP",), ("PRODUCE",))
    refused(e, 0, UseConsumePower(old_earth, 1, (gem,), (), None), "MUST_CONSUME_MAXIMUM")
    refused(
        e, 0, UseConsumePower(old_earth, 1, (gem, artist, spice), (), None), "WRONG_GOODS_COUNT"
    )
    e, events = play(e, 0, UseConsumePower(old_earth, 1, (gem, artist), (), None))
    assert [v.amount for v in of_type(events, ev.VPAwarded)] == [4]


def test_advanced_both_consume_cards_sell_first_then_double() -> None:
    eridani, gem, artist = one("Epsilon Eridani"), one("Gem World"), one("Artist Colony")
    s = build(
        [[eridani, gem, artist], [one("New Sparta")]], goods=[[gem, artist], []], advanced=True
    )
    s, events = select(s, ("CONSUME_TRADE", "CONSUME_2VP"), ("PRODUCE", "CONSUME_TRADE"))
    assert [(p.phase, p.instance) for p in of_type(events, ev.PhaseStarted)] == [("CONSUME", 1)]
    refused(s, 0, UseConsumePower(eridani, 1, (gem,), (), None), "TRADE_REQUIRED_FIRST")
    s, _ = play(s, 0, SellGood(artist))
    s, events = play(s, 0, UseConsumePower(eridani, 1, (gem,), (), None))
    assert [v.amount for v in of_type(events, ev.VPAwarded)] == [2]


def test_consume_goods_must_lie_on_own_worlds() -> None:
    eridani, gem, artist = one("Epsilon Eridani"), one("Gem World"), one("Artist Colony")
    s = build(
        [[eridani, gem, artist], [one("New Sparta"), one("Comet Zone")]],
        goods=[[gem], [one("Comet Zone")]],
    )
    s, _ = select(s, ("CONSUME_2VP",), ("PRODUCE",))
    refused(s, 0, UseConsumePower(eridani, 1, (one("Comet Zone"),), (), None), "NOT_YOUR_WORLD")
    refused(s, 0, UseConsumePower(eridani, 1, (artist,), (), None), "NO_GOOD_ON_WORLD")
    refused(s, 0, UseConsumePower(eridani, 0, (gem,), (), None), "POWER_NOT_AVAILABLE")
    refused_by_match(s, 1, UseConsumePower(eridani, 1, (gem,), (), None), "NOT_YOUR_TURN")
