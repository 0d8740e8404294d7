"""Every game dealt by a table (issue #24): a house match written out as a table record and
applied again through the rules is the same game, for random and bot play, every seat count and
option; and a game's whole record can be entered outcome by outcome at its chance nodes."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.simulate import SEAT_NAMES, play_bot_match
from domain.game import Rules
from domain.match import standing_events
from domain.registry import rules_for
from records.replays import dumps, export_lines, parse, verify_lines
from records.table_record import dumps_table, import_table, table_lines
from store.ledger import Ledger

# The games whose rules draw every outcome through domain/chance.py (issue #24, step 2).
TABLE_GAMES = ["delta-v", "duck-dealer", "kosmonauts", "onward-to-venus", "race-for-the-galaxy"]


def option_sets(rules: Rules[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Each boolean option of the game on or off (the others at their defaults)."""
    flags = [
        f.name
        for f in msgspec.structs.fields(rules.options_type)
        if f.type is bool or f.type == "bool"
    ]
    return st.fixed_dictionaries({}, optional={name: st.booleans() for name in flags})


@pytest.mark.parametrize("game", TABLE_GAMES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_house_match_as_a_table_record_is_the_same_game(game: str, data: st.DataObject) -> None:
    rules = rules_for(game)
    seats = data.draw(st.integers(rules.min_seats, min(rules.max_seats, len(SEAT_NAMES))))
    seed = data.draw(st.integers(0, 2**31), label="seed")
    options = data.draw(option_sets(rules), label="options")
    smart = data.draw(st.booleans(), label="smart")
    try:
        match = play_bot_match(game, seats, seed, options, undo_rate=0.1, smart=smart)
    except Exception as exc:  # an option this seat count does not take
        if getattr(exc, "code", None) == "OPTION_NOT_SUPPORTED":
            return
        raise
    ledger = Ledger("memory://")
    ledger.save(match)
    events = ledger.stored_events(match.id)
    text = dumps_table(table_lines(events))
    again = import_table(text)
    assert again.state == match.state
    assert again.result == match.result
    assert again.rules.score(again.state) == match.rules.score(match.state)
    ledger.save(again)
    stored = ledger.stored_events(again.id)
    assert standing_events(stored) == standing_events(events)
    verdict = verify_lines(parse(dumps(export_lines(stored))))
    assert verdict.ok and verdict.table, verdict.describe()
