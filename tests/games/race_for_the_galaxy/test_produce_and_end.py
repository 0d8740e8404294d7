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

from .helpers import build, of_type, one, play, refused, refused_by_match, select


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
    refused(s, 1, UseProducePower(one("Radioactive World"), None, 0), "BONUS_NOT_AVAILABLE")
    refused(s, 0, UseProducePower(comet, None, 0), "NOT_A_WINDFALL_WORLD")
    refused(s, 0, UseProducePower(one("Radioactive World"), None, 0), "NOT_YOUR_WORLD")
    assert RULES.legal(s, 0) == [UseProducePower(belt, None, 0), FinishProduce()]
    s, events = play(s, 0, UseProducePower(belt, None, 0))
    assert [(g.world, g.reason) for g in of_type(events, ev.GoodPlaced)] == [
        (belt, "PRODUCE_BONUS")
    ]
    refused(s, 0, UseProducePower(belt, None, 0), "WRONG_PHASE")  # the phase (and round) is over
    assert of_type(events, ev.RoundStarted)


def test_t12_bonus_can_be_used_only_once() -> None:
    belt, radioactive = one("Asteroid Belt"), one("Radioactive World")
    engineers = one("Galactic Engineers")
    s = build([[one("New Sparta"), engineers, belt, radioactive], [one("Old Earth")]])
    s, _ = select(s, ("PRODUCE",), ("CONSUME_TRADE",))
    s, _ = play(s, 0, UseProducePower(belt, None, 0))
    refused(s, 0, UseProducePower(radioactive, None, 0), "BONUS_NOT_AVAILABLE")
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
    s, _ = play(s, 0, ResolveSettle("PAY", (hand[1], hand[2]), None, ()))
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
    s, _ = play(s, 0, ResolveSettle("PAY", (hand[1], hand[2]), None, ()))
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
    refused_by_match(over, 0, FinishProduce(), "GAME_OVER")
    assert RULES.legal(over, 0) == []


# --- Produce seat by seat (digest 4.9, rulebook p. 8; issue #15 item 2) ---------------------------


def test_produce_runs_seat_by_seat_from_the_first_in_player_order() -> None:
    # given the second seat first in player order (lowest start world), a production world and
    # an empty windfall world each for it, a production world for the other, and two cards left
    colony, belt, comet = one("Earth's Lost Colony"), one("Asteroid Belt"), one("Comet Zone")
    cards = [one("Rebel Homeworld"), one("Rebel Base")]
    s = build([[one("New Sparta"), comet], [colony, belt]], deck=cards, order=[1, 0])

    # when both choose Produce
    s, events = select(s, ("PRODUCE",), ("PRODUCE",))

    # then only the first seat has produced, and it decides before the other produces
    assert [(g.seat, g.world) for g in of_type(events, ev.GoodPlaced)] == [(1, colony)]
    assert RULES.to_move(s) == frozenset({1})
    refused_by_match(s, 0, FinishProduce(), "NOT_YOUR_TURN")

    # when it puts its Produce bonus on its windfall world, taking the last card
    s, events = play(s, 1, UseProducePower(belt, None, 0))

    # then the other seat's turn comes with the draw pile empty: its world stays empty
    assert [(g.seat, g.world) for g in of_type(events, ev.GoodPlaced)] == [(1, belt)]
    assert s.player(1).goods and not s.player(0).goods
    assert of_type(events, ev.PhaseEnded)


def test_a_seat_draws_before_the_next_seat_produces() -> None:
    # given a seat with Merchant Guild (draw 2 in Produce) first in player order, a production
    # world for the next seat, and two cards left
    guild, colony = one("Merchant Guild"), one("Earth's Lost Colony")
    cards = [one("Rebel Homeworld"), one("Rebel Base")]
    s = build([[one("New Sparta"), guild], [colony]], deck=cards, order=[0, 1])

    # when both choose Produce
    s, events = select(s, ("PRODUCE",), ("PRODUCE",))

    # then the first seat draws both cards and nothing is left for the next seat's good
    assert [(d.seat, d.count) for d in of_type(events, ev.CardsDrawn)] == [(0, 2)]
    assert not of_type(events, ev.GoodPlaced) and not s.player(1).goods
    kinds = [type(e) for e in events]
    assert kinds.index(ev.CardsDrawn) < kinds.index(ev.TurnFinished)


def test_with_cards_enough_every_seat_produces_and_the_end_of_phase_draws_come_last() -> None:
    # given Mining Conglomerate (draw 2 for the most rare goods produced) and a rare production
    # world for each seat
    conglomerate, comet, mining = one("Mining Conglomerate"), one("Comet Zone"), one("Mining World")
    s = build([[one("New Sparta"), conglomerate, comet], [one("Old Earth"), mining]])

    # when both produce
    s, events = select(s, ("PRODUCE",), ("PRODUCE",))

    # then each seat produces in turn and the comparison waits for both: a tie draws nothing
    placed = [(g.seat, g.world) for g in of_type(events, ev.GoodPlaced)]
    assert placed == [(0, comet), (1, mining)]
    drawn = [(d.seat, d.count) for d in of_type(events, ev.CardsDrawn)]
    assert drawn == [(0, 1), (1, 1)]  # Comet Zone and Mining World; no Conglomerate draw


# --- Draws for the goods a seat produced come in its own turn (digest 4.9 step 4; issue #23) ----

# Cards for the piles: no start world and none of the cards in the tableaus below.
_PRODUCE_TABLEAU_CARDS = {
    "Consumer Markets",
    "Artist Colony",
    "Secluded World",
    "Rebel Miners",
    "Mining Conglomerate",
}
PILE = [
    c
    for c in range(len(CARDS))
    if not CARDS[c].is_start and CARDS[c].name not in _PRODUCE_TABLEAU_CARDS
][:10]


def _produce_log(events: list) -> list[tuple[str, int]]:
    """(event name, seat) for the public Produce events, in order."""
    kinds = (ev.GoodPlaced, ev.CardsDrawn, ev.DrawShortfall, ev.TurnFinished)
    return [(type(e).__name__, e.seat) for e in events if isinstance(e, kinds)]


def test_consumer_markets_draws_before_the_next_seat_produces() -> None:
    # given two cards left and an empty discard pile; the first seat in player order has
    # Consumer Markets (draw 1 per novelty good produced) and Artist Colony (novelty
    # production), the next has Rebel Miners (rare production)
    markets, colony, miners = one("Consumer Markets"), one("Artist Colony"), one("Rebel Miners")
    s = build([[markets, colony], [miners]], deck=PILE[:2], order=[0, 1])

    # when both choose Produce, and the card the table turns face down as the good is PILE[0]
    # (the last card, drawn next, is then PILE[1]: nobody is asked for it)
    s, events = select(s, ("PRODUCE",), ("PRODUCE",), drawn=[PILE[0]])

    # then the first seat produces a good and draws the last card in its own turn; the next
    # seat finds both piles empty and produces nothing (no reshuffle, no shortfall: a good that
    # cannot be drawn is simply not placed, digest 7.2)
    assert _produce_log(events) == [
        ("GoodPlaced", 0),
        ("CardsDrawn", 0),
        ("TurnFinished", 0),
        ("TurnFinished", 1),
    ]
    assert s.player(0).goods == ((colony, PILE[0]),) and s.player(0).hand == (PILE[1],)
    assert s.player(1).goods == () and s.player(1).hand == ()
    assert not of_type(events, ev.DrawShortfall) and not of_type(events, ev.DeckShuffled)
    assert s.deck == () and s.discard == ()


def test_a_consumer_markets_draw_that_empties_the_pile_reshuffles_before_the_next_seat() -> None:
    # given three cards left over a discard pile of three; the first seat has Consumer Markets
    # and two novelty production worlds, the next has Rebel Miners
    markets, colony, secluded = one("Consumer Markets"), one("Artist Colony"), one("Secluded World")
    miners = one("Rebel Miners")
    deck, old_discards = PILE[:3], PILE[3:6]
    s = build([[markets, colony, secluded], [miners]], deck=deck, order=[0, 1])
    s = replace(s, discard=tuple(old_discards))

    # when both choose Produce, the table saying which card each draw takes: the goods on
    # Artist Colony and Secluded World, (the last card, forced,) the second card drawn from the
    # reshuffled pile, the good on Rebel Miners
    table = [deck[0], deck[1], old_discards[1], old_discards[2]]
    s, events = select(s, ("PRODUCE",), ("PRODUCE",), drawn=table)

    # then the first seat's two goods and its first card empty the pile, the discard pile is
    # shuffled at once (only its size said, no order), and its second card and the next seat's
    # good come from the new pile
    kinds = [type(e) for e in events]
    first_draw = kinds.index(ev.CardsDrawnDetail)
    assert kinds[first_draw + 1] == ev.DeckShuffled
    shuffled = of_type(events, ev.DeckShuffled)[0]
    assert shuffled.size == 3 and shuffled.reshuffle and shuffled.visibility().is_public
    assert _produce_log(events) == [
        ("GoodPlaced", 0),
        ("GoodPlaced", 0),
        ("CardsDrawn", 0),
        ("CardsDrawn", 0),
        ("TurnFinished", 0),
        ("GoodPlaced", 1),
        ("TurnFinished", 1),
    ]
    assert s.player(0).goods == ((colony, deck[0]), (secluded, deck[1]))
    hand = s.player(0).hand
    assert len(hand) == 2 and hand[0] == deck[2] and hand[1] in old_discards
    assert hand == (deck[2], old_discards[1])
    ((world, good_card),) = s.player(1).goods
    assert world == miners and good_card in old_discards and good_card != hand[1]
    assert s.deck == (old_discards[0],) and s.discard == ()


def test_mining_conglomerate_still_waits_for_the_end_of_the_phase() -> None:
    # given the first seat with Mining Conglomerate (draw 2 for the most rare goods produced)
    # and Rebel Miners, the next with Consumer Markets and Artist Colony
    conglomerate, miners = one("Mining Conglomerate"), one("Rebel Miners")
    markets, colony = one("Consumer Markets"), one("Artist Colony")
    s = build([[conglomerate, miners], [markets, colony]], deck=PILE[:10], order=[0, 1])

    # when both choose Produce, the table drawing PILE[0], PILE[1], ... in turn
    s, events = select(s, ("PRODUCE",), ("PRODUCE",), drawn=PILE[:5])

    # then Consumer Markets draws in its owner's turn, the Conglomerate after every seat's turn
    assert _produce_log(events) == [
        ("GoodPlaced", 0),
        ("TurnFinished", 0),
        ("GoodPlaced", 1),
        ("CardsDrawn", 1),
        ("TurnFinished", 1),
        ("CardsDrawn", 0),
    ]
    assert [d.count for d in of_type(events, ev.CardsDrawn)] == [1, 2]
    assert s.player(0).goods == ((miners, PILE[0]),) and s.player(1).goods == ((colony, PILE[1]),)
    assert s.player(1).hand == (PILE[2],) and s.player(0).hand == (PILE[3], PILE[4])
    kinds = [type(e) for e in events]
    assert kinds.index(ev.PhaseEnded) > max(i for i, k in enumerate(kinds) if k is ev.CardsDrawn)
