"""Every Race for the Galaxy event as a sentence (issue #25).

Each case reads its one event and the seat names, nothing else. A private event (a `...Detail`
or `...Sealed` twin, only its seat may read it; `GoodCardPlaced`, no seat may) names its cards;
its public twin only counts them or says that a choice was made.
"""

from __future__ import annotations

from typing import assert_never

from . import events as ev
from .components import HAND_LIMIT
from .events import Event
from .wording import (
    DISCARD_REASONS,
    DRAW_REASONS,
    END_WORDS,
    GOOD_REASONS,
    ROUND_END_TRIGGERS,
    TABLEAU_DISCARDS,
    Names,
    actions,
    card,
    cards,
    count,
    defended,
    good,
    join,
    own,
    phase,
    priced,
    seat,
    seats,
    word,
)


def tell(event: Event, names: Names) -> str:
    match event:
        case (
            ev.PoolFilled()
            | ev.StartWorldsDealt()
            | ev.PlayerOrderSet()
            | ev.DeckShuffled()
            | ev.InitialDiscardRequested()
            | ev.InitialCardsDiscarded()
        ):
            return _setup(event, names)
        case (
            ev.CardsDrawn()
            | ev.CardsDrawnDetail()
            | ev.CardsDiscardedDetail()
            | ev.DrawShortfall()
            | ev.GoodPlaced()
            | ev.GoodCardPlaced()
        ):
            return _cards_and_goods(event, names)
        case (
            ev.RoundStarted()
            | ev.ActionChosen()
            | ev.ActionChoiceSealed()
            | ev.ActionsRevealed()
            | ev.PhaseStarted()
            | ev.PhaseEnded()
            | ev.TurnFinished()
        ):
            return _round(event, names)
        case (
            ev.ExploreDrawn()
            | ev.ExploreDrawnDetail()
            | ev.ExploredCardsKept()
            | ev.ExploredCardsKeptDetail()
        ):
            return _explore(event, names)
        case (
            ev.DevelopmentChosen()
            | ev.DevelopmentChoiceSealed()
            | ev.DevelopmentsRevealed()
            | ev.DevelopmentPlaced()
            | ev.WorldChosen()
            | ev.WorldChoiceSealed()
            | ev.WorldsRevealed()
            | ev.TableauCardDiscarded()
            | ev.WorldPlaced()
        ):
            return _develop_and_settle(event, names)
        case (
            ev.GoodSold()
            | ev.ConsumePowerUsed()
            | ev.VPAwarded()
            | ev.VPPoolExhausted()
            | ev.GambleRevealed()
            | ev.ProducePowerUsed()
        ):
            return _consume_and_produce(event, names)
        case ev.HandLimitDue() | ev.HandLimitDiscarded() | ev.RoundEnded() | ev.GameEnded():
            return _round_end(event, names)
        case _:
            assert_never(event)


def _setup(
    event: ev.PoolFilled
    | ev.StartWorldsDealt
    | ev.PlayerOrderSet
    | ev.DeckShuffled
    | ev.InitialDiscardRequested
    | ev.InitialCardsDiscarded,
    names: Names,
) -> str:
    match event:
        case ev.PoolFilled(pool=pool):
            return f"the VP pool is filled with {pool} VP"
        case ev.StartWorldsDealt(worlds=worlds):
            dealt = "; ".join(f"{seat(names, s)} {card(w)}" for s, w in enumerate(worlds))
            return f"the start worlds are dealt: {dealt}"
        case ev.PlayerOrderSet(order=order):
            return f"player order: {seats(names, order)}"
        case ev.DeckShuffled(size=size, reshuffle=False):
            return f"the draw pile is shuffled ({count(size, 'card')})"
        case ev.DeckShuffled(size=size):
            return f"the discard pile is shuffled into a new draw pile ({count(size, 'card')})"
        case ev.InitialDiscardRequested(count=n):
            return f"everyone discards {count(n, 'card')} from the opening hand"
        case ev.InitialCardsDiscarded(seat=s, count=n):
            return f"{seat(names, s)} discards {count(n, 'card')} from the opening hand"
        case _:
            assert_never(event)


def _cards_and_goods(
    event: ev.CardsDrawn
    | ev.CardsDrawnDetail
    | ev.CardsDiscardedDetail
    | ev.DrawShortfall
    | ev.GoodPlaced
    | ev.GoodCardPlaced,
    names: Names,
) -> str:
    match event:
        case ev.CardsDrawn(seat=s, count=n, reason=reason):
            return f"{seat(names, s)} draws {count(n, 'card')} {word(DRAW_REASONS, reason)}"
        case ev.CardsDrawnDetail(seat=s, cards=drawn, reason=reason):
            return f"{seat(names, s)} draws {cards(drawn)} {word(DRAW_REASONS, reason)}"
        case ev.CardsDiscardedDetail(seat=s, cards=gone, reason=reason):
            told = DISCARD_REASONS.get(reason, "discards {cards}").format(cards=cards(gone))
            return f"{seat(names, s)} {told}"
        case ev.DrawShortfall(seat=s, requested=asked, delivered=got, reason=reason):
            return (
                f"{seat(names, s)} draws only {got} of {count(asked, 'card')} "
                f"{word(DRAW_REASONS, reason)}: the draw and discard piles are empty"
            )
        case ev.GoodPlaced(seat=s, world=w, good=kind, reason=reason):
            told = GOOD_REASONS.get(reason, "{world} gets {good}")
            return told.format(world=own(names, s, w), good=good(kind))
        case ev.GoodCardPlaced(seat=s, world=w, card=c):
            return f"the good on {own(names, s, w)} is {card(c)}, face down"
        case _:
            assert_never(event)


def _round(
    event: ev.RoundStarted
    | ev.ActionChosen
    | ev.ActionChoiceSealed
    | ev.ActionsRevealed
    | ev.PhaseStarted
    | ev.PhaseEnded
    | ev.TurnFinished,
    names: Names,
) -> str:
    match event:
        case ev.RoundStarted(round=n):
            return f"round {n} begins"
        case ev.ActionChosen(seat=s):
            return f"{seat(names, s)} chose an action (sealed)"
        case ev.ActionChoiceSealed(seat=s, actions=chosen):
            return f"{seat(names, s)} chose {actions(chosen)} (sealed)"
        case ev.ActionsRevealed(selections=selections):
            return "; ".join(
                f"{seat(names, s)} chose {actions(chosen)}" for s, chosen in enumerate(selections)
            )
        case ev.PhaseStarted(phase=code, instance=n, bonus_seats=()):
            return f"{phase(code, n)} begins"
        case ev.PhaseStarted(phase=code, instance=n, bonus_seats=bonus):
            return f"{phase(code, n)} begins, with the bonus for {seats(names, bonus)}"
        case ev.PhaseEnded(phase=code, instance=n):
            return f"{phase(code, n)} ends"
        case ev.TurnFinished(seat=s, phase=code):
            return f"{seat(names, s)} is done with {phase(code)}"
        case _:
            assert_never(event)


def _explore(
    event: ev.ExploreDrawn
    | ev.ExploreDrawnDetail
    | ev.ExploredCardsKept
    | ev.ExploredCardsKeptDetail,
    names: Names,
) -> str:
    match event:
        case ev.ExploreDrawn(seat=s, count=n, keep=keep):
            return f"{seat(names, s)} explores: draws {count(n, 'card')} to keep {keep}"
        case ev.ExploreDrawnDetail(seat=s, cards=drawn, keep=keep):
            return f"{seat(names, s)} explores: draws {cards(drawn)} to keep {keep}"
        case ev.ExploredCardsKept(seat=s, kept=kept, discarded=0):
            return f"{seat(names, s)} keeps {count(kept, 'card')}, all that were drawn"
        case ev.ExploredCardsKept(seat=s, kept=kept, discarded=gone):
            return f"{seat(names, s)} keeps {count(kept, 'card')} and discards {gone}"
        case ev.ExploredCardsKeptDetail(seat=s, kept=kept, discarded=gone):
            discarding = f" and discards {cards(gone, 3)}" if gone else ""
            return f"{seat(names, s)} keeps {cards(kept)}{discarding}"
        case _:
            assert_never(event)


def _develop_and_settle(
    event: ev.DevelopmentChosen
    | ev.DevelopmentChoiceSealed
    | ev.DevelopmentsRevealed
    | ev.DevelopmentPlaced
    | ev.WorldChosen
    | ev.WorldChoiceSealed
    | ev.WorldsRevealed
    | ev.TableauCardDiscarded
    | ev.WorldPlaced,
    names: Names,
) -> str:
    match event:
        case ev.DevelopmentChosen(seat=s):
            return f"{seat(names, s)} chose what to develop (sealed)"
        case ev.WorldChosen(seat=s):
            return f"{seat(names, s)} chose what to settle (sealed)"
        case ev.DevelopmentChoiceSealed(seat=s, card=c):
            return f"{seat(names, s)} chose {_choice(c, 'develop')} (sealed)"
        case ev.WorldChoiceSealed(seat=s, card=c):
            return f"{seat(names, s)} chose {_choice(c, 'settle')} (sealed)"
        case ev.DevelopmentsRevealed(choices=choices):
            return _revealed(choices, "develop", names)
        case ev.WorldsRevealed(choices=choices):
            return _revealed(choices, "settle", names)
        case ev.DevelopmentPlaced(seat=s, card=c, cost=cost):
            return f"{seat(names, s)} develops {card(c)}{_paying(cost)}"
        case ev.TableauCardDiscarded(seat=s, card=c, reason=reason):
            why = word(TABLEAU_DISCARDS, reason)
            return f"{seat(names, s)} discards {card(c)} from the tableau {why}"
        case ev.WorldPlaced(seat=s, card=c, method="CONQUER", military=strength):
            return f"{seat(names, s)} conquers {defended(c)} with military {strength}"
        case ev.WorldPlaced(seat=s, card=c, method="PAY_MILITARY", cost=cost):
            return f"{seat(names, s)} settles the military world {card(c)}{_paying(cost)}"
        case ev.WorldPlaced(seat=s, card=c, cost=cost):
            return f"{seat(names, s)} settles {card(c)}{_paying(cost)}"
        case _:
            assert_never(event)


def _choice(card_id: int | None, verb: str) -> str:
    return f"not to {verb}" if card_id is None else f"to {verb} {card(card_id)}"


def _revealed(choices: tuple[int | None, ...], verb: str, names: Names) -> str:
    return "; ".join(f"{seat(names, s)} chose {_choice(c, verb)}" for s, c in enumerate(choices))


def _paying(cost: int) -> str:
    return " for free" if cost <= 0 else f", paying {count(cost, 'card')}"


def _consume_and_produce(
    event: ev.GoodSold
    | ev.ConsumePowerUsed
    | ev.VPAwarded
    | ev.VPPoolExhausted
    | ev.GambleRevealed
    | ev.ProducePowerUsed,
    names: Names,
) -> str:
    match event:
        case ev.GoodSold(seat=s, world=w, good=kind, drawn=drawn):
            return f"{seat(names, s)} sells {good(kind)} from {card(w)} for {count(drawn, 'card')}"
        case ev.ConsumePowerUsed(seat=s, card=c, worlds=worlds, hand_discarded=hand, vp=vp):
            parts = [f"{seat(names, s)} uses {card(c)}"]
            if worlds:
                parts.append(f", consuming {_goods_on(worlds)}")
            if hand:
                parts.append(f", discarding {count(hand, 'card')}")
            if vp:
                parts.append(f" for {vp} VP")
            return "".join(parts)
        case ev.VPAwarded(seat=s, amount=vp, card=c):
            return f"{seat(names, s)} gains {vp} VP from {card(c)}"
        case ev.VPPoolExhausted(round=n):
            return f"the VP chips run out in round {n}: the game ends with this round"
        case ev.GambleRevealed(seat=s, number=n, card=c, kept=kept):
            if c is None:
                return f"{seat(names, s)} names {n}, but no card is left to reveal"
            fate = "keeps it" if kept else "discards it"
            return f"{seat(names, s)} names {n} and reveals {priced(c)}: {fate}"
        case ev.ProducePowerUsed(seat=s, card=None, world=w):
            return f"{seat(names, s)} uses the Produce bonus on {card(w)}"
        case ev.ProducePowerUsed(seat=s, card=c, world=w):
            return f"{seat(names, s)} uses {card(c)} to produce on {card(w)}"
        case _:
            assert_never(event)


def _goods_on(worlds: tuple[int, ...]) -> str:
    """The goods consumed, by the worlds they lay on: `the goods on Gem World and Spice World`."""
    plural = "goods" if len(worlds) > 1 else "good"
    return f"the {plural} on {cards(worlds)}"


def _round_end(
    event: ev.HandLimitDue | ev.HandLimitDiscarded | ev.RoundEnded | ev.GameEnded, names: Names
) -> str:
    match event:
        case ev.HandLimitDue(seats=over):
            verb = "holds" if len(over) == 1 else "hold"
            return (
                f"{seats(names, over)} {verb} more than {HAND_LIMIT} cards "
                f"and must discard down to {HAND_LIMIT}"
            )
        case ev.HandLimitDiscarded(seat=s, count=n):
            return f"{seat(names, s)} discards {count(n, 'card')} down to the hand limit"
        case ev.RoundEnded(round=n, triggers=()):
            return f"round {n} ends"
        case ev.RoundEnded(round=n, triggers=triggers):
            why = join(word(ROUND_END_TRIGGERS, t) for t in triggers)
            return f"round {n} ends, and the game with it: {why}"
        case ev.GameEnded(scores=scores, winners=winners, reason=reason):
            return (
                f"the game ends as {word(END_WORDS, reason)}: {_standing(scores, winners, names)}"
            )
        case _:
            assert_never(event)


def _standing(scores: tuple[int, ...], winners: tuple[int, ...], names: Names) -> str:
    """`ann wins with 43 VP (ben 30, cy 28)`; a shared win names every winner."""
    if not winners:
        return "no one wins"
    top = scores[winners[0]] if 0 <= winners[0] < len(scores) else 0
    verb = "wins" if len(winners) == 1 else "share the win"
    rest = [f"{seat(names, s)} {vp}" for s, vp in enumerate(scores) if s not in winners]
    others = f" ({', '.join(rest)})" if rest else ""
    return f"{seats(names, winners)} {verb} with {top} VP{others}"
