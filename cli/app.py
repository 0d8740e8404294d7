"""The starledger command line: the typer app, and the entry point that loads only what one run needs.

Every command module registers its commands on `cli.base.app` when imported. A process runs one
command, so `main` imports only the module of that command (`COMMANDS`) and builds the click
command of that one command: `starledger moves` never imports the bots, the replay tools, the
server or the progress bars. `import cli.app` (the tests, `app` below) still gets every command;
so does a run whose command is unknown, missing or being completed by the shell, so help, "no
such command" and completion list them all. `tests/cli/test_cli_startup.py` fails while
`COMMANDS` differs from what the modules register.
"""

from __future__ import annotations

import copy
import gc
import importlib
import os
import sys
from typing import Any

COMMAND_MODULES: tuple[str, ...] = (
    "cli.analyse_command",
    "cli.arena_command",
    "cli.bot_commands",
    "cli.games_command",
    "cli.play_commands",
    "cli.projection_commands",
    "cli.read_commands",
    "cli.replay_commands",
    "cli.rules_command",
    "cli.serve_command",
    "cli.token_commands",
)

COMMANDS: dict[str, str] = {
    "analyse": "cli.analyse_command",
    "arena": "cli.arena_command",
    "simulate": "cli.bot_commands",
    "demo": "cli.bot_commands",
    "games": "cli.games_command",
    "new": "cli.play_commands",
    "moves": "cli.play_commands",
    "play": "cli.play_commands",
    "undo": "cli.play_commands",
    "redo": "cli.play_commands",
    "contribute": "cli.play_commands",
    "deal": "cli.play_commands",
    "note": "cli.play_commands",
    "projections": "cli.projection_commands",
    "matches": "cli.read_commands",
    "show": "cli.read_commands",
    "log": "cli.read_commands",
    "score": "cli.read_commands",
    "leaderboard": "cli.read_commands",
    "follow": "cli.read_commands",
    "export": "cli.replay_commands",
    "import": "cli.replay_commands",
    "migrate": "cli.replay_commands",
    "replay": "cli.replay_commands",
    "verify": "cli.replay_commands",
    "record": "cli.replay_commands",
    "diff": "cli.replay_commands",
    "fork": "cli.replay_commands",
    "step": "cli.replay_commands",
    "rules": "cli.rules_command",
    "serve": "cli.serve_command",
    "token": "cli.token_commands",
}
"""Each command's name and the module that registers it."""

GLOBAL_OPTIONS_WITH_VALUES = frozenset({"--store", "--server", "--token", "--as"})
HOISTED = frozenset({"--server", "--token"})
"""The app's options that a command does not take itself: written after the command, they are
moved before it, so `starledger new ... --server URL` runs on that server (never locally)."""
"""Options of the app itself (before the command) that take the next word as their value."""


def command_named(argv: list[str]) -> str | None:
    """The command a command line asks for: its first word that is neither an option of the
    app nor such an option's value (None when there is none)."""
    words = iter(argv)
    for word in words:
        if word in GLOBAL_OPTIONS_WITH_VALUES:
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def hoisted(argv: list[str]) -> list[str]:
    """`argv` with `--server`/`--token` (and their values) given after the command moved before
    it; everything after a `--` stays where it is."""
    name = command_named(argv)
    if name is None:
        return argv
    at = argv.index(name)
    before, after, moved = argv[:at], [], []
    words = iter(argv[at:])
    for word in words:
        if word == "--":
            after += [word, *words]
            break
        option = word.split("=", 1)[0]
        if option in HOISTED:
            moved += [word] if "=" in word else [word, next(words, "")]
        else:
            after.append(word)
    return [*before, *moved, *after]


def load_all() -> Any:
    """The app with every command registered."""
    for module in COMMAND_MODULES:
        importlib.import_module(module)
    from cli.base import app

    return app


def app_for(name: str | None) -> Any:
    """The app with only command `name` (and its module's imports) when that is a command; every
    command otherwise, so help, suggestions and completion see them all."""
    module = COMMANDS.get(name or "")
    completing = any(key.endswith("_COMPLETE") for key in os.environ)
    if module is None or completing:
        return load_all()
    importlib.import_module(module)
    from typer.main import get_command_name

    from cli.base import app

    one = copy.copy(app)
    one.registered_commands = [
        info
        for info in app.registered_commands
        if (info.name or get_command_name(info.callback.__name__)) == name  # type: ignore[union-attr]
    ]
    one.registered_groups = [info for info in app.registered_groups if info.name == name]
    return one


def main() -> None:
    # No cyclic collection while a command's modules load (they leave no garbage cycles worth
    # a pause); then what they made is frozen out of every later collection, and it resumes.
    gc.disable()
    try:
        argv = hoisted(sys.argv[1:])
        app = app_for(command_named(argv))
    finally:
        gc.freeze()
        gc.enable()
    app(args=argv)


def __getattr__(attribute: str) -> Any:
    """`from cli.app import app`: the whole app (tests, documentation tools)."""
    if attribute == "app":
        return load_all()
    raise AttributeError(attribute)


__all__ = ["COMMANDS", "app_for", "command_named", "main"]
