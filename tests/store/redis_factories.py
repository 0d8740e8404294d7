"""A base for unittest-style cases: factories on the test's Redis server, closed after."""

from __future__ import annotations

from unittest import TestCase

from eventsourcing.utils import Environment

from store.redis import RedisFactory


class RedisFactories(TestCase):
    """Makes factories on the test's Redis server and closes them after the test."""

    redis_url: str

    def setUp(self) -> None:
        self.factories: list[RedisFactory] = []
        super().setUp()

    def tearDown(self) -> None:
        super().tearDown()
        for factory in self.factories:
            factory.close()

    def new_factory(self, **env: str) -> RedisFactory:
        factory = RedisFactory(Environment("Tests", {"REDIS_URL": self.redis_url, **env}))
        self.factories.append(factory)
        return factory
