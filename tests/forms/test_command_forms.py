"""The short form of commands (`Kind field=value ...`, seats by name) and the move menu built on
it: every legal command of every game is written so that it reads back as itself, and the menu
reaches every legal move exactly once."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import IllegalMove
from domain.match import Match
from domain.registry import all_games, rules_for
from forms.command_forms import (
    command_text,
    command_usage,
    command_words,
    parse_command_words,
)
from forms.menus import END, SHOW, legal_commands, menu

SEATS = ["ann", "ben", "cat", "dan"]


def states(slug: str, seats: int, steps: int, seed: int) -> Iterator[tuple[Match, int]]:
    """(match, seat to move) along a random match of `slug`."""
    match = Match.start(slug, SEATS[:seats], {}, seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if match.result is not None:
            return
        seat = chooser.choice(sorted(match.to_move))
        yield match, seat
        match.decide(seat, chooser.choice(list(match.rules.legal(match.state, seat))))


GAMES = [r.slug for r in all_games() if r.slug != "toy"]


@pytest.mark.parametrize("slug", GAMES)
def test_every_legal_command_reads_back_from_its_short_form(slug: str) -> None:
    rules = rules_for(slug)
    kinds: set[str] = set()
    for match, seat in states(slug, rules.max_seats, 150, seed=3):
        for command in rules.legal(match.state, seat):
            words = command_words(command, rules, match.seats)
            assert match.parse_command(parse_command_words(words, rules, match.seats)) == command
            kinds.add(type(command).__name__)
    assert kinds


def test_the_short_form_names_seats_and_reads_them_back() -> None:
    rules = rules_for("delta-v")
    seats = ["ann", "ben"]
    steal = {"type": "ResolveAlienEncounter", "alien_to": None,
             "steal": {"victim": 1, "bribe_id": "1-ALP", "incident_id": None}}  # fmt: skip
    text = command_text(steal, rules, seats)
    assert text == "ResolveAlienEncounter alien_to=none steal=ben:1-ALP:none"
    assert parse_command_words(text.split(), rules, seats) == steal
    as_json = ["ResolveAlienEncounter", "alien_to=3:4", 'steal={"victim": "ben", "bribe_id": "X",'
               ' "incident_id": null}']  # fmt: skip
    parsed = parse_command_words(as_json, rules, seats)
    assert parsed["steal"]["victim"] == 1 and parsed["alien_to"] == [3, 4]
    moves = parse_command_words(["moverockets", "moves=0-r1:STATION,0-r2:3:4"], rules, seats)
    assert moves == {"type": "MoveRockets", "moves": [
        {"rocket_id": "0-r1", "to": "STATION"}, {"rocket_id": "0-r2", "to": [3, 4]}]}  # fmt: skip


def test_the_short_form_refuses_clearly() -> None:
    rules = rules_for("kosmonauts")
    seats = ["ann", "ben"]
    for words, says in [
        (["Fly"], "has no command 'Fly'"),
        (["SubmitOrders", "placements"], "as name=value"),
        (["SubmitOrders", "cubes=E:NORMAL"], "has no field 'cubes'"),
        (["SubmitOrders", "convert_shield=maybe"], "cannot read 'maybe' as true|false"),
        (["SubmitOrders", "convert_shield=no", "convert_shield=no"], "given twice"),
    ]:
        with pytest.raises(IllegalMove, match=says):
            parse_command_words(words, rules, seats)
    usage = command_usage(rules, "SubmitOrders")
    assert usage.startswith("SubmitOrders placements=<a list of (direction:cube)")


def walk(found: Any, rules: Any, seats: list[str], commands: list[dict[str, Any]],
         parts: list[str]) -> list[dict[str, Any]]:  # fmt: skip
    """Every whole move reachable from a menu position, picking every part in turn."""
    shown = menu("m", "ann", 1, commands, rules, seats, parts=parts)
    reached: list[dict[str, Any]] = []
    total = 0
    for entry in shown.entries:
        total += entry.count
        if entry.command is not None:
            reached.append(entry.command)
        else:
            assert entry.parts is not None and len(entry.parts) > len(parts)
            below = walk(found, rules, seats, commands, entry.parts)
            assert len(below) == entry.count
            reached += below
    assert total == shown.total
    return reached


@pytest.mark.parametrize("slug", ["kosmonauts", "race-for-the-galaxy", "delta-v"])
def test_the_menu_reaches_every_legal_move_exactly_once(slug: str) -> None:
    rules = rules_for(slug)
    biggest = 0
    for match, seat in states(slug, rules.min_seats, 120, seed=5):
        commands = legal_commands(match, match.seats[seat])
        reached = walk(None, rules, list(match.seats), commands, [])
        key = lambda c: msgspec.json.encode(c, order="deterministic")  # noqa: E731
        assert sorted(map(key, reached)) == sorted(map(key, commands))
        biggest = max(biggest, len(commands))
    assert biggest > SHOW  # the part-by-part path was walked


def test_a_menu_position_lists_its_next_parts_with_counts() -> None:
    rules = rules_for("kosmonauts")
    for match, seat in states("kosmonauts", 2, 200, seed=5):
        commands = [c for c in legal_commands(match, match.seats[seat])
                    if c["type"] == "SubmitOrders"]  # fmt: skip
        if len(commands) > SHOW:
            break
    else:
        pytest.fail("no orders phase reached")
    shown = menu("m", "ann", 1, commands, rules, list(match.seats), parts=["SubmitOrders"])
    assert shown.asking == "placements[1], a direction:cube or (no more)"
    assert END in [e.text for e in shown.entries]
    assert all(":" in e.text for e in shown.entries if e.text != END)
    assert sum(e.count for e in shown.entries) == len(commands)


FIELD_TEXT = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", "none", "[]", "{}", "[[[[", '"', "0:0:0:0", "ann", "-1", "1e9999",
                     str(2**64), ",,,", "::", "E:NORMAL,", '{"victim": "zed"}', "[1,2]"]),
)  # fmt: skip


@settings(max_examples=60)
@given(slug=st.sampled_from(GAMES), kind=st.integers(0, 40), data=st.data())
def test_hostile_short_forms_are_refused_cleanly(slug: str, kind: int, data: st.DataObject) -> None:
    """Whatever is typed, the short form either reads a value for the decoder to judge or is
    refused as BAD_COMMAND: never another exception."""
    from forms.command_forms import command_classes, command_fields

    rules = rules_for(slug)
    match = Match.start(slug, SEATS[: rules.min_seats], {}, 1)
    tags = list(command_classes(rules.command_type))
    tag = tags[kind % len(tags)]
    fields = [f.name for f in command_fields(command_classes(rules.command_type)[tag])]
    words = [data.draw(st.sampled_from([tag, tag.lower(), "Nope"]))]
    for name in data.draw(st.lists(st.sampled_from([*fields, "x"]), max_size=4)):
        words.append(f"{name}={data.draw(FIELD_TEXT)}")
    try:
        match.parse_command(parse_command_words(words, rules, match.seats))
    except IllegalMove as refused:
        assert refused.code in ("BAD_COMMAND", "MALFORMED_COMMAND")


def test_a_menu_of_many_equal_moves_lists_them() -> None:
    rules = rules_for("kosmonauts")
    same = [{"type": "DeclineLanding"}] * (SHOW + 5)
    shown = menu("m", "ann", 1, same, rules, ["ann", "ben"], parts=["DeclineLanding"])
    assert len(shown.entries) == SHOW + 5 and all(e.command for e in shown.entries)
