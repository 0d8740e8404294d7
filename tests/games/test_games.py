"""Properties every registered game must have, over random legal play.

- every match ends, and its export re-imports and verifies to the same state;
- every seat's view and the spectator's view are functions of what that viewer may see: two
  matches whose visible histories are identical for a viewer (they differ only in hidden facts,
  such as a deck order or face-down tiles) show that viewer identical views;
- the log of a seat holds no event its visibility denies that seat while the match runs.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.simulate import SEAT_NAMES, play_bot_match
from domain.bots import random_decision
from domain.game import HouseChance, IllegalMove, Rng, Rules
from domain.match import Match
from domain.registry import all_games
from domain.viewer import Viewer
from projections.match_log import match_log
from records.replays import dumps, export_lines, parse, rerun
from store.ledger import Ledger

GAMES = [rules for rules in all_games()]
IDS = [rules.slug for rules in GAMES]


def seat_counts(rules: Rules[Any]) -> st.SearchStrategy[int]:
    return st.integers(rules.min_seats, min(rules.max_seats, len(SEAT_NAMES)))


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_match_ends_replays_and_verifies(rules: Rules[Any], data: st.DataObject) -> None:
    seats = data.draw(seat_counts(rules), label="seats")
    seed = data.draw(st.integers(0, 2**31), label="seed")
    match = play_bot_match(rules.slug, seats, seed)
    assert match.result is not None and not match.to_move
    ledger = Ledger("memory://")
    ledger.save(match)
    again = rerun(parse(dumps(export_lines(ledger.stored_events(match.id)))))
    assert again.state == match.state
    assert again.result == match.result


def _plain(value: Any) -> Any:
    """Builtins with sets sorted, so equal values compare equal whatever their insertion order."""
    return msgspec.to_builtins(value, order="deterministic")


def _visible(events: list[Any], viewer: Viewer) -> list[Any]:
    return [_plain(e) for e in events if viewer.sees(e)]


def _twin(rules: Rules[Any], match: Match, seats: int, seed: int) -> Match | None:
    """A match of another seed whose spectator-visible opening is identical, if one is near."""
    spectator = Viewer()
    wanted = _visible(match.opening, spectator)
    for other in range(seed + 1, seed + 400):
        twin = Match.start(rules.slug, list(SEAT_NAMES[:seats]), None, other)
        if _visible(twin.opening, spectator) == wanted:
            return twin
    return None


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_views_depend_only_on_what_the_viewer_may_see(
    rules: Rules[Any], data: st.DataObject
) -> None:
    seats = data.draw(seat_counts(rules), label="seats")
    seed = data.draw(st.integers(0, 2**31), label="seed")
    a = Match.start(rules.slug, list(SEAT_NAMES[:seats]), None, seed)
    b = _twin(rules, a, seats, seed)
    if b is None:
        # Every opening of this game is public (Duck Dealer's tile track is open): there is no
        # twin that differs only in hidden facts; the game's own tests cover its sealed bids.
        return
    viewers = [Viewer(seat) for seat in range(seats)] + [Viewer()]
    seen_a = {v: _visible(a.opening, v) for v in viewers}
    seen_b = {v: _visible(b.opening, v) for v in viewers}
    bots = random.Random(seed)
    compared = 0
    for _ in range(400):
        for v in viewers:
            if seen_a[v] == seen_b[v]:
                assert _plain(rules.view(a.state, v.seat)) == _plain(rules.view(b.state, v.seat)), (
                    f"{rules.slug}: the view of {v} shows a hidden fact"
                )
                compared += 1
                seat = v.seat
                if rules.bot is not None and seat is not None and seat in a.to_move & b.to_move:
                    # a bot decides from what its seat may see: equal views, equal choices
                    choice_a = rules.bot(a.state, seat, random.Random(seed))
                    choice_b = rules.bot(b.state, seat, random.Random(seed))
                    assert _plain(choice_a) == _plain(choice_b), f"{rules.slug}: the bot peeked"
        if a.result is not None or b.result is not None:
            break
        seat, command = random_decision(rules, a.state, bots)
        out_a = a.decide(seat, command)
        try:
            out_b = b.decide(seat, command)
        except IllegalMove:
            break
        for v in viewers:
            seen_a[v] += _visible(out_a, v)
            seen_b[v] += _visible(out_b, v)
    assert compared


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_a_seat_log_holds_only_what_it_may_see_while_the_match_runs(rules: Rules[Any]) -> None:
    full = play_bot_match(rules.slug, rules.min_seats, 99)
    decided = [e for e in full.collect_events() if isinstance(e, Match.Decided)]
    match = Match.start(rules.slug, list(SEAT_NAMES[: rules.min_seats]), None, 99)
    for event in decided[: len(decided) // 2]:
        match.decide(event.seat, event.command)
    assert match.result is None
    ledger = Ledger("memory://")
    ledger.save(match)
    lines = export_lines(ledger.stored_events(match.id))[1:-1]
    for seat in range(len(match.seats)):
        for entry in match_log(lines, rules, match.seats, Viewer(seat), opened=False):
            for event in entry.events:
                typed = msgspec.convert(event, rules.event_type)
                assert typed.visibility().allows(seat)
            if entry.kind == "Decided" and not entry.sealed:
                command = rules.parse_command(entry.command)
                decider = match.seats.index(entry.seat)
                assert command.visibility(decider).allows(seat)


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_snapshots_of_every_game_load_back_exactly(rules: Rules[Any], tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path}/snapshots.db"
    match = play_bot_match(rules.slug, rules.min_seats, 5, undo_rate=0.2)
    ledger = Ledger(url, snapshot_interval=7)
    ledger.save(match)
    assert ledger.snapshots is not None and list(ledger.snapshots.get(match.id))
    loaded = Ledger(url, snapshot_interval=7).match(match.id)
    assert loaded.version == match.version
    assert loaded.state == match.state
    assert type(loaded.state) is type(match.state)
    for version in (7, 8, match.version // 2):
        at = Ledger(url, snapshot_interval=7).match(match.id, version=version)
        assert at.version == version and type(at.state) is rules.state_type


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_snapshots_taken_as_decisions_are_stored_are_the_fold(
    rules: Rules[Any], tmp_path: Any
) -> None:
    """The Ledger snapshots from the match it has just saved, not by loading and folding it
    again: every snapshot restores exactly what folding the events up to its version gives."""
    played = play_bot_match(rules.slug, rules.min_seats, 11)
    decided = [e for e in played.collect_events() if isinstance(e, Match.Decided)]
    ledger = Ledger(f"sqlite:///{tmp_path}/snapshots.db", snapshot_interval=5)
    match = ledger.new_match(rules.slug, list(played.seats), played.options, 11)

    def no_reload(*_: Any, **__: Any) -> None:
        raise AssertionError("a snapshot was made by loading the match again")

    ledger.take_snapshot = no_reload  # type: ignore[method-assign]
    for event in decided[:60]:
        ledger.play(match.id, played.seats[event.seat], event.command)
    assert ledger.snapshots is not None
    snapshots = list(ledger.snapshots.get(match.id))
    assert len(snapshots) >= min(60, len(decided)) // 5 - 1
    for snapshot in snapshots:
        restored = snapshot.mutate(None)
        folded = ledger._fold(match.id, snapshot.originator_version)
        assert restored.version == folded.version == snapshot.originator_version
        assert restored.state == folded.state
        assert restored.fold_digest() == folded.fold_digest()


# -- the contract every registered game keeps (issue #17: tested once, for every game) --------


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_every_listed_command_is_accepted_and_evolve_never_mutates(
    rules: Rules[Any], seed: int
) -> None:
    """OpenSpiel's random_sim_test, for our contract: at each of the first decisions every
    command `legal` lists is accepted by `decide`, and folding events never changes the state
    it was given (the Match keeps earlier states for undo)."""
    match = Match.start(rules.slug, list(SEAT_NAMES[: rules.min_seats]), None, seed)
    bots = random.Random(seed)
    for _ in range(25):
        if match.result is not None:
            break
        for seat in sorted(rules.to_move(match.state)):
            for command in list(rules.legal(match.state, seat))[:40]:
                before = _plain(match.state)
                events = rules.decide(match.state, seat, command, _rng(seed))
                assert _plain(match.state) == before, f"{rules.slug}: decide changed its state"
                state = match.state
                for event in events:
                    given = state
                    frozen = _plain(given)
                    state = rules.evolve(given, event)
                    assert _plain(given) == frozen, f"{rules.slug}: evolve mutated its input"
        seat, command = random_decision(rules, match.state, bots)
        match.decide(seat, command)


def _rng(seed: int) -> HouseChance:
    return HouseChance(Rng(seed, 1))


@pytest.mark.parametrize("rules", [r for r in GAMES if r.slug != "toy"], ids=lambda r: r.slug)
def test_every_end_reason_is_a_named_code_with_a_sentence(rules: Rules[Any]) -> None:
    if not rules.end_reasons:
        pytest.xfail(f"{rules.slug} has no end_reasons table yet")
    for seed in range(3):
        result = play_bot_match(rules.slug, rules.min_seats, seed).result
        assert result is not None
        assert result.reason in rules.end_reasons, f"{rules.slug}: {result.reason} is not listed"
        assert result.reason.isupper() and " " not in result.reason
        assert rules.describe_end(result.reason) != result.reason
