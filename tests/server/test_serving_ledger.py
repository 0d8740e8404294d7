"""The server's Ledger keeps matches in memory between requests: what it answers is always what
folding the stored events gives, whoever stored them (another server process included), and a
refused or conflicting command leaves the kept match as it was."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from domain.errors import Conflict
from domain.game import IllegalMove
from server.service import ServingLedger
from store.ledger import Ledger


def _fresh(url: str, match_id: object) -> tuple[int, object]:
    folded = Ledger(url).match(str(match_id))
    return folded.version, folded.state


def _random_decision(ledger: Ledger, match_id: object, rng: random.Random) -> None:
    match = ledger.match(str(match_id))
    seat = rng.choice(sorted(match.to_move))
    command = rng.choice(list(match.rules.legal(match.state, seat)))
    ledger.play(match.id, match.seats[seat], command, match.version)


def test_two_server_processes_take_turns_and_each_answers_the_fold(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/two.db"
    first, second = ServingLedger(url), ServingLedger(url)
    match = first.new_match("race-for-the-galaxy", ["ann", "ben"], seed=3)
    rng = random.Random(3)
    for turn in range(40):
        _random_decision(first if turn % 3 else second, match.id, rng)
        for ledger in (first, second):
            kept = ledger.match(match.id)
            assert (kept.version, kept.state) == _fresh(url, match.id)


def test_the_match_just_stored_is_kept_as_it_is(tmp_path: Path) -> None:
    ledger = ServingLedger(f"sqlite:///{tmp_path}/kept.db")
    match = ledger.new_match("race-for-the-galaxy", ["ann", "ben"], seed=4)
    _random_decision(ledger, match.id, random.Random(4))
    kept = ledger.matches.get(match.id)
    assert kept is not None and kept.version == match.version + 1


def test_the_catch_up_and_the_commands_share_one_cache(tmp_path: Path) -> None:
    """A match a command stored is projected as it is kept (nothing folded again), and what a
    catch-up folds is what the next command starts from; no one changes a kept match."""
    from projections.runner import Projections

    url = f"sqlite:///{tmp_path}/shared.db"
    ledger = ServingLedger(url)
    match = ledger.new_match("race-for-the-galaxy", ["ann", "ben"], seed=8)
    _random_decision(ledger, match.id, random.Random(8))
    kept = ledger.matches.get(match.id)
    assert kept is not None
    projections = Projections(ledger)
    folded: list[object] = []
    advance = projections.cache.advance
    projections.cache.advance = lambda *a, **k: folded.append(advance(*a, **k)) or folded[-1]  # type: ignore[method-assign]
    projections.catch_up()
    assert folded[-1] is kept  # projected from the kept match itself
    other = Ledger(url)  # another process stores a decision: the catch-up folds it in
    _random_decision(other, match.id, random.Random(9))
    projections.catch_up()
    newer = ledger.matches.get(match.id)
    assert newer is not None and newer is not kept and newer.version == kept.version + 1
    assert (newer.version, newer.state) == _fresh(url, match.id)
    assert kept.version == newer.version - 1  # the kept one was copied, never changed
    assert ledger.match(match.id) is not newer  # a command gets a working copy


def test_a_refused_or_stale_command_leaves_the_kept_match_alone(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/refused.db"
    ledger = ServingLedger(url)
    match = ledger.new_match("delta-v", ["ann", "ben"], seed=5)
    before = ledger.match(match.id)
    seat = sorted(before.to_move)[0]
    with pytest.raises(IllegalMove):
        ledger.play(match.id, before.seats[seat], {"type": "PlayPirateAttack", "incident_id": "X"})
    with pytest.raises(Conflict):
        command = next(iter(before.rules.legal(before.state, seat)))
        ledger.play(match.id, before.seats[seat], command, before.version - 1)
    after = ledger.match(match.id)
    assert (after.version, after.state) == (before.version, before.state)
    assert (after.version, after.state) == _fresh(url, match.id)


def test_threads_racing_on_one_match_store_each_version_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/race.db"
    ledger = ServingLedger(url)
    match = ledger.new_match("race-for-the-galaxy", ["ann", "ben"], seed=6)
    stored: list[int] = []
    lock = threading.Lock()

    def player(index: int) -> None:
        rng = random.Random(index)
        for _ in range(15):
            try:
                _random_decision(ledger, match.id, rng)
            except Conflict:
                continue
            with lock:
                stored.append(1)

    threads = [threading.Thread(target=player, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    kept = ledger.match(match.id)
    assert kept.version == match.version + len(stored)
    assert (kept.version, kept.state) == _fresh(url, match.id)
