"""Replay files: export, verify, import; any edit, truncation or reordering is caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli.simulate import play_bot_match
from records.replays import ReplayError, dumps, export_lines, parse, rerun
from store.ledger import Ledger


def recorded(seed: int = 4) -> tuple[Ledger, str]:
    ledger = Ledger("memory://")
    match = ledger.new_match("toy", ["ann", "ben"], {"pile": "10"}, seed=seed)
    ledger.play(match.id, "ann", {"type": "Take", "n": 1})
    ledger.undo(match.id, "ann")
    ledger.redo(match.id, "ann")
    ledger.play(match.id, "ben", {"type": "Draw"})
    while (m := ledger.match(match.id)).result is None:
        ledger.play(match.id, m.seats[m.state.turn], {"type": "Take", "n": 1})
    return ledger, dumps(export_lines(ledger.stored_events(match.id)))


def test_export_verifies_and_reimports_identically() -> None:
    _, text = recorded()
    match = rerun(parse(text))
    elsewhere = Ledger("memory://")
    elsewhere.save(match)
    assert dumps(export_lines(elsewhere.stored_events(match.id))) == text
    kinds = [json.loads(line).get("kind") for line in text.splitlines()]
    assert {"Started", "Decided", "Undone", "Redone"} <= set(kinds)


def test_truncated_file_is_refused() -> None:
    _, text = recorded()
    lines = text.splitlines()
    with pytest.raises(ReplayError, match="truncated"):
        rerun(parse("\n".join(lines[:-1])))
    with pytest.raises(ReplayError):
        rerun(parse("\n".join(lines[:-2] + lines[-1:])))


def test_reordered_lines_are_refused() -> None:
    _, text = recorded()
    lines = text.splitlines()
    lines[2], lines[3] = lines[3], lines[2]
    with pytest.raises(ReplayError):
        rerun(parse("\n".join(lines)))


def test_a_forged_file_with_a_valid_chain_still_fails_the_rerun() -> None:
    _, text = recorded()
    lines = [json.loads(line) for line in text.splitlines()]
    decided = next(
        line
        for line in lines
        if line.get("kind") == "Decided" and line["command"]["type"] == "Draw"
    )
    decided["outcome"][1]["card"] += 1  # claim another card was drawn...
    from records.replays import seal

    previous = ""
    for index, line in enumerate(lines):  # ...and re-seal the whole chain: only the re-run can tell
        previous = seal(line, lines[0]["match"], index, previous)["hash"]
    with pytest.raises(ReplayError, match="outcome differs"):
        rerun(lines)


_, TOY_RECORDED = recorded()
DELTA_V_RECORDED = min(
    (Path(__file__).resolve().parents[2] / "replays").glob("delta-v-*.jsonl"),
    key=lambda path: path.stat().st_size,
).read_text()


@settings(max_examples=40, deadline=None)
@given(data=st.data(), text=st.sampled_from([TOY_RECORDED, DELTA_V_RECORDED]))
def test_any_single_edited_line_fails_verify(data: st.DataObject, text: str) -> None:
    lines = text.splitlines()
    index = data.draw(st.integers(0, len(lines) - 1))
    line = json.loads(lines[index])
    key = data.draw(st.sampled_from(sorted(line)))
    value = line[key]
    if isinstance(value, bool):
        line[key] = not value
    elif isinstance(value, int):
        line[key] = value + data.draw(st.integers(1, 5))
    elif isinstance(value, str):
        line[key] = value + "x"
    elif isinstance(value, list):
        line[key] = [*value, 0]
    elif isinstance(value, dict):
        line[key] = {**value, "edited": 1}
    else:
        line[key] = 1
    lines[index] = json.dumps(line)
    with pytest.raises(ReplayError) as caught:
        rerun(parse("\n".join(lines)))
    assert caught.value.line == index + 1


def test_bot_matches_replay() -> None:
    ledger = Ledger("memory://")
    for seed in range(5):
        match = play_bot_match("toy", 3, seed)
        ledger.save(match)
        assert (
            rerun(parse(dumps(export_lines(ledger.stored_events(match.id))))).state == match.state
        )
