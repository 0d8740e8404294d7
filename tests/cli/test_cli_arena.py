"""`starledger arena`: bots against bots with seats rotated, per-bot wins, margins, intervals."""

from __future__ import annotations

import json

from cli.app import app
from tests.support.cli_runner import CliRunner

runner = CliRunner()
TINY = ["--iterations", "1", "--depth", "3", "--width", "2"]


def test_the_arena_tallies_every_bot_over_rotated_seats_as_json() -> None:
    args = ["arena", "race-for-the-galaxy", "--bots", "search,greedy", "--matches", "2", *TINY]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    bots = {b["bot"]: b for b in data["bots"]}
    assert set(bots) == {"search", "greedy"}
    assert all(b["seats"] == 2 for b in bots.values())  # each bot held each seat once
    assert sum(b["wins"] for b in bots.values()) == 2  # one win per match, ties split
    for b in bots.values():
        low, high = b["win_rate_95"]
        assert 0 <= low <= b["win_rate"] <= high <= 1
    assert bots["search"]["mean_margin"] == -bots["greedy"]["mean_margin"]
    cost = bots["search"]["search"]
    assert bots["greedy"]["search"] is None  # only a search bot's decisions have a cost
    assert cost["searched"] > 0 and cost["samples_per_decision"] == 1  # one iteration each
    assert (
        0 <= cost["cpu_ms_mean"] <= cost["cpu_ms_max"] and cost["cpu_ms_p95"] <= cost["cpu_ms_max"]
    )
    again = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    for record in (data, again):  # an iteration budget is deterministic, all but its CPU time
        for key in ("cpu_ms_mean", "cpu_ms_p95", "cpu_ms_max"):
            del record["bots"][0]["search"][key]
    assert again == data


def test_the_arena_prints_a_table_per_bot() -> None:
    args = ["arena", "kosmonauts", "--bots", "greedy,random", "--matches", "1", "--seats", "3"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "greedy" in result.stdout and "random" in result.stdout
    assert "95% interval" in result.stdout
    assert result.stdout.count("┳") == 6  # seven columns: nothing searched, no cost to show
    searched = runner.invoke(app, ["arena", "delta-v", "--matches", "1", *TINY])
    assert searched.exit_code == 0, searched.output
    assert searched.stdout.count("┳") == 8  # and the searched decisions, their CPU time


def test_an_unknown_bot_or_a_bad_seat_count_is_one_clear_error() -> None:
    unknown = runner.invoke(app, ["arena", "delta-v", "--bots", "search,oracle"])
    assert unknown.exit_code == 1
    assert "BAD_INPUT: unknown bot 'oracle'" in unknown.stderr
    seats = runner.invoke(app, ["arena", "delta-v", "--seats", "9"])
    assert seats.exit_code == 1 and "seats" in seats.stderr
    both = runner.invoke(app, ["arena", "delta-v", "--iterations", "2", "--budget-ms", "5"])
    assert both.exit_code == 1 and "not both" in both.stderr
    clock = runner.invoke(app, ["arena", "delta-v", "--budget-ms", "5", "--clock", "sundial"])
    assert clock.exit_code == 1 and "--clock is cpu or wall" in clock.stderr
