"""Bots at work: simulate and demo."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer
from rich.progress import Progress

from cli.base import (
    CatchUpProgress,
    GameOptions,
    Json,
    Store,
    app,
    open_ledger,
    parse_options,
)
from cli.output import console, fail, print_json, reports_errors, say, table
from cli.simulate import SEAT_NAMES, Tally, save_replay, timed_bot_match
from domain.game import IllegalMove
from domain.registry import all_games, rules_for
from projections.projectors import scoreboard
from projections.runner import Projections
from records.replays import export_lines, verify_lines


@app.command()
@reports_errors
def simulate(
    game: Annotated[str, typer.Argument(help="Game slug.")],
    matches_: Annotated[int, typer.Option("--matches", min=1, help="How many matches.")] = 10,
    seats: Annotated[int, typer.Option(help="Seats per match.")] = 2,
    seed: Annotated[int, typer.Option(help="Seed of the first match; the next count up.")] = 1,
    option: GameOptions = None,
    out: Annotated[
        Path | None, typer.Option(help="Also write each match as a replay file here.")
    ] = None,
    smart: Annotated[
        bool, typer.Option("--smart", help="Seats play the game's own bot, not random moves.")
    ] = False,
    force: Annotated[
        bool, typer.Option("--force", help="Replace replay files that exist.")
    ] = False,
    store: Store = None,
    json: Json = False,
) -> None:
    """Random legal bots (or the game's own bots) play full matches into the store."""
    rules = rules_for(game)
    if not rules.min_seats <= seats <= min(rules.max_seats, len(SEAT_NAMES)):
        raise IllegalMove(
            "BAD_SEATS", f"{rules.name} takes {rules.min_seats}-{rules.max_seats} seats"
        )
    options = parse_options(option or [])
    rules.options(options)
    ledger = open_ledger(store, create=True)
    projections = Projections(ledger)
    projections.catch_up(progress=CatchUpProgress())  # what others stored before: first
    tally = Tally()
    with Progress(console=console(), transient=True, disable=json) as progress:
        task = progress.add_task(f"{game} x{matches_}", total=matches_)
        for k in range(matches_):
            match = timed_bot_match(ledger, game, seats, seed + k, options, tally, smart)
            projections.written(match)  # the read side is written as the matches are
            if out is not None:
                save_replay(ledger, match, out, force=force)
            progress.advance(task)
    projections.catch_up()  # the last matches: the first read after it never pauses
    summary: dict[str, Any] = {"game": game, "seats": seats} | tally.summary(seats)
    if json:
        print_json(summary)
        return
    table(
        f"simulate {game}",
        ["matches", "decisions", "mean score", "wins by seat", "end reasons", "decisions/s"],
        [[summary["matches"], summary["decisions"], summary["mean_score"],
          ", ".join(f"{k} {v:g}" for k, v in summary["wins"].items()),
          ", ".join(f"{k} {v}" for k, v in summary["end_reasons"].items()),
          summary["decisions_per_second"]]],
    )  # fmt: skip


@app.command()
@reports_errors
def demo(
    store: Store = None,
    seed: Annotated[int, typer.Option(help="Seed of the bot matches.")] = 2026,
    random_bots: Annotated[
        bool, typer.Option("--random-bots", help="Uniformly random moves, not the games' bots.")
    ] = False,
    json: Json = False,
) -> None:
    """Play a full bot match of every game into the store, print each scoreboard, verify each log."""
    ledger = open_ledger(store, create=True)
    projections = Projections(ledger)
    projections.catch_up(progress=CatchUpProgress())
    if not json:
        say(f"store: {ledger.url}")
    results = []
    for rules in all_games():
        seats = min(max(rules.min_seats, 3), rules.max_seats)
        match = timed_bot_match(ledger, rules.slug, seats, seed, None, Tally(), not random_bots)
        projections.written(match)
        board = msgspec.to_builtins(scoreboard(match))
        checked = verify_lines(export_lines(ledger.stored_events(match.id)))
        problem = None if checked.ok and not checked.partial else checked.describe()
        results.append(board | {"decisions": match.decisions, "verified": problem is None,
                                "problem": problem})  # fmt: skip
        if json:
            continue
        table(
            f"{rules.name} — match {match.id} — {match.decisions} decisions — "
            f"{rules.describe_end(board['reason'])}",
            ["seat", "score", "place"],
            [[s["seat"], s["score"], s["place"]] for s in board["seats"]],
        )
        verdict = "yes" if problem is None else "NO: " + problem
        say(f"winner: {', '.join(board['winners'])}; log verified: {verdict}")
    projections.catch_up()  # written from the matches in hand: reads after the demo never wait
    if json:
        print_json(results)
    failures = sum(not r["verified"] for r in results)
    if failures:
        raise fail(f"{failures} log(s) did not verify")
