"""msgspec transcoding round-trips UUID, datetime, Decimal and our Structs exactly."""

from __future__ import annotations

import datetime
import decimal
import uuid
from typing import Any

import msgspec
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import JSONTranscoder

from domain.match import Match
from store.transcoding import MsgspecMapper, MsgspecTranscoder
from tests.toy_game import Take, Took


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
