"""One test per power code used by a base card, each played through `decide` on a built state."""

import sys

from domain.race_for_the_galaxy import events as ev
from domain.race_for_the_galaxy.commands import (
    ChooseDevelopment,
    ChooseWorld,
    FinishConsume,
    FinishProduce,
    PayForDevelopment,
    ResolveSettle,
    SellGood,
    UseConsumePower,
    UseProducePower,
)
from domain.race_for_the_galaxy.components import DESIGNS
from domain.race_for_the_galaxy.state import State

from .helpers import build, of_type, one, play, refused, select

H = [one("Rebel Homeworld"), one("Rebel Base"), one("Deserted Alien Library"), one("Tourist World")]


def draws(events: list, seat: int, reason: str) -> list[int]:
    return [
        e.count for e in of_type(events, ev.CardsDrawn) if e.seat == seat and e.reason == reason
    ]


def settle(s: State, world: int, command: ResolveSettle) -> list:
    s, _ = play(s, 0, ChooseWorld(world))
    s, _ = play(s, 1, ChooseWorld(None))
    _, events = play(s, 0, command)
    return events


def test_power_EXPLORE_DRAW() -> None:
    s = build([[one("Old Earth"), one("Expedition Force")], [one("New Sparta")]])
    _, events = select(s, ("EXPLORE_5",), ("PRODUCE",))
    assert [(e.seat, e.count, e.keep) for e in of_type(events, ev.ExploreDrawn)] == [
        (0, 8, 1),
        (1, 2, 1),
    ]


def test_power_EXPLORE_KEEP() -> None:
    s = build([[one("Old Earth"), one("Research Labs")], [one("New Sparta")]])
    _, events = select(s, ("EXPLORE_5",), ("PRODUCE",))
    assert next((e.count, e.keep) for e in of_type(events, ev.ExploreDrawn)) == (7, 2)


def test_power_DEVELOP_DRAW_START() -> None:
    s = build([[one("Old Earth"), one("Interstellar Bank")], [one("New Sparta")]])
    s, events = select(s, ("DEVELOP",), ("PRODUCE",))
    assert draws(events, 0, "POWER") == [1] and len(s.player(0).hand) == 1  # drawn before passing


def test_power_DEVELOP_REDUCE() -> None:
    drop = one("Drop Ships")
    s = build(
        [[one("Old Earth"), one("Galactic Federation")], [one("New Sparta")]],
        [[drop, H[0], H[1], H[2]], []],
    )
    s, _ = select(s, ("PRODUCE",), ("DEVELOP",))
    s, _ = play(s, 0, ChooseDevelopment(drop))
    s, _ = play(s, 1, ChooseDevelopment(None))
    refused(s, 0, PayForDevelopment((H[0], H[1], H[2])), "WRONG_PAYMENT_COUNT")
    _, events = play(s, 0, PayForDevelopment((H[0], H[1])))  # 4 - 2, no bonus
    assert of_type(events, ev.DevelopmentPlaced)[0].cost == 2


def test_power_DEVELOP_DRAW_AFTER() -> None:
    duties = one("Export Duties")
    s = build([[one("Old Earth"), one("Public Works")], [one("New Sparta")]], [[duties], []])
    s, _ = select(s, ("DEVELOP",), ("PRODUCE",))
    s, _ = play(s, 1, ChooseDevelopment(None))
    s, events = play(s, 0, ChooseDevelopment(duties))
    assert draws(events, 0, "POWER") == [1]


def test_power_SETTLE_REDUCE() -> None:
    comet = one("Comet Zone")
    s = build(
        [[one("Old Earth"), one("Replicant Robots")], [one("New Sparta")]],
        [[comet, H[0], H[1]], []],
    )
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    events = settle(s, comet, ResolveSettle("PAY", (H[0],), None, ()))
    assert of_type(events, ev.WorldPlaced)[0].cost == 1


def test_power_SETTLE_REDUCE_TYPE() -> None:
    comet, gem = one("Comet Zone"), one("Gem World")
    s = build(
        [[one("Old Earth"), one("Mining Robots")], [one("New Sparta")]],
        [[comet, gem, H[0], H[1], H[2]], []],
    )
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    events = settle(s, comet, ResolveSettle("PAY", (H[0], H[1]), None, ()))  # rare world: 3 - 1
    assert of_type(events, ev.WorldPlaced)[0].cost == 2
    s2, _ = select(
        build(
            [[one("Old Earth"), one("Mining Robots")], [one("New Sparta")]], [[gem, H[0], H[1]], []]
        ),
        ("SETTLE",),
        ("PRODUCE",),
    )
    s2, _ = play(s2, 0, ChooseWorld(gem))
    s2, _ = play(s2, 1, ChooseWorld(None))
    refused(
        s2, 0, ResolveSettle("PAY", (H[0],), None, ()), "WRONG_PAYMENT_COUNT"
    )  # novelty: no discount


def test_power_MILITARY() -> None:
    miners = one("Rebel Miners")
    s = build([[one("Old Earth"), one("Space Marines")], [one("New Sparta")]], [[miners], []])
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    events = settle(s, miners, ResolveSettle("CONQUER", (), None, ()))
    assert of_type(events, ev.WorldPlaced)[0].military == 2


def test_power_MILITARY_VS_REBEL() -> None:
    outpost, warship = one("Rebel Outpost"), one("Lost Alien Warship")
    s = build(
        [[one("Epsilon Eridani"), one("Galactic Imperium")], [one("New Sparta")]],
        [[outpost, warship], []],
    )
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    refused(s, 0, ChooseWorld(warship), "INSUFFICIENT_MILITARY")  # not a rebel world
    events = settle(s, outpost, ResolveSettle("CONQUER", (), None, ()))
    assert of_type(events, ev.WorldPlaced)[0].military == 5


def test_power_MILITARY_VS_TYPE() -> None:
    sentry, miners = one("Alien Robot Sentry"), one("Rebel Miners")
    s = build(
        [[one("Old Earth"), one("Alien Tech Institute")], [one("New Sparta")]],
        [[sentry, miners], []],
    )
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    refused(s, 0, ChooseWorld(miners), "INSUFFICIENT_MILITARY")
    events = settle(s, sentry, ResolveSettle("CONQUER", (), None, ()))
    assert of_type(events, ev.WorldPlaced)[0].military == 2
    assert next(g.good for g in of_type(events, ev.GoodPlaced)) == "ALIEN"


def test_power_TEMP_MILITARY() -> None:
    tactics, miners = one("New Military Tactics"), one("Rebel Miners")
    s = build([[one("Old Earth"), tactics], [one("New Sparta")]], [[miners], []])
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    events = settle(s, miners, ResolveSettle("CONQUER", (), None, (tactics,)))
    assert of_type(events, ev.WorldPlaced)[0].military == 3
    assert of_type(events, ev.TableauCardDiscarded)[0].card == tactics


def test_power_SETTLE_REDUCE_TO_ZERO() -> None:
    ship, ark = one("Colony Ship"), one("Lost Species Ark World")
    s = build([[one("Old Earth"), ship], [one("New Sparta")]], [[ark], []])
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    events = settle(s, ark, ResolveSettle("PAY", (), ship, ()))
    assert of_type(events, ev.WorldPlaced)[0].cost == 0


def test_power_PAY_FOR_MILITARY() -> None:
    specialist, miners = one("Contact Specialist"), one("Rebel Miners")
    s = build([[one("Old Earth"), specialist], [one("New Sparta")]], [[miners, H[0]], []])
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    events = settle(s, miners, ResolveSettle("PAY_MILITARY", (H[0],), None, ()))  # defense 2 - 1
    assert of_type(events, ev.WorldPlaced)[0].method == "PAY_MILITARY"


def test_power_SETTLE_DRAW_AFTER() -> None:
    refugee = one("Refugee World")
    s = build(
        [[one("Old Earth"), one("Terraforming Robots")], [one("New Sparta")]], [[refugee], []]
    )
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    events = settle(s, refugee, ResolveSettle("PAY", (), None, ()))
    assert draws(events, 0, "POWER") == [1] and draws(events, 0, "SETTLE_BONUS") == [1]


def _sale(tableau: list[int], world: int) -> int:
    s = build([tableau, [one("New Sparta")]], goods=[[world], []])
    s, _ = select(s, ("CONSUME_TRADE",), ("PRODUCE",))
    _, events = play(s, 0, SellGood(world))
    return of_type(events, ev.GoodSold)[0].drawn


def test_power_TRADE_BONUS_ANY() -> None:
    gem = one("Gem World")
    assert _sale([one("Epsilon Eridani"), gem], gem) == 2
    assert _sale([one("Epsilon Eridani"), one("Export Duties"), gem], gem) == 3


def test_power_TRADE_BONUS_TYPE() -> None:
    lab, sentient, gem = one("Genetics Lab"), one("Pre-Sentient Race"), one("Gem World")
    assert _sale([one("Epsilon Eridani"), lab, sentient], sentient) == 4 + 1
    assert _sale([one("Epsilon Eridani"), lab, gem], gem) == 2


def test_power_TRADE_BONUS_THIS_WORLD() -> None:
    pirate, gem = one("Pirate World"), one("Gem World")
    assert _sale([one("Epsilon Eridani"), pirate], pirate) == 2 + 3
    assert _sale([one("Epsilon Eridani"), pirate, gem], gem) == 2


def test_power_CONSUME_TRADE_VALUE() -> None:
    league, market, sentient = (
        one("Trade League"),
        one("Black Market Trading World"),
        one("Pre-Sentient Race"),
    )
    for source, index, cards in ((league, 1, 4 + 1), (market, 0, 4)):
        s = build(
            [
                [
                    one("New Sparta"),
                    source,
                    one("Export Duties") if source == market else sentient,
                    sentient,
                ],
                [one("Old Earth")],
            ],
            goods=[[sentient], []],
        )
        s, _ = select(s, ("CONSUME_2VP",), ("PRODUCE",))
        _, events = play(s, 0, UseConsumePower(source, index, (sentient,), (), None))
        assert draws(events, 0, "CONSUME") == [cards]
        assert not of_type(events, ev.VPAwarded)


def test_power_CONSUME_GOODS() -> None:
    tourist, diversified = one("Tourist World"), one("Diversified Economy")
    gem, artist, comet, sentient = (
        one("Gem World"),
        one("Artist Colony"),
        one("Comet Zone"),
        one("Pre-Sentient Race"),
    )
    s = build(
        [
            [one("New Sparta"), tourist, diversified, gem, artist, comet, sentient],
            [one("Old Earth")],
        ],
        goods=[[gem, artist, comet, sentient], []],
    )
    s, _ = select(s, ("CONSUME_TRADE",), ("PRODUCE",))
    s, _ = play(s, 0, SellGood(sentient))
    refused(
        s, 0, UseConsumePower(diversified, 0, (gem, artist, comet), (), None), "GOOD_TYPE_MISMATCH"
    )
    refused(s, 0, UseConsumePower(tourist, 0, (gem,), (), None), "WRONG_GOODS_COUNT")
    s, events = play(s, 0, UseConsumePower(tourist, 0, (gem, artist), (), None))
    assert [v.amount for v in of_type(events, ev.VPAwarded)] == [3]
    distinct = build(
        [[one("New Sparta"), diversified, gem, comet, sentient], [one("Old Earth")]],
        goods=[[gem, comet, sentient], []],
    )
    distinct, _ = select(distinct, ("CONSUME_2VP",), ("PRODUCE",))
    _, events = play(distinct, 0, UseConsumePower(diversified, 0, (gem, comet, sentient), (), None))
    assert [v.amount for v in of_type(events, ev.VPAwarded)] == [6]


def test_power_CONSUME_ALL_GOODS() -> None:
    pilgrimage, gem, artist, comet = (
        one("Pilgrimage World"),
        one("Gem World"),
        one("Artist Colony"),
        one("Comet Zone"),
    )
    s = build(
        [[one("New Sparta"), pilgrimage, gem, artist, comet], [one("Old Earth")]],
        goods=[[gem, artist, comet], []],
    )
    s, _ = select(s, ("CONSUME_TRADE",), ("PRODUCE",))
    s, _ = play(s, 0, SellGood(comet))
    refused(s, 0, UseConsumePower(pilgrimage, 0, (gem,), (), None), "WRONG_GOODS_COUNT")
    _, events = play(s, 0, UseConsumePower(pilgrimage, 0, (gem, artist), (), None))
    assert [v.amount for v in of_type(events, ev.VPAwarded)] == [1]


def test_power_CONSUME_DISCARD_HAND_FOR_VP() -> None:
    merchant = one("Merchant World")
    s = build([[one("New Sparta"), merchant], [one("Old Earth")]], [H[:3], []])
    s, _ = select(s, ("CONSUME_2VP",), ("PRODUCE",))
    refused(s, 0, UseConsumePower(merchant, 1, (), tuple(H[:3]), None), "WRONG_DISCARD_COUNT")
    refused(s, 0, UseConsumePower(merchant, 1, (), (H[3],), None), "CARD_NOT_IN_HAND")
    s, events = play(s, 0, UseConsumePower(merchant, 1, (), (H[0],), None))
    assert [v.amount for v in of_type(events, ev.VPAwarded)] == [1]  # never doubled
    detail = of_type(events, ev.CardsDiscardedDetail)[0]
    assert detail.cards == (H[0],) and detail.visibility().seats == frozenset({0})


def test_power_CONSUME_DRAW() -> None:
    economy = one("New Economy")
    s = build([[one("New Sparta"), economy], [one("Old Earth")]])
    s, _ = select(s, ("CONSUME_2VP",), ("PRODUCE",))
    refused(s, 0, FinishConsume(), "MANDATORY_POWER_UNUSED")
    _, events = play(s, 0, UseConsumePower(economy, 0, (), (), None))
    assert draws(events, 0, "CONSUME") == [1]


def test_power_CONSUME_GAMBLE() -> None:
    gambling, comet = one("Gambling World"), one("Comet Zone")
    deck = [comet, one("Gem World"), *H]
    for number, kept in ((3, True), (5, False)):
        s = build([[one("New Sparta"), gambling], [one("Old Earth")]], deck=deck)
        s, _ = select(s, ("CONSUME_2VP",), ("PRODUCE",))
        refused(s, 0, UseConsumePower(gambling, 1, (), (), 8), "INVALID_NUMBER")
        s, events = play(s, 0, UseConsumePower(gambling, 1, (), (), number), drawn=[comet])
        revealed = of_type(events, ev.GambleRevealed)[0]
        assert (revealed.card, revealed.kept, revealed.reveals) == (comet, kept, True)
        assert (comet in s.player(0).hand) == kept and (comet in s.discard) != kept


def test_power_PRODUCE_GOOD() -> None:
    colony = one("Earth's Lost Colony")
    s = build([[colony], [one("Old Earth")]])
    s, events = select(s, ("PRODUCE",), ("PRODUCE",))
    assert [(g.world, g.good) for g in of_type(events, ev.GoodPlaced)] == [(colony, "NOVELTY")]
    assert [w for w, _ in s.player(0).goods] == [colony]


def test_power_PRODUCE_WINDFALL_ANY() -> None:
    engineers, belt = one("Galactic Engineers"), one("Asteroid Belt")
    s = build([[one("Old Earth"), engineers, belt], [one("New Sparta")]])
    s, _ = select(s, ("PRODUCE",), ("PRODUCE",))
    refused(s, 0, FinishProduce(), "MANDATORY_POWER_UNUSED")
    s, events = play(s, 0, UseProducePower(belt, engineers, 1))
    assert [(g.world, g.reason) for g in of_type(events, ev.GoodPlaced)] == [(belt, "POWER")]


def test_power_PRODUCE_WINDFALL_TYPE() -> None:
    lab, sentient, belt = one("Genetics Lab"), one("Pre-Sentient Race"), one("Asteroid Belt")
    s = build([[one("Old Earth"), lab, sentient, belt], [one("New Sparta")]])
    s, _ = select(s, ("CONSUME_TRADE",), ("PRODUCE",))
    refused(s, 0, UseProducePower(belt, lab, 1), "GOOD_TYPE_MISMATCH")
    s, events = play(s, 0, UseProducePower(sentient, lab, 1))
    assert [(g.world, g.good) for g in of_type(events, ev.GoodPlaced)] == [(sentient, "GENES")]


def test_power_PRODUCE_DRAW() -> None:
    s = build([[one("Old Earth"), one("Merchant Guild")], [one("New Sparta")]])
    _, events = select(s, ("PRODUCE",), ("PRODUCE",))
    assert draws(events, 0, "PRODUCE") == [2]


def test_power_PRODUCE_DRAW_IF_PRODUCED() -> None:
    robots = one("Runaway Robots")
    s = build([[one("Old Earth"), robots], [one("New Sparta")]])
    s, events = select(s, ("PRODUCE",), ("PRODUCE",))
    assert draws(events, 0, "PRODUCE") == []  # a windfall world only draws when it gets a good
    _, events = play(s, 0, UseProducePower(robots, None, 0))
    assert draws(events, 0, "PRODUCE") == [1]


def test_power_PRODUCE_DRAW_PER_TYPE_PRODUCED() -> None:
    markets = one("Consumer Markets")
    s = build(
        [
            [one("Old Earth"), markets, one("Gem World"), one("Artist Colony"), one("Comet Zone")],
            [one("New Sparta")],
        ]
    )
    _, events = select(s, ("PRODUCE",), ("PRODUCE",))
    assert draws(events, 0, "PRODUCE") == [1, 1, 2]  # Gem World, Comet Zone, then 2 novelty


def test_power_PRODUCE_DRAW_PER_KIND_PRODUCED() -> None:
    s = build(
        [
            [
                one("Old Earth"),
                one("Diversified Economy"),
                one("Artist Colony"),
                one("Spice World"),
                one("Comet Zone"),
            ],
            [one("New Sparta")],
        ]
    )
    _, events = select(s, ("PRODUCE",), ("PRODUCE",))
    assert draws(events, 0, "PRODUCE") == [1, 2]  # Comet Zone's draw, then novelty + rare


def test_power_PRODUCE_DRAW_MOST_TYPE() -> None:
    conglomerate = one("Mining Conglomerate")
    mine = [one("Old Earth"), conglomerate, one("Mining World"), one("Bio-Hazard Mining World")]
    for other, expected in (
        ([one("New Sparta"), one("Rebel Miners")], [2]),
        ([one("New Sparta"), one("Rebel Miners"), one("New Earth")], []),
    ):
        s = build([mine, other])
        _, events = select(s, ("PRODUCE",), ("PRODUCE",))
        assert [
            c for c in draws(events, 0, "PRODUCE") if c == 2
        ] == expected  # 2 rare vs 1, then tie


def test_power_PRODUCE_DRAW_PER_WORLD_TYPE() -> None:
    league = one("Pan-Galactic League")
    s = build(
        [
            [one("Old Earth"), league, one("Pre-Sentient Race"), one("Empath World")],
            [one("New Sparta")],
        ]
    )
    _, events = select(s, ("CONSUME_TRADE",), ("PRODUCE",))
    assert draws(events, 0, "PRODUCE") == [2]


def test_every_power_code_has_its_own_test_here() -> None:
    codes = {p.code for d in DESIGNS for p in d.powers}
    module = sys.modules[__name__]
    assert all(hasattr(module, f"test_power_{code}") for code in codes)
