"""`new --auto-forced` (issue #25): the platform plays a seat's only legal move for it, recorded
as that seat's decision and marked automatic; never when the seat had a choice, when the move is
sealed, or when that it is the only one hangs on something hidden; replays replay identically."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from domain.bots import random_decision
from domain.forced import knows_nothing_more
from domain.match import Match
from records.replays import export_lines, rerun, seal, verify_lines
from store.ledger import Ledger

GAMES = ("delta-v", "race-for-the-galaxy", "duck-dealer", "kosmonauts", "onward-to-venus")
SEEDS = {"delta-v": 3, "race-for-the-galaxy": 2, "duck-dealer": 2, "kosmonauts": 1,
         "onward-to-venus": 2}  # fmt: skip


def _random_match(game: str, seed: int, undo_rate: float = 0.0) -> Match:
    match = Match.start(game, ["ann", "ben"], None, seed, auto_forced=True)
    match.play_forced()
    rng = random.Random(seed)
    while match.result is None:
        seat, command = random_decision(match.rules, match.state, rng)
        match.decide(seat, command)
        match.play_forced()
        if match.result is None and match.can_undo(seat) and rng.random() < undo_rate:
            match.undo(seat)
            if rng.random() < 0.5:
                match.redo(seat)
                match.play_forced()
    return match


def _check_every_automatic_decision(match: Match) -> int:
    """Each automatic decision was its seat's one legal move, public, and told nothing hidden;
    returns how many there were."""
    events = list(match.pending_events)
    rules = match.rules
    automatic = 0
    for event in events:
        if isinstance(event, Match.Decided) and event.automatic:
            automatic += 1
            before = _state_before(events, event.originator_version)
            legal = list(rules.legal(before, event.seat))
            assert legal == [event.command], (event.originator_version, legal)
            assert event.command.visibility(event.seat).is_public
            assert type(event.command).forced_is_public or knows_nothing_more(
                rules, before, event.seat
            )
    return automatic


def _state_before(events: list[Any], version: int) -> Any:
    match = None
    for event in events:
        if event.originator_version >= version:
            break
        match = event.mutate(match)
    assert isinstance(match, Match)
    return match.state


@pytest.mark.parametrize("game", GAMES)
def test_random_play_makes_no_choice_for_a_seat_and_replays_identically(game: str) -> None:
    played = undone_forced = 0
    for seed in range(SEEDS[game]):
        match = _random_match(game, seed, undo_rate=0.2)
        played += _check_every_automatic_decision(match)
        ledger = Ledger("memory://")
        ledger.save(match)
        lines = export_lines(ledger.stored_events(match.id))
        assert lines[0]["auto_forced"] is True
        assert verify_lines(lines).ok, verify_lines(lines).problem
        # Stopping at every step, the same events come back, one line at a time.
        automatic = {line["version"] for line in lines if line.get("automatic")}
        undone = [line["version"] for line in lines
                  if line.get("kind") == "Undone" and line["decision"] in automatic]  # fmt: skip
        undone_forced += len(undone)
        steps = range(2, len(lines) - 1, max(1, (len(lines) - 2) // 7))
        for upto in sorted({*steps, *undone, *(v - 1 for v in undone)}):
            again = rerun(lines, upto=upto)
            assert again.version == upto
    if game in ("delta-v", "duck-dealer"):
        assert played  # these games meet forced moves whose being forced is public
    if game == "duck-dealer":
        assert undone_forced  # a seat's undo took a forced move back with its decision


def test_a_record_that_skips_or_invents_a_forced_move_does_not_verify() -> None:
    match = _random_match("duck-dealer", 0)
    ledger = Ledger("memory://")
    ledger.save(match)
    lines = export_lines(ledger.stored_events(match.id))
    automatic = next(line for line in lines if line.get("automatic"))
    chosen = next(line for line in lines if line.get("kind") == "Decided" and
                  not line.get("automatic"))  # fmt: skip

    def reseal(edit: dict[str, Any], key: str, value: Any) -> list[dict[str, Any]]:
        out = [dict(line) for line in lines]
        index = lines.index(edit)
        if value is None:
            del out[index][key]
        else:
            out[index][key] = value
        match_id = str(lines[0]["match"])
        previous = out[index - 1]["hash"]
        for i in range(index, len(out)):
            out[i] = seal({k: v for k, v in out[i].items() if k not in ("commitment", "hash")},
                          match_id, i, previous)  # fmt: skip
            previous = out[i]["hash"]
        return out

    skipped = verify_lines(reseal(automatic, "automatic", None))
    assert not skipped.ok
    invented = verify_lines(reseal(chosen, "automatic", True))
    assert not invented.ok


def test_old_records_without_the_flag_replay_as_before() -> None:
    for path in sorted(Path("replays").glob("*.jsonl"))[:3]:
        lines = [json.loads(line) for line in path.read_text().splitlines()]
        assert "auto_forced" not in lines[0]
        assert verify_lines(lines).ok


def test_undo_takes_back_the_forced_moves_after_the_decision() -> None:
    for seed in range(20):
        match = Match.start("duck-dealer", ["ann", "ben"], None, seed, auto_forced=True)
        match.play_forced()
        rng = random.Random(seed)
        while match.result is None:
            seat, command = random_decision(match.rules, match.state, rng)
            match.decide(seat, command)
            if match.play_forced() and match.can_undo(seat):
                version = match.version
                entry = match.undo(seat)
                undone = [e for e in match.pending_events if e.originator_version > version]
                assert len(undone) >= 2 and undone[-1].decision == entry.decision
                assert all(isinstance(e, Match.Undone) for e in undone)
                return
    pytest.fail("no decision followed by a forced move in 20 matches")


def test_the_cli_starts_an_auto_forced_match_and_tells_forced_moves(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    new = ["new", "duck-dealer", "--seat", "ann", "--seat", "ben", "--seed", "0"]
    made = json.loads(cli(*new, "--auto-forced", "--json"))
    match = made["match"]
    rng = random.Random(0)
    ledger = Ledger(f"sqlite:///{tmp_path}/cli.db")
    current = ledger.match(match)
    while current.result is None and current.decisions < 300:  # until a forced move is played
        seat, command = random_decision(current.rules, current.state, rng)
        before = current.version
        current, _ = ledger.play(match, current.seats[seat], command)
        if current.version > before + 1:
            break
    stored = ledger.stored_events(match)
    assert any(getattr(e, "automatic", False) for e in stored)
    told = cli("log", match)
    assert "(forced)" in told
    raw = cli("log", match, "--json")
    assert any(entry.get("automatic") for entry in json.loads(raw))
    refused = cli("new", "duck-dealer", "--seat", "ann", "--seat", "ben", "--table",
                  "--auto-forced", code=1)  # fmt: skip
    assert "BAD_OPTION" in refused
