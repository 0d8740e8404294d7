"""What the Redis module promises beyond the library's test cases: atomic checked appends
under racing clients, one hash slot per application, bounded errors naming the URL, live
subscriptions, and surviving a crash with fsync-always."""

from __future__ import annotations

import socket
import threading
from typing import TYPE_CHECKING
from uuid import UUID, uuid4

import pytest
import redis
from eventsourcing.persistence import (
    DataError,
    IntegrityError,
    Notification,
    OperationalError,
    StoredEvent,
    Tracking,
)
from eventsourcing.utils import Environment
from redis.crc import key_slot

from store.redis import RedisApplicationRecorder, RedisFactory, RedisUnavailableError
from tests.support.redis_server import RedisServer, free_port, redis_server_path
from tests.support.waiting import CEILING

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path


def make_factory(url: str, name: str = "Matches", **env: str) -> RedisFactory:
    return RedisFactory(Environment(name, {"REDIS_URL": url, **env}))


@pytest.fixture
def factory(redis_url: str) -> Iterator[RedisFactory]:
    made = make_factory(redis_url)
    yield made
    made.close()


def events(originator_id: UUID, versions: range, topic: str = "moved") -> list[StoredEvent]:
    return [StoredEvent(originator_id, v, topic, f"move {v}".encode()) for v in versions]


def log_length(url: str, application: str = "matches") -> int:
    with redis.Redis.from_url(url) as client:
        return int(client.xlen(f"{{{application}}}:events:log"))


def test_racing_clients_never_both_win(redis_url: str) -> None:
    racers = 8
    factories = [make_factory(redis_url) for _ in range(racers)]
    originator_id = uuid4()
    start = threading.Barrier(racers)
    winners: list[int] = []
    losers: list[int] = []

    def race(i: int) -> None:
        recorder = factories[i].application_recorder()
        start.wait()
        try:
            recorder.insert_events([StoredEvent(originator_id, 1, "moved", f"by {i}".encode())])
        except IntegrityError:
            losers.append(i)
        else:
            winners.append(i)

    threads = [threading.Thread(target=race, args=(i,)) for i in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(winners) == 1
    assert len(losers) == racers - 1
    stored = factories[0].application_recorder().select_events(originator_id)
    assert [e.state for e in stored] == [f"by {winners[0]}".encode()]
    assert log_length(redis_url) == 1
    for made in factories:
        made.close()


def test_a_batch_with_one_conflict_writes_nothing(factory: RedisFactory, redis_url: str) -> None:
    recorder = factory.application_recorder()
    taken, fresh = uuid4(), uuid4()
    recorder.insert_events(events(taken, range(1, 3)))

    with pytest.raises(IntegrityError, match="version 2"):
        recorder.insert_events([*events(fresh, range(1, 4)), *events(taken, range(2, 4))])

    assert recorder.select_events(fresh) == []
    assert [e.originator_version for e in recorder.select_events(taken)] == [1, 2]
    assert log_length(redis_url) == 2
    assert recorder.insert_events(events(fresh, range(1, 2))) == [3]


def test_a_refused_tracking_position_writes_no_events(factory: RedisFactory) -> None:
    recorder = factory.process_recorder()
    recorder.insert_events(events(uuid4(), range(1, 2)), tracking=Tracking("upstream", 5))
    late = uuid4()

    with pytest.raises(IntegrityError, match="tracking position 4"):
        recorder.insert_events(events(late, range(1, 3)), tracking=Tracking("upstream", 4))

    assert recorder.select_events(late) == []
    assert recorder.max_notification_id() == 1
    assert recorder.max_tracking_id("upstream") == 5


def test_a_topic_with_a_newline_is_refused(factory: RedisFactory) -> None:
    # The newline separates version, topic and state inside an aggregate's members.
    with pytest.raises(DataError, match="newline"):
        factory.application_recorder().insert_events(events(uuid4(), range(1, 2), "a\nb"))


def test_each_event_is_stored_once_and_the_log_refers_to_it(
    factory: RedisFactory, redis_url: str
) -> None:
    originator_id = uuid4()
    factory.application_recorder().insert_events(events(originator_id, range(1, 4)))
    with redis.Redis.from_url(redis_url) as client:
        aggregate = f"{{matches}}:events:aggregate:{originator_id.hex}"
        assert client.lrange(aggregate, 0, -1) == [
            f"{v}\nmoved\nmove {v}".encode() for v in range(1, 4)
        ]
        entries = client.xrange("{matches}:events:log")
    assert [fields for _, fields in entries] == [
        {b"i": originator_id.hex.encode(), b"v": str(v).encode()} for v in range(1, 4)
    ]


def test_a_store_of_the_earlier_layout_is_refused_by_name(
    factory: RedisFactory, redis_url: str
) -> None:
    # given what the earlier layout wrote: an event in a sorted set, copied into the log
    originator_id = uuid4()
    with redis.Redis.from_url(redis_url) as client:
        client.zadd(f"{{matches}}:events:aggregate:{originator_id.hex}", {b"1\nmoved\nx": 1})
        client.xadd(
            "{matches}:events:log",
            {"originator_id": originator_id.hex, "originator_version": 1, "topic": "moved"},
            id="1-0",
        )
    recorder = factory.application_recorder()
    # then reading it fails with errors that say why, never a wrong answer
    with pytest.raises(OperationalError, match="WRONGTYPE"):
        recorder.select_events(originator_id)
    with pytest.raises(DataError, match="earlier layout"):
        recorder.select_notifications(1, 10)
    with pytest.raises(OperationalError, match="WRONGTYPE"):
        recorder.insert_events(events(originator_id, range(2, 3)))


def test_a_subscription_reads_a_long_backlog_in_order(factory: RedisFactory) -> None:
    recorder = factory.application_recorder()
    for _ in range(3):
        recorder.insert_events([StoredEvent(uuid4(), 1, "moved", b"") for _ in range(400)])

    with recorder.subscribe(gt=100) as subscription:
        # range first: zip stops on it before asking the (endless) subscription again.
        ids = [n.id for _, n in zip(range(1100), subscription, strict=False)]

    assert ids == list(range(101, 1201))


def test_all_keys_of_one_application_share_one_cluster_slot(redis_url: str) -> None:
    for name in ("Matches", "Leaderboard"):
        made = make_factory(redis_url, name=name)
        made.process_recorder().insert_events(
            [*events(uuid4(), range(1, 3)), *events(uuid4(), range(1, 2))],
            tracking=Tracking("upstream", 1),
        )
        made.aggregate_recorder("snapshots").insert_events(events(uuid4(), range(5, 6)))
        made.close()

    with redis.Redis.from_url(redis_url) as client:
        keys: list[bytes] = client.keys("*")
    slots: dict[bytes, set[int]] = {}
    for key in keys:
        application = key.partition(b"}")[0] + b"}"
        slots.setdefault(application, set()).add(key_slot(key))
    assert set(slots) == {b"{matches}", b"{leaderboard}"}
    assert all(len(per_application) == 1 for per_application in slots.values())
    # Per application: the log, two aggregates, one snapshotted aggregate, the tracking hash.
    assert len(keys) == 2 * 5


def test_subscription_follows_new_writes_and_stops_from_another_thread(
    factory: RedisFactory,
) -> None:
    recorder = factory.application_recorder()
    recorder.insert_events(events(uuid4(), range(1, 3)))
    received: list[Notification] = []
    got_three = threading.Event()
    subscription = recorder.subscribe(gt=1, topics=["moved"])

    def follow() -> None:
        with subscription:
            for notification in subscription:
                received.append(notification)
                if len(received) == 3:
                    got_three.set()

    follower = threading.Thread(target=follow)
    follower.start()
    recorder.insert_events(events(uuid4(), range(1, 2), topic="chatted"))
    recorder.insert_events(events(uuid4(), range(1, 3)))
    assert got_three.wait(timeout=5)

    subscription.stop()  # ends the blocking read within its block time (100 ms)
    follower.join(timeout=CEILING)
    assert not follower.is_alive()
    assert [n.id for n in received] == [2, 4, 5]


def test_unreachable_server_fails_fast_naming_the_url() -> None:
    url = f"redis://:hunter2@127.0.0.1:{free_port()}/0"
    made = make_factory(url, REDIS_CONNECT_TIMEOUT="0.5")
    # fast: the time-outs and retries asked for are the ones the client connects with (a
    # stopwatch here would fail on a busy machine, not on a slow client)
    pool = made.datastore.client.connection_pool
    assert pool.connection_kwargs["socket_connect_timeout"] == 0.5

    with pytest.raises(RedisUnavailableError) as raised:
        made.application_recorder().max_notification_id()

    assert isinstance(raised.value, OperationalError)
    assert f"redis://:***@127.0.0.1:{url.rsplit(':', 1)[1]}" in str(raised.value)
    assert "hunter2" not in str(raised.value)
    made.close()


def test_a_server_that_never_answers_times_out_naming_the_url() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()  # accepts connections, never replies
        url = f"redis://127.0.0.1:{silent.getsockname()[1]}/0"
        made = make_factory(url, REDIS_SOCKET_TIMEOUT="0.3", REDIS_RETRIES="0")
        client = made.datastore.client
        assert client.connection_pool.connection_kwargs["socket_timeout"] == 0.3
        assert client.get_retry().get_retries() == 0

        with pytest.raises(RedisUnavailableError, match=url):  # not a hang: the time-out applies
            made.aggregate_recorder().select_events(uuid4())

        made.close()


@pytest.mark.skipif(redis_server_path() is None, reason="redis-server is not on PATH")
def test_a_full_redis_refuses_the_whole_append_and_still_serves_reads(tmp_path: Path) -> None:
    with RedisServer.start(tmp_path) as server:
        made = make_factory(server.url)
        recorder = made.application_recorder()
        game = uuid4()
        recorder.insert_events(events(game, range(1, 3)))
        with redis.Redis.from_url(server.url) as client:
            client.config_set("maxmemory-policy", "noeviction")
            client.config_set("maxmemory", 1)

        with pytest.raises(OperationalError, match="maxmemory"):
            recorder.insert_events(events(game, range(3, 5)))

        assert [e.originator_version for e in recorder.select_events(game)] == [1, 2]
        assert recorder.max_notification_id() == 2
        made.close()


@pytest.mark.skipif(redis_server_path() is None, reason="redis-server is not on PATH")
def test_wrong_credentials_are_reported_as_such(tmp_path: Path) -> None:
    with RedisServer.start(tmp_path) as server:
        with redis.Redis.from_url(server.url) as client:
            client.config_set("requirepass", "right")
        made = make_factory(server.url.replace("//", "//:wrong@"))

        with pytest.raises(OperationalError, match="refused the credentials") as raised:
            made.application_recorder().max_notification_id()

        assert ":***@127.0.0.1" in str(raised.value)
        assert ":wrong@" not in str(raised.value)
        made.close()


@pytest.mark.parametrize(
    ("setting", "value"), [("REDIS_SOCKET_TIMEOUT", "soon"), ("ORIGINATOR_ID_TYPE", "int")]
)
def test_bad_settings_are_refused_by_name(setting: str, value: str) -> None:
    with pytest.raises(OSError, match=setting):
        make_factory("redis://127.0.0.1:1/0", **{setting: value})


def test_a_missing_url_is_refused_by_name() -> None:
    with pytest.raises(OSError, match="REDIS_URL"):
        RedisFactory(Environment("Matches", {}))


@pytest.mark.skipif(redis_server_path() is None, reason="redis-server is not on PATH")
def test_acknowledged_appends_survive_a_crash_with_fsync_always(tmp_path: Path) -> None:
    with RedisServer.start(tmp_path, durable=True) as server:
        made = make_factory(server.url)
        recorder = made.application_recorder()
        assert isinstance(recorder, RedisApplicationRecorder)
        game = uuid4()
        recorder.insert_events(events(game, range(1, 4)))

        server.kill()
        server.restart()

        # The same factory reconnects by itself on its next command.
        assert [e.originator_version for e in recorder.select_events(game)] == [1, 2, 3]
        assert recorder.insert_events(events(game, range(4, 5))) == [4]
        made.close()
