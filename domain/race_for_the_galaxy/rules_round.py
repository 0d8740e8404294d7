"""The round's automatic steps (digest 4.1): reveals, phase starts and ends, automatic payments and
turns, the hand limit, the end check and the final scoring. `advance` runs them until a seat must
decide."""

from __future__ import annotations

from domain.game import places_from_keys

from . import events as ev
from .components import (
    DEVELOP_ACTIONS,
    DEVELOP_BONUS,
    EXPLORE_1_1_BONUS,
    EXPLORE_5_DRAW_BONUS,
    EXPLORE_DRAW,
    EXPLORE_KEEP,
    HAND_LIMIT,
    SETTLE_ACTIONS,
    TABLEAU_END,
    card,
)
from .flow import Emitter
from .powers import active_powers, develop_terms, explore_terms
from .powers_consume import CONSUME_HANDLERS, goods_of
from .powers_produce import empty_windfall_worlds, run_step, windfall_options
from .scoring import scores, tiebreak
from .state import PhaseInstance, State


def schedule(selections: tuple[tuple[str, ...], ...]) -> tuple[PhaseInstance, ...]:
    """Digest 4.3: phases chosen by anyone, in order; Develop/Settle twice if one seat chose both."""
    out: list[PhaseInstance] = []
    if any({"EXPLORE_5", "EXPLORE_1_1"} & set(a) for a in selections):
        out.append(PhaseInstance("EXPLORE", 1))
    for phase, cards in (("DEVELOP", DEVELOP_ACTIONS), ("SETTLE", SETTLE_ACTIONS)):
        times = max(len(cards & set(a)) for a in selections)
        out.extend(PhaseInstance(phase, i) for i in range(1, times + 1))
    if any({"CONSUME_TRADE", "CONSUME_2VP"} & set(a) for a in selections):
        out.append(PhaseInstance("CONSUME", 1))
    if any("PRODUCE" in a for a in selections):
        out.append(PhaseInstance("PRODUCE", 1))
    return tuple(out)


def has_bonus(state: State, seat: int, phase: str, instance: int) -> bool:
    actions = set(state.player(seat).actions)
    if phase == "EXPLORE":
        return bool(actions & {"EXPLORE_5", "EXPLORE_1_1"})
    if phase == "DEVELOP":
        return instance <= len(actions & DEVELOP_ACTIONS)
    if phase == "SETTLE":
        return instance <= len(actions & SETTLE_ACTIONS)
    if phase == "CONSUME":
        return bool(actions & {"CONSUME_TRADE", "CONSUME_2VP"})
    return "PRODUCE" in actions


def develop_cost(state: State, seat: int, development: int) -> int:
    """Digest 4.6: printed cost minus reductions and the bonus, never below 0."""
    bonus = DEVELOP_BONUS if has_bonus(state, seat, "DEVELOP", state.instance) else 0
    reduce = develop_terms(state, seat).reduce
    return max(0, card(development).cost - reduce - bonus)


def place_development(
    flow: Emitter, seat: int, development: int, discards: tuple[int, ...]
) -> None:
    cost = len(discards)
    draw_after = develop_terms(flow.state, seat).draw_after
    if discards:
        flow.emit(ev.CardsDiscardedDetail(seat, discards, "PAYMENT"))
    flow.emit(ev.DevelopmentPlaced(seat, development, cost))
    flow.draw(seat, draw_after, "POWER")


def must_trade(state: State, seat: int) -> bool:
    p = state.player(seat)
    return "CONSUME_TRADE" in p.actions and not p.sold and bool(goods_of(state, seat))


def consume_options_left(state: State, seat: int, mandatory_only: bool) -> bool:
    used = set(state.player(seat).used)
    for source, index, power in active_powers(state, seat, 4):
        handler = CONSUME_HANDLERS.get(power.code)
        if handler is None or (source, index) in used:
            continue
        if mandatory_only and not handler.mandatory:
            continue
        if handler.usable(state, seat, power):
            return True
    return False


def bonus_targets(state: State, seat: int) -> tuple[int, ...]:
    p = state.player(seat)
    if "PRODUCE" not in p.actions or p.bonus_used:
        return ()
    return empty_windfall_worlds(state, seat, None)


def produce_choices_left(state: State, seat: int, mandatory_only: bool) -> bool:
    if any(targets for _, _, targets in windfall_options(state, seat)):
        return True
    return not mandatory_only and bool(bonus_targets(state, seat))


def _start_explore(flow: Emitter) -> None:
    for seat in flow.state.order:
        terms = explore_terms(flow.state, seat)
        actions = set(flow.state.player(seat).actions)
        draw, keep = EXPLORE_DRAW + terms.draw, EXPLORE_KEEP + terms.keep
        if "EXPLORE_5" in actions:
            draw += EXPLORE_5_DRAW_BONUS
        if "EXPLORE_1_1" in actions:
            draw += EXPLORE_1_1_BONUS
            keep += EXPLORE_1_1_BONUS
        flow.draw_for_explore(seat, draw, keep)
    for seat in flow.state.order:
        p = flow.state.player(seat)
        if p.keep >= len(p.explored):  # digest 4.5: keeping everything needs no decision
            flow.emit(
                ev.ExploredCardsKept(seat, len(p.explored), 0),
                ev.ExploredCardsKeptDetail(seat, p.explored, ()),
            )


def _start_instance(flow: Emitter) -> None:
    s = flow.state
    nxt = s.schedule[0]
    bonus = tuple(seat for seat in s.order if has_bonus(s, seat, nxt.phase, nxt.instance))
    flow.emit(ev.PhaseStarted(nxt.phase, nxt.instance, bonus))
    if nxt.phase == "EXPLORE":
        _start_explore(flow)
    elif nxt.phase == "DEVELOP":
        for seat in flow.state.order:
            flow.draw(seat, develop_terms(flow.state, seat).draw_start, "POWER")
    elif nxt.phase == "PRODUCE":
        _produce_turn_starts(flow)


def _produce_turn_starts(flow: Emitter) -> None:
    """Digest 4.9 (p. 8, "im Uhrzeigersinn"): the seat first in player order that has not yet
    produced fills its production worlds (step 1) and draws (step 2); its decisions (step 3)
    follow before the next seat starts, so who gets the last cards follows the seating order."""
    if flow.state.queue:
        seat = flow.state.queue[0]
        run_step(flow, seat, "production")
        run_step(flow, seat, "draw")


def end_produce_turn(flow: Emitter, seat: int) -> None:
    """The seat has decided (steps 1-3); still in its own turn it draws for the goods it produced
    (step 4: Consumer Markets, Research Labs, Diversified Economy; their cards, p. 11, set no
    end-of-phase timing), then the next seat in player order starts."""
    run_step(flow, seat, "turn_end")
    flow.emit(ev.TurnFinished(seat, "PRODUCE"))
    _produce_turn_starts(flow)


def _end_phase(flow: Emitter) -> None:
    s = flow.state
    if s.phase == "PRODUCE":
        for seat in s.order:
            run_step(flow, seat, "end")
    flow.emit(ev.PhaseEnded(s.phase or "", s.instance))


def final_events(state: State, reason: str) -> ev.GameEnded:
    totals = scores(state)
    ties = tuple(tiebreak(state, seat) for seat in range(state.n_seats))
    places = places_from_keys([(t, b) for t, b in zip(totals, ties, strict=True)])
    winners = tuple(seat for seat, place in enumerate(places) if place == 1)
    return ev.GameEnded(totals, ties, winners, reason)


def _end_round(flow: Emitter) -> None:
    s = flow.state
    triggers: list[str] = []
    if any(len(p.tableau) >= TABLEAU_END for p in s.players):
        triggers.append("TABLEAU_12")
    if s.exhausted:
        triggers.append("VP_POOL_EXHAUSTED")
    flow.emit(ev.RoundEnded(s.round, tuple(triggers)))
    if triggers:
        flow.emit(final_events(flow.state, "_AND_".join(triggers)))  # a key of END_REASONS
    elif s.round >= s.max_rounds:
        flow.emit(final_events(flow.state, "MAX_ROUNDS_PLAYED"))
    else:
        flow.emit(ev.RoundStarted(s.round + 1))


def _after_phases(flow: Emitter) -> None:
    over = tuple(
        seat for seat in flow.state.order if len(flow.state.player(seat).hand) > HAND_LIMIT
    )
    if over:
        flow.emit(ev.HandLimitDue(over))
    else:
        _end_round(flow)


def advance(flow: Emitter) -> None:
    """Run automatic steps until some seat must decide or the match is over."""
    while True:
        s = flow.state
        stage = s.stage
        if stage == "OVER":
            return
        if stage in ("SETUP_DISCARD", "SELECT", "EXPLORE", "DEVELOP_CHOOSE", "SETTLE_CHOOSE"):
            if s.waiting:
                return
            if stage == "SETUP_DISCARD":
                flow.emit(ev.RoundStarted(1))
            elif stage == "SELECT":
                selections = tuple(p.actions for p in s.players)
                flow.emit(ev.ActionsRevealed(selections, schedule(selections)))
            elif stage == "EXPLORE":
                _end_phase(flow)
            elif stage == "DEVELOP_CHOOSE":
                flow.emit(ev.DevelopmentsRevealed(tuple(p.choice for p in s.players)))
            else:
                flow.emit(ev.WorldsRevealed(tuple(p.choice for p in s.players)))
        elif stage == "HAND_LIMIT":
            if s.waiting:
                return
            _end_round(flow)
        elif stage in ("REVEALED", "BETWEEN_PHASES"):
            if s.schedule:
                _start_instance(flow)
            else:
                _after_phases(flow)
        elif stage in ("DEVELOP_PAY", "SETTLE_RESOLVE", "CONSUME", "PRODUCE"):
            if not s.queue:
                _end_phase(flow)
                continue
            seat = s.queue[0]
            if stage == "DEVELOP_PAY":
                development = s.player(seat).choice
                if development is None or develop_cost(s, seat, development) > 0:
                    return
                place_development(flow, seat, development, ())  # digest A31: cost 0 pays itself
            elif stage == "CONSUME":
                if must_trade(s, seat) or consume_options_left(s, seat, mandatory_only=False):
                    return
                flow.emit(ev.TurnFinished(seat, "CONSUME"))
            elif stage == "PRODUCE":
                if produce_choices_left(s, seat, mandatory_only=False):
                    return
                end_produce_turn(flow, seat)
            else:
                return
        else:
            raise AssertionError(f"no automatic step from stage {stage}")
