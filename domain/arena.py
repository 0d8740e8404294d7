"""The arena: bots against bots over seeded matches, seats rotated, tallied per bot.

    players: greedy (the game's own bot), random (uniform among the legal moves),
             search (domain/search.py's SearchBot with a budget)
    play_arena(rules, bots, matches, seats, budget, seed) -> list[BotTally]

Match k (seed `seed + k`) seats bot `bots[(s + k) % len(bots)]` at seat s, so every bot sits at
every seat in turn. Each seat a bot holds in a match counts once: its share of the win (1, 1/k
for a win shared by k seats, 0), and its margin (its score minus the best score of the others).
`BotTally` gives the win rate with its 95% Wilson interval and the mean margin with its 95%
interval (normal approximation), and for a search bot what its decisions cost: how many it
searched, samples a decision, and the deciding thread's CPU milliseconds a decision (mean, 95th
percentile, most). Pure: no store, no printing.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from domain.errors import BadInput
from domain.game import Command, HouseChance, Rng, Rules, Seat
from domain.search import Budget, SearchBot

Player = Callable[[Any, Seat, random.Random], Command]

BOT_NAMES: tuple[str, ...] = ("greedy", "random", "search")

MAX_DECISIONS = 200_000


def player(rules: Rules[Any], name: str, budget: Budget, seed: int) -> Player:
    """The bot called `name` (one of BOT_NAMES) for one seat of one match."""
    if name == "greedy":
        bot = rules.bot
        if bot is None:
            raise BadInput(f"{rules.name} has no greedy bot")
        return bot
    if name == "random":

        def uniform(state: Any, seat: Seat, rng: random.Random) -> Command:
            return rng.choice(list(rules.legal(state, seat)))

        return uniform
    if name == "search":
        return SearchBot(rules, budget, seed)
    raise BadInput(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})")


@dataclass
class BotTally:
    """One bot's record over the seats it held."""

    name: str
    seats: int = 0
    wins: float = 0.0
    margins: list[float] = field(default_factory=list)
    samples: int = 0
    spent: list[float] = field(default_factory=list)  # CPU seconds of each searched decision

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    def win_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        n = self.seats
        if not n:
            return (0.0, 1.0)
        z = 1.96
        p = self.win_rate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    @property
    def mean_margin(self) -> float:
        return sum(self.margins) / len(self.margins) if self.margins else 0.0

    def margin_interval(self) -> tuple[float, float]:
        """The mean margin's 95% interval (normal approximation)."""
        n = len(self.margins)
        if n < 2:
            return (self.mean_margin, self.mean_margin)
        mean = self.mean_margin
        sd = math.sqrt(sum((m - mean) ** 2 for m in self.margins) / (n - 1))
        half = 1.96 * sd / math.sqrt(n)
        return (mean - half, mean + half)

    def cost(self) -> dict[str, Any] | None:
        """What the searched decisions cost (None for a bot that never searched)."""
        if not self.spent:
            return None
        ms = sorted(1000 * s for s in self.spent)
        return {
            "searched": len(ms),
            "samples_per_decision": round(self.samples / len(ms), 2),
            "cpu_ms_mean": round(sum(ms) / len(ms), 1),
            "cpu_ms_p95": round(ms[min(len(ms) - 1, math.ceil(0.95 * len(ms)) - 1)], 1),
            "cpu_ms_max": round(ms[-1], 1),
        }

    def summary(self) -> dict[str, Any]:
        low, high = self.win_interval()
        m_low, m_high = self.margin_interval()
        return {
            "bot": self.name,
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "win_rate_95": [round(low, 4), round(high, 4)],
            "mean_margin": round(self.mean_margin, 3),
            "mean_margin_95": [round(m_low, 3), round(m_high, 3)],
            "search": self.cost(),
        }


def play_match(rules: Rules[Any], seats: int, seed: int, players: Sequence[Player]) -> Any:
    """One match, seat s played by `players[s]`; its Result."""
    options = rules.options({})
    state = rules.fold(
        rules.initial(seats, options), rules.setup(seats, options, HouseChance(Rng(seed, 0)))
    )
    chooser = random.Random(seed)
    rngs = [random.Random(seed * 31 + s) for s in range(seats)]
    step = 0
    while (result := rules.result(state)) is None:
        step += 1
        if step > MAX_DECISIONS:
            raise RuntimeError(f"{rules.slug} match with seed {seed} did not end")
        seat = chooser.choice(sorted(rules.to_move(state)))
        command = players[seat](state, seat, rngs[seat])
        state = rules.fold(state, rules.decide(state, seat, command, HouseChance(Rng(seed, step))))
    return result


@dataclass(frozen=True)
class Played:
    """One arena match as its tally needs it: who sat where, the result, and what each search
    bot's decisions cost."""

    names: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    samples: tuple[int, ...]  # per seat: samples its search bot played (0: not a search bot)
    spent: tuple[tuple[float, ...], ...]  # per seat: CPU seconds of each searched decision


def play_seeded(
    slug: str, bots: Sequence[str], k: int, seats: int, budget: Budget, seed: int
) -> Played:
    """`play_numbered` for the game named `slug`: a function of its arguments alone (each one
    pickled), so that matches may be played in other processes."""
    from domain.registry import rules_for

    return play_numbered(rules_for(slug), bots, k, seats, budget, seed)


def play_numbered(
    rules: Rules[Any], bots: Sequence[str], k: int, seats: int, budget: Budget, seed: int
) -> Played:
    """Match `k` of an arena: seed `seed + k`, seats rotated by `k`."""
    match_seed = seed + k
    names = tuple(bots[(s + k) % len(bots)] for s in range(seats))
    players = [player(rules, n, budget, match_seed * 31 + s) for s, n in enumerate(names)]
    result = play_match(rules, seats, match_seed, players)
    searchers = [p if isinstance(p, SearchBot) else None for p in players]
    return Played(
        names,
        tuple(result.scores),
        tuple(result.winners),
        tuple(0 if b is None else b.samples for b in searchers),
        tuple(() if b is None else tuple(b.spent) for b in searchers),
    )


def play_arena(
    rules: Rules[Any],
    bots: Sequence[str],
    matches: int,
    seats: int,
    budget: Budget,
    seed: int = 1,
    on_match: Callable[[int], None] | None = None,
    jobs: int = 1,
) -> list[BotTally]:
    """`matches` matches of `bots` (names, see BOT_NAMES) with seats rotated; a tally per bot.
    With `jobs` > 1 the matches are played in that many processes at once (the same matches,
    tallied in the same order: only the CPU time each decision took may differ)."""
    if not bots:
        raise BadInput("name at least one bot")
    if not rules.min_seats <= seats <= rules.max_seats:
        raise BadInput(f"{rules.name} takes {rules.min_seats}-{rules.max_seats} seats")
    if jobs < 1:
        raise BadInput("--jobs is at least 1")
    unique = list(dict.fromkeys(bots))
    tallies = {name: BotTally(name) for name in unique}
    for name in unique:
        player(rules, name, budget, 0)  # an unknown name is refused before any match
    if jobs == 1 or matches < 2 or (os.cpu_count() or 1) < 2:
        each: Iterator[Played] = (
            play_numbered(rules, bots, k, seats, budget, seed) for k in range(matches)
        )
    else:
        arguments = [(rules.slug, tuple(bots), k, seats, budget, seed) for k in range(matches)]
        each = _in_processes(arguments, jobs)
    for k, played in enumerate(each):
        for s, name in enumerate(played.names):
            tally = tallies[name]
            tally.seats += 1
            if s in played.winners:
                tally.wins += 1 / len(played.winners)
            others = [score for o, score in enumerate(played.scores) if o != s]
            tally.margins.append(float(played.scores[s] - max(others)) if others else 0.0)
            tally.samples += played.samples[s]
            tally.spent += played.spent[s]
        if on_match is not None:
            on_match(k)
    return [tallies[name] for name in unique]


def _in_processes(arguments: list[tuple[Any, ...]], jobs: int) -> Iterator[Played]:
    """Each match of `arguments` (`play_seeded`'s), in order, played in up to `jobs` fresh
    processes (one per CPU at most; spawned: a progress bar's thread is never forked)."""
    workers = min(jobs, len(arguments), os.cpu_count() or 1)  # more would only wait their turn
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        yield from pool.map(play_seeded, *zip(*arguments, strict=True))
