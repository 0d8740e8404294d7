"""The draw pile runs out (digest 7.2, rulebook p. 7; issue #15 item 1).

"Wenn der Nachziehstapel aufgebraucht ist, werden die Karten des Abwurfhaufens gemischt und als
neuer Nachziehstapel bereitgelegt": the discard pile becomes the new draw pile the moment the last
card is drawn, so cards discarded after that moment start the new discard pile.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.race_for_the_galaxy import RULES
from domain.race_for_the_galaxy import events as ev
from domain.race_for_the_galaxy.commands import (
    ChooseDevelopment,
    KeepExploredCards,
    PayForDevelopment,
    UseConsumePower,
)
from domain.race_for_the_galaxy.components import CARDS

from .helpers import build, of_type, one, play, select

# Cards for the piles: none of them is a start world or in a tableau below.
SPARE = [c for c in range(len(CARDS)) if not CARDS[c].is_start][:20]


def test_the_discard_pile_becomes_the_draw_pile_when_the_last_card_is_drawn() -> None:
    # given a draw pile of exactly the six cards two Explore +1,+1 draws take, and three
    # cards on the discard pile
    deck, old_discards = SPARE[:6], SPARE[6:9]
    s = build([[one("Old Earth")], [one("New Sparta")]], deck=deck)
    s = replace(s, discard=tuple(old_discards))

    # when both explore (3 cards each, the second seat draws the last card)
    s, events = select(s, ("EXPLORE_1_1",), ("EXPLORE_1_1",))

    # then the discard pile is shuffled at once: a pile of 3 whose order no event records
    kinds = [type(e) for e in events]
    last_draw = max(i for i, k in enumerate(kinds) if k is ev.ExploreDrawnDetail)
    shuffled = events[last_draw + 1]
    assert isinstance(shuffled, ev.DeckShuffled)
    assert shuffled.reshuffle and shuffled.size == 3 and shuffled.visibility().is_public
    assert not any(set(getattr(e, "cards", ())) & set(old_discards) for e in events)
    assert sorted(s.deck) == sorted(old_discards) and s.discard == ()
    for seat in (None, 0, 1):
        assert RULES.view(s, seat).deck_count == 3

    # when each keeps two and discards one
    rest = {}
    for seat in (0, 1):
        kept, rest[seat] = s.player(seat).explored[:2], s.player(seat).explored[2]
        s, _ = play(s, seat, KeepExploredCards(kept))

    # then the discarded explore cards start the new discard pile, not the new draw pile
    assert sorted(s.discard) == sorted(rest.values())
    assert sorted(s.deck) == sorted(old_discards)


def test_a_gambled_last_card_goes_to_the_new_discard_pile() -> None:
    # given Gambling World and a draw pile of one card (cost 1) over a discard pile of two
    gambling = one("Gambling World")
    last = next(c for c in SPARE if CARDS[c].cost == 1)
    old_discards = tuple(c for c in SPARE if c != last)[:2]
    s = build([[one("New Sparta"), gambling], [one("Old Earth")]], deck=[last])
    s = replace(s, discard=old_discards)
    s, _ = select(s, ("CONSUME_2VP",), ("CONSUME_TRADE",))

    # when its owner gambles on 5 and reveals the last card, which is not kept
    s, events = play(s, 0, UseConsumePower(gambling, 1, (), (), 5))

    # then the old discard pile alone is the new draw pile and the revealed card is discarded
    revealed = of_type(events, ev.GambleRevealed)[0]
    assert (revealed.card, revealed.kept) == (last, False)
    assert of_type(events, ev.DeckShuffled)[0].size == 2
    assert sorted(s.deck) == sorted(old_discards) and s.discard == (last,)


def test_the_last_card_placed_as_a_good_empties_the_pile_at_once() -> None:
    # given a production world and a draw pile of one card over a discard pile of two
    colony = one("Earth's Lost Colony")
    s = build([[colony], [one("New Sparta")]], deck=[SPARE[0]])
    s = replace(s, discard=(SPARE[1], SPARE[2]))

    # when the last card becomes the good of Produce
    s, events = select(s, ("PRODUCE",), ("PRODUCE",))

    # then the discard pile is the new draw pile right after that good
    kinds = [type(e) for e in events]
    placed = kinds.index(ev.GoodCardPlaced)
    assert kinds[placed + 1] == ev.DeckShuffled and events[placed + 1].size == 2
    assert sorted(s.deck) == [SPARE[1], SPARE[2]] and s.discard == ()


def test_an_empty_discard_pile_is_shuffled_only_when_a_card_is_next_needed() -> None:
    # given a draw pile of one card and an empty discard pile
    colony = one("Earth's Lost Colony")
    s = build([[colony], [one("New Sparta")]], deck=[SPARE[0]])

    # when the last card becomes a good
    s, events = select(s, ("PRODUCE",), ("PRODUCE",))

    # then nothing is shuffled: both piles are empty
    assert not of_type(events, ev.DeckShuffled)
    assert s.deck == () and s.discard == ()


def test_a_pile_that_ran_out_empty_is_refilled_by_the_next_draw() -> None:
    # given both piles empty, Public Works (draw 1 after developing) and a cost-2 development
    works, deficit, payment = one("Public Works"), one("Deficit Spending"), SPARE[0]
    s = build([[one("Old Earth"), works], [one("New Sparta")]], [[deficit, payment]], deck=[])
    s, _ = select(s, ("DEVELOP",), ("DEVELOP",))
    s, _ = play(s, 1, ChooseDevelopment(None))
    s, _ = play(s, 0, ChooseDevelopment(deficit))

    # when the development is paid with one card and Public Works draws
    s, events = play(s, 0, PayForDevelopment((payment,)))

    # then the payment, the whole discard pile, is shuffled for that draw and drawn back
    kinds = [type(e) for e in events]
    assert kinds.index(ev.DeckShuffled) < kinds.index(ev.CardsDrawnDetail)
    assert of_type(events, ev.DeckShuffled)[0].size == 1
    assert s.player(0).hand == (payment,) and s.deck == () and s.discard == ()
