"""What the narrators' tests share: bot matches to take every kind of event and decision from,
and what a sentence must look like."""

from __future__ import annotations

import re
import typing
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from cli.simulate import play_bot_match
from domain.match import Match

Played = tuple[list[Any], list[tuple[int, Any]], tuple[str, ...]]


def bot_matches(slug: str, seeds: range, seat_counts: int) -> list[Played]:
    """For each seed, a bot match of 2 to 1 + `seat_counts` seats (random and smart bots in
    turn): its game events, its decisions (seat, command) and its seat names."""
    out = []
    for seed in seeds:
        match = play_bot_match(slug, 2 + seed % seat_counts, seed, smart=seed % 2 == 0)
        events: list[Any] = []
        decisions: list[tuple[int, Any]] = []
        for stored in match.collect_events():
            if isinstance(stored, Match.Started | Match.Dealt):
                events += stored.opening
            elif isinstance(stored, Match.Decided):
                decisions.append((stored.seat, stored.command))
                events += stored.outcome
        out.append((events, decisions, tuple(match.seats)))
    return out


def check_sentence(text: str, code: re.Pattern[str]) -> None:
    """One line of words: no JSON, no field=value, no code the game's tables should have said
    in words (`code`), at most 200 characters."""
    assert text and text.strip() == text, repr(text)
    assert "\n" not in text and "{" not in text and "=" not in text, text
    assert "type" not in text, text
    assert not code.search(text), text
    assert len(text) <= 200, text


def told_by(
    narration: Any, events: Iterable[Any], decisions: Iterable[tuple[int, Any]], names: Any
) -> Iterator[tuple[Any, str]]:
    """Each event and each decision (seat, command) with the sentence `narration` tells it in."""
    for event in events:
        yield event, narration.event_text(event, names)
    for seat, command in decisions:
        yield command, narration.command_text(command, seat, names)


def assert_every_kind_told(
    told: Iterable[tuple[Any, str]], unions: Iterable[Any], check: Callable[[str], None]
) -> None:
    """Every sentence of `told` (a fact, or its type, with its sentence) passes `check`, and
    together they tell every event and command type the game's unions name."""
    covered: set[type] = set()
    for fact, sentence in told:
        check(sentence)
        covered.add(fact if isinstance(fact, type) else type(fact))
    every = {member for union in unions for member in typing.get_args(union)}
    assert covered == every, f"never told: {every - covered}; not the game's: {covered - every}"
