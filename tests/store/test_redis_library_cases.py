"""The eventsourcing library's own recorder and factory test cases, run against Redis."""

from __future__ import annotations

from uuid import uuid4

import pytest
from eventsourcing.persistence import (
    AggregateRecorder,
    ApplicationRecorder,
    ProcessRecorder,
    TrackingRecorder,
)
from eventsourcing.tests import persistence as library
from eventsourcing.utils import Environment

from store.redis import (
    RedisAggregateRecorder,
    RedisApplicationRecorder,
    RedisFactory,
    RedisProcessRecorder,
    RedisTrackingRecorder,
)
from tests.store.redis_factories import RedisFactories


@pytest.mark.usefixtures("redis_url_on_test_case")
class TestRedisAggregateRecorder(RedisFactories, library.AggregateRecorderTestCase):
    def create_recorder(self) -> AggregateRecorder:
        return self.new_factory().aggregate_recorder()


@pytest.mark.usefixtures("redis_url_on_test_case")
class TestRedisSnapshotRecorder(RedisFactories, library.AggregateRecorderTestCase):
    def create_recorder(self) -> AggregateRecorder:
        return self.new_factory().aggregate_recorder(purpose="snapshots")


@pytest.mark.usefixtures("redis_url_on_test_case")
class TestRedisAggregateRecorderWithTextIDs(RedisFactories, library.AggregateRecorderTestCase):
    def new_originator_id(self) -> str:
        return f"match-{uuid4()}"

    def create_recorder(self) -> AggregateRecorder:
        return self.new_factory(ORIGINATOR_ID_TYPE="text").aggregate_recorder()


@pytest.mark.usefixtures("redis_url_on_test_case")
class TestRedisApplicationRecorder(
    RedisFactories, library.ApplicationRecorderTestCase[RedisApplicationRecorder]
):
    def create_recorder(self) -> RedisApplicationRecorder:
        recorder = self.new_factory().application_recorder()
        assert isinstance(recorder, RedisApplicationRecorder)
        return recorder

    def test_insert_subscribe(self) -> None:
        self.optional_test_insert_subscribe()


@pytest.mark.usefixtures("redis_url_on_test_case")
class TestRedisTrackingRecorder(RedisFactories, library.TrackingRecorderTestCase):
    def create_recorder(self) -> TrackingRecorder:
        return self.new_factory().tracking_recorder()


@pytest.mark.usefixtures("redis_url_on_test_case")
class TestRedisProcessRecorder(RedisFactories, library.ProcessRecorderTestCase):
    def create_recorder(self) -> ProcessRecorder:
        return self.new_factory().process_recorder()


@pytest.mark.usefixtures("redis_url_on_test_case")
class TestRedisNonInterleavingNotificationIDs(
    RedisFactories, library.NonInterleavingNotificationIDsBaseCase
):
    def create_recorder(self) -> ApplicationRecorder:
        return self.new_factory().application_recorder()


class RedisTrackingRecorderSubclass(RedisTrackingRecorder):
    pass


@pytest.mark.usefixtures("redis_url_on_test_case")
class TestRedisInfrastructureFactory(library.InfrastructureFactoryTestCase[RedisFactory]):
    redis_url: str

    def setUp(self) -> None:
        self.env = Environment(
            "TestCase", {"PERSISTENCE_MODULE": "store.redis", "REDIS_URL": self.redis_url}
        )
        super().setUp()

    def expected_factory_class(self) -> type[RedisFactory]:
        return RedisFactory

    def expected_aggregate_recorder_class(self) -> type[AggregateRecorder]:
        return RedisAggregateRecorder

    def expected_application_recorder_class(self) -> type[ApplicationRecorder]:
        return RedisApplicationRecorder

    def expected_tracking_recorder_class(self) -> type[TrackingRecorder]:
        return RedisTrackingRecorder

    def tracking_recorder_subclass(self) -> type[TrackingRecorder]:
        return RedisTrackingRecorderSubclass

    def expected_process_recorder_class(self) -> type[ProcessRecorder]:
        return RedisProcessRecorder
