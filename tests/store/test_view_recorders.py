"""Every projection store passes one shared test-case class (and the library's own
`TrackingRecorderTestCase`): memory, SQLite, Redis and PostgreSQL, each made by its store's
persistence factory from that store's datastore."""

from __future__ import annotations

import tempfile
from abc import abstractmethod
from pathlib import Path
from unittest import TestCase

import pytest
from eventsourcing.persistence import IntegrityError, Tracking
from eventsourcing.tests import persistence as library
from eventsourcing.utils import Environment

from store import memory, postgres, sqlite
from store.redis import RedisFactory
from store.view_recorder import ViewRecorder

# Keys a prefix scan must tell apart byte for byte: LIKE wildcards, case, accents, the end of
# the Basic Multilingual Plane and beyond it, a key equal to the prefix, and neighbours.
KEYS = [
    "a/b", "a/b%", "a/b_x", "a/\\", "a/*", "a/[x]", "a/é", "a/\uffff", "a/\U0001f680",
    "a/", "A/b", "ab", "a", "b/a", "a0", "a/\U0010ffff",
]  # fmt: skip


class ViewRecorderCase(TestCase):
    """What every ViewRecorder must do. A subclass says how to make one."""

    __test__ = False  # collected through the subclasses of each backend

    @abstractmethod
    def create(self, projection: str) -> ViewRecorder: ...

    def test_documents_and_position_are_written_together(self) -> None:
        views = self.create("p1")
        views.write({"m/1": b"one", "m/2": b"two"}, Tracking("app", 5))
        assert views.read("m/1") == b"one" and views.max_tracking_id("app") == 5
        with pytest.raises(IntegrityError):
            views.write({"m/1": b"changed"}, Tracking("app", 5))
        assert views.read("m/1") == b"one" and views.max_tracking_id("app") == 5
        views.write({"m/1": None, "m/3": b"three"}, Tracking("app", 6))
        assert views.read("m/1") is None
        assert views.scan("m/") == [("m/2", b"two"), ("m/3", b"three")]

    def test_projections_written_together_each_keep_their_position(self) -> None:
        ahead, behind, fresh = self.create("t1"), self.create("t2"), self.create("t3")
        ahead.write({"k": b"ahead"}, Tracking("app", 9))
        behind.write({"k": b"old", "gone": b"x"}, Tracking("app", 2))
        assert ahead.max_tracking_ids([ahead, behind, fresh], "app") == [9, 2, None]
        written = ahead.write_together(
            [
                (ahead, {"k": b"refused"}),
                (behind, {"k": b"new", "gone": None}),
                (fresh, {"k": b"first"}),
            ],
            Tracking("app", 5),
        )
        assert written == [False, True, True]
        assert ahead.read("k") == b"ahead" and ahead.max_tracking_id("app") == 9
        assert behind.read("k") == b"new" and behind.read("gone") is None
        assert fresh.read("k") == b"first"
        assert ahead.max_tracking_ids([ahead, behind, fresh], "app") == [9, 5, 5]

    def test_prefix_scans_are_exact_and_in_code_point_order(self) -> None:
        views = self.create("p2")
        views.write({key: key.encode() for key in KEYS}, Tracking("app", 1))
        for prefix in ["", "a", "a/", "a/b", "a/b%", "A", "a/\U0001f680", "zzz"]:
            expected = sorted((k, k.encode()) for k in KEYS if k.startswith(prefix))
            assert views.scan(prefix) == expected, prefix

    def test_projections_do_not_see_each_other(self) -> None:
        one, two = self.create("left"), self.create("right")
        one.write({"k": b"1"}, Tracking("app", 3))
        assert two.read("k") is None and two.max_tracking_id("app") is None
        two.write({"k": b"2"}, Tracking("app", 1))
        assert one.read("k") == b"1" and one.max_tracking_id("app") == 3

    def test_reset_forgets_documents_and_position(self) -> None:
        views = self.create("p3")
        views.write({"k": b"v"}, Tracking("app", 9))
        views.reset()
        assert views.read("k") is None and views.max_tracking_id("app") is None
        views.write({"k": b"w"}, Tracking("app", 1))
        assert views.read("k") == b"w"


class MemoryFactoryCase(TestCase):
    def setUp(self) -> None:
        super().setUp()
        self.factory = memory.Factory(Environment("views", {}))

    def create(self, projection: str) -> ViewRecorder:
        return self.factory.view_recorder(projection)


class SQLiteFactoryCase(TestCase):
    def setUp(self) -> None:
        super().setUp()
        self.folder = tempfile.TemporaryDirectory()
        path = Path(self.folder.name) / "views.db"
        self.factory = sqlite.Factory(Environment("views", {"SQLITE_DBNAME": str(path)}))

    def tearDown(self) -> None:
        self.factory.close()
        self.folder.cleanup()
        super().tearDown()

    def create(self, projection: str) -> ViewRecorder:
        return self.factory.view_recorder(projection)


class RedisFactoryCase(TestCase):
    redis_url: str

    def setUp(self) -> None:
        super().setUp()
        self.factory = RedisFactory(Environment("views", {"REDIS_URL": self.redis_url}))

    def tearDown(self) -> None:
        self.factory.close()
        super().tearDown()

    def create(self, projection: str) -> ViewRecorder:
        return self.factory.view_recorder(projection)


class PostgresFactoryCase(TestCase):
    postgres_url: str

    def setUp(self) -> None:
        from store.urls import store_env

        super().setUp()
        self.factory = postgres.Factory(Environment("views", store_env(self.postgres_url)))
        for name in ("p1", "p2", "p3", "left", "right", "library"):
            self.factory.view_recorder(name).reset()

    def tearDown(self) -> None:
        self.factory.close()
        super().tearDown()

    def create(self, projection: str) -> ViewRecorder:
        return self.factory.view_recorder(projection)


class LibraryCase(library.TrackingRecorderTestCase):
    __test__ = False

    def create_recorder(self) -> ViewRecorder:
        return self.create("library")  # type: ignore[attr-defined, no-any-return]


class TestMemoryViews(MemoryFactoryCase, ViewRecorderCase):
    __test__ = True


class TestMemoryViewsLibraryCase(MemoryFactoryCase, LibraryCase):
    __test__ = True


class TestSQLiteViews(SQLiteFactoryCase, ViewRecorderCase):
    __test__ = True


class TestSQLiteViewsLibraryCase(SQLiteFactoryCase, LibraryCase):
    __test__ = True


@pytest.mark.usefixtures("redis_url_on_test_case")
class TestRedisViews(RedisFactoryCase, ViewRecorderCase):
    __test__ = True


@pytest.mark.usefixtures("redis_url_on_test_case")
class TestRedisViewsLibraryCase(RedisFactoryCase, LibraryCase):
    __test__ = True


@pytest.fixture
def postgres_url_on_test_case(request: pytest.FixtureRequest, postgres_url: str) -> None:
    request.instance.postgres_url = postgres_url


@pytest.mark.usefixtures("postgres_url_on_test_case")
class TestPostgresViews(PostgresFactoryCase, ViewRecorderCase):
    __test__ = True


@pytest.mark.usefixtures("postgres_url_on_test_case")
class TestPostgresViewsLibraryCase(PostgresFactoryCase, LibraryCase):
    __test__ = True
