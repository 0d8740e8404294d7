"""How strong and how varied each game's own bot is, over seeded bot matches (a benchmark, not a
test: it asserts nothing).

For every registered game with a bot, and every seat count it takes (up to five):

- self-play: every seat plays the bot; the win rate of each seat (a shared win is split, a match
  that everyone loses has no winner), the end reasons, and how often each kind of command is
  given per match;
- the bot against the previous bot: one seat (a different one each match) plays the bot, the
  others play the bot as of git revision PREVIOUS (its package files loaded from git into a
  temporary package and run on the current state; where that no longer works the comparison is
  skipped and the output says why);
- the bot against random play: one seat plays the bot, the others pick uniformly among their
  legal commands.

    python -m bench.bench_bots [--games onward-to-venus kosmonauts] [--matches 100]
        [--seats 3 4] [--budget 150] [--before]

With `--speed`, instead: the rules' own speed per game (decisions/s of whole 2-seat matches
played by random and by greedy bots, each decision a `decide` and a fold of its events) and the
search's (samples/s and playout decisions/s of domain/search.py's `evaluate`). With `--arena`,
instead: the search bot against the greedy bot in 2-seat matches per game (seats rotated), its
win rate with a 95% interval, at `--search-ms` per decision (domain/arena.py):

    python -m bench.bench_bots --speed [--games ...] [--seconds 5]
    python -m bench.bench_bots --arena [--games ...] [--matches 20] [--search-ms 300]

`--budget` caps the seconds spent per game (split evenly over its tables and seat counts); each
table shows how many matches it played. `--budget 0` plays all `--matches`. `--before` adds the
previous bot's own self-play table, to compare its seats' win rates with the new bot's.
"""

from __future__ import annotations

import argparse
import importlib
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
from rich.console import Console
from rich.table import Table

from domain.game import Command, HouseChance, IllegalMove, Rng, Rules, Seat
from domain.registry import all_games

PREVIOUS = "5525771"  # main when the bots of issue #15 item 7 were started
MAX_SEATS = 5
MAX_DECISIONS = 200_000
ROOT = Path(__file__).resolve().parent.parent

console = Console(highlight=False, width=150)

Player = Callable[[Any, Seat, random.Random], Command]
Seating = Callable[[int], tuple[list[Player], Seat | None]]  # match k -> players, the bot's seat


# --- the players --------------------------------------------------------------------------------


def random_player(rules: Rules[Any]) -> Player:
    def play(state: Any, seat: Seat, rng: random.Random) -> Command:
        return rng.choice(list(rules.legal(state, seat)))

    return play


@dataclass
class Previous:
    """The bot of a game as of git revision PREVIOUS, playing the current rules' states."""

    rules: Rules[Any]
    bot: Callable[[Any, Seat, random.Random], Any]
    decisions: int = 0
    fallbacks: int = 0
    first_error: str = ""

    def __call__(self, state: Any, seat: Seat, rng: random.Random) -> Command:
        self.decisions += 1
        try:
            old = self.bot(state, seat, rng)
            command: Command = self.rules.parse_command(msgspec.to_builtins(old))
            return command
        except Exception as exc:  # an older bot on a newer state: anything may break
            return self.fallback(state, seat, rng, exc)

    def fallback(self, state: Any, seat: Seat, rng: random.Random, exc: Exception) -> Command:
        """A random legal command in place of one the previous bot could not give."""
        self.fallbacks += 1
        self.first_error = self.first_error or f"{type(exc).__name__}: {exc}"[:160]
        return rng.choice(list(self.rules.legal(state, seat)))

    @property
    def failure_rate(self) -> float:
        return self.fallbacks / self.decisions if self.decisions else 0.0


def load_previous(rules: Rules[Any], folder: Path) -> Previous | str:
    """The bot of `rules`' package at PREVIOUS, or why it cannot be had."""
    package = rules.slug.replace("-", "_")
    listing = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", PREVIOUS, f"domain/{package}/"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if listing.returncode != 0 or not listing.stdout.strip():
        return f"no domain/{package}/ at {PREVIOUS} ({listing.stderr.strip() or 'empty'})"
    name = f"previous_{package}_{PREVIOUS}"
    target = folder / name
    for path in listing.stdout.split():
        shown = subprocess.run(["git", "show", f"{PREVIOUS}:{path}"], cwd=ROOT, capture_output=True)
        if shown.returncode != 0:
            return f"git show {PREVIOUS}:{path} failed"
        out = target / Path(path).relative_to(f"domain/{package}")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(shown.stdout)
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    try:
        module = importlib.import_module(name)
        bot = module.RULES.bot
    except Exception as exc:
        return f"its package no longer imports: {type(exc).__name__}: {exc}"[:200]
    if bot is None:
        return f"the game had no bot at {PREVIOUS}"
    return Previous(rules, bot)


def check_previous(rules: Rules[Any], previous: Previous, seats: int) -> str:
    """Empty if the previous bot decides on the current states of a short match, else why not."""
    probe = Previous(rules, previous.bot)
    play_match(rules, seats, 10_007, [probe] * seats)
    if probe.failure_rate > 0.02:
        return (
            f"the state changed incompatibly: {probe.failure_rate:.0%} of its decisions failed "
            f"({probe.first_error})"
        )
    return ""


# --- matches ----------------------------------------------------------------------------------


@dataclass
class Outcome:
    scores: tuple[int, ...]
    winners: tuple[Seat, ...]
    reason: str
    decisions: int
    kinds: Counter[str]


def play_match(rules: Rules[Any], seats: int, seed: int, players: list[Player]) -> Outcome:
    """One match, seat `s` played by `players[s]`; kinds counts the commands of every seat."""
    options = rules.options({})
    state = rules.fold(
        rules.initial(seats, options), rules.setup(seats, options, HouseChance(Rng(seed, 0)))
    )
    chooser = random.Random(seed)
    rngs = [random.Random(seed * 31 + s) for s in range(seats)]
    kinds: Counter[str] = Counter()
    step = 0
    while (result := rules.result(state)) is None:
        step += 1
        if step > MAX_DECISIONS:
            raise RuntimeError(f"{rules.slug} match with seed {seed} did not end")
        seat = chooser.choice(sorted(rules.to_move(state)))
        player = players[seat]
        command = player(state, seat, rngs[seat])
        try:
            events = rules.decide(state, seat, command, HouseChance(Rng(seed, step)))
        except IllegalMove as refused:
            if not isinstance(player, Previous):
                raise
            command = player.fallback(state, seat, rngs[seat], refused)
            events = rules.decide(state, seat, command, HouseChance(Rng(seed, step)))
        kinds[type(command).__name__] += 1
        state = rules.fold(state, events)
    return Outcome(result.scores, result.winners, result.reason, step, kinds)


@dataclass
class Tally:
    seats: int
    matches: int = 0
    seconds: float = 0.0
    wins: list[float] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    no_winner: int = 0
    hero_wins: float = 0.0  # the seat that played the bot (comparisons)
    hero_score: int = 0
    others_score: float = 0.0

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.seats
        self.scores = [0] * self.seats

    def add(self, outcome: Outcome, hero: Seat | None = None) -> None:
        self.matches += 1
        self.decisions += outcome.decisions
        self.reasons[outcome.reason] += 1
        self.kinds.update(outcome.kinds)
        if not outcome.winners:
            self.no_winner += 1
        for seat in outcome.winners:
            self.wins[seat] += 1 / len(outcome.winners)
        for seat, score in enumerate(outcome.scores):
            self.scores[seat] += score
        if hero is not None:
            if hero in outcome.winners:
                self.hero_wins += 1 / len(outcome.winners)
            self.hero_score += outcome.scores[hero]
            others = [s for s in range(self.seats) if s != hero]
            self.others_score += sum(outcome.scores[s] for s in others) / len(others)


def run_table(
    rules: Rules[Any],
    seats: int,
    matches: int,
    budget: float,
    players_for: Seating,
) -> Tally:
    """Up to `matches` matches (fewer once `budget` seconds are spent, but at least a few)."""
    tally = Tally(seats)
    started = time.perf_counter()
    for k in range(matches):
        if budget and k >= min(matches, 5) and time.perf_counter() - started > budget:
            break
        players, hero = players_for(k)
        tally.add(play_match(rules, seats, 1 + k, players), hero)
    tally.seconds = time.perf_counter() - started
    return tally


# --- tables -----------------------------------------------------------------------------------


def pct(part: float, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def self_play_table(title: str, tallies: list[Tally]) -> Table:
    table = Table(title=title, title_justify="left")
    for column in ("seats", "matches", *(f"seat {s}" for s in range(MAX_SEATS))):
        table.add_column(column, justify="right")
    for column in ("no winner", "end reasons", "decisions/match", "s/match"):
        table.add_column(column, justify="right" if column != "end reasons" else "left")
    for t in tallies:
        wins = [pct(t.wins[s], t.matches) if s < t.seats else "" for s in range(MAX_SEATS)]
        reasons = ", ".join(f"{r} {n}" for r, n in t.reasons.most_common())
        table.add_row(
            str(t.seats),
            str(t.matches),
            *wins,
            pct(t.no_winner, t.matches),
            reasons,
            f"{t.decisions / max(1, t.matches):.0f}",
            f"{t.seconds / max(1, t.matches):.2f}",
        )
    return table


def kinds_table(title: str, tallies: list[Tally]) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("command")
    for t in tallies:
        table.add_column(f"{t.seats} seats", justify="right")
    kinds = sorted(
        {k for t in tallies for k in t.kinds}, key=lambda k: -sum(t.kinds[k] for t in tallies)
    )
    for kind in kinds:
        table.add_row(kind, *(f"{t.kinds[kind] / max(1, t.matches):.1f}" for t in tallies))
    return table


def versus_table(title: str, tallies: list[Tally], notes: list[str]) -> Table:
    table = Table(title=title, title_justify="left")
    for column in (
        "seats",
        "matches",
        "bot wins",
        "fair share",
        "bot mean score",
        "others' mean score",
        "no winner",
        "s/match",
    ):
        table.add_column(column, justify="right")
    for t, note in zip(tallies, notes, strict=True):
        if note:
            table.add_row(str(t.seats), "-", note, "", "", "", "", "")
            continue
        table.add_row(
            str(t.seats),
            str(t.matches),
            pct(t.hero_wins, t.matches),
            f"{100 / t.seats:.0f}%",
            f"{t.hero_score / max(1, t.matches):.1f}",
            f"{t.others_score / max(1, t.matches):.1f}",
            pct(t.no_winner, t.matches),
            f"{t.seconds / max(1, t.matches):.2f}",
        )
    return table


# --- one game ---------------------------------------------------------------------------------


def bench_game(rules: Rules[Any], args: argparse.Namespace, folder: Path) -> None:
    bot = rules.bot
    assert bot is not None
    counts = [
        n
        for n in range(rules.min_seats, min(rules.max_seats, MAX_SEATS) + 1)
        if not args.seats or n in args.seats
    ]
    previous = load_previous(rules, folder)
    tables = 3 + (1 if args.before else 0)
    budget = args.budget / (tables * len(counts)) if args.budget else 0.0
    rand = random_player(rules)
    started = time.perf_counter()

    def hero(seats: int, others: Player) -> Seating:
        def players(k: int) -> tuple[list[Player], Seat | None]:
            seat = k % seats
            return [bot if s == seat else others for s in range(seats)], seat

        return players

    def everyone(seats: int, player: Player) -> Seating:
        return lambda k: ([player] * seats, None)

    own = [run_table(rules, n, args.matches, budget, everyone(n, bot)) for n in counts]
    console.print(self_play_table(f"{rules.name}: the bot against itself", own))
    console.print(kinds_table(f"{rules.name}: commands per match (self-play)", own))
    if isinstance(previous, str):
        console.print(f"{rules.name}: no comparison with the bot at {PREVIOUS}: {previous}")
    else:
        notes = [check_previous(rules, previous, n) for n in counts]
        old = [
            Tally(n) if note else run_table(rules, n, args.matches, budget, hero(n, previous))
            for n, note in zip(counts, notes, strict=True)
        ]
        console.print(
            versus_table(f"{rules.name}: the bot against the bot at {PREVIOUS}", old, notes)
        )
        if previous.fallbacks:
            console.print(
                f"  the previous bot's command was replaced by a random legal one "
                f"{previous.fallbacks} times of {previous.decisions} ({previous.first_error})"
            )
        if args.before and not any(notes):
            before = [
                run_table(rules, n, args.matches, budget, everyone(n, previous)) for n in counts
            ]
            console.print(
                self_play_table(f"{rules.name}: the bot at {PREVIOUS} against itself", before)
            )
    against_random = [run_table(rules, n, args.matches, budget, hero(n, rand)) for n in counts]
    console.print(
        versus_table(
            f"{rules.name}: the bot against random play", against_random, [""] * len(counts)
        )
    )
    console.print(f"{rules.name}: {time.perf_counter() - started:.0f} s\n")


# --- speed and arena (issue #30) ----------------------------------------------------------------


def rules_speed(rules: Rules[Any], smart: bool, seconds: float) -> tuple[float, int]:
    """Decisions/s of whole 2-seat matches (decide + fold), and how many decisions were timed."""
    from domain.bots import random_decision

    decisions = 0
    started = time.perf_counter()
    seed = 0
    while time.perf_counter() - started < seconds:
        seed += 1
        options = rules.options({})
        state = rules.fold(
            rules.initial(2, options), rules.setup(2, options, HouseChance(Rng(seed, 0)))
        )
        rng = random.Random(seed)
        step = 0
        while rules.result(state) is None:
            step += 1
            seat, command = random_decision(rules, state, rng, smart=smart)
            state = rules.fold(
                state, rules.decide(state, seat, command, HouseChance(Rng(seed, step)))
            )
        decisions += step
    return decisions / (time.perf_counter() - started), decisions


def search_speed(rules: Rules[Any], seconds: float) -> tuple[float, float]:
    """Search samples/s and playout decisions/s over the decisions of a greedy 2-seat match."""
    from domain.bots import random_decision
    from domain.search import Budget, evaluate

    budget = Budget(iterations=1, depth=20, width=4)
    options = rules.options({})
    state = rules.fold(rules.initial(2, options), rules.setup(2, options, HouseChance(Rng(7, 0))))
    rng = random.Random(7)
    samples = playouts = 0
    step = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds and rules.result(state) is None:
        step += 1
        seat, command = random_decision(rules, state, rng, smart=True)
        values = evaluate(rules, state, seat, None, budget, seed=step)
        samples += 1
        playouts += len(values)
        state = rules.fold(state, rules.decide(state, seat, command, HouseChance(Rng(7, step))))
    elapsed = time.perf_counter() - started
    return samples / elapsed, playouts * (budget.depth or 0) / elapsed


def bench_speed(games: list[Rules[Any]], seconds: float) -> None:
    table = Table(title="rules and search speed (2 seats)", title_justify="left")
    for column in ("game", "random dec/s", "greedy dec/s", "search samples/s", "playout dec/s"):
        table.add_column(column, justify="right" if column != "game" else "left")
    for rules in games:
        plain, _ = rules_speed(rules, False, seconds)
        greedy, _ = rules_speed(rules, True, seconds)
        samples, playout = search_speed(rules, seconds)
        table.add_row(
            rules.slug, f"{plain:.0f}", f"{greedy:.0f}", f"{samples:.1f}", f"{playout:.0f}"
        )
        console.print(
            f"{rules.slug}: random {plain:.0f} dec/s, greedy {greedy:.0f} dec/s, "
            f"search {samples:.1f} samples/s (width 4, depth 20), playouts {playout:.0f} dec/s"
        )
    console.print(table)


def bench_arena(
    games: list[Rules[Any]], matches: int, search_ms: float, depth: int, jobs: int = 1
) -> None:
    from domain.arena import play_arena
    from domain.search import Budget

    budget = Budget(ms=search_ms, depth=depth or None, width=4, clock="cpu")
    table = Table(
        title=f"search ({search_ms:.0f} CPU ms/decision, depth {depth or 'end'}) against greedy,"
        " 2 seats",
        title_justify="left",
    )
    columns = ("game", "matches", "search wins", "95% interval", "mean margin", "s/match")
    for column in (*columns, "CPU ms/decision (mean/p95/max)"):
        table.add_column(column, justify="right" if column != "game" else "left")
    for rules in games:
        started = time.perf_counter()
        search, _greedy = play_arena(
            rules, ["search", "greedy"], matches, 2, budget, seed=1, jobs=jobs
        )
        per_match = (time.perf_counter() - started) / max(1, matches)
        low, high = search.win_interval()
        cost = search.cost() or {}
        row = (
            rules.slug,
            str(matches),
            f"{search.win_rate:.0%}",
            f"{low:.0%}-{high:.0%}",
            f"{search.mean_margin:+.1f}",
            f"{per_match:.0f}",
            f"{cost.get('cpu_ms_mean', 0):.0f}/{cost.get('cpu_ms_p95', 0):.0f}"
            f"/{cost.get('cpu_ms_max', 0):.0f}",
        )
        console.print("  ".join(row))
        table.add_row(*row)
    console.print(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--speed", action="store_true", help="rules and search speed only")
    parser.add_argument("--arena", action="store_true", help="search against greedy only")
    parser.add_argument("--depth", type=int, default=20, help="playout depth (0: to the end)")
    parser.add_argument("--seconds", type=float, default=5, help="seconds per speed figure")
    parser.add_argument("--search-ms", type=float, default=300, help="search budget (arena)")
    parser.add_argument("--games", nargs="*", help="game slugs (default: every game with a bot)")
    parser.add_argument("--matches", type=int, default=100, help="matches per table and seat count")
    parser.add_argument("--seats", type=int, nargs="*", help="seat counts (default: all, up to 5)")
    parser.add_argument("--budget", type=float, default=150, help="seconds per game (0: no cap)")
    parser.add_argument("--before", action="store_true", help="also the previous bot's self-play")
    parser.add_argument("--jobs", type=int, default=1, help="arena matches at once (processes)")
    args = parser.parse_args()
    games = [r for r in all_games() if r.bot is not None]
    if args.games:
        known = {r.slug for r in all_games()}
        unknown = sorted(set(args.games) - known)
        if unknown:
            parser.error(f"unknown games {unknown} (known: {sorted(known)})")
        games = [r for r in games if r.slug in args.games]
    if args.speed:
        bench_speed(games, args.seconds)
        return
    if args.arena:
        bench_arena(games, args.matches, args.search_ms, args.depth, args.jobs)
        return
    with tempfile.TemporaryDirectory() as folder:
        for rules in games:
            bench_game(rules, args, Path(folder))


if __name__ == "__main__":
    main()
