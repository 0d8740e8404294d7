"""The module on a (one-node) Redis Cluster, which refuses any command or script whose keys
span hash slots: the library's cases pass only if each application's keys share one slot."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
import redis
from eventsourcing.tests import persistence as library

from store.redis import RedisApplicationRecorder, RedisFactory
from tests.store.redis_factories import RedisFactories
from tests.support.redis_server import RedisServer, redis_server_path

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from eventsourcing.persistence import AggregateRecorder, ProcessRecorder


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    if redis_server_path() is None:
        pytest.skip("redis-server is not on PATH (CI installs it)")
    directory: Path = tmp_path_factory.mktemp("redis-cluster")
    with RedisServer.start(directory, cluster=True) as server:
        yield server


@pytest.fixture
def cluster_url_on_test_case(request: pytest.FixtureRequest, cluster: RedisServer) -> None:
    with redis.Redis.from_url(cluster.url) as client:
        client.flushdb()
    request.instance.redis_url = cluster.url


class OnCluster(RedisFactories):
    def new_factory(self, **env: str) -> RedisFactory:
        return super().new_factory(REDIS_CLUSTER="yes", **env)


@pytest.mark.usefixtures("cluster_url_on_test_case")
class TestClusterSnapshotRecorder(OnCluster, library.AggregateRecorderTestCase):
    def create_recorder(self) -> AggregateRecorder:
        return self.new_factory().aggregate_recorder(purpose="snapshots")


@pytest.mark.usefixtures("cluster_url_on_test_case")
class TestClusterApplicationRecorder(
    OnCluster, library.ApplicationRecorderTestCase[RedisApplicationRecorder]
):
    def create_recorder(self) -> RedisApplicationRecorder:
        recorder = self.new_factory().application_recorder()
        assert isinstance(recorder, RedisApplicationRecorder)
        return recorder

    def test_insert_subscribe(self) -> None:
        self.optional_test_insert_subscribe()


@pytest.mark.usefixtures("cluster_url_on_test_case")
class TestClusterProcessRecorder(OnCluster, library.ProcessRecorderTestCase):
    def create_recorder(self) -> ProcessRecorder:
        return self.new_factory().process_recorder()


def test_the_cluster_refuses_keys_from_two_slots(cluster: RedisServer) -> None:
    """Guards the test above: without hash tags, Redis Cluster would refuse our script."""
    with (
        redis.Redis.from_url(cluster.url) as client,
        pytest.raises(redis.ResponseError, match="slot"),
    ):
        client.eval("#!lua\nreturn redis.call('MSET', KEYS[1], 1, KEYS[2], 2)", 2, "a", "b")
