"""How the command line speaks: JSON for machines, tables and text for humans, one-line errors."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar

import msgspec
import typer
from eventsourcing.persistence import PersistenceError
from rich.console import Console
from rich.table import Table

from domain.game import IllegalMove
from domain.match import Conflict
from projections.replays import ReplayError
from projections.runner import UnknownProjection
from store.ledger import MatchNotFound
from store.urls import BadStoreURL

console = Console(highlight=False, soft_wrap=True)
errors = Console(stderr=True, highlight=False, soft_wrap=True)

P = ParamSpec("P")
R = TypeVar("R")


class UserError(Exception):
    """Bad input that is not the rules' business (a missing file, a bad option string)."""


def print_json(data: Any) -> None:
    sys.stdout.write(msgspec.json.encode(msgspec.to_builtins(data)).decode() + "\n")


def fail(message: str, code: int = 1) -> typer.Exit:
    errors.print(f"error: {message}", markup=False)
    return typer.Exit(code)


def reports_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn every expected failure into one line on stderr and exit code 1; never a traceback."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except typer.Exit:
            raise
        except IllegalMove as exc:
            raise fail(f"{exc.code}: {exc.message}") from None
        except Conflict as exc:
            raise fail(f"CONFLICT: {exc}") from None
        except ReplayError as exc:
            raise fail(f"replay {exc}") from None
        except (MatchNotFound, BadStoreURL, UserError, UnknownProjection) as exc:
            raise fail(str(exc)) from None
        except OSError as exc:
            raise fail(f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": ")) from None
        except PersistenceError as exc:
            raise fail(f"store error: {exc}") from None
        except Exception as exc:
            if os.environ.get("STARLEDGER_DEBUG"):
                raise
            raise fail(f"internal error ({type(exc).__name__}): {exc}") from None

    return wrapper


def table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    grid = Table(title=title, title_justify="left")
    for column in columns:
        grid.add_column(column, overflow="fold")
    for row in rows:
        grid.add_row(*(str(cell) for cell in row))
    console.print(grid)


def say(text: str) -> None:
    console.print(text, markup=False)
