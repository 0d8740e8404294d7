"""A stored match recorded under other rules of its game (an older build's: the chance rework
of issue #24 changed every game's events) is kept as it is and never misread: it can be neither
played nor read here, says so by name, and blocks nothing else in the store."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.errors import RulesRetired
from domain.registry import GAMES
from domain.viewer import Viewer
from projections.queries import Reader
from projections.runner import Projections
from projections.verification import verify_stored
from store.ledger import Ledger
from tests.support.toy_game import RULES, Draw, Take


@pytest.fixture
def store(tmp_path: Path) -> Iterator[tuple[str, str, str]]:
    """A store with a toy match recorded under rules version 1 (snapshots at every event) and
    another game's match, then a build whose toy rules are version 2."""
    url = f"sqlite:///{tmp_path}/old.db"
    ledger = Ledger(url, snapshot_interval=1)
    old = ledger.new_match("toy", ["ann", "ben"], {}, 3)
    ledger.play(old.id, "ann", Draw())
    ledger.play(old.id, "ben", Take(2))
    current = ledger.new_match("duck-dealer", ["ann", "ben"], {}, 4)
    GAMES["toy"] = dataclasses.replace(RULES, rules_version="2")
    try:
        yield url, str(old.id), str(current.id)
    finally:
        GAMES["toy"] = RULES


def test_an_old_match_is_named_not_misread(store: tuple[str, str, str]) -> None:
    url, old, _ = store
    ledger = Ledger(url, snapshot_interval=1)
    match = ledger.match(old)  # from its snapshot, or from its events: neither is folded
    assert match.retired and match.status == "retired" and match.to_move == frozenset()
    with pytest.raises(RulesRetired) as caught:
        ledger.play(old, "ann", Take(1))
    assert caught.value.code == "RULES_RETIRED"
    assert "recorded under Toy rules version 1; this build plays version 2" in caught.value.message
    for act in (ledger.undo, ledger.redo):
        with pytest.raises(RulesRetired):
            act(old, "ben")
    assert [type(e).__name__ for e in ledger.stored_events(old)] == [
        "Started", "Decided", "Decided",
    ]  # fmt: skip


def test_the_projections_go_on_and_the_reads_say_why(store: tuple[str, str, str]) -> None:
    url, old, current = store
    ledger = Ledger(url)
    projections = Projections(ledger)
    projections.rebuild()
    read = Reader(ledger, projections)
    assert read.summary(old).status == "retired"
    assert [row.match for row in read.rows(status="retired")] == [old]
    assert read.summary(current).status == "setting up"  # the rest of the store reads on
    assert read.view(current, Viewer()).version == 1
    for reading in (
        lambda: read.view(old, Viewer()),
        lambda: read.log(old, Viewer(referee=True)),
        lambda: read.export(old, Viewer(referee=True)),
    ):
        with pytest.raises(RulesRetired):
            reading()


def test_verify_says_which_rules_recorded_it_and_blames_no_one(
    store: tuple[str, str, str],
) -> None:
    url, old, current = store
    ledger = Ledger(url, snapshot_interval=1)
    projections = Projections(ledger)
    projections.catch_up()
    verdict = verify_stored(ledger, projections, old)
    assert not verdict.ok
    assert verdict.problem == (
        "recorded with rules version 1, this build plays 2: verify it with a build of that version"
    )
    assert verify_stored(ledger, projections, current).ok
