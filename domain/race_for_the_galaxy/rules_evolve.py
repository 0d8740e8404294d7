"""`evolve`: apply one fact to the state. Never validates, never draws, never mutates its input."""

from __future__ import annotations

from typing import Any, assert_never

from msgspec.structs import replace

from . import events as ev
from .components import CARDS
from .state import Player, State


def _remove(cards: tuple[int, ...], gone: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    drop = set(gone)
    return tuple(c for c in cards if c not in drop)


def _update(state: State, seat: int, **changes: Any) -> State:
    return state.with_player(seat, replace(state.player(seat), **changes))


def _pool_filled(s: State, e: ev.PoolFilled) -> State:
    return replace(s, pool=e.pool)


def _start_worlds(s: State, e: ev.StartWorldsDealt) -> State:
    players = tuple(replace(p, tableau=(w,)) for p, w in zip(s.players, e.worlds, strict=True))
    return replace(s, players=players)


def _order(s: State, e: ev.PlayerOrderSet) -> State:
    return replace(s, order=e.order)


def _deck_shuffled(s: State, e: ev.DeckShuffled) -> State:
    """The draw pile, a multiset held sorted (state.py)."""
    if e.reshuffle:  # digest 7.2: the discard pile (the cards first put on it) is the new pile
        moved = s.discard[: e.size]
        return replace(s, deck=tuple(sorted((*s.deck, *moved))), discard=s.discard[e.size :])
    placed = {c for p in s.players for c in p.tableau}
    return replace(s, deck=tuple(c for c in range(len(CARDS)) if c not in placed))


def _initial_discard(s: State, e: ev.InitialDiscardRequested) -> State:
    return replace(s, stage="SETUP_DISCARD", waiting=frozenset(range(s.n_seats)))


def _leaves_waiting(s: State, e: Any) -> State:
    return replace(s, waiting=s.waiting - {e.seat})


def _drawn(s: State, e: ev.CardsDrawnDetail) -> State:
    s = replace(s, deck=_remove(s.deck, e.cards))
    return _update(s, e.seat, hand=s.player(e.seat).hand + e.cards)


def _discarded(s: State, e: ev.CardsDiscardedDetail) -> State:
    s = replace(s, discard=s.discard + e.cards)
    return _update(s, e.seat, hand=_remove(s.player(e.seat).hand, e.cards))


def _good_placed(s: State, e: ev.GoodPlaced) -> State:
    if s.stage != "PRODUCE":
        return s
    return _update(s, e.seat, produced=(*s.player(e.seat).produced, e.good))


def _good_card(s: State, e: ev.GoodCardPlaced) -> State:
    s = replace(s, deck=_remove(s.deck, (e.card,)))
    return _update(s, e.seat, goods=(*s.player(e.seat).goods, (e.world, e.card)))


def _round_started(s: State, e: ev.RoundStarted) -> State:
    players = tuple(replace(p, actions=()) for p in s.players)
    return replace(
        s,
        round=e.round,
        stage="SELECT",
        phase=None,
        instance=0,
        players=players,
        waiting=frozenset(range(s.n_seats)),
        queue=(),
    )


def _action_sealed(s: State, e: ev.ActionChoiceSealed) -> State:
    return _update(s, e.seat, actions=e.actions)


def _actions_revealed(s: State, e: ev.ActionsRevealed) -> State:
    players = tuple(replace(p, actions=a) for p, a in zip(s.players, e.selections, strict=True))
    return replace(s, players=players, schedule=e.schedule, stage="REVEALED")


_FIRST_STAGE = {
    "EXPLORE": "EXPLORE",
    "DEVELOP": "DEVELOP_CHOOSE",
    "SETTLE": "SETTLE_CHOOSE",
    "CONSUME": "CONSUME",
    "PRODUCE": "PRODUCE",
}


def _phase_started(s: State, e: ev.PhaseStarted) -> State:
    players = tuple(
        replace(
            p,
            active=p.tableau,
            used=(),
            sold=False,
            bonus_used=False,
            produced=(),
            choice=None,
            explored=(),
            keep=0,
        )
        for p in s.players
    )
    sequential = e.phase in ("CONSUME", "PRODUCE")
    return replace(
        s,
        players=players,
        phase=e.phase,
        instance=e.instance,
        stage=_FIRST_STAGE[e.phase],
        schedule=s.schedule[1:],
        waiting=frozenset() if sequential else frozenset(range(s.n_seats)),
        queue=s.order if sequential else (),
    )


def _phase_ended(s: State, e: ev.PhaseEnded) -> State:
    return replace(s, stage="BETWEEN_PHASES", waiting=frozenset(), queue=())


def _turn_finished(s: State, e: ev.TurnFinished) -> State:
    return replace(s, queue=tuple(q for q in s.queue if q != e.seat))


def _explore_drawn(s: State, e: ev.ExploreDrawnDetail) -> State:
    s = replace(s, deck=_remove(s.deck, e.cards))
    return _update(s, e.seat, explored=s.player(e.seat).explored + e.cards, keep=e.keep)


def _explore_kept(s: State, e: ev.ExploredCardsKeptDetail) -> State:
    s = replace(s, discard=s.discard + e.discarded)
    p = s.player(e.seat)
    return _update(s, e.seat, hand=p.hand + e.kept, explored=(), keep=0)


def _choice_sealed(s: State, e: ev.DevelopmentChoiceSealed | ev.WorldChoiceSealed) -> State:
    return _update(s, e.seat, choice=e.card)


def _choices_revealed(s: State, e: ev.DevelopmentsRevealed | ev.WorldsRevealed) -> State:
    players = tuple(
        replace(p, choice=c, hand=p.hand if c is None else _remove(p.hand, (c,)))
        for p, c in zip(s.players, e.choices, strict=True)
    )
    stage = "DEVELOP_PAY" if isinstance(e, ev.DevelopmentsRevealed) else "SETTLE_RESOLVE"
    queue = tuple(seat for seat in s.order if e.choices[seat] is not None)
    return replace(s, players=players, stage=stage, queue=queue)


def _placed(s: State, e: ev.DevelopmentPlaced | ev.WorldPlaced) -> State:
    p = s.player(e.seat)
    s = _update(s, e.seat, tableau=(*p.tableau, e.card), choice=None)
    return replace(s, queue=tuple(q for q in s.queue if q != e.seat))


def _tableau_discard(s: State, e: ev.TableauCardDiscarded) -> State:
    p = s.player(e.seat)
    s = replace(s, discard=(*s.discard, e.card))
    return _update(s, e.seat, tableau=_remove(p.tableau, (e.card,)))


def _drop_goods(s: State, seat: int, worlds: tuple[int, ...]) -> State:
    p = s.player(seat)
    gone = tuple(g for w, g in p.goods if w in worlds)
    s = replace(s, discard=s.discard + gone)
    return _update(s, seat, goods=tuple((w, g) for w, g in p.goods if w not in worlds))


def _good_sold(s: State, e: ev.GoodSold) -> State:
    s = _drop_goods(s, e.seat, (e.world,))
    return _update(s, e.seat, sold=True)


def _consume_used(s: State, e: ev.ConsumePowerUsed) -> State:
    s = _drop_goods(s, e.seat, e.worlds)
    return _update(s, e.seat, used=(*s.player(e.seat).used, (e.card, e.power)))


def _vp_awarded(s: State, e: ev.VPAwarded) -> State:
    s = _update(s, e.seat, chips=s.player(e.seat).chips + e.amount)
    return replace(s, pool=max(0, s.pool - e.amount))


def _pool_exhausted(s: State, e: ev.VPPoolExhausted) -> State:
    return replace(s, exhausted=True)


def _gamble(s: State, e: ev.GambleRevealed) -> State:
    if e.card is None:
        return s
    s = replace(s, deck=_remove(s.deck, (e.card,)))
    if e.kept:
        return _update(s, e.seat, hand=(*s.player(e.seat).hand, e.card))
    return replace(s, discard=(*s.discard, e.card))


def _produce_used(s: State, e: ev.ProducePowerUsed) -> State:
    p = s.player(e.seat)
    if e.card is None:
        return _update(s, e.seat, bonus_used=True)
    return _update(s, e.seat, used=(*p.used, (e.card, e.power)))


def _hand_limit_due(s: State, e: ev.HandLimitDue) -> State:
    return replace(s, stage="HAND_LIMIT", waiting=frozenset(e.seats))


def _round_ended(s: State, e: ev.RoundEnded) -> State:
    return replace(s, stage="ROUND_END", waiting=frozenset(), queue=())


def _game_ended(s: State, e: ev.GameEnded) -> State:
    return replace(s, stage="OVER", end_reason=e.reason, waiting=frozenset(), queue=())


def evolve(state: State, event: ev.Event) -> State:
    """One dispatch over the event union; an event type without an arm is a type error."""
    s = state
    match event:
        case ev.CardsDrawnDetail():
            return _drawn(s, event)
        case ev.CardsDiscardedDetail():
            return _discarded(s, event)
        case ev.GoodPlaced():
            return _good_placed(s, event)
        case ev.GoodCardPlaced():
            return _good_card(s, event)
        case ev.DeckShuffled():
            return _deck_shuffled(s, event)
        case (
            ev.InitialCardsDiscarded()
            | ev.ActionChosen()
            | ev.ExploredCardsKept()
            | ev.DevelopmentChosen()
            | ev.WorldChosen()
            | ev.HandLimitDiscarded()
        ):
            return _leaves_waiting(s, event)
        case ev.ActionChoiceSealed():
            return _action_sealed(s, event)
        case ev.DevelopmentChoiceSealed() | ev.WorldChoiceSealed():
            return _choice_sealed(s, event)
        case ev.DevelopmentsRevealed() | ev.WorldsRevealed():
            return _choices_revealed(s, event)
        case ev.DevelopmentPlaced() | ev.WorldPlaced():
            return _placed(s, event)
        case ev.ExploreDrawnDetail():
            return _explore_drawn(s, event)
        case ev.ExploredCardsKeptDetail():
            return _explore_kept(s, event)
        case ev.PhaseStarted():
            return _phase_started(s, event)
        case ev.PhaseEnded():
            return _phase_ended(s, event)
        case ev.TurnFinished():
            return _turn_finished(s, event)
        case ev.TableauCardDiscarded():
            return _tableau_discard(s, event)
        case ev.GoodSold():
            return _good_sold(s, event)
        case ev.ConsumePowerUsed():
            return _consume_used(s, event)
        case ev.VPAwarded():
            return _vp_awarded(s, event)
        case ev.VPPoolExhausted():
            return _pool_exhausted(s, event)
        case ev.GambleRevealed():
            return _gamble(s, event)
        case ev.ProducePowerUsed():
            return _produce_used(s, event)
        case ev.RoundStarted():
            return _round_started(s, event)
        case ev.ActionsRevealed():
            return _actions_revealed(s, event)
        case ev.HandLimitDue():
            return _hand_limit_due(s, event)
        case ev.RoundEnded():
            return _round_ended(s, event)
        case ev.GameEnded():
            return _game_ended(s, event)
        case ev.PoolFilled():
            return _pool_filled(s, event)
        case ev.StartWorldsDealt():
            return _start_worlds(s, event)
        case ev.PlayerOrderSet():
            return _order(s, event)
        case ev.InitialDiscardRequested():
            return _initial_discard(s, event)
        case ev.CardsDrawn() | ev.DrawShortfall() | ev.ExploreDrawn():
            return s  # public counterparts of facts applied by their detail events
        case _:
            assert_never(event)


def initial_players(n_seats: int) -> tuple[Player, ...]:
    return tuple(Player() for _ in range(n_seats))
