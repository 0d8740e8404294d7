"""eventsourcing applications on Redis, selected the library's way (PERSISTENCE_MODULE):
snapshots, and a projection that follows an application live and records atomically."""

from __future__ import annotations

from functools import singledispatchmethod
from uuid import NAMESPACE_URL, UUID, uuid5

import pytest
from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent
from eventsourcing.domain import Aggregate, DomainEventProtocol, event
from eventsourcing.projection import EventSourcedProjection, EventSourcedProjectionRunner

from store.transcoding import MAPPER_TOPIC, TRANSCODER_TOPIC


class Match(Aggregate):
    @event("Started")
    def __init__(self, game: str) -> None:
        self.game = game
        self.moves: list[str] = []

    @event("Moved")
    def move(self, move: str) -> None:
        self.moves.append(move)


class Matches(Application[UUID]):
    pass


class Tally(Aggregate):
    """How many moves were made in one match, kept by the projection below."""

    @staticmethod
    def create_id(match_id: UUID) -> UUID:
        return uuid5(NAMESPACE_URL, f"/tally/{match_id}")

    @event("Opened")
    def __init__(self, match_id: UUID) -> None:
        self.moves = 0

    @event("Counted")
    def count(self) -> None:
        self.moves += 1


class MoveTally(EventSourcedProjection[UUID]):
    @singledispatchmethod
    def policy(
        self,
        domain_event: DomainEventProtocol[UUID],
        processing_event: ProcessingEvent[UUID],
    ) -> None:
        if isinstance(domain_event, Match.Moved):
            tally = self.tally_of(domain_event.originator_id) or Tally(domain_event.originator_id)
            tally.count()
            processing_event.collect_events(tally)

    def tally_of(self, match_id: UUID) -> Tally | None:
        try:
            tally = self.repository.get(Tally.create_id(match_id))
        except AggregateNotFoundError:
            return None
        assert isinstance(tally, Tally)
        return tally


@pytest.mark.parametrize("codec", ["library json", "project msgspec"])
def test_an_application_saves_snapshots_and_reloads(redis_url: str, codec: str) -> None:
    env = {
        "PERSISTENCE_MODULE": "store.redis",
        "REDIS_URL": redis_url,
        "IS_SNAPSHOTTING_ENABLED": "y",
    }
    if codec == "project msgspec":
        env |= {"TRANSCODER_TOPIC": TRANSCODER_TOPIC, "MAPPER_TOPIC": MAPPER_TOPIC}
    app = Matches(env=env)
    match = Match("delta-v")
    for move in ("burn", "coast", "land"):
        match.move(move)
    app.save(match)
    app.take_snapshot(match.id)
    match.move("refuel")
    app.save(match)
    app.close()

    reopened = Matches(env=env)
    assert reopened.snapshots is not None
    snapshots = list(reopened.snapshots.get(match.id))
    assert [s.originator_version for s in snapshots] == [4]
    loaded = reopened.repository.get(match.id)
    assert isinstance(loaded, Match)
    assert (loaded.game, loaded.moves, loaded.version) == (
        "delta-v",
        ["burn", "coast", "land", "refuel"],
        5,
    )
    assert reopened.repository.get(match.id, version=4).moves == ["burn", "coast", "land"]
    assert [n.id for n in reopened.notification_log.select(start=1, limit=10)] == [1, 2, 3, 4, 5]
    reopened.close()


def test_a_projection_follows_the_application_and_records_atomically(redis_url: str) -> None:
    env = {"PERSISTENCE_MODULE": "store.redis", "REDIS_URL": redis_url}
    with EventSourcedProjectionRunner(
        application_class=Matches, projection_class=MoveTally, env=env
    ) as runner:
        match = Match("kosmonauts")
        match.move("launch")
        match.move("orbit")
        recordings = runner.app.save(match)
        runner.wait(recordings[-1].notification.id, timeout=5)

        tally = runner.projection.tally_of(match.id)
        assert tally is not None
        assert tally.moves == 2
        assert runner.projection.recorder.max_tracking_id("Matches") == 3
        assert runner.projection.recorder.max_notification_id() == 3  # opened, counted twice
