"""Random-bot matches played into a store: `simulate` and `demo`."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from cli.files import write_atomic
from domain.bots import random_decision
from domain.match import Match
from records.replays import dumps, export_lines
from store.ledger import Ledger

SEAT_NAMES = ("ann", "ben", "cat", "dan", "eve")
MAX_DECISIONS = 200_000


@dataclass
class Tally:
    matches: int = 0
    decisions: int = 0
    seconds: float = 0.0
    score_total: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)

    def add(self, match: Match) -> None:
        result = match.result
        assert result is not None
        self.matches += 1
        self.decisions += match.decisions
        self.score_total += sum(result.scores)
        for seat in result.winners:
            name = match.seats[seat]
            self.wins[name] = self.wins.get(name, 0) + 1 / len(result.winners)
        self.reasons[result.reason] = self.reasons.get(result.reason, 0) + 1

    def summary(self, seats: int) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "decisions": self.decisions,
            "mean_score": round(self.score_total / max(1, self.matches * seats), 2),
            "wins": {name: round(w, 2) for name, w in sorted(self.wins.items())},
            "end_reasons": dict(sorted(self.reasons.items())),
            "seconds": round(self.seconds, 3),
            "decisions_per_second": round(self.decisions / self.seconds, 1) if self.seconds else 0,
        }


def play_bot_match(
    game: str,
    seats: int,
    seed: int,
    options: dict[str, Any] | None = None,
    undo_rate: float = 0.0,
    smart: bool = False,
) -> Match:
    """A full match between random legal bots, in memory (not yet saved).

    With `undo_rate`, a bot that may undo its decision does so with that probability, and then
    either redoes it or decides afresh (so recorded games show undo and redo). With `smart`,
    seats play the game's own bot where it has one.
    """
    match = Match.start(game, list(SEAT_NAMES[:seats]), options, seed)
    rules = match.rules
    bots = random.Random(seed)
    steps = 0
    while match.result is None:
        steps += 1
        if steps >= MAX_DECISIONS:
            raise RuntimeError(f"{game} match with seed {seed} did not end")
        seat, command = random_decision(rules, match.state, bots, smart=smart)
        match.decide(seat, command)
        if (
            undo_rate
            and match.result is None
            and match.can_undo(seat)
            and bots.random() < undo_rate
        ):
            match.undo(seat)
            if bots.random() < 0.5:
                match.redo(seat)
    return match


def replay_name(match: Match) -> str:
    """`game-3p[-option...]-id8.jsonl`: options named where they differ from the defaults."""
    defaults = msgspec.to_builtins(match.rules.options())
    tags = [
        key if value is True else f"{key}={value}"
        for key, value in sorted(match.options.items())
        if defaults.get(key) != value
    ]
    return "-".join([match.game, f"{len(match.seats)}p", *tags, str(match.id)[:8]]) + ".jsonl"


def save_replay(ledger: Ledger, match: Match, out: Path, *, force: bool = False) -> Path:
    """The full replay file of a match, written atomically into `out`."""
    path = out / replay_name(match)
    write_atomic(path, dumps(export_lines(ledger.stored_events(match.id))), force=force)
    return path


def timed_bot_match(
    ledger: Ledger,
    game: str,
    seats: int,
    seed: int,
    options: dict[str, Any] | None,
    tally: Tally,
    smart: bool = False,
) -> Match:
    started = time.perf_counter()
    match = play_bot_match(game, seats, seed, options, smart=smart)
    ledger.save(match)
    tally.seconds += time.perf_counter() - started
    tally.add(match)
    return match
