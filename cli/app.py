"""The starledger command line: the typer app with every command registered."""

from __future__ import annotations

from cli import (  # noqa: F401  (each module registers its commands on the app)
    bot_commands,
    play_commands,
    projection_commands,
    read_commands,
    replay_commands,
    serve_command,
)
from cli.base import app


def main() -> None:
    app()


__all__ = ["app", "main"]
