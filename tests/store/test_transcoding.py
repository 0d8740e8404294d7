"""msgspec transcoding round-trips UUID, datetime, Decimal and our Structs exactly."""

from __future__ import annotations

import datetime
import decimal
import uuid
from typing import Any

import msgspec
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import JSONTranscoder, Mapper, StoredEvent

from domain.game import GameEvent
from domain.match import Match
from store.transcoding import MsgspecMapper, MsgspecTranscoder
from tests.support.toy_game import Draw, Take, Took


class Ledgered(Aggregate):
    class Noted(Aggregate.Event):
        ident: uuid.UUID
        when: datetime.datetime
        amount: decimal.Decimal
        tags: tuple[str, ...]
        payload: Any

    def note(self, **kwargs: Any) -> None:
        self.trigger_event(self.Noted, **kwargs)


def roundtrip(event: Any) -> Any:
    mapper = MsgspecMapper(transcoder=MsgspecTranscoder())
    return mapper.to_domain_event(mapper.to_stored_event(event))


def test_uuid_datetime_decimal_round_trip_exactly() -> None:
    agg = Ledgered()
    when = datetime.datetime(2026, 11, 22, 7, 0, 1, 123456, tzinfo=datetime.UTC)
    agg.note(
        ident=uuid.uuid4(),
        when=when,
        amount=decimal.Decimal("12.340"),
        tags=("a", "b"),
        payload={"k": [1, 2]},
    )
    original = agg.collect_events()[-1]
    copy = roundtrip(original)
    assert copy == original
    assert type(copy.ident) is uuid.UUID and type(copy.amount) is decimal.Decimal
    assert copy.amount.as_tuple() == decimal.Decimal("12.340").as_tuple()
    assert copy.when == when and copy.when.tzinfo is not None
    assert type(copy.originator_id) is uuid.UUID


def test_match_events_with_game_structs_round_trip() -> None:
    match = Match.start("toy", ["ann", "ben"], {}, 3)
    match.decide(0, Take(2))
    started, decided = match.collect_events()
    copy = roundtrip(decided)
    assert copy.originator_id == decided.originator_id
    assert copy.seat == 0 and copy.undoable is True
    assert msgspec.convert(copy.command, Take) == Take(2)
    assert msgspec.convert(copy.outcome, list[Took]) == [Took(0, 2)]
    again = roundtrip(started).mutate(None)
    again.__dict__["_pending_events"] = []
    assert again.state == Match.start("toy", ["ann", "ben"], {}, 3).state


def test_upcasting_by_class_version_is_kept() -> None:
    class Versioned(Aggregate):
        class Renamed(Aggregate.Event):
            class_version = 2
            name: str

            @staticmethod
            def upcast_v1_v2(state: dict[str, Any]) -> None:
                state["name"] = state.pop("old_name").upper()

    mapper = MsgspecMapper(transcoder=MsgspecTranscoder())
    agg = Versioned()
    agg.trigger_event(Versioned.Renamed, name="x")
    stored = mapper.to_stored_event(agg.collect_events()[-1])
    state = MsgspecTranscoder().decode(stored.state)
    state.pop("class_version")
    state["old_name"] = state.pop("name")
    old = stored.__class__(
        stored.originator_id,
        stored.originator_version,
        stored.topic,
        MsgspecTranscoder().encode(state),
    )
    assert mapper.to_domain_event(old).name == "X"


def test_msgspec_is_smaller_than_library_json() -> None:
    match = Match.start("toy", ["ann", "ben"], {}, 3)
    event = match.collect_events()[0]
    state = dict(vars(event))
    ours = MsgspecTranscoder().encode(state | {"opening": msgspec.to_builtins(state["opening"])})
    theirs = JSONTranscoder()
    theirs_state = state | {
        "opening": msgspec.to_builtins(state["opening"]),
        "originator_id": str(state["originator_id"]),
        "timestamp": state["timestamp"].isoformat(),
    }
    assert len(ours) < len(theirs.encode(theirs_state))


# -- one typed pass ---------------------------------------------------------------------------


def stored_match(seed: int = 3) -> list[Any]:
    """A toy match's stored events: Started, then decisions (with a Draw among them)."""
    match = Match.start("toy", ["ann", "ben"], {}, seed)
    match.decide(0, Take(2))
    match.decide(1, Draw())
    match.decide(0, Take(1))
    mapper = MsgspecMapper(transcoder=MsgspecTranscoder())
    return [mapper.to_stored_event(e) for e in match.collect_events()]


def test_a_match_read_in_order_comes_back_as_the_games_own_structs() -> None:
    # given a match's stored events, read by a mapper from its Started on
    stored = stored_match()
    mapper = MsgspecMapper(transcoder=MsgspecTranscoder())
    # when each is decoded
    started, *decided = [mapper.to_domain_event(s) for s in stored]
    # then the opening, every command and every outcome are the game's Structs, not dicts
    assert all(isinstance(e, GameEvent) for e in started.opening)
    assert decided[0].command == Take(2) and decided[0].outcome == [Took(0, 2)]
    assert isinstance(decided[1].command, Draw)
    assert all(isinstance(e, GameEvent) for d in decided for e in d.outcome)


def test_without_the_games_name_the_payload_stays_builtins_and_the_match_types_it() -> None:
    # given a mapper that meets a match's decisions without having read its Started
    stored = stored_match()
    mapper = MsgspecMapper(transcoder=MsgspecTranscoder())
    # when it decodes them
    decided = [mapper.to_domain_event(s) for s in stored[1:]]
    # then command and outcome come back as builtins, as the untyped path gives them
    assert decided[0].command == {"type": "Take", "n": 2}
    assert decided[0].outcome == [{"type": "Took", "seat": 0, "n": 2}]
    # and the match, built from the same events, still types them itself
    reader = MsgspecMapper(transcoder=MsgspecTranscoder())
    match = reader.to_domain_event(stored[0]).mutate(None)
    for event in decided:
        event.mutate(match)
    assert match.undo_stack[-1].command == Take(1)


def test_a_snapshot_names_the_game_for_the_decisions_after_it() -> None:
    # given a match snapshotted after two decisions, and a decision after that
    match = Match.start("toy", ["ann", "ben"], {}, 5)
    match.decide(0, Take(1))
    match.decide(1, Take(1))
    snapshot = Match.Snapshot.take(match)
    match.collect_events()
    match.decide(0, Take(3))
    later = match.collect_events()[-1]
    writer = MsgspecMapper(transcoder=MsgspecTranscoder())
    stored = [writer.to_stored_event(snapshot), writer.to_stored_event(later)]
    # when a mapper reads the snapshot, then the decision
    mapper = MsgspecMapper(transcoder=MsgspecTranscoder())
    mapper.to_domain_event(stored[0])
    decided = mapper.to_domain_event(stored[1])
    # then the decision's command is the game's Struct
    assert decided.command == Take(3)


def test_a_started_event_of_an_unknown_game_still_decodes() -> None:
    # given a stored Started whose game no registry knows, and a decision of that match
    stored = stored_match()
    mapper = MsgspecMapper(transcoder=MsgspecTranscoder())
    state = MsgspecTranscoder().decode(stored[0].state) | {"game": "no-such-game"}
    unknown = StoredEvent(
        stored[0].originator_id, 1, stored[0].topic, MsgspecTranscoder().encode(state)
    )
    # when both are decoded
    started = mapper.to_domain_event(unknown)
    decided = mapper.to_domain_event(stored[1])
    # then nothing fails here: the payloads stay builtins (the Match refuses the game later)
    assert started.game == "no-such-game" and started.opening[0]["type"] == "TurnedUp"
    assert decided.command == {"type": "Take", "n": 2}


def test_a_stored_shape_only_the_lenient_path_accepts_still_decodes() -> None:
    # given a stored Decided whose seat was written as a string
    stored = stored_match()
    state = MsgspecTranscoder().decode(stored[1].state) | {"seat": "0"}
    odd = StoredEvent(
        stored[1].originator_id, 2, stored[1].topic, MsgspecTranscoder().encode(state)
    )
    # when it is decoded after its Started
    mapper = MsgspecMapper(transcoder=MsgspecTranscoder())
    mapper.to_domain_event(stored[0])
    decided = mapper.to_domain_event(odd)
    # then the two-pass path converts it, as before
    assert decided.seat == 0


def test_an_event_at_its_current_class_version_takes_one_pass_and_an_older_one_is_upcast() -> None:
    class Versioned(Aggregate):
        class Renamed(Aggregate.Event):
            class_version = 3
            name: str
            when: datetime.datetime

            @staticmethod
            def upcast_v1_v2(state: dict[str, Any]) -> None:
                state["name"] = state.pop("old_name")

            @staticmethod
            def upcast_v2_v3(state: dict[str, Any]) -> None:
                state["name"] = state["name"].upper()

    mapper = MsgspecMapper(transcoder=MsgspecTranscoder())
    agg = Versioned()
    when = datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.UTC)
    agg.trigger_event(Versioned.Renamed, name="x", when=when)
    current = mapper.to_stored_event(agg.collect_events()[-1])
    # a current event is stored with its class version and read back as it was
    assert MsgspecTranscoder().decode(current.state)["class_version"] == 3
    copy = mapper.to_domain_event(current)
    assert copy.name == "x" and copy.when == when and "class_version" not in vars(copy)
    # a version-1 event (no class_version stored, an older field name) runs both upcasters
    state = MsgspecTranscoder().decode(current.state)
    del state["class_version"]
    state["old_name"] = state.pop("name")
    v1 = StoredEvent(current.originator_id, 2, current.topic, MsgspecTranscoder().encode(state))
    old = mapper.to_domain_event(v1)
    assert old.name == "X" and old.when == when and "class_version" not in vars(old)
    # a version-2 event runs only the last
    state = MsgspecTranscoder().decode(current.state) | {"class_version": 2}
    v2 = StoredEvent(current.originator_id, 3, current.topic, MsgspecTranscoder().encode(state))
    assert mapper.to_domain_event(v2).name == "X"


def test_stored_events_equal_the_librarys_own() -> None:
    # the fast construction of a StoredEvent gives the same value as the library's Mapper
    match = Match.start("toy", ["ann", "ben"], {}, 3)
    match.decide(0, Take(2))
    event = match.collect_events()[-1]
    ours = MsgspecMapper(transcoder=MsgspecTranscoder()).to_stored_event(event)
    theirs = Mapper[uuid.UUID](transcoder=MsgspecTranscoder()).to_stored_event(event)
    assert ours == theirs and type(ours) is StoredEvent
    assert ours.topic == "domain.match:Match.Decided"


def test_an_opening_dealt_after_the_seats_entropy_comes_back_typed() -> None:
    # given a match whose opening waits for every seat's entropy, then is dealt
    match = Match.start("toy", ["ann", "ben"], {}, 3, entropy=True)
    match.contribute(0, "ab" * 16)
    match.contribute(1, "cd" * 16)
    writer = MsgspecMapper(transcoder=MsgspecTranscoder())
    stored = [writer.to_stored_event(e) for e in match.collect_events()]
    # when a mapper reads the match in order
    mapper = MsgspecMapper(transcoder=MsgspecTranscoder())
    dealt = [mapper.to_domain_event(s) for s in stored][-1]
    # then the dealt opening is the game's events
    assert isinstance(dealt, Match.Dealt)
    assert dealt.opening and all(isinstance(e, GameEvent) for e in dealt.opening)
