"""typer's CliRunner, building the click command of an app once instead of on every invoke.

typer.testing.CliRunner.invoke calls typer.main.get_command(app) each time, which reads every
command's signature and type hints: with the whole app (`from cli.app import app`) that is most
of an in-process command's cost (~0.2 s). A built click command is reusable: every run gets its
own click context, as in any long-lived click program, and the callbacks are the same functions.
A real `starledger` process builds its command once per run anyway (cli/app.py's `main`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any
from unittest import mock

import typer
import typer.main
import typer.testing


@cache
def command_of(app: typer.Typer) -> Any:
    """The click command of `app`, built on its first use. An app gets no command after it is
    first run in a test (cli/app.py registers every command on import)."""
    return typer.main.get_command(app)


class CliRunner(typer.testing.CliRunner):
    def invoke(  # type: ignore[override]
        self, app: typer.Typer, args: str | Sequence[str] | None = None, **extra: Any
    ) -> typer.testing.Result:
        # typer.testing imports get_command under this name; a typer that renames it fails here
        # loudly (mock.patch.object refuses a missing attribute) instead of going slow quietly.
        with mock.patch.object(typer.testing, "_get_command", command_of):
            return super().invoke(app, args, **extra)
