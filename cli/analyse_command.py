"""`starledger analyse MATCH|FILE --as SEAT`: every decision of a seat judged from what it knew
then (domain/analysis.py), stored beside the match, and printed decision by decision; and the
short lines `log` and `step` print under each judged step."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cli.base import Json, Store, app, client
from cli.output import print_json, reports_errors, say, table
from domain.analysis import DEFAULT_BUDGET_MS

if TYPE_CHECKING:
    from api.client import Client
    from api.documents import AnalysisDoc

Target = Annotated[str, typer.Argument(help="A match id (or prefix), or a full replay file.")]
AsSeat = Annotated[
    str, typer.Option("--as", envvar="_STARLEDGER_AS", show_envvar=False, help="The seat judged.")
]
BudgetMs = Annotated[
    float | None,
    typer.Option(
        "--budget-ms", help=f"Milliseconds of search a decision (default {DEFAULT_BUDGET_MS:g})."
    ),
]
Iterations = Annotated[
    int | None,
    typer.Option("--iterations", help="Samples a decision instead (deterministic)."),
]


@app.command()
@reports_errors
def analyse(
    target: Target,
    as_: AsSeat,
    budget_ms: BudgetMs = None,
    iterations: Iterations = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Judge every decision of a seat from what it knew then (its view at that step, never the
    referee's): the value of the move played and of the best move found (expected win rate and
    score margin), a mark (inaccuracy >= 5% of win rate lost, mistake >= 10%, blunder >= 20%)
    and the seat's accuracy. The analysis is stored beside the match (which it never changes)
    and shown by `log` and `step`; a FILE is analysed in memory."""
    asks: Client
    if Path(target).is_file():
        from cli.replay_client import file_client

        asks, target = file_client(Path(target))
    else:
        asks = client(store)
    found = asks.analyse(target, as_=as_, budget_ms=budget_ms, iterations=iterations)
    if json:
        print_json(found)
        return
    print_analysis(found)
    if asks.summary(found.match).opened:  # the other seats' stored analyses are anyone's now
        for other in found.seats:
            accuracy = _accuracy(asks, found.match, other) if other != found.seat else None
            if accuracy is not None:
                say(f"accuracy: {other} {accuracy}")


def _accuracy(asks: Client, match: str, seat: str) -> str | None:
    """A seat's accuracy in its stored analysis (None: never analysed)."""
    from domain.errors import StarledgerError

    try:
        found = asks.analysis(match, as_=seat)
    except StarledgerError:
        return None
    return "-" if found.accuracy is None else f"{found.accuracy:.1f}"


def print_analysis(found: AnalysisDoc) -> None:
    """The judged decisions as a table, then the seat's accuracy."""
    rows = []
    for step in found.decisions:
        mine, top = step.played_value, step.best_value
        rows.append(
            [
                str(step.step),
                step.played_text,
                _value(mine.win_rate, mine.margin) if mine else "",
                "" if step.played == step.best else step.best_text,
                _value(top.win_rate, top.margin) if top else "",
                step.mark,
            ]
        )
    title = f"{found.seat}'s decisions, {found.budget} a decision, at step {found.version}"
    table(title, ["step", "played", "value", "best found", "value", "mark"], rows)
    accuracy = "-" if found.accuracy is None else f"{found.accuracy:.1f}"
    say(f"accuracy: {found.seat} {accuracy}")


def _value(win_rate: float, margin: float) -> str:
    return f"win {win_rate:.0%}, margin {margin:+.1f}"
