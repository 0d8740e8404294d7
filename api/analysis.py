"""A seat's analysis as the use cases answer it (api/documents.py `AnalysisDoc`): the stored
aggregate (domain/analysis.py) with every move told in words, as the log tells it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from api.documents import AnalysedStep, AnalysisDoc
from domain.analysis import Analysis, Judged
from domain.game import Rules, Seat
from domain.match import typed
from forms.command_forms import command_text


def move_text(rules: Rules[Any], command: Any, seat: Seat, seats: Sequence[str]) -> str:
    """A move of `seat` in words, without the seat's name: the game's narration ("chooses to
    develop Gem World"), or the command's short form where the game has none."""
    found = typed(command, rules.command_type)
    narrator = rules.narrator
    if narrator is not None:
        sentence = narrator.command_text(found, seat, seats)
        name = f"{seats[seat]} "
        return sentence[len(name) :] if sentence.startswith(name) else sentence
    return command_text(found, rules, seats)


def analysis_doc(
    rules: Rules[Any], seats: Sequence[str], found: Analysis, seat: Seat
) -> AnalysisDoc:
    """The stored analysis of `seat`, each move in words."""
    return AnalysisDoc(
        match=found.match,
        game=rules.slug,
        seats=list(seats),
        seat=found.seat,
        version=found.judged_version,
        budget=found.budget,
        seed=found.seed,
        at=found.at,
        accuracy=found.accuracy,
        decisions=[_step(rules, seats, judged, seat) for judged in found.decisions],
    )


def _step(rules: Rules[Any], seats: Sequence[str], judged: Judged, seat: Seat) -> AnalysedStep:
    return AnalysedStep(
        step=judged.step,
        played=judged.played,
        played_text=move_text(rules, judged.played, seat, seats),
        best=judged.best,
        best_text=move_text(rules, judged.best, seat, seats),
        played_value=judged.played_value,
        best_value=judged.best_value,
        loss=judged.loss,
        mark=judged.mark,
        accuracy=judged.accuracy,
        candidates=judged.candidates,
        samples=judged.samples,
    )


def annotation(step: AnalysedStep) -> str:
    """The short line `log` and `step` print under a judged step: "ann: mistake (win 42% ->
    best 61%: develop Gem World)"; a good move: "ann: best (win 61%)"."""
    if step.mark == "forced":
        return "forced (one legal move)"
    mine, top = step.played_value, step.best_value
    if mine is None or top is None:
        return step.mark or "judged"
    if step.played == step.best:
        return f"best move found (win {mine.win_rate:.0%})"
    word = step.mark or "good"
    return f"{word} (win {mine.win_rate:.0%} -> best {top.win_rate:.0%}: {step.best_text})"
