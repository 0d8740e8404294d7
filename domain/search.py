"""Search: how good each move of a seat is, judged from what that seat may know, and a bot that
plays the best one (information-set Monte Carlo search with determinized samples).

A seat to move does not know the whole state: other hands, face-down tiles, other seats' sealed
choices. The search never looks at them. Each sample is a full state consistent with what the
seat knows, made by the game's `determinize(state, seat, rng)` (in `domain/<game>/determinize.py`):
it keeps every fact the seat may see and draws every hidden one afresh (unseen cards from the
multiset of cards that seat has not seen, dealt back to the places that hide them; other seats'
sealed choices taken back, so that they choose again in the playout; unseen chance is left to
the house, which draws it uniformly as it would deal it). Each candidate move is then played on
the same sample and the match played on by the games' own greedy bots (`Rules.bot`, whoever is to
move, `domain.bots.random_decision(..., smart=True)`), with the same chance for every candidate
(common random numbers: the candidates are compared on equal luck). A playout ends at the end of
the match, or after `Budget.depth` decisions, where the public scores judge it.

The evaluator (what the analysis of a replay builds on):

    evaluate(rules, state, seat, candidates=None, budget=Budget(iterations=8), seed=0)
        -> list[MoveValue]      one per candidate, in the candidates' order

`state` may be the referee's state: it is read only through `determinize(state, seat, rng)`,
`rules.legal(state, seat)` (the moves the seat is offered) and `rules.view(state, seat)` (to seed
a decision), each of which depends on what the seat may see alone (tests/domain/test_search.py:
two states that differ only in facts hidden from the seat are valued alike, sample for sample).
`candidates` defaults to `candidates(rules, state, seat, rng, width)`: every legal move when
there are at most `width`, else the greedy bot's picks and a sample of the rest (progressive
widening by pruning). Give a played move among them to value it beside the best.

A `MoveValue` holds the command, `win_rate` (the mean over samples of 1 for a win, 1/k for a win
shared by k seats, 0 else; at a playout cut short by `depth`, the seats that lead on score count
as winning), `margin` (the mean of the seat's score minus the best score of the other seats) and
`samples`. `best(values)` ranks by win rate, then margin, then the candidates' order.

`Budget(iterations=N)` plays N samples of every candidate and is deterministic for a seed;
`Budget(ms=X)` plays whole samples until X milliseconds are spent (at least one; the figures then
depend on the machine's speed), on the wall or, with `clock="cpu"`, of the deciding thread's CPU
time (then a busy machine does not weaken the search). `SearchBot(rules, budget, seed)` is a bot (`state, seat, rng ->
Command`) that plays `best(evaluate(...))` where it is clearly better than the greedy bot's own
pick (always a candidate, and the default; see `SearchBot`). It seeds each decision with its own
seed and the seat's view, so it is deterministic for a given seed with an iteration budget and
never consults the `rng` it is handed. A seat with one legal move plays it without searching.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal

import msgspec

from domain.bots import random_decision
from domain.game import Command, HouseChance, Rng, Rules, Seat

Determinize = Callable[[Any, Seat, random.Random], Any]
"""A game's sampler: a full state that keeps what `seat` may see and redraws what it may not."""

DEFAULT_WIDTH = 8
"""How many candidates a decision is searched over at most (the rest are pruned)."""

MAX_PLAYOUT = 100_000
"""A playout that has not ended after this many decisions is a bug in a game's rules."""

_canonical = msgspec.json.Encoder(order="deterministic")


class Budget(msgspec.Struct, frozen=True, kw_only=True):
    """What one decision may spend: `iterations` samples (each plays every candidate once), or
    `ms` milliseconds of whole samples; `depth` caps a playout's decisions (None: to the end)."""

    iterations: int | None = None
    ms: float | None = None
    depth: int | None = None
    width: int = DEFAULT_WIDTH
    clock: Literal["wall", "cpu"] = "wall"
    """What `ms` counts: time on the wall, or the deciding thread's CPU time (so that a busy
    machine makes a search slower, never weaker: the arena's measure)."""

    def __post_init__(self) -> None:
        if (self.iterations is None) == (self.ms is None):
            raise ValueError("a search budget is either iterations or milliseconds")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("a search budget needs at least one iteration")
        if self.ms is not None and self.ms <= 0:
            raise ValueError("a search budget needs a positive number of milliseconds")
        if self.depth is not None and self.depth < 1:
            raise ValueError("a playout depth is at least one decision")
        if self.width < 1:
            raise ValueError("a search width is at least one candidate")


class MoveValue(msgspec.Struct, frozen=True):
    """One candidate's value for the seat: expected win rate, mean score margin, samples."""

    command: Any
    win_rate: float
    margin: float
    samples: int


class Outcome(msgspec.Struct, frozen=True):
    """One playout's end for the seat: its share of the win (0..1) and its score margin."""

    win: float
    margin: float


def determinizer(rules: Rules[Any]) -> Determinize:
    """The game's `determinize`, from `domain/<game>/determinize.py`."""
    return _determinizer(rules.slug)


@functools.cache
def _determinizer(slug: str) -> Determinize:
    module = importlib.import_module(f"domain.{slug.replace('-', '_')}.determinize")
    found: Determinize = module.determinize
    return found


def decision_seed(rules: Rules[Any], state: Any, seat: Seat, seed: int) -> int:
    """A seed for one decision from a bot's seed and what the seat sees (nothing hidden)."""
    seen = _canonical.encode(msgspec.to_builtins(rules.view(state, seat)))
    digest = hashlib.blake2b(seen, digest_size=8, key=str(seed).encode()[:64]).digest()
    return int.from_bytes(digest, "big")


def candidates(
    rules: Rules[Any], state: Any, seat: Seat, rng: random.Random, width: int = DEFAULT_WIDTH
) -> list[Command]:
    """Every legal move of `seat` when there are at most `width`; else the greedy bot's picks
    (with a few seeds, it breaks ties at random) and a sample of the others, `width` in all, in
    the legal list's order."""
    legal = list(rules.legal(state, seat))
    if len(legal) <= width:
        return legal
    chosen: list[Command] = []
    if rules.bot is not None and seat in rules.to_move(state):
        for _ in range(max(1, width // 2)):
            pick = rules.bot(state, seat, random.Random(rng.getrandbits(64)))
            if pick not in chosen:
                chosen.append(pick)
    rest = [command for command in legal if command not in chosen]
    chosen += rng.sample(rest, min(len(rest), width - len(chosen)))
    order = {_canonical.encode(msgspec.to_builtins(c)): i for i, c in enumerate(legal)}
    return sorted(chosen, key=lambda c: order.get(_canonical.encode(msgspec.to_builtins(c)), -1))


def outcome(rules: Rules[Any], state: Any, seat: Seat) -> Outcome:
    """How a playout ended for `seat`: the result, or the public scores where it was cut."""
    result = rules.result(state)
    if result is not None:
        scores, winners = result.scores, result.winners
    else:
        scores = rules.score(state)
        top = max(scores)
        winners = tuple(s for s, score in enumerate(scores) if score == top)
    others = [score for s, score in enumerate(scores) if s != seat]
    margin = scores[seat] - max(others) if others else 0
    win = 1 / len(winners) if seat in winners else 0.0
    return Outcome(win, float(margin))


def playout(
    rules: Rules[Any], state: Any, seat: Seat, command: Command, seed: int, depth: int | None
) -> Outcome:
    """`command` played by `seat` in `state`, then the greedy bots to the end (or `depth`)."""
    state = rules.fold(state, rules.decide(state, seat, command, HouseChance(Rng(seed, 0))))
    rng = random.Random(seed)
    limit = MAX_PLAYOUT if depth is None else depth
    step = 0
    while step < limit and rules.result(state) is None:
        step += 1
        who, chosen = random_decision(rules, state, rng, smart=True)
        state = rules.fold(state, rules.decide(state, who, chosen, HouseChance(Rng(seed, step))))
    if step >= MAX_PLAYOUT and rules.result(state) is None:
        raise RuntimeError(f"{rules.slug}: a playout did not end in {MAX_PLAYOUT} decisions")
    return outcome(rules, state, seat)


def played(
    rules: Rules[Any],
    state: Any,
    seat: Seat,
    moves: Sequence[Command],
    budget: Budget,
    seed: int,
) -> list[list[Outcome]]:
    """Every sample's outcome of every move (the same samples, in order, for each move)."""
    rng = random.Random(decision_seed(rules, state, seat, seed))
    ends: list[list[Outcome]] = [[] for _ in moves]
    samples = 0
    sample_of = determinizer(rules)
    now = clock(budget)
    deadline = None if budget.ms is None else now() + budget.ms / 1000
    while moves:
        if budget.iterations is not None and samples >= budget.iterations:
            break
        if deadline is not None and samples and now() >= deadline:
            break
        world = sample_of(state, seat, random.Random(rng.getrandbits(64)))
        luck = rng.getrandbits(63)
        for i, command in enumerate(moves):
            ends[i].append(playout(rules, world, seat, command, luck, budget.depth))
        samples += 1
    return ends


def clock(budget: Budget) -> Callable[[], float]:
    """The seconds a budget's `ms` counts: the wall's, or the calling thread's CPU time."""
    return time.thread_time if budget.clock == "cpu" else time.perf_counter


def evaluate(
    rules: Rules[Any],
    state: Any,
    seat: Seat,
    candidates_: Sequence[Command] | None = None,
    budget: Budget | None = None,
    seed: int = 0,
) -> list[MoveValue]:
    """The value of each candidate move of `seat` (see the module's docstring)."""
    budget = budget or Budget(iterations=8)
    if candidates_ is None:
        rng = random.Random(decision_seed(rules, state, seat, seed) ^ 1)
        candidates_ = candidates(rules, state, seat, rng, budget.width)
    moves = list(candidates_)
    return [
        MoveValue(
            command,
            sum(o.win for o in ends) / len(ends) if ends else 0.0,
            sum(o.margin for o in ends) / len(ends) if ends else 0.0,
            len(ends),
        )
        for command, ends in zip(
            moves, played(rules, state, seat, moves, budget, seed), strict=True
        )
    ]


def clearly_better(mine: Sequence[Outcome], theirs: Sequence[Outcome], least: int = 3) -> bool:
    """Whether `mine` beats `theirs` on the same samples beyond their noise: over at least
    `least` samples, the paired differences of wins (or, with no fewer wins, of margins) have a
    mean above twice its standard error."""
    n = len(mine)
    if n < least or n != len(theirs):
        return False
    wins = [a.win - b.win for a, b in zip(mine, theirs, strict=True)]
    margins = [a.margin - b.margin for a, b in zip(mine, theirs, strict=True)]
    return _above_noise(wins) or (sum(wins) >= 0 and _above_noise(margins))


def _above_noise(differences: Sequence[float]) -> bool:
    n = len(differences)
    mean = sum(differences) / n
    if mean <= 0:
        return False
    spread = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return mean > 2 * (spread / n) ** 0.5


def best(values: Sequence[MoveValue]) -> MoveValue:
    """The best move: highest win rate, then margin; the first such among the candidates."""
    if not values:
        raise ValueError("no move to choose from")
    top = max((v.win_rate, v.margin) for v in values)
    return next(v for v in values if (v.win_rate, v.margin) == top)


class SearchBot:
    """A bot that plays the move `evaluate` values best (see the module's docstring).

    The greedy bot's own pick is always among the candidates and is the default: another move
    is played only when it is `clearly_better` on the same samples (paired differences above
    twice their standard error, over at least 3 samples). With the few samples a second buys,
    the best-looking of several moves is often only the luckiest; the default keeps the search
    from doing worse than the policy its playouts use."""

    def __init__(self, rules: Rules[Any], budget: Budget, seed: int = 0) -> None:
        self.rules = rules
        self.budget = budget
        self.seed = seed
        self.searched = 0  # decisions searched (not forced)
        self.samples = 0  # samples played over all searched decisions
        self.spent: list[float] = []  # CPU seconds of each searched decision (this thread's)

    def __call__(self, state: Any, seat: Seat, rng: random.Random) -> Command:
        legal = self.rules.legal(state, seat)
        if len(legal) == 1:
            return legal[0]
        mine = random.Random(decision_seed(self.rules, state, seat, self.seed) ^ 1)
        moves = candidates(self.rules, state, seat, mine, self.budget.width)
        if self.rules.bot is None:
            values = evaluate(self.rules, state, seat, moves, self.budget, self.seed)
            chosen: Command = best(values).command
            return chosen
        started = time.thread_time()
        greedy = self.rules.bot(state, seat, random.Random(mine.getrandbits(64)))
        moves = [greedy, *(m for m in moves if m != greedy)][: self.budget.width]
        ends = played(self.rules, state, seat, moves, self.budget, self.seed)
        self.searched += 1
        self.samples += len(ends[0])
        self.spent.append(time.thread_time() - started)
        values = [
            MoveValue(m, sum(o.win for o in e) / len(e), sum(o.margin for o in e) / len(e), len(e))
            for m, e in zip(moves, ends, strict=True)
        ]
        ranked = sorted(range(len(moves)), key=lambda i: (-values[i].win_rate, -values[i].margin))
        for i in ranked:
            if i == 0 or clearly_better(ends[i], ends[0]):
                return moves[i]
        return greedy
