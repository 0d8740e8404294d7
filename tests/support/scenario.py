"""The words every game's scenario tests share, whatever the game.

A scenario starts from a state (the real setup, or one built by hand with the game's own
helpers), then:

- `Scenario(RULES).play(state, seat, command, chance)`: `seat` decides `command` after the
  platform's turn check, as in a match; chance answers from `chance` (a `Chance`, or the outcomes
  a table would give, in the order the rules ask them); gives the new state and the events.
- `Scenario(RULES).refused(state, seat, command, code)`: the command, sent to a Match standing at
  `state` (so the platform's checks run before the game's own, as in play), is refused with
  `code`, and nothing changes; gives the refusal.
- `of_type(events, kind)` and `kinds(events)`: the events of one kind; the kinds, by name.

What every game must do (every match ends, replays, hides what it must) is proved once, for every
game, in tests/games/test_games.py; a game's own tests keep to its own rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Generic, TypeVar

import msgspec
import pytest

from cli.simulate import SEAT_NAMES
from domain.game import Chance, IllegalMove, Rules, Seat, TableChance
from domain.match import Match

S = TypeVar("S")


class Scenario(Generic[S]):
    """One game's rules, spoken in the shared words."""

    def __init__(self, rules: Rules[S]) -> None:
        self.rules = rules

    def play(
        self, state: S, seat: Seat, command: Any, chance: Chance | Sequence[Any] = ()
    ) -> tuple[S, list[Any]]:
        self.rules.check_turn(state, seat, command)  # what the platform checks before every game
        source = TableChance(chance) if isinstance(chance, list | tuple) else chance
        events = list(self.rules.decide(state, seat, command, source))
        return self.rules.fold(state, events), events

    def at(self, state: S, seed: int = 1) -> Match:
        """A Match standing at a hand-built `state`, one seat a score."""
        seats = list(SEAT_NAMES[: len(self.rules.score(state))])
        match = Match.start(self.rules.slug, seats, None, seed)
        match.state = state
        return match

    def refused(self, state: S, seat: Seat, command: Any, code: str) -> IllegalMove:
        before = msgspec.json.encode(state)
        with pytest.raises(IllegalMove) as caught:
            self.at(state).decide(seat, command)
        assert caught.value.code == code, caught.value
        assert msgspec.json.encode(state) == before
        return caught.value


def of_type(events: Iterable[Any], kind: type) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]


def kinds(events: Iterable[Any]) -> list[str]:
    return [type(event).__name__ for event in events]
