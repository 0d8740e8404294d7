"""The typer application object, the options every command shares, and small helpers."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from cli.output import UserError, say
from domain.match import Match
from projections.runner import Projections
from store.ledger import Ledger

app = typer.Typer(
    name="starledger",
    help="Record, replay, audit, undo and inspect board games, one immutable decision at a time.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

Store = Annotated[
    str | None,
    typer.Option(
        "--store",
        envvar="STARLEDGER_STORE",
        help="Store URL: sqlite:///path (default sqlite:///./starledger.db), memory://, "
        "postgresql://user@host/db or redis://host:port/db.",
    ),
]
Json = Annotated[bool, typer.Option("--json", help="Machine-readable JSON output.")]
MatchId = Annotated[
    str, typer.Argument(help="Match id (or a unique prefix of at least 4 characters).")
]
AsSeat = Annotated[str, typer.Option("--as", help="The seat name given to `new`.")]
AsViewer = Annotated[
    str | None,
    typer.Option("--as", help="A seat name, 'spectator' (the default) or 'referee' (everything)."),
]
ExpectVersion = Annotated[
    int | None,
    typer.Option(
        "--expect-version", help="Refuse with a conflict unless the match is at this version."
    ),
]
GameOptions = Annotated[
    list[str] | None, typer.Option("--option", help="A game option KEY=VALUE; repeat.")
]


def open_ledger(store: str | None) -> Ledger:
    return Ledger(store)


def caught_up(store: str | None) -> tuple[Ledger, Projections]:
    """The ledger and its projections, brought up to date with the store."""
    ledger = open_ledger(store)
    projections = Projections(ledger)
    projections.catch_up()
    return ledger, projections


def parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UserError(f"option {pair!r} is not KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


def names(match: Match, seats: frozenset[int] | tuple[int, ...]) -> list[str]:
    return [match.seats[s] for s in sorted(seats)]


def say_turn(match: Match) -> None:
    result = match.result
    if result is not None:
        winners = ", ".join(match.seats[s] for s in result.winners)
        say(f"version {match.version}; the match is over ({result.reason}); winner: {winners}")
    else:
        say(f"version {match.version}; to move: {', '.join(names(match, match.to_move))}")
