"""The search bot (domain/search.py): it values moves from what its seat may know alone (two
states that differ only in facts hidden from the seat give the same values, sample for sample),
it is deterministic for a seed, and each game's `determinize` keeps what the seat sees."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from domain.bots import random_decision
from domain.game import HouseChance, Rng, Rules, Seat
from domain.kosmonauts.components import MISSIONS
from domain.registry import rules_for
from domain.search import Budget, MoveValue, SearchBot, best, determinizer, evaluate
from tests.games.onward_to_venus.test_hidden_information import hide_from

TINY = Budget(iterations=2, depth=4, width=3)


def greedy_states(rules: Rules[Any], seed: int, every: int, options: dict[str, Any] | None = None
                  ) -> Iterator[tuple[Any, Seat]]:  # fmt: skip
    """(state, seat to move with a choice) along a greedy 2-seat match, every few decisions."""
    opts = rules.options(options or {})
    state = rules.fold(rules.initial(2, opts), rules.setup(2, opts, HouseChance(Rng(seed, 0))))
    rng = random.Random(seed)
    step = 0
    while rules.result(state) is None and step < 400:
        step += 1
        seat, command = random_decision(rules, state, rng, smart=True)
        if step % every == 0 and len(rules.legal(state, seat)) > 1:
            yield state, seat
        state = rules.fold(state, rules.decide(state, seat, command, HouseChance(Rng(seed, step))))


# --- disguises: the same state with facts hidden from `seat` changed (made apart from the games'
# own `determinize`, which they check) ------------------------------------------------------------


def disguise_kosmonauts(state: Any, seat: Seat, rng: random.Random) -> Any:
    held = {c for ship in state.ships for c in (*ship.missions, *ship.discarded_missions)}
    ships = list(state.ships)
    for other, ship in enumerate(ships):
        if other == seat:
            continue
        missions = []
        for card in ship.missions:
            family = MISSIONS[card][0]
            free = sorted(c for c, (f, b) in MISSIONS.items() if f == family and c not in held
                          and b not in state.excluded)  # fmt: skip
            missions.append(rng.choice(free) if free else card)
        ships[other] = replace(ship, missions=tuple(missions))
        if state.phase == "ORDERS" and ship.order is not None:
            ships[other] = replace(ships[other], order=replace(ship.order, kind="STAY",
                                                               placements=()))  # fmt: skip
    return replace(state, ships=tuple(ships))


def disguise_race(state: Any, seat: Seat, rng: random.Random) -> Any:
    hidden = [*state.deck, *state.discard]
    for other, p in enumerate(state.players):
        hidden += [g for _, g in p.goods]
        if other != seat:
            hidden += [*p.hand, *p.explored]
    rng.shuffle(hidden)
    deck, hidden = tuple(sorted(hidden[: len(state.deck)])), hidden[len(state.deck) :]
    discard, hidden = tuple(hidden[: len(state.discard)]), hidden[len(state.discard) :]
    players = []
    for other, p in enumerate(state.players):
        p = replace(p, goods=tuple((w, hidden.pop()) for w, _ in p.goods))
        if other != seat:
            p = replace(p, hand=tuple(hidden.pop() for _ in p.hand),
                        explored=tuple(hidden.pop() for _ in p.explored))  # fmt: skip
            if other not in state.waiting and state.stage == "SELECT":
                p = replace(p, actions=(rng.choice(("EXPLORE_5", "DEVELOP", "SETTLE")),))
            if other not in state.waiting and state.stage in ("DEVELOP_CHOOSE", "SETTLE_CHOOSE"):
                p = replace(p, choice=rng.choice([None, *p.hand]))
        players.append(p)
    return replace(state, deck=deck, discard=discard, players=tuple(players))


def disguise_delta_v(state: Any, seat: Seat, rng: random.Random) -> Any:
    from domain.delta_v.components import face_order
    from domain.delta_v.rules_board import attempt_positions

    shown = attempt_positions(state.attempt) | state.seen | state.peeked[seat]
    cells = [i for i, t in enumerate(state.grid) if t is not None and t.face is not None
             and not t.face_up_alien and divmod(i, 7) not in shown]  # fmt: skip
    if not cells or not state.unseen:
        return state
    grid, unseen = list(state.grid), list(state.unseen)
    for cell in cells:  # each face another seat peeked swapped with one nobody has seen
        k = rng.randrange(len(unseen))
        old = grid[cell].face
        grid[cell] = replace(grid[cell], face=unseen[k])
        unseen[k] = old
    return replace(state, grid=tuple(grid), unseen=tuple(sorted(unseen, key=face_order)))


def disguise_duck_dealer(state: Any, seat: Seat, rng: random.Random) -> Any:
    for other, p in enumerate(state.players):
        if other != seat and p.sealed_bid is not None:
            state = state.with_player(
                other, replace(p, sealed_bid=p.sealed_bid + 1 + rng.randrange(9))
            )
    return state


DISGUISES: dict[str, tuple[Callable[[Any, Seat, random.Random], Any], dict[str, Any], int]] = {
    "kosmonauts": (disguise_kosmonauts, {}, 3),
    "race-for-the-galaxy": (disguise_race, {}, 3),
    "delta-v": (disguise_delta_v, {}, 5),
    "onward-to-venus": (hide_from, {}, 9),
    "duck-dealer": (disguise_duck_dealer, {"auction": True}, 1),
}


@pytest.mark.parametrize("slug", sorted(DISGUISES))
def test_the_search_cannot_peek_at_facts_hidden_from_its_seat(slug: str) -> None:
    """Two states that differ only in what is hidden from the seat are valued alike, and the
    search bot plays the same move in both."""
    rules = rules_for(slug)
    disguise, options, every = DISGUISES[slug]
    differed = 0
    for compared, (state, seat) in enumerate(greedy_states(rules, 5, every, options), start=1):
        forged = disguise(state, seat, random.Random(compared))
        differed += forged != state
        assert rules.view(forged, seat) == rules.view(state, seat)
        values = evaluate(rules, state, seat, None, TINY, seed=3)
        assert evaluate(rules, forged, seat, None, TINY, seed=3) == values
        if compared >= 6 and differed >= 2:
            break
    assert differed >= 2, "the disguise changed some hidden fact"


@pytest.mark.parametrize("slug", sorted(DISGUISES))
def test_determinize_keeps_what_the_seat_sees_and_redraws_what_it_does_not(slug: str) -> None:
    rules = rules_for(slug)
    sample = determinizer(rules)
    options = {"auction": True} if rules.slug == "duck-dealer" else {}
    checked = 0
    for state, seat in greedy_states(rules, 2, 4, options):
        world = sample(state, seat, random.Random(checked))
        assert rules.view(world, seat) == rules.view(state, seat) or (
            rules.to_move(world) > rules.to_move(state)  # a sealed choice taken back
        )
        assert list(rules.legal(world, seat)) == list(rules.legal(state, seat))
        checked += 1
        if checked >= 8:
            break
    assert checked >= 4


def test_an_iteration_budget_is_deterministic_for_a_seed() -> None:
    rules = rules_for("race-for-the-galaxy")
    state, seat = next(greedy_states(rules, 9, 4))
    first = evaluate(rules, state, seat, None, TINY, seed=11)
    assert first == evaluate(rules, state, seat, None, TINY, seed=11)
    assert all(isinstance(v, MoveValue) and v.samples == 2 for v in first)
    assert all(0.0 <= v.win_rate <= 1.0 for v in first)
    bot = SearchBot(rules, TINY, seed=11)
    assert bot(state, seat, random.Random(1)) == bot(state, seat, random.Random(2))
    assert bot(state, seat, random.Random(1)) in rules.legal(state, seat)


def test_given_candidates_are_valued_in_their_order() -> None:
    rules = rules_for("kosmonauts")
    state, seat = next(greedy_states(rules, 4, 3))
    legal = list(rules.legal(state, seat))
    chosen = [legal[-1], legal[0]]
    values = evaluate(rules, state, seat, chosen, Budget(iterations=1, depth=3), seed=0)
    assert [v.command for v in values] == chosen


def test_best_ranks_by_win_rate_then_margin() -> None:
    values = [MoveValue("a", 0.5, 9.0, 4), MoveValue("b", 0.75, -1.0, 4),
              MoveValue("c", 0.75, 2.0, 4)]  # fmt: skip
    assert best(values).command == "c"


@pytest.mark.parametrize("given", [{}, {"iterations": 1, "ms": 5.0}, {"iterations": 0}])
def test_a_budget_is_iterations_or_milliseconds(given: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        msgspec.convert(given, Budget)


def test_the_search_bot_leaves_the_greedy_pick_only_for_a_move_clearly_better() -> None:
    from domain.search import Outcome, clearly_better

    lost, won = Outcome(0.0, -3.0), Outcome(1.0, 4.0)
    assert clearly_better([won] * 4, [lost] * 4)
    assert not clearly_better([won] * 2, [lost] * 2)  # too few samples to tell
    assert not clearly_better([won, lost, won, lost], [lost, won, lost, won])  # noise
    closer = [Outcome(0.0, -1.0)] * 4  # no more wins, but a better margin every time
    assert clearly_better(closer, [lost] * 4)


@pytest.mark.parametrize("clock", ["cpu", "wall"])
def test_a_millisecond_budget_counts_the_clock_it_names(
    clock: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CPU budget runs on the deciding thread's CPU time, a wall budget on the wall's: the
    named clock moves a second a reading, so the search stops after its first sample; the other
    moves a millisecond a reading, and had it been read the search would run on for hundreds."""
    import domain.search as search

    def ticking(step: float) -> Callable[[], float]:
        readings = iter(range(1_000_000))
        return lambda: step * next(readings)

    fast, slow = ticking(1.0), ticking(0.001)
    monkeypatch.setattr(search.time, "thread_time", fast if clock == "cpu" else slow)
    monkeypatch.setattr(search.time, "perf_counter", fast if clock == "wall" else slow)
    rules = rules_for("kosmonauts")
    state, seat = next(greedy_states(rules, 4, 3))
    budget = Budget(ms=500.0, depth=2, width=2, clock=clock)  # type: ignore[arg-type]
    values = evaluate(rules, state, seat, None, budget, seed=1)
    assert {v.samples for v in values} == {1}  # its own clock ran out after one sample
