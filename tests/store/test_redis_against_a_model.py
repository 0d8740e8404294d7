"""Random batches and random queries, checked against a plain Python model of the store."""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import uuid4

import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent, Tracking
from eventsourcing.utils import Environment
from hypothesis import given, settings
from hypothesis import strategies as st

from store.redis import RedisFactory

if TYPE_CHECKING:
    from collections.abc import Iterator

    from tests.support.redis_server import RedisServer


@pytest.fixture(scope="module")
def factory(redis_server: RedisServer) -> Iterator[RedisFactory]:
    # Module-scoped: every example writes under a fresh application name instead of flushing.
    made = RedisFactory(Environment("Model", {"REDIS_URL": redis_server.url}))
    yield made
    made.close()


batch_sizes = st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=6)
bounds = st.none() | st.integers(min_value=-1, max_value=40)


@settings(max_examples=100, deadline=None)
@given(
    sizes=batch_sizes,
    gt=bounds,
    lte=bounds,
    desc=st.booleans(),
    limit=st.none() | st.integers(min_value=1, max_value=10),
)
def test_select_events_matches_the_model(
    factory: RedisFactory,
    sizes: list[int],
    gt: int | None,
    lte: int | None,
    desc: bool,
    limit: int | None,
) -> None:
    recorder = factory.aggregate_recorder()
    originator_id = uuid4()
    version = 0
    for size in sizes:
        batch = [
            StoredEvent(originator_id, v, "moved", v.to_bytes(2, "big"))
            for v in range(version, version + size)
        ]
        recorder.insert_events(batch)
        version += size

    expected = [v for v in range(version) if (gt is None or v > gt) and (lte is None or v <= lte)]
    if desc:
        expected.reverse()
    expected = expected[:limit]

    selected = recorder.select_events(originator_id, gt=gt, lte=lte, desc=desc, limit=limit)
    assert [e.originator_version for e in selected] == expected
    assert [e.state for e in selected] == [v.to_bytes(2, "big") for v in expected]


runs = st.builds(
    lambda first, size: list(range(first, first + size)),
    st.integers(min_value=-1, max_value=3),
    st.integers(min_value=0, max_value=30),
)
any_versions = st.one_of(
    runs,  # as the library numbers an aggregate's events: the reads' direct path
    runs.flatmap(lambda run: st.lists(st.sampled_from(run), unique=True) if run else st.just([])),
    st.lists(st.integers(min_value=-2, max_value=40), unique=True, max_size=25),
)


@settings(max_examples=200, deadline=None)
@given(
    versions=any_versions,
    shuffled=st.booleans(),
    batch=st.integers(min_value=1, max_value=4),
    gt=bounds,
    lte=bounds,
    desc=st.booleans(),
    limit=st.none() | st.integers(min_value=0, max_value=10),
    data=st.data(),
)
def test_any_versions_in_any_order_are_selected_like_the_model(
    factory: RedisFactory,
    versions: list[int],
    shuffled: bool,
    batch: int,
    gt: int | None,
    lte: int | None,
    desc: bool,
    limit: int | None,
    data: st.DataObject,
) -> None:
    # given an aggregate's versions, with or without gaps, recorded in order or not
    recorder = factory.application_recorder()
    originator_id = uuid4()
    order = data.draw(st.permutations(versions)) if shuffled else sorted(versions)
    first_id = (recorder.max_notification_id() or 0) + 1
    for at in range(0, len(order), batch):
        recorder.insert_events(
            [
                StoredEvent(originator_id, v, f"topic{v % 2}", v.to_bytes(2, "big", signed=True))
                for v in order[at : at + batch]
            ]
        )
    # then a version recorded already is refused, and nothing changes
    if versions:
        with pytest.raises(IntegrityError):
            recorder.insert_events([StoredEvent(originator_id, order[-1], "again", b"")])
    # and any query answers as the model does
    expected = [v for v in sorted(versions) if (gt is None or v > gt) and (lte is None or v <= lte)]
    if desc:
        expected.reverse()
    expected = expected[:limit]
    selected = recorder.select_events(originator_id, gt=gt, lte=lte, desc=desc, limit=limit)
    assert [e.originator_version for e in selected] == expected
    assert [e.state for e in selected] == [v.to_bytes(2, "big", signed=True) for v in expected]
    assert all(e.topic == f"topic{e.originator_version % 2}" for e in selected)
    # and the log names each event in the order it was recorded, with its own state
    logged = recorder.select_notifications(first_id, len(order) + 1)
    assert [(n.originator_id, n.originator_version) for n in logged] == [
        (originator_id, v) for v in order
    ]
    assert [n.state for n in logged] == [v.to_bytes(2, "big", signed=True) for v in order]


@settings(max_examples=60, deadline=None)
@given(
    batches=st.lists(
        st.tuples(st.integers(min_value=0, max_value=2), st.integers(min_value=1, max_value=4)),
        min_size=1,
        max_size=8,
    ),
    start=st.none() | st.integers(min_value=-1, max_value=25),
    stop=st.none() | st.integers(min_value=0, max_value=25),
    limit=st.integers(min_value=1, max_value=25),
    topics=st.sets(st.sampled_from(["topic0", "topic1", "topic2"]), max_size=2),
    inclusive=st.booleans(),
)
def test_notification_ids_are_gap_free_and_selectable_like_the_model(
    redis_server: RedisServer,
    batches: list[tuple[int, int]],
    start: int | None,
    stop: int | None,
    limit: int,
    topics: set[str],
    inclusive: bool,
) -> None:
    made = RedisFactory(Environment(f"model-{uuid4()}", {"REDIS_URL": redis_server.url}))
    recorder = made.application_recorder()
    log: list[str] = []  # the model: topic of notification id i + 1
    for topic_number, size in batches:
        topic = f"topic{topic_number}"
        batch = [StoredEvent(uuid4(), 1, topic, b"") for _ in range(size)]
        ids = recorder.insert_events(batch)
        assert ids == list(range(len(log) + 1, len(log) + size + 1))
        log += [topic] * size

    first = 1 if start is None else start if inclusive else start + 1
    expected = [
        i
        for i in range(max(first, 1), len(log) + 1)
        if (stop is None or i <= stop) and (not topics or log[i - 1] in topics)
    ][:limit]
    selected = recorder.select_notifications(
        start, limit, stop=stop, topics=sorted(topics), inclusive_of_start=inclusive
    )
    assert [n.id for n in selected] == expected
    assert recorder.max_notification_id() == len(log)
    made.close()


@settings(max_examples=60, deadline=None)
@given(
    positions=st.lists(
        st.tuples(st.sampled_from(["ann", "ben"]), st.integers(min_value=1, max_value=12)),
        max_size=12,
    )
)
def test_tracking_positions_only_move_forward(
    redis_server: RedisServer, positions: list[tuple[str, int]]
) -> None:
    made = RedisFactory(Environment(f"model-{uuid4()}", {"REDIS_URL": redis_server.url}))
    recorder = made.process_recorder()
    model: dict[str, int] = {}
    accepted = 0
    for upstream, position in positions:
        tracking = Tracking(upstream, position)
        event = StoredEvent(uuid4(), 1, "processed", b"")
        if position > model.get(upstream, 0):
            recorder.insert_events([event], tracking=tracking)
            model[upstream] = position
            accepted += 1
        else:
            with pytest.raises(IntegrityError):
                recorder.insert_events([event], tracking=tracking)
    for upstream in ("ann", "ben"):
        assert recorder.max_tracking_id(upstream) == model.get(upstream)
    # A refused position records none of its events either.
    assert recorder.max_notification_id() == (accepted or None)
    made.close()
