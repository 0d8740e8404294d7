"""Bots against bots: `starledger arena GAME --bots search,greedy` (domain/arena.py).

Nothing is stored: the matches are played in memory, seats rotated, and each bot's record is
printed (wins with ties split, win rate and its 95% interval, mean score margin and its 95%
interval), or given as JSON with `--json`.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.progress import Progress

from cli.base import Json, app
from cli.output import console, print_json, reports_errors, table
from domain.arena import BOT_NAMES, play_arena
from domain.errors import BadInput
from domain.registry import rules_for
from domain.search import DEFAULT_WIDTH, Budget


@app.command()
@reports_errors
def arena(
    game: Annotated[str, typer.Argument(help="Game slug.")],
    bots: Annotated[
        str, typer.Option("--bots", help=f"Bots, comma-separated: {', '.join(BOT_NAMES)}.")
    ] = "search,greedy",
    matches: Annotated[int, typer.Option("--matches", min=1, help="How many matches.")] = 10,
    seats: Annotated[int, typer.Option("--seats", min=1, help="Seats per match.")] = 2,
    budget_ms: Annotated[
        float | None,
        typer.Option("--budget-ms", min=1, help="Search: milliseconds per decision."),
    ] = None,
    iterations: Annotated[
        int | None,
        typer.Option(
            "--iterations", min=1, help="Search: samples per decision (deterministic; default 8)."
        ),
    ] = None,
    depth: Annotated[
        int | None,
        typer.Option("--depth", min=1, help="Search: decisions per playout (default: to the end)."),
    ] = None,
    width: Annotated[
        int, typer.Option("--width", min=1, help="Search: candidate moves per decision.")
    ] = DEFAULT_WIDTH,
    clock: Annotated[
        str,
        typer.Option(
            "--clock",
            help="What --budget-ms counts: cpu (the deciding thread's CPU time: a busy machine"
            " makes the search slower, not weaker) or wall.",
        ),
    ] = "cpu",
    seed: Annotated[int, typer.Option(help="Seed of the first match; the next count up.")] = 1,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            min=1,
            help="Matches played at once, each in its own process, one per CPU at most (the same"
            " matches and tally; with --clock cpu, no bot is weakened by the others).",
        ),
    ] = 1,
    json: Json = False,
) -> None:
    """Bots play each other with seats rotated: wins, margins and 95% intervals per bot."""
    rules = rules_for(game)
    names = [name.strip() for name in bots.split(",") if name.strip()]
    if budget_ms is not None and iterations is not None:
        raise BadInput("give --budget-ms or --iterations, not both")
    if clock not in ("cpu", "wall"):
        raise BadInput(f"--clock is cpu or wall, not {clock!r}")
    budget = Budget(
        ms=budget_ms,
        iterations=None if budget_ms is not None else (iterations or 8),
        depth=depth,
        width=width,
        clock="cpu" if clock == "cpu" else "wall",
    )
    with Progress(console=console(), transient=True, disable=json) as progress:
        task = progress.add_task(f"{game} x{matches}", total=matches)
        tallies = play_arena(
            rules, names, matches, seats, budget, seed, lambda _: progress.advance(task), jobs
        )
    summaries = [tally.summary() for tally in tallies]
    if json:
        print_json({"game": game, "matches": matches, "seats": seats, "bots": summaries})
        return
    searched = any(s["search"] is not None for s in summaries)
    table(
        f"arena {game}: {matches} matches of {seats} seats",
        [
            "bot",
            "seats",
            "wins",
            "win rate (95%)",
            "margin (95%)",
            *(["searched x samples", "CPU ms mean/p95/max"] if searched else []),
        ],
        [
            [
                s["bot"],
                s["seats"],
                f"{s['wins']:g}",
                f"{s['win_rate']:.0%} ({s['win_rate_95'][0]:.0%}-{s['win_rate_95'][1]:.0%})",
                f"{s['mean_margin']:+.1f} ({s['mean_margin_95'][0]:+.1f} to"
                f" {s['mean_margin_95'][1]:+.1f})",
                *(_cost(s["search"]) if searched else []),
            ]
            for s in summaries
        ],
    )


def _cost(search: dict[str, Any] | None) -> list[str]:
    """A search bot's decisions and their CPU cost, for the table ("-" for other bots)."""
    if search is None:
        return ["-", "-"]
    return [
        f"{search['searched']} x {search['samples_per_decision']:g}",
        f"{search['cpu_ms_mean']:.0f}/{search['cpu_ms_p95']:.0f}/{search['cpu_ms_max']:.0f}",
    ]
