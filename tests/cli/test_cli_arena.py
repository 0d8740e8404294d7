"""`starledger arena`: bots against bots with seats rotated, per-bot wins, margins, intervals."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

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
    assert "win rate (95%)" in result.stdout
    assert result.stdout.count("┳") == 4  # five columns: nothing searched, no cost to show
    searched = runner.invoke(app, ["arena", "delta-v", "--matches", "1", *TINY])
    assert searched.exit_code == 0, searched.output
    assert searched.stdout.count("┳") == 6  # and the searched decisions, their CPU time


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
    jobs = runner.invoke(app, ["arena", "delta-v", "--jobs", "0"])
    assert jobs.exit_code != 0 and "--jobs" in jobs.stderr


def test_matches_played_in_several_processes_tally_as_in_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import domain.arena

    pools: list[int] = []

    class CountedPool(domain.arena.ProcessPoolExecutor):
        def __init__(self, max_workers: int, **kwargs: Any) -> None:
            pools.append(max_workers)
            super().__init__(max_workers, **kwargs)

    monkeypatch.setattr(domain.arena, "ProcessPoolExecutor", CountedPool)
    args = ["arena", "kosmonauts", "--bots", "search,greedy", "--matches", "3", *TINY, "--json"]
    alone = json.loads(runner.invoke(app, args).stdout)
    assert pools == []  # one job: played here
    together = runner.invoke(app, [*args, "--jobs", "2"])
    assert together.exit_code == 0, together.output
    assert pools == ([2] if (os.cpu_count() or 1) >= 2 else [])  # two processes played them
    shared = json.loads(together.stdout)
    for record in (alone, shared):  # the same matches and tally, all but their CPU time
        for key in ("cpu_ms_mean", "cpu_ms_p95", "cpu_ms_max"):
            del record["bots"][0]["search"][key]
    assert shared == alone
