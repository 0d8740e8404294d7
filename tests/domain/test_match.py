"""The Match aggregate: decisions, conflicts, and the exact undo/redo rules of DESIGN.md."""

from __future__ import annotations

import pytest

from domain.game import IllegalMove
from domain.match import Match
from tests.support.toy_game import Draw, Take

ANN, BEN = 0, 1


def started(seed: int = 7, pile: int = 12) -> Match:
    return Match.start("toy", ["ann", "ben"], {"pile": str(pile)}, seed)


def test_start_records_the_opening_drawn_from_the_seed() -> None:
    a, b = started(seed=1), started(seed=1)
    assert a.opening == b.opening
    assert any(started(seed=other).opening != a.opening for other in range(2, 10))
    assert a.version == 1 and a.decisions == 0 and a.status == "setting up"


def test_seats_are_checked() -> None:
    with pytest.raises(IllegalMove) as caught:
        Match.start("toy", ["ann"], {}, 1)
    assert caught.value.code == "BAD_SEATS"
    with pytest.raises(IllegalMove):
        Match.start("toy", ["ann", "ann"], {}, 1)
    for reserved in ("referee", "spectator"):
        with pytest.raises(IllegalMove):
            Match.start("toy", ["ann", reserved], {}, 1)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(IllegalMove) as caught:
        Match.start("toy", ["ann", "ben"], {"colour": "red"}, 1)
    assert caught.value.code == "BAD_OPTION"


def test_a_refused_command_changes_nothing() -> None:
    match = started()
    with pytest.raises(IllegalMove) as caught:
        match.decide(BEN, Take(1))
    assert caught.value.code == "NOT_YOUR_TURN"
    with pytest.raises(IllegalMove):
        match.decide(ANN, Take(9))
    assert match.version == 1 and not match.pending_events[1:]


def test_undo_own_latest_public_decision_then_redo() -> None:
    match = started()
    before = match.state
    match.decide(ANN, Take(2))
    after = match.state
    entry = match.undo(ANN)
    assert entry.command == Take(2) and match.state == before and match.decisions == 0
    match.redo(ANN)
    assert match.state == after and match.decisions == 1


def test_cannot_undo_another_seats_decision() -> None:
    match = started()
    match.decide(ANN, Take(1))
    with pytest.raises(IllegalMove) as caught:
        match.undo(BEN)
    assert caught.value.code == "CANNOT_UNDO"


def test_cannot_undo_across_another_seats_decision() -> None:
    match = started()
    match.decide(ANN, Take(1))
    match.decide(BEN, Take(1))
    match.undo(BEN)
    with pytest.raises(IllegalMove):
        match.undo(ANN)


def test_cannot_undo_a_chance_outcome_or_a_private_reveal() -> None:
    match = started()
    match.decide(ANN, Draw())
    with pytest.raises(IllegalMove) as caught:
        match.undo(ANN)
    assert caught.value.code == "CANNOT_UNDO"


def test_redo_only_until_a_new_decision() -> None:
    match = started()
    match.decide(ANN, Take(1))
    match.undo(ANN)
    match.decide(ANN, Take(2))
    with pytest.raises(IllegalMove) as caught:
        match.redo(ANN)
    assert caught.value.code == "NOTHING_TO_REDO"


def test_redo_is_the_undoing_seats_own() -> None:
    match = started()
    match.decide(ANN, Take(1))
    match.undo(ANN)
    with pytest.raises(IllegalMove) as caught:
        match.redo(BEN)
    assert caught.value.code == "NOT_YOUR_DECISION"


def test_no_decision_after_the_end() -> None:
    match = started(pile=2)
    match.decide(ANN, Take(2))
    assert match.result is not None and match.status == "over" and not match.to_move
    with pytest.raises(IllegalMove) as caught:
        match.decide(BEN, Take(1))
    assert caught.value.code == "GAME_OVER"
    with pytest.raises(IllegalMove) as caught:
        match.undo(ANN)
    assert caught.value.code == "GAME_OVER"


def test_decision_n_draws_from_rng_seed_n() -> None:
    a, b = started(seed=3), started(seed=3)
    a.decide(ANN, Take(1))
    b.decide(ANN, Take(1))
    assert a.decide(BEN, Draw()) == b.decide(BEN, Draw())


def test_seats_are_written_by_name_in_commands() -> None:
    """Issue #14: a seat field may name the seat as people do; the game stores its index."""
    from domain.match import Match

    match = Match.start("duck-dealer", ["ann", "ben"], None, 1)
    trade = match.parse_command('{"type":"ProposeTrade","partner":"ben","give":[],"receive":[]}')
    assert trade == match.parse_command(
        '{"type":"ProposeTrade","partner":1,"give":[],"receive":[]}'
    )
    delta = Match.start("delta-v", ["ann", "ben"], None, 1)
    nested = delta.parse_command(
        {"type": "ResolveAlienEncounter", "alien_to": None,
         "steal": {"victim": "ben", "bribe_id": "1-ALP", "incident_id": None}}
    )  # fmt: skip
    assert nested.steal.victim == 1  # type: ignore[attr-defined]
