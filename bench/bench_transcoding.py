"""msgspec transcoding vs the eventsourcing library's JSONTranscoder, on real match events.

Both sides map the same stored Match events (Started, Decided...) to bytes and back: ours through
`MsgspecMapper` + `MsgspecTranscoder` (typed decode back to UUID/datetime/Structs), the baseline
through the library's `Mapper` + `JSONTranscoder` (whose events must first be plain dicts, since
it cannot encode our Structs: that conversion is not charged to it).

    .venv/bin/python -m bench.bench_transcoding [--game delta-v] [--matches 20]
"""

from __future__ import annotations

import argparse
from typing import Any

import msgspec
from eventsourcing.persistence import DatetimeAsISO, DecimalAsStr, JSONTranscoder, Mapper, UUIDAsHex

from bench.common import best_of, ensure_game
from cli.simulate import play_bot_match
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="delta-v")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seats", type=int, default=3)
    args = parser.parse_args()
    ensure_game(args.game)

    events: list[Any] = []
    for seed in range(args.matches):
        events.extend(play_bot_match(args.game, args.seats, seed).collect_events())
    baseline_events = [plain(e) for e in events]

    ours = MsgspecMapper(transcoder=MsgspecTranscoder())
    json_transcoder = JSONTranscoder()
    for transcoding in (UUIDAsHex(), DecimalAsStr(), DatetimeAsISO()):
        json_transcoder.register(transcoding)  # as the library's Application does
    theirs: Mapper[Any] = Mapper(transcoder=json_transcoder)
    ours_stored = [ours.to_stored_event(e) for e in events]
    theirs_stored = [theirs.to_stored_event(e) for e in baseline_events]

    rows = []
    for name, mapper, source, stored in [
        ("msgspec (ours)", ours, events, ours_stored),
        ("JSONTranscoder", theirs, baseline_events, theirs_stored),
    ]:
        enc = best_of(5, lambda m=mapper, s=source: [m.to_stored_event(e) for e in s])
        dec = best_of(5, lambda m=mapper, s=stored: [m.to_domain_event(e) for e in s])
        size = sum(len(s.state) for s in stored)
        rows.append((name, len(events) / enc, len(events) / dec, size / len(events)))

    print(
        f"{len(events)} stored events from {args.matches} {args.game} bot matches, {args.seats} seats"
    )
    print(f"{'transcoding':<16}{'encode ev/s':>14}{'decode ev/s':>14}{'bytes/event':>14}")
    for name, enc, dec, size in rows:
        print(f"{name:<16}{enc:>14,.0f}{dec:>14,.0f}{size:>14,.0f}")
    (_, e1, d1, s1), (_, e2, d2, s2) = rows
    print(f"ratio ours/baseline: encode x{e1 / e2:.2f}, decode x{d1 / d2:.2f}, size x{s1 / s2:.2f}")


if __name__ == "__main__":
    main()
