"""How the command line speaks: JSON for machines, tables and text for humans, one-line errors.

Text that came from users (seat names, commands, notes, file contents) is printed through
`safe`, so a control character can neither rewrite the terminal nor forge a line of output.
"""

from __future__ import annotations

import functools
import os
import sys
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar

import msgspec
import typer
from eventsourcing.persistence import PersistenceError
from rich.console import Console
from rich.table import Table

from domain.errors import BadInput, StarledgerError, kind_of


class _Console(Console):
    def on_broken_pipe(self) -> None:
        """The reader went away: rich would exit 1; we end quietly with 0, as `git log | head`."""
        self.quiet = True
        _quiet_broken_pipe()
        raise typer.Exit(0)


console = _Console(highlight=False, soft_wrap=True)
errors = _Console(stderr=True, highlight=False, soft_wrap=True)

P = ParamSpec("P")
R = TypeVar("R")
MAX_ERROR = 300
INTERNAL_EXIT = 70  # EX_SOFTWARE: a bug, never the user's fault


class UserError(BadInput):
    """Bad input that is not the rules' business (a missing file, a bad option string)."""


def safe(text: str, *, keep_newlines: bool = True) -> str:
    """`text` with every control, format or bidirectional character shown as an escape."""
    out = []
    for ch in text:
        if ch == "\n" and keep_newlines:
            out.append(ch)
        elif unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") or not ch.isprintable():
            out.append(ascii(ch)[1:-1])
        else:
            out.append(ch)
    return "".join(out)


def print_json(data: Any) -> None:
    sys.stdout.write(msgspec.json.encode(msgspec.to_builtins(data)).decode() + "\n")


def fail(message: str, code: int = 1) -> typer.Exit:
    line = safe(message, keep_newlines=False)
    if len(line) > MAX_ERROR:
        line = line[: MAX_ERROR - 3] + "..."
    errors.print(f"error: {line}", markup=False)
    return typer.Exit(code)


def reports_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn every expected failure into one line on stderr and its exit code; never a traceback.

    `StarledgerError`s map through the one table in domain/errors.py; an unexpected exception is
    a bug and prints only its type (its text could hold anything, a hidden fact included).
    """

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            value = func(*args, **kwargs)
            sys.stdout.flush()  # a reader that went away is found here, not after we return
            return value
        except typer.Exit:
            raise
        except BrokenPipeError:
            _quiet_broken_pipe()
            raise typer.Exit(0) from None
        except StarledgerError as exc:
            raise fail(str(exc), kind_of(exc).exit_code) from None
        except OSError as exc:
            raise fail(f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": ")) from None
        except PersistenceError as exc:
            raise fail(f"STORE_ERROR: {exc}", 3) from None
        except Exception as exc:
            if os.environ.get("STARLEDGER_DEBUG"):
                raise
            raise fail(
                f"internal error ({type(exc).__name__}); STARLEDGER_DEBUG=1 shows the traceback",
                INTERNAL_EXIT,
            ) from None

    return wrapper


def _quiet_broken_pipe() -> None:
    """The reader went away (`starledger log | head`): stop quietly, as `git log | head` does."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass


def table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    grid = Table(title=safe(title, keep_newlines=False) if title else None, title_justify="left")
    for column in columns:
        grid.add_column(column, overflow="fold")
    for row in rows:
        grid.add_row(*(safe(str(cell), keep_newlines=False) for cell in row))
    console.print(grid)


def say(text: str) -> None:
    console.print(safe(text), markup=False)
