"""Settle (digest 4.7): conquest, temporary military, pay-for-military, Colony Ship (T5-T7, T16)."""

from domain.race_for_the_galaxy import RULES
from domain.race_for_the_galaxy import events as ev
from domain.race_for_the_galaxy.commands import ChooseDevelopment, ChooseWorld, ResolveSettle

from .helpers import build, of_type, one, play, refused, refused_by_match, select

H = [one("Rebel Homeworld"), one("Rebel Base"), one("Deserted Alien Library"), one("Tourist World")]


def test_t5_conquest_and_temporary_military() -> None:
    tactics, underground = one("New Military Tactics"), one("Rebel Underground")
    cache, miners = one("Rebel Fuel Cache"), one("Rebel Miners")
    s = build(
        [[one("Epsilon Eridani"), tactics], [one("Old Earth"), one("Expedition Force")]],
        [[underground, H[0]], [cache, miners]],
        order=(1, 0),
    )
    s, _ = select(s, ("SETTLE",), ("DEVELOP",))
    s, _ = play(s, 1, ChooseDevelopment(None))
    s, _ = play(s, 0, ChooseDevelopment(None))
    refused(s, 1, ChooseWorld(miners), "INSUFFICIENT_MILITARY")
    s, _ = play(s, 0, ChooseWorld(underground))  # 1 + 3 (tactics) >= 3
    s, _ = play(s, 1, ChooseWorld(cache))
    refused_by_match(s, 0, ResolveSettle("CONQUER", (), None, (tactics,)), "NOT_YOUR_TURN")
    s, _ = play(s, 1, ResolveSettle("CONQUER", (), None, ()))
    refused(s, 0, ResolveSettle("CONQUER", (), None, ()), "INSUFFICIENT_MILITARY")
    refused(s, 0, ResolveSettle("CONQUER", (H[0],), None, (tactics,)), "WRONG_PAYMENT_COUNT")
    refused(s, 0, ResolveSettle("PAY", (), None, ()), "INVALID_SETTLE_METHOD")
    size = len(s.player(0).tableau)
    s, events = play(s, 0, ResolveSettle("CONQUER", (), None, (tactics,)))
    discarded = of_type(events, ev.TableauCardDiscarded)[0]
    assert (discarded.card, discarded.reason) == (tactics, "TEMP_MILITARY")
    placed = of_type(events, ev.WorldPlaced)[0]
    assert (placed.card, placed.method, placed.military) == (underground, "CONQUER", 4)
    assert len(s.player(0).tableau) == size
    assert s.player(0).hand[0] == H[0] and len(s.player(0).hand) == 2  # + the Settle bonus card
    assert tactics in s.discard


def test_t6_contact_specialist_pays_for_a_military_world() -> None:
    specialist, replicants = one("Contact Specialist"), one("Replicant Robots")
    lifeforms, sentry = one("Malevolent Lifeforms"), one("Alien Robot Sentry")
    s = build(
        [[one("Old Earth"), specialist, replicants], [one("New Sparta")]],
        [[lifeforms, sentry, H[0], H[1], H[2]], []],
    )
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    refused(s, 0, ChooseWorld(sentry), "ALIEN_WORLD_NOT_ALLOWED")
    s, _ = play(s, 0, ChooseWorld(lifeforms))  # pay route: 4 - 1 - 2 = 1
    s, _ = play(s, 1, ChooseWorld(None))
    refused(s, 0, ResolveSettle("CONQUER", (), None, ()), "INSUFFICIENT_MILITARY")  # strength -1
    refused(s, 0, ResolveSettle("PAY_MILITARY", (H[0], H[1]), None, ()), "WRONG_PAYMENT_COUNT")
    s, events = play(s, 0, ResolveSettle("PAY_MILITARY", (H[0],), None, ()))
    placed = of_type(events, ev.WorldPlaced)[0]
    assert (placed.method, placed.cost) == ("PAY_MILITARY", 1)
    assert lifeforms in s.player(0).tableau


def test_t6_pay_for_military_places_a_windfall_world_with_its_good() -> None:
    specialist, warriors = one("Contact Specialist"), one("Rebel Warrior Race")
    s = build([[one("Old Earth"), specialist], [one("New Sparta")]], [[warriors, H[0], H[1]], []])
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    s, _ = play(s, 0, ChooseWorld(warriors))
    s, _ = play(s, 1, ChooseWorld(None))
    s, events = play(s, 0, ResolveSettle("PAY_MILITARY", (H[0], H[1]), None, ()))  # 3 - 1
    good = of_type(events, ev.GoodPlaced)[0]
    assert (good.world, good.good, good.reason) == (warriors, "GENES", "WINDFALL")
    secret = of_type(events, ev.GoodCardPlaced)[0]
    assert secret.visibility().seats == frozenset()


def test_t7_colony_ship() -> None:
    ship, terraformed, outpost = (
        one("Colony Ship"),
        one("Terraformed World"),
        one("Deserted Alien Outpost"),
    )
    s = build([[one("Old Earth"), ship], [one("New Sparta")]], [[terraformed, outpost, H[0]], []])
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    refused(s, 0, ChooseWorld(outpost), "ALIEN_WORLD_NOT_ALLOWED")
    s, _ = play(s, 0, ChooseWorld(terraformed))  # only via Colony Ship
    s, _ = play(s, 1, ChooseWorld(None))
    refused(s, 0, ResolveSettle("PAY", (H[0],), None, ()), "WRONG_PAYMENT_COUNT")
    s, events = play(s, 0, ResolveSettle("PAY", (), ship, ()))
    discarded = of_type(events, ev.TableauCardDiscarded)[0]
    assert (discarded.card, discarded.reason) == (ship, "COLONY_SHIP")
    assert of_type(events, ev.WorldPlaced)[0].cost == 0
    assert ship not in s.player(0).tableau

    cache = one("Rebel Fuel Cache")
    m = build([[one("New Sparta"), ship], [one("Old Earth")]], [[cache], []])
    m, _ = select(m, ("SETTLE",), ("PRODUCE",))
    m, _ = play(m, 0, ChooseWorld(cache))
    m, _ = play(m, 1, ChooseWorld(None))
    refused(m, 0, ResolveSettle("CONQUER", (), ship, ()), "COLONY_SHIP_NOT_ALLOWED")
    assert ResolveSettle("CONQUER", (), None, ()) in RULES.legal(m, 0)


def test_t16_alpha_centauri_discount_and_military_for_rare_worlds() -> None:
    radioactive, cache, miners = (
        one("Radioactive World"),
        one("Rebel Fuel Cache"),
        one("Rebel Miners"),
    )
    s = build(
        [[one("Alpha Centauri")], [one("Old Earth")]],
        [[radioactive, miners, H[0], H[1]], [cache]],
    )
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    refused(s, 0, ChooseWorld(miners), "INSUFFICIENT_MILITARY")
    s, _ = play(s, 0, ChooseWorld(radioactive))
    s, _ = play(s, 1, ChooseWorld(None))
    refused(s, 0, ResolveSettle("PAY", (), None, ()), "WRONG_PAYMENT_COUNT")
    s, events = play(s, 0, ResolveSettle("PAY", (H[0],), None, ()))
    assert of_type(events, ev.WorldPlaced)[0].cost == 1

    c = build([[one("Alpha Centauri")], [one("Old Earth")]], [[cache], []])
    c, _ = select(c, ("SETTLE",), ("PRODUCE",))
    c, _ = play(c, 0, ChooseWorld(cache))
    c, _ = play(c, 1, ChooseWorld(None))
    c, events = play(c, 0, ResolveSettle("CONQUER", (), None, ()))
    assert of_type(events, ev.WorldPlaced)[0].military == 1


def test_settle_bonus_draw_follows_the_placement() -> None:
    gem = one("Gem World")
    s = build([[one("Old Earth")], [one("New Sparta")]], [[gem, H[0], H[1]], []])
    s, _ = select(s, ("SETTLE",), ("PRODUCE",))
    s, _ = play(s, 0, ChooseWorld(gem))
    s, _ = play(s, 1, ChooseWorld(None))
    s, events = play(s, 0, ResolveSettle("PAY", (H[0], H[1]), None, ()))
    drawn = of_type(events, ev.CardsDrawn)
    assert next((d.seat, d.count, d.reason) for d in drawn) == (0, 1, "SETTLE_BONUS")
    assert [(d.count, d.reason) for d in drawn][1:] == [(1, "PRODUCE")]  # Gem World produced
    assert len(s.player(0).hand) == 2 and gem in s.player(0).tableau


def test_advanced_settle_twice_and_temporary_military_expires() -> None:
    tactics, underground, cache = (
        one("New Military Tactics"),
        one("Rebel Underground"),
        one("Rebel Fuel Cache"),
    )
    s = build(
        [[one("Epsilon Eridani"), tactics], [one("Old Earth")]],
        [[underground, cache], []],
        advanced=True,
    )
    s, events = select(s, ("SETTLE", "SETTLE_2"), ("PRODUCE", "CONSUME_TRADE"))
    assert [(p.phase, p.instance) for p in of_type(events, ev.PhaseStarted)] == [("SETTLE", 1)]
    s, _ = play(s, 1, ChooseWorld(None))
    s, _ = play(s, 0, ChooseWorld(underground))
    s, events = play(s, 0, ResolveSettle("CONQUER", (), None, (tactics,)))
    started = of_type(events, ev.PhaseStarted)
    assert (started[0].phase, started[0].instance, started[0].bonus_seats) == ("SETTLE", 2, (0,))
    assert tactics not in s.player(0).tableau
    s, _ = play(s, 1, ChooseWorld(None))
    s, events = play(s, 0, ChooseWorld(cache))  # strength 1 again: the +3 is gone with the card
    s, events = play(s, 0, ResolveSettle("CONQUER", (), None, ()))
    assert of_type(events, ev.WorldPlaced)[0].military == 1


def test_worked_example_first_round_with_real_cards() -> None:
    """Digest section 9 with real cards: Old Earth (no military) for anna, Alpha Centauri for ben."""
    force, gnarssh = one("Expedition Force"), one("The Last of the Uplift Gnarssh")
    radioactive = one("Radioactive World")
    anna_hand = [force, gnarssh, H[0], H[1]]
    ben_hand = [radioactive, H[2], H[3], one("Rebel Outpost")]
    s = build(
        [[one("Old Earth")], [one("Alpha Centauri")]],
        [anna_hand, ben_hand],
        goods=[[], [one("Alpha Centauri")]],
    )
    deck_before = len(s.deck)
    s, _ = select(s, ("DEVELOP",), ("SETTLE",))
    s, _ = play(s, 1, ChooseDevelopment(None))
    s, events = play(s, 0, ChooseDevelopment(force))  # 1 - 1 bonus = 0: placed at once
    assert of_type(events, ev.DevelopmentPlaced)[0].cost == 0
    assert len(s.player(0).hand) == 3 and s.stage == "SETTLE_CHOOSE"
    s, _ = play(s, 0, ChooseWorld(gnarssh))  # Expedition Force now active: military 1
    s, _ = play(s, 1, ChooseWorld(radioactive))  # 2 - 1 (Alpha Centauri, rare)
    refused_by_match(s, 1, ResolveSettle("PAY", (H[2],), None, ()), "NOT_YOUR_TURN")
    s, events = play(s, 0, ResolveSettle("CONQUER", (), None, ()))
    assert [(g.world, g.good) for g in of_type(events, ev.GoodPlaced)] == [(gnarssh, "GENES")]
    s, events = play(s, 1, ResolveSettle("PAY", (H[2],), None, ()))
    assert [(d.seat, d.reason) for d in of_type(events, ev.CardsDrawn)] == [(1, "SETTLE_BONUS")]
    assert of_type(events, ev.RoundEnded)[0].triggers == ()
    assert of_type(events, ev.RoundStarted)[0].round == 2
    assert [len(p.tableau) for p in s.players] == [3, 2]
    assert [len(p.hand) for p in s.players] == [2, 3]
    assert len(s.deck) == deck_before - 3 and len(s.discard) == 1
