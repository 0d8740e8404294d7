"""Each game's rules in our own words (`domain/<game>/reference.md`) and `starledger rules`."""

from __future__ import annotations

import json
import subprocess
import sys
import typing
from collections.abc import Callable
from typing import Any

import pytest

from domain.reference import parse, reference_for
from domain.registry import all_games

GAMES = [rules for rules in all_games() if rules.slug != "toy"]
COMMON_TOPICS = ("Overview", "Setup", "Round", "End", "Scoring", "Options")
ONE_LINE = 160


def kinds(rules: Any) -> list[str]:
    """The `type` of every command in a game's command union."""
    return [member.__struct_config__.tag for member in typing.get_args(rules.command_type)]


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: r.slug)
def test_every_move_kind_and_option_of_every_game_is_explained(rules: Any) -> None:
    reference = reference_for(rules.slug)
    for topic in COMMON_TOPICS:
        assert reference.topic(topic).text, f"{rules.slug}: no {topic}"
    for kind in kinds(rules):
        summary = reference.topic(kind).summary
        assert kind in reference.names, f"{rules.slug}: {kind} is not explained"
        assert 0 < len(summary) <= ONE_LINE, f"{rules.slug}: {kind}'s summary is not one line"
    options = reference.topic("Options").text
    for name in rules.option_names():
        assert f"- `{name}`: " in options, f"{rules.slug}: option {name} is not explained"
    assert len(set(n.casefold() for n in reference.names)) == len(reference.names)


def test_a_topic_is_named_in_any_case_or_by_a_unique_prefix() -> None:
    reference = parse(
        "g", "intro\n## Overview\nA game.\n\nMore.\n## SubmitOrders\nOrder.\n## Setup\nS"
    )
    assert reference.names == ("Overview", "SubmitOrders", "Setup")
    assert reference.topic("overview").summary == "A game."
    assert reference.topic("SUBM").text == "Order."
    with pytest.raises(Exception, match=r"NO_TOPIC.*several.*SubmitOrders, Setup"):
        reference.topic("s")
    with pytest.raises(Exception, match=r"NO_TOPIC.*'zz' is no topic"):
        reference.topic("zz")


def test_rules_without_a_topic_lists_the_topics_and_the_overview(cli: Callable[..., str]) -> None:
    out = cli("rules", "kosmonauts")
    assert out.startswith("topics: Overview, Setup, Round,")
    assert "RequestEvacuation" in out
    assert "## Overview\nA race around the Solar System" in out


def test_rules_shows_one_topic_wrapped_to_the_terminal(
    cli: Callable[..., str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    out = cli("rules", "kosmonauts", "requestevac")
    assert out.startswith("## RequestEvacuation\nInstead of flying this round")
    assert max(len(line) for line in out.splitlines()) <= 40
    assert "last body it landed on" in " ".join(out.split())


def test_rules_json(cli: Callable[..., str]) -> None:
    whole = json.loads(cli("rules", "delta-v", "--json"))
    assert whole["topic"] == "Overview" and "Scoring" in whole["topics"]
    one = json.loads(cli("rules", "delta-v", "bidup", "--json"))
    assert one["topic"] == "BidUp" and one["summary"] and "topics" not in one


def test_an_unknown_topic_or_game_is_one_line_naming_what_there_is(cli: Callable[..., str]) -> None:
    err = cli("rules", "kosmonauts", "warp", code=1)
    assert "NO_TOPIC" in err and "SubmitOrders" in err
    err = cli("rules", "chess", code=1)
    assert "UNKNOWN_GAME" in err and "kosmonauts" in err


def test_rules_imports_no_game_to_print_its_reference() -> None:
    code = (
        "import sys; from cli.app import main; sys.argv = ['starledger', 'rules', 'kosmonauts'];\n"
        "try: main()\nexcept SystemExit: pass\n"
        "print([m for m in sys.modules if m.startswith('domain.kosmonauts')])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "## Overview" in out.stdout
    assert out.stdout.rstrip().endswith("[]")


def test_moves_explains_each_kind_under_its_heading_and_json_is_unchanged(
    cli: Callable[..., str],
) -> None:
    made = cli("new", "kosmonauts", "--seat", "ann", "--seat", "ben", "--seed", "3", "--json")
    match = json.loads(made)["match"]
    lines = cli("moves", match, "--as", "ann").splitlines()
    heading = lines.index("PlacePlanet")
    assert lines[heading + 1].startswith("  Setup: put one of your body tokens on a space")
    listed = json.loads(cli("moves", match, "--as", "ann", "--json"))
    assert all(set(move) <= {"type", "body", "orbit_index", "hex"} for move in listed)
