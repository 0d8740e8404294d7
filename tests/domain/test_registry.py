"""The registry imports only the game in use, a game's bot only when it is asked for, and lists
every game from its catalogue without importing any."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from domain.errors import IllegalMove
from domain.registry import (
    CATALOGUE,
    GAME_PACKAGES,
    all_games,
    catalogue,
    current_catalogue,
    rules_for,
)

ROOT = Path(__file__).resolve().parents[2]


def modules_after(code: str) -> list[str]:
    """The `domain` modules a fresh interpreter has imported after running `code`."""
    probe = (
        f"{code}\nimport json, sys\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('domain'))))"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, env=env, check=True
    )
    return list(json.loads(done.stdout.splitlines()[-1]))


def games_in(modules: list[str]) -> set[str]:
    return {package for package in GAME_PACKAGES if package in modules}


def test_the_catalogue_file_says_what_the_games_say() -> None:
    assert CATALOGUE.read_bytes() == current_catalogue(), (
        "domain/catalogue.json is out of date: run `python -m domain.registry`"
    )


def test_listing_the_games_imports_none_of_them() -> None:
    # when a fresh process lists every game
    modules = modules_after("from domain.registry import catalogue; catalogue()")
    # then no game's package was imported
    assert games_in(modules) == set()


def test_a_games_rules_import_that_game_only_and_not_its_bot() -> None:
    # when a fresh process asks for one game's rules
    modules = modules_after("from domain.registry import rules_for; rules_for('kosmonauts')")
    # then that game's package is imported, no other, and not its bot
    assert games_in(modules) == {"domain.kosmonauts"}
    assert not any(".bot" in module for module in modules)


def test_a_bot_is_imported_when_first_asked_for() -> None:
    # when a fresh process asks for a game's bot
    modules = modules_after(
        "from domain.registry import rules_for\n"
        "import domain.delta_v.bot as module\n"
        "assert rules_for('delta-v').bot is module.bot"
    )
    # then it is the function of the game's bot module
    assert "domain.delta_v.bot" in modules


def test_every_game_has_a_bot_behind_its_name() -> None:
    for package in GAME_PACKAGES:
        rules = importlib.import_module(package).RULES
        assert callable(rules.bot), rules.slug


def test_the_catalogue_lists_every_game_and_any_registered_besides() -> None:
    listed = {info.slug: info for info in catalogue()}
    assert {rules.slug for rules in all_games()} <= set(listed)
    assert "toy" in listed  # registered by the test suite's conftest
    delta_v = listed["delta-v"]
    rules = rules_for("delta-v")
    assert (delta_v.name, delta_v.min_seats, delta_v.max_seats) == (
        rules.name,
        rules.min_seats,
        rules.max_seats,
    )
    assert list(delta_v.defaults) == list(rules.option_names())


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(IllegalMove) as refused:
        rules_for("chess")
    assert refused.value.code == "UNKNOWN_GAME"
    assert "delta-v" in str(refused.value)
