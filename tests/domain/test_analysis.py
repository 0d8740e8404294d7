"""The analysis of a seat's decisions (domain/analysis.py, domain/judging.py, the `analyse` use
case): judged from what the seat knew alone, stored beside the match, never changing it."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from api.local import LocalClient
from api.trust import Owner
from cli.simulate import play_bot_match
from domain.analysis import FORCED, Analysis, mark_of, move_accuracy, seat_accuracy
from domain.errors import BadInput, NotFound
from domain.judging import Decision, analyse, budget_of, decisions
from domain.match import Match
from domain.search import Budget, determinizer
from projections.queries import StoreReader
from store.ledger import Ledger

GAME = "race-for-the-galaxy"
SHORT = {"max_rounds": 3}
TINY = Budget(iterations=2)


def short_match(seed: int = 1, undo_rate: float = 0.0) -> Match:
    return play_bot_match(GAME, 2, seed, SHORT, undo_rate=undo_rate, smart=True)


def test_marks_and_accuracy_follow_the_documented_thresholds() -> None:
    assert [mark_of(x) for x in (0.0, 0.049, 0.05, 0.1, 0.19, 0.2, 1.0)] == [
        "", "", "inaccuracy", "mistake", "mistake", "blunder", "blunder",
    ]  # fmt: skip
    assert move_accuracy(0.0) == 100.0 and move_accuracy(1.0) == 0.0
    assert move_accuracy(0.05) > move_accuracy(0.1) > move_accuracy(0.2) > 0


def test_the_standing_decisions_are_those_of_the_match() -> None:
    match = short_match(seed=3, undo_rate=0.4)
    events = list(match.collect_events())
    assert any(isinstance(e, Match.Undone) for e in events)  # the test sees undo at work
    found = decisions(events)
    assert len(found) == match.decisions
    state = None
    for decision in found:  # each state is the one before that decision, in order
        if state is not None:
            assert decision.state is not state
        state = decision.state


def test_a_seat_is_judged_on_its_own_decisions_with_forced_ones_marked() -> None:
    match = short_match()
    history = decisions(list(match.collect_events()))
    judged = analyse(match.rules, history, 0, TINY)
    assert [j.step for j in judged] == [d.step for d in history if d.seat == 0]
    forced = [j for j in judged if j.mark == FORCED]
    assert forced and all(j.accuracy is None and j.played == j.best for j in forced)
    searched = [j for j in judged if j.mark != FORCED]
    assert searched and all(j.samples == 2 and j.candidates >= 2 for j in searched)
    for j in searched:
        assert j.played_value is not None and j.best_value is not None
        assert j.best_value.win_rate >= j.played_value.win_rate - 1e-9
        assert j.mark == mark_of(j.loss)
    assert seat_accuracy(judged) is not None
    assert analyse(match.rules, history, 0, TINY) == judged  # deterministic with iterations


def test_a_judgement_never_depends_on_facts_hidden_from_the_seat() -> None:
    """Two histories that differ only in what seat 0 could not see (the other hand, the deck:
    each state redrawn by the game's determinizer, which keeps all the seat sees) are judged
    alike, decision for decision. (A state where the other seat has sealed a choice is left
    out: the determinizer takes that choice back, which the seat sees as "not chosen yet".)"""
    match = short_match(seed=5)
    rules = match.rules
    redraw = determinizer(rules)
    rng = random.Random(11)
    encode = msgspec.msgpack.encode
    history: list[Decision] = []
    other: list[Decision] = []
    for d in decisions(list(match.collect_events())):
        if d.seat != 0:
            continue
        hidden = redraw(d.state, 0, rng)
        if encode(rules.view(hidden, 0)) == encode(rules.view(d.state, 0)):
            history.append(d)
            other.append(Decision(d.step, hidden, d.seat, d.command))
    assert len(history) >= 3
    assert sum(encode(a.state) != encode(b.state) for a, b in zip(history, other, strict=True)) >= 3
    assert analyse(rules, other, 0, TINY) == analyse(rules, history, 0, TINY)


def test_the_analysis_is_stored_beside_the_match_which_it_never_changes() -> None:
    ledger = Ledger("memory://")
    match = short_match()
    ledger.save(match)
    owner = LocalClient(ledger, Owner(), reader=lambda: StoreReader(ledger))
    before = [msgspec.to_builtins(e.__dict__) for e in ledger.stored_events(match.id)]
    with pytest.raises(NotFound):
        owner.analysis(str(match.id), as_="ben")
    made = owner.analyse(str(match.id), as_="ann", iterations=1)
    assert made.seat == "ann" and made.version == match.version and made.budget == "1 iteration"
    assert all(step.played_text and step.best_text for step in made.decisions)
    assert owner.analysis(str(match.id)[:8], as_="ann") == made
    again = owner.analyse(str(match.id), as_="ann", iterations=2)  # a new one replaces it
    assert owner.analysis(str(match.id), as_="ann") == again != made
    after = [msgspec.to_builtins(e.__dict__) for e in ledger.stored_events(match.id)]
    assert after == before
    stored: Any = ledger.analysis(match.id, "ann")
    assert isinstance(stored, Analysis) and stored.version == 3  # opened, then two analyses


@pytest.mark.parametrize(
    ("budget_ms", "iterations"), [(0.0, None), (-5.0, None), (1e9, None), (None, 0)]
)
def test_a_bad_budget_is_one_clear_error(budget_ms: float | None, iterations: int | None) -> None:
    with pytest.raises(BadInput, match=r"budget|iterations"):
        budget_of(budget_ms, iterations)


def test_analysing_needs_a_seat() -> None:
    ledger = Ledger("memory://")
    match = short_match()
    ledger.save(match)
    owner = LocalClient(ledger, Owner(), reader=lambda: StoreReader(ledger))
    for named in (None, "spectator", "referee"):
        with pytest.raises(BadInput, match="which seat"):
            owner.analyse(str(match.id), as_=named, iterations=1)
