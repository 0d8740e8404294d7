"""The table record (records/table_record.py): any match written out as every decision and
chance outcome, and applied again through the rules as a match dealt by the table."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.bots import random_decision
from domain.match import Match, standing_events
from records.replays import dumps, export_lines, parse, verify_lines
from records.table_record import (
    TableRecordError,
    dumps_table,
    import_table,
    table_lines,
)
from store.ledger import Ledger
from tests.support.toy_game import Draw, Take

HEADER = {"format": "starledger-table/1", "game": "toy", "seats": ["ann", "ben"]}


def record(*lines: dict[str, Any], header: dict[str, Any] | None = None) -> str:
    return "".join(json.dumps(line) + "\n" for line in (header or HEADER, *lines))


def test_a_hand_written_record_becomes_an_ordinary_match() -> None:
    match = import_table(
        record(
            {"chance": "the 9 of stars"},
            {"seat": "ann", "play": "draw"},
            {"chance": 4},
            {"seat": "ben", "play": "Take n=3"},
            {"seat": "ann", "command": {"type": "Take", "n": 3}},
            {"seat": "ben", "play": "Draw"},
            {"chance": "the 7 OF STARS"},
        )
    )
    assert match.chance == "table" and match.state.hands == ((4,), (7,))
    assert match.state.pile == 6 and match.to_move == {0}
    ledger = Ledger("memory://")
    ledger.save(match)
    verdict = verify_lines(parse(dumps(export_lines(ledger.stored_events(match.id)))))
    assert verdict.ok and verdict.table


@pytest.mark.parametrize(
    ("lines", "named"),
    [
        ([{"chance": 8}], "line 2: the table: IMPOSSIBLE_OUTCOME: 8 cannot be the card turned up"),
        (
            [{"chance": 1}, {"seat": "ann", "play": "Draw"}, {"chance": 1}],
            "line 4: the table, for ann: Draw: IMPOSSIBLE_OUTCOME: 1 cannot be the card ann draws",
        ),
        (
            [{"chance": 1}, {"seat": "ben", "play": "Take n=1"}],
            "line 3: ben: Take n=1: NOT_YOUR_TURN: ben may not decide now (to move: ann)",
        ),
        ([{"chance": 1}, {"seat": "ann", "play": "Take n=9"}], "line 3: ann: Take n=9: BAD_TAKE"),
        ([{"chance": 1}, {"seat": "cat", "play": "Draw"}], "line 3: cat: UNKNOWN_SEAT"),
        ([{"chance": 1}, {"seat": "ann", "play": "Fly"}], "line 3: ann: BAD_COMMAND"),
        ([{"chance": 1}, {"seat": "ann", "play": "Take n='3"}], "line 3: ann: BAD_COMMAND"),
        (
            [{"chance": 1}, {"seat": "ann", "play": "Draw"}, {"seat": "ben", "play": "Draw"}],
            "line 3: ann: Draw: CHANCE_MISSING: the table gave too few outcomes for it; "
            "next it needs the card ann draws: one of the 8 in the pile",
        ),
        (
            [{"seat": "ann", "play": "Draw"}],
            "line 2: ann: Draw: AWAITING_CHANCE: the table has yet to give the card turned up",
        ),
        (
            [{"chance": 1}, {"seat": "ann", "play": "Take n=1"}, {"chance": 2}],
            "line 4: the table, for ann: Take n=1: IMPOSSIBLE_OUTCOME: the rules need no "
            "further chance here",
        ),
        ([{"chance": 1, "note": "x"}], "line 2: unknown field 'note'"),
        ([{"chance": 1}, {"play": "Draw"}], "line 3: a decision names its seat"),
    ],
)
def test_the_first_bad_line_is_named_with_its_seat_and_why(
    lines: list[dict[str, Any]], named: str
) -> None:
    with pytest.raises(TableRecordError) as caught:
        import_table(record(*lines))
    assert str(caught.value).startswith(f"BAD_TABLE_RECORD: {named}"), str(caught.value)


@pytest.mark.parametrize(
    ("header", "named"),
    [
        ({"format": "starledger-replay/2"}, "line 1: not a starledger-table/1 file"),
        ({**HEADER, "game": "chess"}, "line 1: UNKNOWN_GAME"),
        ({**HEADER, "seats": ["ann"]}, "line 1: BAD_SEATS"),
        ({**HEADER, "seats": "ann"}, "line 1: seats must be a list of names"),
        ({**HEADER, "options": {"pile": 0, "colour": 1}}, "line 1: BAD_OPTION"),
        ({**HEADER, "seed": 4}, "line 1: unknown field 'seed'"),
    ],
)
def test_a_bad_header_is_named(header: dict[str, Any], named: str) -> None:
    with pytest.raises(TableRecordError) as caught:
        import_table(record(header=header))
    assert str(caught.value).startswith(f"BAD_TABLE_RECORD: {named}"), str(caught.value)


def test_nothing_that_is_not_json_lines_is_read() -> None:
    with pytest.raises(TableRecordError) as caught:
        import_table(b"\xff\xfe")
    assert "line 1: not UTF-8" in str(caught.value)
    with pytest.raises(TableRecordError):
        import_table(record() + "[1]\n")


def played(ledger: Ledger, seed: int, *, table: bool, undo: bool) -> Match:
    """A toy match to its end by random seats; with `undo`, some decisions are taken back."""
    options = {"pile": "7", "chance_first": "true"}
    players = random.Random(seed)
    if table:
        match = ledger.new_match("toy", ["ann", "ben", "cat"], options, table=True)
        ledger.enter_chance(match.id, players.choice([1, 2, 3]))
        ledger.enter_chance(match.id, players.choice([0, 1, 2]))
    else:
        match = ledger.new_match("toy", ["ann", "ben", "cat"], options, seed)
    while (match := ledger.match(match.id)).result is None:
        if match.awaiting_chance:
            node = match.chance_node
            assert node is not None
            ledger.enter_chance(match.id, players.choice(node.outcomes))
            continue
        seat, command = random_decision(match.rules, match.state, players)
        ledger.play(match.id, match.seats[seat], command)
        after = ledger.match(match.id)
        if undo and players.random() < 0.3 and after.result is None and after.can_undo(seat):
            ledger.undo(match.id, match.seats[seat])
    return match


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.booleans())
def test_any_match_written_as_a_table_record_imports_to_the_same_game(
    seed: int, table: bool, undo: bool
) -> None:
    ledger = Ledger("memory://")
    match = played(ledger, seed, table=table, undo=undo)
    events = ledger.stored_events(match.id)
    text = dumps_table(table_lines(events))
    again = import_table(text)
    assert again.state == match.state and again.result == match.result
    ledger.save(again)
    assert standing_events(ledger.stored_events(again.id)) == standing_events(events)
    assert dumps_table(table_lines(ledger.stored_events(again.id))) == text
    verdict = verify_lines(parse(dumps(export_lines(ledger.stored_events(again.id)))))
    assert verdict.ok and verdict.table, verdict.describe()


def test_withdrawn_entries_are_not_in_the_record() -> None:
    ledger = Ledger("memory://")
    match = ledger.new_match("toy", ["ann", "ben"], {}, table=True)
    ledger.enter_chance(match.id, 5)
    ledger.withdraw_chance(match.id)
    ledger.enter_chance(match.id, 6)
    ledger.play(match.id, "ann", Draw())
    ledger.enter_chance(match.id, 1)
    ledger.withdraw_chance(match.id)  # the card: ann's Draw waits for it again
    ledger.withdraw_chance(match.id)  # ann's Draw itself
    ledger.play(match.id, "ann", Take(2))
    lines = table_lines(ledger.stored_events(match.id))
    assert lines[1:] == [{"chance": 6}, {"seat": "ann", "play": "Take n=2"}]


def test_a_record_of_a_match_waiting_for_the_table_ends_where_it_waits() -> None:
    ledger = Ledger("memory://")
    match = ledger.new_match("toy", ["ann", "ben"], {}, table=True)
    ledger.enter_chance(match.id, 5)
    ledger.play(match.id, "ann", Draw())
    lines = table_lines(ledger.stored_events(match.id))
    assert lines[-1] == {"seat": "ann", "play": "Draw"}
    again = import_table(dumps_table(lines))
    assert again.awaiting_chance and again.chance_node == ledger.match(match.id).chance_node


def test_an_outcome_nested_deep_is_refused_by_name_not_by_a_crash() -> None:
    deep = "[" * 900 + "]" * 900
    text = record() + '{"chance": ' + deep + "}\n"
    with pytest.raises(TableRecordError) as caught:
        import_table(text)
    assert str(caught.value).startswith("BAD_TABLE_RECORD: line 2: the table: IMPOSSIBLE_OUTCOME")
