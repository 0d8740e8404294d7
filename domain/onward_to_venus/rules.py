"""Onward to Venus: the Rules functions. Who may decide, what they may send, and what follows.

The rules themselves live beside this module by topic: rules_flow (setup, periods, scoring),
rules_actions (move, claim, raise, pass), rules_combat, rules_cards, rules_decisions
(hand limit, reactions, crisis choices), rules_crisis (phase 4) and rules_evolve.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.game import (
    Chance,
    CommandRule,
    CommandTable,
    IllegalMove,
    Result,
    Seat,
    gate,
    seat_ref,
)

from . import rules_actions as actions
from . import rules_cards as cards
from . import rules_combat as combat
from . import rules_decisions as decisions
from .commands import (
    AbandonClaim,
    AssignCasualties,
    BazagthothOrder,
    ChooseCrisisLosses,
    ChooseKeep,
    ClaimTile,
    Command,
    ConcludeCombat,
    DeclineReaction,
    DiscardToHandLimit,
    EndTurn,
    EspionageChoice,
    LandForCombat,
    MoveGroup,
    PlayActionCard,
    PlayCombatCard,
    PlayFreeActionCard,
    PlayReaction,
    RaiseUnits,
    SkipClaim,
    TakePassMarker,
)
from .events import Event
from .rules_common import Emitter
from .rules_crisis import continue_crises, start_crises
from .rules_evolve import evolve
from .rules_flow import current_scores, initial, setup
from .rules_legal import candidates
from .state import State

__all__ = ["decide", "evolve", "initial", "legal", "result", "score", "setup", "to_move"]

Check = Callable[[State, int, Any], object]
Do = Callable[[Emitter, int, Any], None]


def _row(check: Check, do: Do) -> CommandRule:
    """A command's row: its check (which `legal` also asks) and then its rules."""

    def handler(em: Emitter, seat: int, command: Any) -> None:
        check(em.state, seat, command)
        do(em, seat, command)

    return CommandRule(handler)


CHECKS: dict[type, tuple[Check, Do]] = {
    MoveGroup: (actions.check_move, actions.do_move),
    SkipClaim: (actions.check_skip_claim, actions.do_skip_claim),
    ClaimTile: (actions.check_claim, actions.do_claim),
    RaiseUnits: (actions.check_raise, actions.do_raise),
    TakePassMarker: (actions.check_pass_marker, actions.do_pass_marker),
    EndTurn: (actions.check_end_turn, actions.do_end_turn),
    PlayActionCard: (cards.check_action_card, cards.do_action_card),
    PlayFreeActionCard: (cards.check_free_card, cards.do_free_card),
    LandForCombat: (combat.check_land, combat.do_land),
    PlayCombatCard: (combat.check_combat_card, combat.do_combat_card),
    ConcludeCombat: (combat.check_conclude, combat.do_conclude),
    AbandonClaim: (combat.check_abandon, combat.do_abandon),
    AssignCasualties: (combat.check_casualties, combat.do_casualties),
    DiscardToHandLimit: (decisions.check_discard, decisions.do_discard),
    ChooseKeep: (decisions.check_keep, decisions.do_keep),
    EspionageChoice: (decisions.check_espionage, decisions.do_espionage),
    PlayReaction: (decisions.check_reaction, decisions.do_reaction),
    DeclineReaction: (decisions.check_decline, decisions.do_decline),
    BazagthothOrder: (decisions.check_bazagthoth, decisions.do_bazagthoth),
    ChooseCrisisLosses: (decisions.check_losses, decisions.do_losses),
}

# which commands answer each kind of owed decision
ANSWERS: dict[str, tuple[type, ...]] = {
    "DISCARD_TO_LIMIT": (DiscardToHandLimit,),
    "CHOOSE_KEEP": (ChooseKeep,),
    "ESPIONAGE": (EspionageChoice,),
    "CASUALTIES": (AssignCasualties,),
    "CANCEL_DESTRUCTION": (PlayReaction, DeclineReaction),
    "SAVE_DESTROYED": (PlayReaction, DeclineReaction),
    "BAZAGTHOTH": (BazagthothOrder,),
    "CRISIS_LOSSES": (ChooseCrisisLosses,),
}
ANSWER_ONLY = frozenset(t for kinds in ANSWERS.values() for t in kinds)

COMMANDS: CommandTable = {kind: _row(check, do) for kind, (check, do) in CHECKS.items()}


def _gate(state: State, seat: Seat, command: Command) -> None:
    """Whether this kind of command is what the seat is asked now.

    The platform (`Match.decide`) has already refused a finished match, an unknown seat and a
    seat that is not to move, so `seat` is the head of `pending`, the seat asked in the
    last-pass window, or the active player.
    """
    if state.pending:
        head = state.pending[0]
        if type(command) not in ANSWERS[head.kind]:
            asked = " or ".join(t.__name__ for t in ANSWERS[head.kind])
            raise IllegalMove("WRONG_PHASE", f"{seat_ref(head.seat)} must first send {asked}")
        return
    if state.phase == "POST_PASS" and state.active is None:
        if not isinstance(command, PlayReaction | DeclineReaction):
            raise IllegalMove("WRONG_PHASE", "the action phase is over: play or decline a reaction")
        return
    if type(command) in ANSWER_ONLY:
        raise IllegalMove("WRONG_PHASE", "nothing is waiting for that answer")
    if state.active is None:
        raise IllegalMove("WRONG_PHASE", "no turn is being played")


def _advance(em: Emitter) -> None:
    """Run the automatic phases until someone owes a decision or a turn begins."""
    while True:
        state = em.state
        if state.final is not None or state.pending:
            return
        if state.phase == "POST_PASS" and state.active is None:
            if state.post_pass_queue:
                return
            start_crises(em)
        elif state.phase == "CRISES":
            continue_crises(em)
        else:
            return


def _within_bounds(command: Command) -> None:
    """A command built in code (not decoded) meets the same bounds as JSON does (issue #12)."""
    if type(command) not in COMMANDS:
        raise IllegalMove("BAD_COMMAND", f"{type(command).__name__} is no Onward to Venus command")
    try:
        msgspec.convert(msgspec.to_builtins(command), type(command))
    except (msgspec.ValidationError, TypeError) as exc:
        raise IllegalMove("BAD_COMMAND", f"{type(command).__name__}: {exc}") from None


def decide(state: State, seat: Seat, command: Command, chance: Chance) -> list[Event]:
    _within_bounds(command)
    _gate(state, seat, command)
    em = Emitter(state, chance)
    gate(COMMANDS, state.phase, command).handler(em, seat, command)
    _advance(em)
    return em.events


def to_move(state: State) -> frozenset[int]:
    if state.final is not None:
        return frozenset()
    if state.pending:
        return frozenset({state.pending[0].seat})
    if state.phase == "POST_PASS" and state.active is None:
        return frozenset(state.post_pass_queue[:1])
    return frozenset() if state.active is None else frozenset({state.active})


def legal(state: State, seat: Seat) -> Sequence[Command]:
    if seat not in to_move(state):
        return []
    out = []
    for command in candidates(state, seat):
        try:
            _gate(state, seat, command)
            CHECKS[type(command)][0](state, seat, command)
        except IllegalMove:
            continue
        out.append(command)
    return out


def score(state: State) -> tuple[int, ...]:
    if state.final is not None:
        return state.final.scores
    return current_scores(state)


def result(state: State) -> Result | None:
    final = state.final
    if final is None:
        return None
    return Result(final.scores, final.places, final.winners, final.reason)
