"""msgspec transcoding vs the eventsourcing library's JSONTranscoder, on stored events of every game.

Each game plays a few random-bot matches in memory; their stored Match events (Started,
Decided, Undone, Redone...) are mapped to bytes and back by each contestant, in the same run, interleaved
and timed in CPU seconds of this process (`time.process_time`), so that other work on a
shared machine inflates them less; the fastest of several rounds counts:

- ours: `MsgspecMapper` + `MsgspecTranscoder`. Its decode goes all the way to the game's own
  types in one pass: a Decided's command and outcome and a Started's (or Dealt's) opening come
  back as the game's Structs (checked before timing), because the mapper knows each match's
  game from its Started, read first. "no game" is the same mapper when it does not know the game (a
  process that meets a match's later events before its Started or a snapshot): those stay
  builtins and are then typed with Match's own helpers, as Match does when it applies them;
- the library's `Mapper` + `JSONTranscoder` (with UUID, Decimal and datetime transcodings, as
  the library's Application registers them). It cannot encode our Structs, so its events are
  first made plain builtins, uncharged; and it decodes to builtins only: dicts, strings for UUIDs;
- the fair baseline: the library's JSON decode, then `msgspec.convert` into the same types ours
  ends with (event fields typed, the game's commands and events as its Structs);
- the floor: an untyped `msgspec.msgpack` decode (and encode) of the same state bytes, with no
  mapping at all.

    .venv/bin/python -m bench.bench_transcoding [--matches 3] [--seats 3] [--rounds 7]
"""

from __future__ import annotations

import argparse
import random
import time
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

import msgspec
from eventsourcing.persistence import (
    DatetimeAsISO,
    DecimalAsStr,
    JSONTranscoder,
    Mapper,
    StoredEvent,
    UUIDAsHex,
)

from domain.bots import random_decision
from domain.game import Command, GameEvent, Rules
from domain.match import Match, _command, _events, list_of
from domain.registry import all_games
from store.transcoding import MsgspecMapper, MsgspecTranscoder


def plain(event: Any) -> Any:
    """A copy of an event whose game Structs are plain builtins (what JSONTranscoder can take)."""
    copy = object.__new__(type(event))
    state = dict(vars(event))
    for key in ("command", "outcome", "opening"):
        if key in state:
            state[key] = msgspec.to_builtins(state[key])
    object.__setattr__(copy, "__dict__", state)
    return copy


def bot_match(rules: Rules[Any], seats: int, seed: int) -> Match:
    """One random-bot match, played in memory (its events pending, not yet saved)."""
    match = Match.start(rules.slug, ["ann", "ben", "cat", "dan", "eve"][:seats], None, seed)
    bots = random.Random(seed)
    while match.result is None:
        seat, command = random_decision(rules, match.state, bots)
        match.decide(seat, command)
    return match


def bot_match_events(rules: Rules[Any], seats: int, seed: int) -> list[Any]:
    """The stored events of one random-bot match, played in memory."""
    return list(bot_match(rules, seats, seed).collect_events())


def retype(rules: Rules[Any], event: Any) -> None:
    """Types what a mapper left as builtins with Match's own helpers, as Match does when it
    applies the event."""
    state = event.__dict__
    if "outcome" in state:
        state["command"] = _command(rules, state["command"])
        state["outcome"] = _events(rules, state["outcome"])
    elif "opening" in state:
        state["opening"] = _events(rules, state["opening"])


def check_typed(events: list[Any]) -> None:
    """Every game command and event our mapper gave back is the game's Struct: it decoded all
    the way, and Match has nothing left to type."""
    for event in events:
        payload = []
        if isinstance(event, Match.Decided):
            assert isinstance(event.command, Command), event
            payload = event.outcome
        elif "opening" in vars(event):  # a Started, or a Dealt
            payload = event.opening
        assert all(isinstance(e, GameEvent) for e in payload), event


class ForgetfulMapper(MsgspecMapper):
    """Our mapper when it does not know a match's game (it has read neither its Started nor a
    snapshot): game commands and events stay builtins, for Match to type."""

    def _remember(self, key: Any, context: Any) -> None:
        pass


def game_typed(cls: type, rules: Rules[Any]) -> Any:
    """The stored fields of an event class, with the game's payload in the game's own types."""
    hints = {
        name: hint
        for name, hint in typing.get_type_hints(cls).items()
        if name not in ("originator_id", "originator_version")
        and typing.get_origin(hint) is not typing.ClassVar
    }
    if "outcome" in hints:
        hints |= {"command": rules.command_type, "outcome": list_of(rules.event_type)}
    if "opening" in hints:
        hints["opening"] = list_of(rules.event_type)
    return TypedDict(f"{cls.__name__}Typed", hints, total=False)  # type: ignore[operator]


@dataclass
class Corpus:
    """One game's events (or every game's), as each contestant stores them."""

    name: str
    events: list[tuple[Rules[Any], Any]]
    ours: list[StoredEvent]
    theirs: list[StoredEvent]
    theirs_plain: list[Any]


def timed(events: int, func: Callable[[], object], best: dict[str, float], key: str) -> None:
    started = time.process_time()
    func()
    rate = events / (time.process_time() - started)
    best[key] = max(best.get(key, 0.0), rate)


def measure(corpus: Corpus, rounds: int) -> dict[str, float]:
    n = len(corpus.events)
    json_transcoder = JSONTranscoder()
    for transcoding in (UUIDAsHex(), DecimalAsStr(), DatetimeAsISO()):
        json_transcoder.register(transcoding)  # as the library's Application does
    theirs: Mapper[Any] = Mapper(transcoder=json_transcoder)
    untyped_encoder = msgspec.msgpack.Encoder()
    untyped = msgspec.msgpack.Decoder()
    games = [rules for rules, _ in corpus.events]
    fair_types: dict[tuple[str, type], Any] = {}
    for rules, event in corpus.events:
        key = (rules.slug, type(event))
        if key not in fair_types:
            fair_types[key] = game_typed(type(event), rules)
    fair_kinds = [fair_types[rules.slug, type(event)] for rules, event in corpus.events]
    states = [
        {k: v for k, v in vars(e).items() if k not in ("originator_id", "originator_version")}
        for _, e in corpus.events
    ]
    events = [event for _, event in corpus.events]

    def ours_encode() -> None:
        mapper = MsgspecMapper(transcoder=MsgspecTranscoder())
        for event in events:
            mapper.to_stored_event(event)

    checking = MsgspecMapper(transcoder=MsgspecTranscoder())
    check_typed([checking.to_domain_event(stored) for stored in corpus.ours])

    def ours_decode() -> None:
        mapper = MsgspecMapper(transcoder=MsgspecTranscoder())  # learns as a fresh process would
        for stored in corpus.ours:
            mapper.to_domain_event(stored)

    def ours_decode_unknown() -> None:
        mapper = ForgetfulMapper(transcoder=MsgspecTranscoder())
        for rules, stored in zip(games, corpus.ours, strict=True):
            retype(rules, mapper.to_domain_event(stored))

    def theirs_encode() -> None:
        for event in corpus.theirs_plain:
            theirs.to_stored_event(event)

    def theirs_decode() -> None:
        for stored in corpus.theirs:
            theirs.to_domain_event(stored)

    def fair_decode() -> None:
        for kind, stored in zip(fair_kinds, corpus.theirs, strict=True):
            event = theirs.to_domain_event(stored)
            state = dict(vars(event))
            del state["originator_id"], state["originator_version"]
            msgspec.convert(state, kind, strict=False)

    def floor_encode() -> None:
        for state in states:
            untyped_encoder.encode(state)

    def floor_decode() -> None:
        for stored in corpus.ours:
            untyped.decode(stored.state)

    best: dict[str, float] = {}
    for _ in range(rounds):
        timed(n, ours_encode, best, "ours encode")
        timed(n, ours_decode, best, "ours decode")
        timed(n, ours_decode_unknown, best, "ours decode unknown")
        timed(n, theirs_encode, best, "theirs encode")
        timed(n, theirs_decode, best, "theirs decode")
        timed(n, fair_decode, best, "fair decode")
        timed(n, floor_encode, best, "floor encode")
        timed(n, floor_decode, best, "floor decode")
    best["ours size"] = sum(len(s.state) for s in corpus.ours) / n
    best["theirs size"] = sum(len(s.state) for s in corpus.theirs) / n
    return best


def corpus_of(name: str, events: list[tuple[Rules[Any], Any]]) -> Corpus:
    ours = MsgspecMapper(transcoder=MsgspecTranscoder())
    json_transcoder = JSONTranscoder()
    for transcoding in (UUIDAsHex(), DecimalAsStr(), DatetimeAsISO()):
        json_transcoder.register(transcoding)
    theirs: Mapper[Any] = Mapper(transcoder=json_transcoder)
    theirs_plain = [plain(e) for _, e in events]
    return Corpus(
        name,
        events,
        [ours.to_stored_event(e) for _, e in events],
        [theirs.to_stored_event(e) for e in theirs_plain],
        theirs_plain,
    )


def print_table(rows: Sequence[tuple[Corpus, dict[str, float]]]) -> None:
    head = (
        f"{'events of':<22}{'n':>6} | {'ours enc':>9}{'JSON enc':>9}{'floor enc':>10}{'x':>6} | "
        f"{'ours dec':>9}{'no game':>9}{'JSON dec':>9}{'fair':>9}{'floor':>9}{'x':>6}{'x fair':>7} | "
        f"{'B ours':>7}{'B JSON':>7}"
    )
    print(head)
    print("-" * len(head))
    for corpus, r in rows:
        print(
            f"{corpus.name:<22}{len(corpus.events):>6} | "
            f"{r['ours encode'] / 1e3:>8.0f}k{r['theirs encode'] / 1e3:>8.0f}k"
            f"{r['floor encode'] / 1e3:>9.0f}k{r['ours encode'] / r['theirs encode']:>6.2f} | "
            f"{r['ours decode'] / 1e3:>8.0f}k{r['ours decode unknown'] / 1e3:>8.0f}k"
            f"{r['theirs decode'] / 1e3:>8.0f}k{r['fair decode'] / 1e3:>8.0f}k"
            f"{r['floor decode'] / 1e3:>8.0f}k{r['ours decode'] / r['theirs decode']:>6.2f}"
            f"{r['ours decode'] / r['fair decode']:>7.2f} | "
            f"{r['ours size']:>7.0f}{r['theirs size']:>7.0f}"
        )
    print(
        "\nevents/s (k = thousand). enc: ours = MsgspecMapper.to_stored_event; JSON = the library's"
        "\nMapper + JSONTranscoder; floor = untyped msgspec.msgpack encode of the same state dicts."
        "\ndec: ours = MsgspecMapper.to_domain_event, every game command and event decoded into"
        "\nits Struct in the same pass (the mapper knows each match's game from its Started);"
        "\nno game = the same mapper when it does not know the game, plus Match's typing after it;"
        "\nJSON = the library's decode (builtins: dicts, UUIDs as strings); fair = the library's"
        "\ndecode then msgspec.convert into the same types as ours; floor = untyped msgpack decode."
        "\nx = ours / JSON (targets: encode >= 5, decode >= 3.5); x fair = ours / fair."
        "\nB = bytes of stored state per event."
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3, help="matches per game")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds; the best counts")
    args = parser.parse_args()

    per_game: list[tuple[Rules[Any], Any]] = []
    corpora = []
    for rules in all_games():
        events = [
            (rules, event)
            for seed in range(args.matches)
            for event in bot_match_events(rules, args.seats, seed)
        ]
        corpora.append(corpus_of(rules.slug, events))
        per_game.extend(events)
    corpora.append(corpus_of("every game", per_game))
    print(
        f"stored Match events of {args.matches} random-bot matches per game, {args.seats} seats, "
        f"best of {args.rounds} interleaved rounds\n"
    )
    print_table([(corpus, measure(corpus, args.rounds)) for corpus in corpora])


if __name__ == "__main__":
    main()
