"""A match dealt by a table (issue #24): chance nodes, outcomes given and refused, withdrawals,
and the same state as the house match whose outcomes the table gives."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chance import ImpossibleOutcome
from domain.game import IllegalMove
from domain.match import Match
from domain.registry import rules_for
from domain.viewer import Viewer
from records.replays import dumps, export_lines, parse, rerun, verify_lines
from store.ledger import Ledger
from tests.support.chance_replay import house_steps
from tests.support.toy_game import Draw, Drew, DrewCard, FirstSeat, Take, TurnedUp

ANN, BEN = 0, 1


def table_match(**options: Any) -> Match:
    return Match.start("toy", ["ann", "ben"], options, table=True)


def refused(code: str, action: Any, *args: Any) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        action(*args)
    assert caught.value.code == code
    return caught.value


def test_the_opening_waits_for_the_table_and_no_seat_may_decide() -> None:
    match = table_match()
    assert match.chance == "table" and match.seed == "" and match.seed_commitment == ""
    assert match.awaiting_chance and not match.dealt and match.to_move == frozenset()
    node = match.chance_node
    assert node is not None and node.kind == "draw"
    assert node.outcomes == (1, 2, 3, 4, 5, 6, 7, 9) and node.counts == (1,) * 6 + (2, 1)
    assert node.describe() == "the card turned up: one of the 9 in the pile"
    message = refused("AWAITING_CHANCE", match.decide, ANN, Take(1)).message
    assert message == "the match waits for the table to give a chance outcome"  # no more


def test_an_impossible_outcome_is_named_and_nothing_is_stored() -> None:
    match = table_match()
    version = match.version
    error = refused("IMPOSSIBLE_OUTCOME", match.enter_chance, 8)
    assert error.message.startswith("8 cannot be the card turned up")
    refused("IMPOSSIBLE_OUTCOME", match.enter_chance, "the 8 of stars")
    assert match.version == version and match.awaiting_chance


def test_an_outcome_may_be_given_by_its_name_in_any_letter_case() -> None:
    match = table_match()
    assert match.enter_chance("The 7 OF stars") == [TurnedUp(7)]


def test_a_record_gives_a_decisions_outcomes_at_once_and_names_the_impossible_one() -> None:
    match = table_match(chance_first=True)
    version = match.version
    with pytest.raises(ImpossibleOutcome) as caught:
        match.give_chance([7, 5])
    assert caught.value.index == 1 and match.version == version
    assert match.give_chance([7, 1]) == [TurnedUp(7), FirstSeat(BEN)]
    assert match.version == version + 1  # one Dealt, with both outcomes
    with pytest.raises(ImpossibleOutcome) as caught:
        match.decide(BEN, Draw(), [3, 4])
    assert caught.value.index == 1 and "too many" in caught.value.message
    assert match.decide(BEN, Draw(), [3]) == [Drew(BEN), DrewCard(BEN, 3)]
    assert match.collect_events()[-1].chance == [3]


def test_the_last_outcome_deals_the_opening() -> None:
    match = table_match(chance_first=True)
    assert match.enter_chance(7) == []
    assert match.awaiting_chance and match.chance_node is not None
    assert match.chance_node.describe() == "the first seat: one of 2"
    refused("IMPOSSIBLE_OUTCOME", match.enter_chance, 2)
    opening = match.enter_chance(1)
    assert opening == [TurnedUp(7), FirstSeat(BEN)]
    assert match.dealt and not match.awaiting_chance and match.to_move == {BEN}
    kinds = [type(event).__name__ for event in match.collect_events()]
    assert kinds == ["Started", "ChanceEntered", "Dealt"]


def test_a_decision_waits_at_its_chance_node_until_the_table_names_the_card() -> None:
    match = table_match()
    match.enter_chance(7)
    assert match.decide(ANN, Draw()) == []
    assert match.awaiting_chance and match.decisions == 0 and match.to_move == frozenset()
    node = match.chance_node
    assert node is not None and node.total == 8 and node.counts[-2:] == (1, 1)  # one 7 is up
    refused("AWAITING_CHANCE", match.decide, BEN, Take(1))
    events = match.enter_chance(7)
    assert DrewCard(ANN, 7) in events
    assert match.decisions == 1 and match.to_move == {BEN} and match.state.hands[ANN] == (7,)
    decided = match.collect_events()[-1]
    assert type(decided).__name__ == "Decided" and decided.chance == [7] and not decided.undoable
    match.decide(BEN, Draw())
    refused("IMPOSSIBLE_OUTCOME", match.enter_chance, 7)  # both 7s are out of the pile


def test_outcomes_are_refused_while_a_seat_is_to_move() -> None:
    match = table_match()
    match.enter_chance(1)
    error = refused("NOT_AWAITING_CHANCE", match.enter_chance, 2)
    assert "waiting for: ann" in error.message


def test_the_recorder_withdraws_its_latest_entries_one_by_one() -> None:
    match = table_match()
    match.enter_chance(5)
    before = match.state
    match.decide(ANN, Draw())
    match.enter_chance(3)
    assert match.state.hands[ANN] == (3,)
    match.withdraw_chance()  # the mistyped card: the decision waits for it again
    assert match.awaiting_chance and match.state == before and match.decisions == 0
    match.enter_chance(4)
    assert match.state.hands[ANN] == (4,) and match.decisions == 1
    match.withdraw_chance()
    match.withdraw_chance()  # now the decision that waited for it
    assert not match.awaiting_chance and match.to_move == {ANN} and match.state == before
    refused("NOTHING_TO_WITHDRAW", match.withdraw_chance)
    match.decide(ANN, Take(2))
    refused("NOTHING_TO_WITHDRAW", match.withdraw_chance)


def test_the_opening_can_be_withdrawn_too() -> None:
    match = table_match()
    match.enter_chance(5)
    match.withdraw_chance()
    assert not match.dealt and match.awaiting_chance and match.chance_node is not None
    assert match.chance_node.total == 9
    match.enter_chance(6)
    assert match.state.deck.count(6) == 0


def test_a_decision_without_chance_is_undone_by_its_seat_as_in_any_match() -> None:
    match = table_match()
    match.enter_chance(2)
    match.decide(ANN, Take(2))
    assert match.collect_events()[-1].chance == []
    match.undo(ANN)
    assert match.decisions == 0


def test_a_house_match_cannot_withdraw_nor_enter_chance() -> None:
    match = Match.start("toy", ["ann", "ben"], {}, 3)
    refused("NOT_A_TABLE_MATCH", match.withdraw_chance)
    refused("NOT_AWAITING_CHANCE", match.enter_chance, 1)
    with pytest.raises(IllegalMove) as caught:
        Match.start("toy", ["ann", "ben"], {}, 3, table=True)
    assert caught.value.code == "BAD_OPTION"


@pytest.mark.parametrize("snapshot_interval", [1, 50])
def test_a_stored_table_match_comes_back_where_it_waited(snapshot_interval: int) -> None:
    ledger = Ledger("memory://", snapshot_interval=snapshot_interval)
    match = table_match(chance_first=True)
    ledger.save(match)
    steps: list[Any] = [
        lambda m: m.enter_chance(9),
        lambda m: m.enter_chance(0),
        lambda m: m.decide(ANN, Draw()),
        lambda m: m.enter_chance(4),
        lambda m: m.withdraw_chance(),
        lambda m: m.enter_chance(1),
        lambda m: m.decide(BEN, Draw()),
    ]
    for step in steps:
        loaded = ledger.match(match.id)
        assert loaded.fold_digest() == match.fold_digest()
        step(match)
        ledger.save(match)
    again = ledger.match(match.id)
    assert again.fold_digest() == match.fold_digest()
    assert again.awaiting_chance and again.chance_node == match.chance_node


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4), st.booleans())
def test_a_table_given_a_house_match_outcomes_reaches_the_same_state(
    seed: int, seats: int, chance_first: bool
) -> None:
    rules = rules_for("toy")
    options = rules.options({"chance_first": chance_first, "pile": 9})
    steps = house_steps(rules, seats, options, seed)
    house = rules.fold(rules.initial(seats, options), [e for step in steps for e in step.events])
    names = ["ann", "ben", "cat", "dan"][:seats]
    table = Match.start("toy", names, {"chance_first": chance_first, "pile": 9}, table=True)
    for outcome in steps[0].outcomes:
        table.enter_chance(outcome)
    for step in steps[1:]:
        assert step.seat is not None and step.command is not None
        table.decide(step.seat, step.command)
        for outcome in step.outcomes:
            table.enter_chance(outcome)
        assert not table.awaiting_chance
    assert table.state == house and table.result == rules.result(house)


def recorded_table_match(ledger: Ledger) -> Match:
    """A whole toy match dealt by a table, with a withdrawn card on the way."""
    match = ledger.new_match(
        "toy", ["ann", "ben"], {"pile": "3", "chance_first": "true"}, table=True
    )
    ledger.enter_chance(match.id, 9)
    ledger.enter_chance(match.id, 0)
    ledger.play(match.id, "ann", Draw())
    ledger.enter_chance(match.id, 7)
    ledger.withdraw_chance(match.id)
    ledger.enter_chance(match.id, 2)
    ledger.play(match.id, "ben", Take(2))
    ledger.play(match.id, "ann", Draw())
    ledger.enter_chance(match.id, 7)
    ledger.play(match.id, "ben", Take(1))
    done = ledger.match(match.id)
    assert done.result is not None
    return done


def test_a_table_match_exports_verifies_and_says_who_dealt() -> None:
    ledger = Ledger("memory://")
    match = recorded_table_match(ledger)
    lines = export_lines(ledger.stored_events(match.id))
    assert lines[0]["chance"] == "table" and lines[0]["seed_commitment"] == ""
    kinds = [line.get("kind") for line in lines[1:-1]]
    assert kinds == [
        "Started", "ChanceEntered", "Dealt", "Awaited", "Decided", "Withdrawn", "Decided",
        "Decided", "Awaited", "Decided", "Decided",
    ]  # fmt: skip
    verdict = verify_lines(parse(dumps(lines)))
    assert verdict.ok and verdict.table and not verdict.partial
    assert "chance was given by the table" in verdict.describe()
    assert rerun(parse(dumps(lines))).state == match.state


def test_a_house_header_is_unchanged_by_table_matches() -> None:
    ledger = Ledger("memory://")
    house = ledger.new_match("toy", ["ann", "ben"], {}, 5)
    assert "chance" not in export_lines(ledger.stored_events(house.id))[0]


def test_what_the_table_gave_is_the_referees_until_the_record_opens() -> None:
    ledger = Ledger("memory://")
    match = ledger.new_match("toy", ["ann", "ben"], {"chance_first": "true"}, table=True)
    ledger.enter_chance(match.id, 4)
    ledger.enter_chance(match.id, 0)
    ledger.play(match.id, "ann", Draw())
    ledger.enter_chance(match.id, 6)  # ann's card: ben may not learn it
    events = ledger.stored_events(match.id)
    for viewer in (Viewer(seat=BEN), Viewer()):
        text = dumps(export_lines(events, viewer))
        assert '"chance":' not in text.replace('"chance":"table"', "")
        assert '"outcome":4' not in text  # the entered outcome is dropped from its line
        assert '"card":6' not in text
    assert '"card":6' in dumps(export_lines(events, Viewer(seat=ANN)))


@pytest.mark.parametrize(
    ("kind", "field", "forged"),
    [("ChanceEntered", "outcome", 3), ("Decided", "chance", [5])],
)
def test_an_edited_outcome_breaks_the_chain(kind: str, field: str, forged: Any) -> None:
    ledger = Ledger("memory://")
    match = recorded_table_match(ledger)
    lines = export_lines(ledger.stored_events(match.id))
    line = next(line for line in lines if line.get("kind") == kind and field in line)
    line[field] = forged
    verdict = verify_lines(parse(dumps(lines)))
    assert not verdict.ok and "commitment does not match" in str(verdict.problem)
