"""A listing in the game's words (forms/menus.py): every whole move as its narration tells it,
every part of a kind picked part by part as the game's `part_text` tells it, no two entries of
a listing alike, and the short form kept beside the words for `play` and `--raw`."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.bots import random_decision
from domain.game import HouseChance, Rng, Rules
from domain.match import typed
from domain.registry import rules_for
from forms.menus import SHOW, MoveEntry, menu, plain

SEATS = ["ann", "ben"]
GAMES = ["delta-v", "duck-dealer", "kosmonauts", "onward-to-venus", "race-for-the-galaxy"]


def big_kinds(rules: Rules[Any], seeds: range) -> list[tuple[str, list[dict[str, Any]]]]:
    """(seat, its legal moves) wherever a seat has a kind of more than SHOW moves, along greedy
    2-seat matches: one place per kind."""
    found: dict[str, tuple[str, list[dict[str, Any]]]] = {}
    for seed in seeds:
        options = rules.options({})
        state = rules.fold(
            rules.initial(2, options), rules.setup(2, options, HouseChance(Rng(seed, 0)))
        )
        rng, step = random.Random(seed), 0
        while rules.result(state) is None and step < 3000:
            step += 1
            for seat in sorted(rules.to_move(state)):
                commands = plain(rules.legal(state, seat))
                for kind in {c["type"] for c in commands} - set(found):
                    if sum(c["type"] == kind for c in commands) > SHOW:
                        found[kind] = (SEATS[seat], commands)
            who, chosen = random_decision(rules, state, rng, smart=True)
            state = rules.fold(
                state, rules.decide(state, who, chosen, HouseChance(Rng(seed, step)))
            )
    return [found[kind] for kind in sorted(found)]


def steps_down(
    rules: Rules[Any], seat: str, commands: list[dict[str, Any]], kind: str
) -> list[list[MoveEntry]]:
    """The listings from a big kind down its first part at each step, to whole moves."""
    listings, parts = [], [kind]
    while True:
        shown = menu("m", seat, 1, commands, rules, SEATS, parts=parts)
        listings.append(shown.entries)
        steps = [e for e in shown.entries if e.parts is not None]
        if not steps:
            return listings
        parts = steps[-1].parts or []


@pytest.mark.parametrize("slug", GAMES)
def test_every_part_and_move_of_a_big_kind_is_told_in_words_and_no_two_alike(slug: str) -> None:
    rules = rules_for(slug)
    places = big_kinds(rules, range(2))
    assert places, f"{slug}: no kind of more than {SHOW} moves in two greedy matches"
    parts_in_words = 0
    for seat, commands in places:
        kinds = sorted(
            {c["type"] for c in commands if sum(d["type"] == c["type"] for d in commands) > SHOW}
        )
        for kind in kinds:
            for entries in steps_down(rules, seat, commands, kind):
                words = [e.words for e in entries]
                assert all(words) and len(set(words)) == len(words), (slug, kind, words)
                for entry in entries:
                    if entry.command is not None:  # a whole move: as the narration tells it
                        narrator = rules.narrator
                        assert narrator is not None
                        sentence = narrator.command_text(
                            typed(entry.command, rules.command_type), SEATS.index(seat), SEATS
                        )
                        assert entry.words.split(" (")[0] in sentence
                    parts_in_words += entry.parts is not None and entry.words != entry.text
    assert parts_in_words > 0  # parts in the game's words (`part_text`), not the short form


def test_entries_that_read_alike_carry_their_short_form() -> None:
    from forms.menus import _told_apart

    alike = [
        MoveEntry(number=1, kind="MoveGroup", text="P1.INF.1", words="ann's infantry"),
        MoveEntry(number=2, kind="MoveGroup", text="P1.INF.2", words="ann's infantry"),
        MoveEntry(number=3, kind="MoveGroup", text="P1.TANK.1", words="ann's tank"),
    ]
    assert [e.words for e in _told_apart(alike)] == [
        "ann's infantry (P1.INF.1)",
        "ann's infantry (P1.INF.2)",
        "ann's tank",
    ]
