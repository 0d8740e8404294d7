"""Starting and playing matches: games, new, moves, play, undo, redo."""

from __future__ import annotations

from typing import Annotated

import msgspec
import typer

from cli.base import (
    AsSeat,
    ExpectVersion,
    GameOptions,
    Json,
    MatchId,
    Store,
    app,
    names,
    open_ledger,
    parse_options,
    say_turn,
)
from cli.output import print_json, reports_errors, say, table
from domain.registry import all_games
from projections.match_log import describe, viewer_for


@app.command()
@reports_errors
def games(json: Json = False) -> None:
    """The games, their player counts and option names."""
    rows = [
        {
            "slug": rules.slug,
            "name": rules.name,
            "seats": f"{rules.min_seats}-{rules.max_seats}",
            "options": {name: rules.option_help.get(name, "") for name in rules.option_names()},
            "defaults": msgspec.to_builtins(rules.options()),
        }
        for rules in all_games()
    ]
    if json:
        print_json(rows)
        return
    table(
        "Games",
        ["game", "name", "seats", "options (default)"],
        [
            [r["slug"], r["name"], r["seats"],
             ", ".join(f"{k}={v}" for k, v in r["defaults"].items())]
            for r in rows
        ],
    )  # fmt: skip


@app.command()
@reports_errors
def new(
    game: Annotated[str, typer.Argument(help="Game slug (see `starledger games`).")],
    seat: Annotated[
        list[str], typer.Option("--seat", help="A seat name, in seating order; repeat.")
    ],
    seed: Annotated[
        int | None, typer.Option(help="Seed for every chance draw (random if not given).")
    ] = None,
    option: GameOptions = None,
    sealed_log: Annotated[
        bool, typer.Option("--sealed-log", help="Keep the full log sealed even after the end.")
    ] = False,
    store: Store = None,
    json: Json = False,
) -> None:
    """Start a match; prints its id."""
    ledger = open_ledger(store)
    match = ledger.new_match(game, seat, parse_options(option or []), seed, sealed_log=sealed_log)
    if json:
        print_json({"match": str(match.id), "version": match.version})
    else:
        say(str(match.id))


@app.command()
@reports_errors
def moves(match_id: MatchId, as_: AsSeat, store: Store = None, json: Json = False) -> None:
    """The legal commands of a seat now, each as the exact JSON `play` accepts."""
    match = open_ledger(store).match(match_id)
    seat = match.seat_of(as_)
    legal = list(match.rules.legal(match.state, seat)) if seat in match.to_move else []
    if json:
        print_json(legal)
        return
    for command in legal:
        say(msgspec.json.encode(command).decode())


@app.command()
@reports_errors
def play(
    match_id: MatchId,
    command: Annotated[
        str, typer.Argument(help='The command as JSON, e.g. \'{"type": "BuyRocket"}\'.')
    ],
    as_: AsSeat,
    expect_version: ExpectVersion = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Apply one decision; prints what happened as that seat sees it."""
    match, outcome = open_ledger(store).play(match_id, as_, command, expect_version)
    viewer = viewer_for(match.seats, as_)
    opened = match.result is not None and not match.sealed_log
    seen = [msgspec.to_builtins(e) for e in outcome if viewer.sees(e, opened)]
    if json:
        print_json(
            {"match": str(match.id), "version": match.version, "events": seen,
             "to_move": names(match, match.to_move)}
        )  # fmt: skip
        return
    for event in seen:
        say(describe(event, match.seats))
    say_turn(match)


def _undo_redo(
    kind: str, match_id: str, seat: str, expect: int | None, store: str | None, json: bool
) -> None:
    ledger = open_ledger(store)
    match, entry = (ledger.undo if kind == "undo" else ledger.redo)(match_id, seat, expect)
    if json:
        print_json(
            {"match": str(match.id), "version": match.version, "decision": entry.decision,
             "command": entry.command}
        )  # fmt: skip
        return
    verb = "undone" if kind == "undo" else "redone"
    say(f"{verb}: decision {entry.decision} {msgspec.json.encode(entry.command).decode()}")
    say_turn(match)


@app.command()
@reports_errors
def undo(
    match_id: MatchId, as_: AsSeat, expect_version: ExpectVersion = None, store: Store = None,
    json: Json = False,
) -> None:  # fmt: skip
    """Take back your own latest decision (if it revealed nothing and no one has decided since)."""
    _undo_redo("undo", match_id, as_, expect_version, store, json)


@app.command()
@reports_errors
def redo(
    match_id: MatchId, as_: AsSeat, expect_version: ExpectVersion = None, store: Store = None,
    json: Json = False,
) -> None:  # fmt: skip
    """Make your latest undone decision again (until a new decision is made)."""
    _undo_redo("redo", match_id, as_, expect_version, store, json)
