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
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import msgspec
import typer

from domain.errors import BadInput, NotFound, StarledgerError, StoreUnavailable, kind_of

if TYPE_CHECKING:
    from rich.console import Console


@functools.cache
def console() -> Console:
    """Rich output on stdout, for tables, colours and progress (made, and rich imported, on first
    use: a command that prints only lines never loads it)."""
    return _console(stderr=False)


@functools.cache
def errors() -> Console:
    """Rich output on stderr (progress bars that must stay out of what scripts read)."""
    return _console(stderr=True)


def _console(*, stderr: bool) -> Console:
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            """The reader went away: rich would exit 1; we end quietly with 0, as `git log |
            head`."""
            self.quiet = True
            _quiet_broken_pipe()
            raise typer.Exit(0)

    return _Console(stderr=stderr, highlight=False, soft_wrap=True, emoji=False)


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
    sys.stderr.write(f"error: {line}\n")
    sys.stderr.flush()
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
            raise fail(str(exc) + _where(exc), kind_of(exc).exit_code) from None
        except OSError as exc:
            raise fail(f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": ")) from None
        except Exception as exc:
            if _is_store_error(exc):
                unavailable = StoreUnavailable(str(exc))
                raise fail(str(unavailable), kind_of(unavailable).exit_code) from None
            if os.environ.get("STARLEDGER_DEBUG"):
                raise
            raise fail(
                f"internal error ({type(exc).__name__}); STARLEDGER_DEBUG=1 shows the traceback",
                INTERNAL_EXIT,
            ) from None

    return wrapper


SEARCHED: list[str] = []
"""The store (or server) this run opened last, as `NOT_FOUND` names it (no password)."""


def _where(exc: StarledgerError) -> str:
    """Where a thing that was not found was looked for: the store or the server of this run."""
    if not isinstance(exc, NotFound) or not SEARCHED:
        return ""
    return f" (in {SEARCHED[-1]})"


def _is_store_error(exc: Exception) -> bool:
    """A failure of the event store: eventsourcing's PersistenceError, or SQLite's own
    DatabaseError, which the library lets through untranslated where it sets up a connection (a
    store file that is not a database). A process that never imported either cannot have
    raised one."""
    persistence = sys.modules.get("eventsourcing.persistence")
    sqlite = sys.modules.get("sqlite3")
    return (persistence is not None and isinstance(exc, persistence.PersistenceError)) or (
        sqlite is not None and isinstance(exc, sqlite.DatabaseError)
    )


def _quiet_broken_pipe() -> None:
    """The reader went away (`starledger log | head`): stop quietly, as `git log | head` does."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass


def table(title: str | None, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    from rich.table import Table

    grid = Table(title=safe(title, keep_newlines=False) if title else None, title_justify="left")
    for column in columns:
        grid.add_column(column, overflow="fold")
    for row in rows:
        grid.add_row(*(safe(str(cell), keep_newlines=False) for cell in row))
    console().print(grid)


def colour_wanted() -> bool:
    """Whether stdout takes colours, as rich decides it: FORCE_COLOR says yes, NO_COLOR no,
    otherwise only a terminal (a pipe or a file gets plain text, and rich is not even loaded)."""
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") in ("dumb", "unknown"):
        return False
    return sys.stdout.isatty()


MAX_WIDTH = 100


def terminal_width() -> int:
    """The terminal's width (COLUMNS first; 80 when unknown), at most MAX_WIDTH: prose stays
    readable on a wide screen."""
    import shutil

    return max(20, min(MAX_WIDTH, shutil.get_terminal_size((80, 24)).columns))


def say(text: str) -> None:
    """One line (or a few) of plain text on stdout, with control characters shown as escapes."""
    sys.stdout.write(safe(text) + "\n")
