"""Race for the Galaxy rules: initial, setup, decide, to_move, score, result.

The round's automatic steps are in rules_round.py, Settle in rules_settle.py, `legal` in
rules_legal.py and `evolve` in rules_evolve.py; the power handlers in powers*.py.
"""

from __future__ import annotations

from typing import Any

from domain.game import (
    Chance,
    CommandRule,
    CommandTable,
    Handler,
    IllegalMove,
    Result,
    Seat,
    gate,
    places_from_keys,
    seat_ref,
)

from . import commands as cmd
from . import events as ev
from .components import (
    ADVANCED_ACTIONS,
    GAME_CARDS,
    HAND_LIMIT,
    INITIAL_DEAL,
    INITIAL_DISCARD,
    STANDARD_ACTIONS,
    START_WORLDS,
    VP_POOL_PER_SEAT,
    card,
    card_label,
)
from .flow import Emitter
from .rules_consume import finish_consume, sell, use_consume
from .rules_evolve import evolve, initial_players
from .rules_produce import finish_produce, use_produce
from .rules_round import advance, develop_cost, place_development
from .rules_settle import check_resolution, placement_problem, resolve
from .scoring import scores, tiebreak
from .state import SEQUENTIAL_STAGES, SIMULTANEOUS_STAGES, RaceOptions, State

__all__ = ["decide", "evolve", "initial", "result", "score", "setup", "to_move"]


def initial(n_seats: int, options: RaceOptions) -> State:
    if options.advanced_two_player and n_seats != 2:
        raise IllegalMove("OPTION_NOT_SUPPORTED", "the advanced variant is for 2 players")
    return State(
        n_seats=n_seats,
        advanced=options.advanced_two_player,
        max_rounds=options.max_rounds,
        players=initial_players(n_seats),
    )


def setup(n_seats: int, options: RaceOptions, chance: Chance) -> list[Any]:
    """Digest 3.2/3.3 RANDOM mode with the 5 base start worlds (114 cards)."""
    flow = Emitter(initial(n_seats, options), chance)
    flow.emit(ev.PoolFilled(VP_POOL_PER_SEAT * n_seats))
    starts, dealt = list(START_WORLDS), []
    for seat in range(n_seats):  # digest 3.3: the start worlds are shuffled and dealt, one each
        world = chance.pick(starts, f"the start world dealt to {seat_ref(seat)}", label=card_label)
        starts.remove(world)
        dealt.append(world)
    flow.emit(ev.StartWorldsDealt(tuple(dealt)))
    first = min(range(n_seats), key=lambda seat: card(dealt[seat]).start_number or 0)
    flow.emit(ev.PlayerOrderSet(tuple((first + i) % n_seats for i in range(n_seats))))
    # Digest 3.2 step 4: the other start worlds and the game cards, shuffled, are the draw pile
    # (a multiset: no one has seen its order, so each card is drawn when it is taken).
    flow.emit(ev.DeckShuffled(len(starts) + len(GAME_CARDS), False))
    for seat in range(n_seats):  # digest 3.2: dealt in seat order, one full batch at a time
        flow.draw(seat, INITIAL_DEAL, "SETUP")
    for seat in flow.state.order:  # digest A4: every windfall start world gets its good
        if card(dealt[seat]).is_windfall:
            flow.place_good(seat, dealt[seat], "SETUP_WINDFALL")
    flow.emit(ev.InitialDiscardRequested(INITIAL_DISCARD))
    return flow.events


def to_move(state: State) -> frozenset[Seat]:
    if state.stage in SIMULTANEOUS_STAGES:
        return state.waiting
    if state.stage in SEQUENTIAL_STAGES and state.queue:
        return frozenset({state.queue[0]})
    return frozenset()


def score(state: State) -> tuple[int, ...]:
    return scores(state)


def result(state: State) -> Result | None:
    if state.stage != "OVER":
        return None
    totals = scores(state)
    keys = [(t, tiebreak(state, seat)) for seat, t in enumerate(totals)]
    places = places_from_keys(keys)
    winners = tuple(seat for seat, place in enumerate(places) if place == 1)
    return Result(totals, places, winners, state.end_reason or "")


# --- validation helpers --------------------------------------------------------------------------


def _cards_from(cards: tuple[int, ...], pool: tuple[int, ...], code: str, what: str) -> None:
    if len(set(cards)) != len(cards):
        raise IllegalMove("DUPLICATE_CARD", "a card is listed twice")
    if any(c not in pool for c in cards):
        raise IllegalMove(code, f"that card is not {what}")


# --- command handlers ----------------------------------------------------------------------------


def _discard_initial(flow: Emitter, seat: int, c: cmd.DiscardInitialCards) -> None:
    s = flow.state
    if len(c.cards) != INITIAL_DISCARD:
        raise IllegalMove("WRONG_DISCARD_COUNT", f"discard exactly {INITIAL_DISCARD} cards")
    _cards_from(c.cards, s.player(seat).hand, "CARD_NOT_IN_HAND", "in your hand")
    flow.emit(
        ev.InitialCardsDiscarded(seat, len(c.cards)),
        ev.CardsDiscardedDetail(seat, c.cards, "SETUP"),
    )


def _select(flow: Emitter, seat: int, c: cmd.SelectAction) -> None:
    s = flow.state
    wanted = 2 if s.advanced else 1
    if len(c.actions) != wanted:
        raise IllegalMove("INVALID_ACTION_COUNT", f"choose exactly {wanted} action card(s)")
    if len(set(c.actions)) != len(c.actions):
        raise IllegalMove("DUPLICATE_ACTION_CARD", "choose two different action cards")
    own = ADVANCED_ACTIONS if s.advanced else STANDARD_ACTIONS
    if any(a not in own for a in c.actions):
        raise IllegalMove("UNKNOWN_ACTION_CARD", f"your action cards are {', '.join(own)}")
    flow.emit(ev.ActionChosen(seat), ev.ActionChoiceSealed(seat, c.actions))


def _keep(flow: Emitter, seat: int, c: cmd.KeepExploredCards) -> None:
    s = flow.state
    p = s.player(seat)
    keep = min(p.keep, len(p.explored))
    if len(c.cards) != keep:
        raise IllegalMove("WRONG_KEEP_COUNT", f"keep exactly {keep} card(s)")
    _cards_from(c.cards, p.explored, "CARD_NOT_DRAWN", "among the cards you drew")
    rest = tuple(x for x in p.explored if x not in c.cards)
    flow.emit(
        ev.ExploredCardsKept(seat, len(c.cards), len(rest)),
        ev.ExploredCardsKeptDetail(seat, c.cards, rest),
    )


def development_problem(state: State, seat: int, development: int) -> str | None:
    p = state.player(seat)
    if development not in p.hand:
        return "CARD_NOT_IN_HAND"
    design = card(development)
    if not design.is_development:
        return "NOT_A_DEVELOPMENT"
    if any(card(t).name == design.name for t in p.tableau):
        return "DUPLICATE_DEVELOPMENT"
    if develop_cost(state, seat, development) > len(p.hand) - 1:
        return "CANNOT_AFFORD"
    return None


def _choose_development(flow: Emitter, seat: int, c: cmd.ChooseDevelopment) -> None:
    s = flow.state
    if c.card is not None:
        problem = development_problem(s, seat, c.card)
        if problem is not None:
            raise IllegalMove(problem, "that development cannot be placed now")
    flow.emit(ev.DevelopmentChosen(seat), ev.DevelopmentChoiceSealed(seat, c.card))


def _pay_development(flow: Emitter, seat: int, c: cmd.PayForDevelopment) -> None:
    s = flow.state
    development = s.player(seat).choice
    assert development is not None
    cost = develop_cost(s, seat, development)
    _cards_from(c.discards, s.player(seat).hand, "CARD_NOT_IN_HAND", "in your hand")
    if len(c.discards) != cost:
        raise IllegalMove("WRONG_PAYMENT_COUNT", f"this development costs {cost} cards")
    place_development(flow, seat, development, c.discards)


def world_problem(state: State, seat: int, world: int) -> str | None:
    p = state.player(seat)
    if world not in p.hand:
        return "CARD_NOT_IN_HAND"
    if not card(world).is_world:
        return "NOT_A_WORLD"
    return placement_problem(state, seat, world, len(p.hand) - 1)


def _choose_world(flow: Emitter, seat: int, c: cmd.ChooseWorld) -> None:
    s = flow.state
    if c.card is not None:
        problem = world_problem(s, seat, c.card)
        if problem is not None:
            raise IllegalMove(problem, "that world cannot be placed now")
    flow.emit(ev.WorldChosen(seat), ev.WorldChoiceSealed(seat, c.card))


def _resolve_settle(flow: Emitter, seat: int, c: cmd.ResolveSettle) -> None:
    cost, strength = check_resolution(flow.state, seat, c)
    resolve(flow, seat, c, cost, strength)


def _hand_limit(flow: Emitter, seat: int, c: cmd.DiscardForHandLimit) -> None:
    s = flow.state
    excess = len(s.player(seat).hand) - HAND_LIMIT
    if len(c.cards) != excess:
        raise IllegalMove("WRONG_DISCARD_COUNT", f"discard exactly {excess} cards")
    _cards_from(c.cards, s.player(seat).hand, "CARD_NOT_IN_HAND", "in your hand")
    flow.emit(
        ev.HandLimitDiscarded(seat, len(c.cards)),
        ev.CardsDiscardedDetail(seat, c.cards, "HAND_LIMIT"),
    )


def _row(handler: Handler, stage: str) -> CommandRule:
    return CommandRule(handler, frozenset({stage}), "that decision is not asked during {phase}")


COMMANDS: CommandTable = {
    cmd.DiscardInitialCards: _row(_discard_initial, "SETUP_DISCARD"),
    cmd.SelectAction: _row(_select, "SELECT"),
    cmd.KeepExploredCards: _row(_keep, "EXPLORE"),
    cmd.ChooseDevelopment: _row(_choose_development, "DEVELOP_CHOOSE"),
    cmd.PayForDevelopment: _row(_pay_development, "DEVELOP_PAY"),
    cmd.ChooseWorld: _row(_choose_world, "SETTLE_CHOOSE"),
    cmd.ResolveSettle: _row(_resolve_settle, "SETTLE_RESOLVE"),
    cmd.SellGood: _row(sell, "CONSUME"),
    cmd.UseConsumePower: _row(use_consume, "CONSUME"),
    cmd.FinishConsume: _row(finish_consume, "CONSUME"),
    cmd.UseProducePower: _row(use_produce, "PRODUCE"),
    cmd.FinishProduce: _row(finish_produce, "PRODUCE"),
    cmd.DiscardForHandLimit: _row(_hand_limit, "HAND_LIMIT"),
}


def decide(state: State, seat: Seat, command: Any, chance: Chance) -> list[Any]:
    """The events of one decision and its automatic consequences. The platform has already
    refused a finished match, an unknown seat and a seat not in `to_move`."""
    flow = Emitter(state, chance)
    gate(COMMANDS, state.stage, command).handler(flow, seat, command)
    advance(flow)
    return flow.events
