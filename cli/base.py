"""The typer application object, the options every command shares, and small helpers."""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli.output import UserError, errors, print_json, say

if TYPE_CHECKING:  # imported where used: a command that needs none of them never loads them
    from api.client import Client
    from api.documents import Played
    from projections.queries import Reader
    from projections.runner import Projections
    from store.ledger import Ledger

app = typer.Typer(
    name="starledger",
    help="Record, replay, audit, undo and inspect board games, one immutable decision at a time.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish
    pretty_exceptions_enable=False,
)


def _print_version(asked: bool) -> None:
    if asked:
        from importlib.metadata import version

        typer.echo(f"starledger {version('starledger')}")
        raise typer.Exit(0)


@app.callback()
def _everywhere(
    store: Annotated[
        str | None,
        typer.Option(
            "--store",
            help="Store URL for the command that follows (also accepted after it).",
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version."
        ),
    ] = False,
    server: Annotated[
        str | None,
        typer.Option(
            "--server",
            envvar="STARLEDGER_SERVER",
            help="Play and read through a starledger server (moves, play, undo, redo, show, "
            "log, score, follow, export) instead of a local store.",
        ),
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(
            "--token", envvar="STARLEDGER_TOKEN", help="Your seat's (or the referee's) token."
        ),
    ] = None,
    as_: Annotated[
        str | None,
        typer.Option(
            "--as", help="Who you are for the command that follows (also accepted after it)."
        ),
    ] = None,
) -> None:
    """Record, replay, audit, undo and inspect board games, one immutable decision at a time."""
    # Set on every run (from the options or their variables), so one run never leaks into the next.
    _server[:] = [server, token]
    if as_ is not None:  # read by every command's own --as, parsed after this
        os.environ[AS_GIVEN] = as_
    else:
        os.environ.pop(AS_GIVEN, None)
    if store is not None:
        # Read by every command's own --store option (its environment variable), which is
        # parsed after this: `starledger --store URL matches` = `starledger matches --store URL`.
        os.environ["STARLEDGER_STORE"] = store


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
AS_GIVEN = "_STARLEDGER_AS"
"""Where `starledger --as SEAT COMMAND` leaves the seat for the command's own --as (set and
cleared on every run: no shell setting of it is read)."""
AsSeat = Annotated[
    str,
    typer.Option("--as", envvar=AS_GIVEN, show_envvar=False, help="The seat name given to `new`."),
]
AsViewer = Annotated[
    str | None,
    typer.Option(
        "--as", envvar=AS_GIVEN, show_envvar=False,
        help="A seat name, 'spectator' (the default) or 'referee' (everything).",
    ),
]  # fmt: skip
ExpectVersion = Annotated[
    int | None,
    typer.Option(
        "--expect-version", help="Refuse with a conflict unless the match is at this version."
    ),
]
GameOptions = Annotated[
    list[str] | None, typer.Option("--option", help="A game option KEY=VALUE; repeat.")
]


def open_ledger(store: str | None, *, create: bool = False) -> Ledger:
    """The store a command works on. Only a command that makes matches (`create`) may make a
    new SQLite file: any other refuses a file that is not there (a mistyped path), making none."""
    from cli.output import SEARCHED
    from store.urls import default_store_url, shown, sqlite_file

    if _server[0]:  # never the local store when a server was named
        raise UserError(
            "this command works on a store (--store), not through a server: drop --server"
        )
    url = store or default_store_url()
    SEARCHED.append(shown(url))
    path = sqlite_file(url)
    if path is not None and not create and not os.path.exists(path):
        from domain.errors import NotFound

        raise NotFound(f"no store at {path}; `new` (or `import`) creates one", code="NO_STORE")
    from store.ledger import Ledger

    return Ledger(url)


_server: list[str | None] = [None, None]
"""The server URL and token of this run (`--server`/`--token` or their variables)."""


def client(store: str | None, *, create: bool = False) -> Client:
    """Whom this run asks: the server `--server` names (its token says who you are), else the
    local store (`--store`; you are whoever `--as` names). Every command asks it the same way;
    with a server named, the local store is never touched. Only a command that makes matches
    (`create`) may make a new SQLite file."""
    from cli.output import SEARCHED

    url, token = _server
    if url:
        from api.remote import RemoteClient

        SEARCHED.append(f"server {url}")
        return RemoteClient(url, token)
    from api.local import LocalClient
    from api.trust import Owner
    from projections.queries import StoreReader

    ledger = open_ledger(store, create=create)
    return LocalClient(
        ledger, Owner(), reader=lambda: StoreReader(ledger, progress=CatchUpProgress())
    )


def on_server() -> bool:
    """Whether this run asks a server (`--server`)."""
    return bool(_server[0])


def reader(store: str | None) -> Reader:
    """The query layer over a store (its projections caught up on first use, with progress on
    stderr when that takes more than a second)."""
    from projections.queries import Reader

    return Reader(open_ledger(store), progress=CatchUpProgress())


def caught_up(store: str | None) -> tuple[Ledger, Projections]:
    """The ledger and its projections, brought up to date with the store."""
    from projections.runner import Projections

    ledger = open_ledger(store)
    projections = Projections(ledger)
    projections.catch_up(progress=CatchUpProgress())
    return ledger, projections


class CatchUpProgress:
    """A progress line on stderr for a catch-up that is still running after a second; stdout
    (what scripts read) never sees it."""

    def __init__(self, after: float = 1.0) -> None:
        self.started = time.monotonic()
        self.after = after
        self.bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if time.monotonic() - self.started < self.after or done >= total:
                return
            from rich.progress import Progress

            self.bar = Progress(console=errors(), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("catching up the projections", total=total)
        self.bar.update(self.task, completed=done)
        if done >= total:
            self.bar.stop()


def parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UserError(f"option {pair!r} is not KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


def report_played(played: Played, json: bool) -> None:
    """What a decision (or the table's entry) caused, as its maker may see it: JSON, or each
    event in words, then whose turn."""
    from domain.registry import rules_for
    from projections.match_log import describe

    if json:
        print_json(played)
        return
    rules = rules_for(played.game)
    for event in played.events:
        say(describe(event, played.seats, rules))
    say_turn(played.version, played.to_move, played.winners, played.reason)


def say_turn(
    version: int, to_move: list[str], winners: list[str], reason: str | None = None
) -> None:
    if winners or reason:
        say(f"version {version}; the match is over ({reason}); winner: {', '.join(winners)}")
    else:
        say(f"version {version}; to move: {', '.join(to_move) or 'no one'}")
