"""The command line loads only what one command needs (bench/bench_cli.py measures the time)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from cli.app import COMMAND_MODULES, COMMANDS, command_named


def registered() -> dict[str, str]:
    """Each registered command's name and the module that registers it (every module loaded)."""
    from typer.main import get_command_name

    from cli.app import load_all

    app = load_all()
    found = {
        info.name or get_command_name(info.callback.__name__): info.callback.__module__
        for info in app.registered_commands
    }
    for group in app.registered_groups:
        found[group.name] = group.typer_instance.registered_commands[0].callback.__module__
    return found


def test_the_command_table_names_every_command_and_its_module() -> None:
    found = registered()
    assert found == COMMANDS
    assert set(COMMAND_MODULES) == set(found.values())


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["moves", "abcd", "--as", "ann"], "moves"),
        (["--store", "memory://", "matches"], "matches"),
        (["--server", "http://x", "--token", "t", "play", "m", "1"], "play"),
        (["--store=memory://", "show", "m"], "show"),
        (["--version"], None),
        ([], None),
    ],
)
def test_the_command_is_the_first_word_that_is_no_option_of_the_app(
    argv: list[str], name: str | None
) -> None:
    assert command_named(argv) == name


def loaded_by(command: str) -> set[str]:
    """The modules a fresh interpreter holds after building the app for `command`."""
    code = textwrap.dedent(f"""
        import sys
        from cli.app import app_for
        from typer.main import get_command
        get_command(app_for({command!r}))
        print("\\n".join(sys.modules))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


@pytest.mark.parametrize("command", ["games", "rules", "show", "moves", "play"])
def test_a_command_loads_neither_other_commands_nor_heavy_libraries(command: str) -> None:
    loaded = loaded_by(command)
    for heavy in ("pydantic", "rich.progress", "textual", "litestar", "httpx", "uvicorn"):
        assert heavy not in loaded, f"`{command}` loads {heavy}"
    for module in ("cli.bot_commands", "cli.replay_commands", "cli.serve_command"):
        assert module not in loaded, f"`{command}` loads {module}"
    assert not {m for m in loaded if m.startswith("domain.") and m.count(".") >= 2}, (
        f"`{command}` imports a game before it knows which one"
    )


def test_games_imports_no_rules_and_no_event_store() -> None:
    loaded = loaded_by("games")
    assert "domain.match" not in loaded
    assert "eventsourcing.application" not in loaded
    assert "rich" not in loaded  # a table is drawn only when printed


def test_an_unknown_command_still_gets_every_command_to_suggest_from() -> None:
    out = subprocess.run(
        [sys.executable, "-c", "from cli.app import main; main()", "moevs"],
        capture_output=True,
        text=True,
    )
    assert out.returncode != 0
    assert "No such command" in out.stderr
    assert "moves" in out.stderr  # typer's "Did you mean"


def test_the_documents_and_the_projections_load_no_analysis() -> None:
    """`show`, `moves`, `play` and `log` read documents and projections: the analysis (its
    search and judging) is loaded only by what analyses."""
    code = "import sys, api.documents, projections.runner, projections.queries\n"
    code += "print('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "domain.analysis" not in set(out.stdout.split())
