"""Running projections: catch up from the notification log, follow it, rebuild, report lag.

Every projector has its own position (a tracking record of the Ledger's notification id).
`catch_up` reads notifications after the lowest position in pages, folds each into the match it
belongs to (a cache of Match aggregates, loaded from the store — snapshots included — when
missing), and writes each projector's documents for the page together with its new position,
atomically. Stopping at any point and starting again neither misses nor repeats an event.
"""

from __future__ import annotations

import gc
import queue
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any

from eventsourcing.persistence import Notification, Tracking
from eventsourcing.utils import get_topic

from domain.errors import NotFound, StarledgerError, StoreUnavailable
from domain.match import Match
from domain.notes import Notes
from projections.costs import Costs, clock, kind_of
from projections.parallel import catch_up_in_parallel, shares_for
from projections.projectors import PAGE, PROJECTORS, Pendings, Projector
from store.ledger import SNAPSHOT_INTERVAL, STARTED_TOPIC, Ledger
from store.match_cache import working_copy
from store.view_recorder import ViewRecorder

WRITTEN_BATCH = 64
"""Matches a writing process saves (`Projections.written`) before the projections catch up
with them: fewer, larger writes, and well within what the match cache keeps."""
POLL_SECONDS = 0.005
"""How often a store that cannot push (SQLite) is asked for new notifications written by other
processes (one indexed query: ~200 a second cost about 1% of a core); writes made by this
process wake the poll at once. Halved from 10 ms: an append's p50 lag until its view was 20-22 ms,
15 ms now (bench/bench_projections.py)."""
SUBSCRIBE_TIMEOUT = 10.0  # seconds to wait for a store's subscription to hold
NOTES_TOPIC = get_topic(Notes)  # the topics of the Notes aggregate's events start with it
ANALYSIS_TOPIC = "domain.analysis:Analysis"
"""The topic of the Analysis aggregate, which its events' topics start with (written out, so the
projections do not load the analysis to skip its events; a test checks it against the class)."""


class UnknownProjection(NotFound):
    """No projection of that name."""


class _Failed:
    """What a live thread leaves in its queue when the store fails under it."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


def next_live(found: queue.Queue[Any], timeout: float) -> Any:
    """The next live notification (raises queue.Empty after `timeout`). If the thread that
    feeds the queue failed, its failure is raised here, to whoever waits: a store that goes
    away stops `projections run` and `follow` with a one-line reason, never silently."""
    item = found.get(timeout=timeout)
    if isinstance(item, _Failed):
        found.put(item)  # every later wait fails the same way
        error = item.error
        if isinstance(error, StarledgerError):
            raise error
        raise StoreUnavailable(
            f"live updates stopped: {type(error).__name__}: {str(error)[:200]}"
        ) from error
    return item


def live_notifications(ledger: Ledger, after: int, stop: threading.Event) -> queue.Queue[Any]:
    """New notifications after `after`, as they are written, until `stop` is set: pushed by
    the store's subscription where it has one, otherwise polled from the notification log.
    Read it with `next_live`, which raises the feeding thread's failure."""
    found: queue.Queue[Any] = queue.Queue()
    listening = threading.Event()  # set once the subscription holds: what is written after is ours

    def poll() -> None:
        listening.set()  # polling starts from `after`: nothing written since can be missed
        position = after
        recorder: Any = ledger.recorder
        waits = getattr(recorder, "wait_for_append", None)  # woken by this process's writes
        while not stop.is_set():
            seen = getattr(recorder, "appended", 0)  # read before the page: no write missed
            page = recorder.select_notifications(position + 1, 100)
            for notification in page:
                found.put(notification)
                position = notification.id
            if page:
                continue
            if waits is not None:
                waits(seen, POLL_SECONDS)
            else:
                stop.wait(POLL_SECONDS)

    def push() -> None:
        with ledger.recorder.subscribe(gt=after) as subscription:
            listening.set()

            def stop_when_asked() -> None:
                stop.wait()
                subscription.stop()

            threading.Thread(target=stop_when_asked, daemon=True).start()
            for notification in subscription:
                found.put(notification)
                if stop.is_set():
                    break

    def feed(target: Any) -> None:
        try:
            target()
        except BaseException as error:  # handed to whoever waits, never lost with the thread
            if not stop.is_set():
                found.put(_Failed(error))
        finally:
            listening.set()

    pushes = bool(getattr(ledger.factory, "pushes_notifications", False))
    threading.Thread(target=feed, args=(push if pushes else poll,), daemon=True).start()
    # Return only once the store listens, so a caller that catches up next misses nothing: a
    # subscription may push only what is written after it starts (the memory store's does).
    listening.wait(SUBSCRIBE_TIMEOUT)
    return found


def view_recorder(ledger: Ledger, projection: str) -> ViewRecorder:
    """The ViewRecorder of a projection, made by the store's own persistence factory from its
    datastore (connection, time-outs, error translation), in the same store as the events."""
    factory: Any = ledger.factory
    recorder = factory.view_recorder(projection)
    assert isinstance(recorder, ViewRecorder)
    return recorder


class MatchFolder:
    """Brings the matches of a page forward, in the process's one aggregate cache (the ledger's
    `matches`: store/match_cache.py, shared with the server's commands): from the kept match
    (or from its Started event) by the page's events, or, when that would take more folding than
    a snapshot leaves, from the store's latest snapshot: only the events it folds are decoded
    into the game's types. A kept match is never changed: the events fold into a working copy."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.cache = ledger.matches
        self.fold_limit = max(1, SNAPSHOT_INTERVAL)

    def advance(self, stored: Sequence[Notification], costs: Costs | None = None) -> Match:
        """The match after the last of `stored` (stored events of one match, in order);
        `costs`, when given, is told each folded event's time by its kind."""
        ident: Any = stored[0].originator_id
        first, last = stored[0].originator_version, stored[-1].originator_version
        match: Any = self.cache.get(ident)
        if match is not None and match.version == last:  # kept by the writer: as is
            return match
        started = stored[0].topic == STARTED_TOPIC
        if started or (match is not None and match.version != first - 1):
            match = None
        foldable = started or match is not None  # the events in hand bring it to the end
        if not foldable or len(stored) > self.fold_limit:
            loaded = self._from_snapshot(ident, first, last)
            if loaded is not None:
                match = loaded
                stored = [s for s in stored if s.originator_version > match.version]
            elif not foldable:
                match, stored = self.ledger.match(ident, version=last), ()
        elif match is not None:
            match = working_copy(match)  # the kept one stays as it is
        decode: Callable[[Any], Any] = self.ledger.mapper.to_domain_event
        if costs is None:
            for event in stored:
                match = decode(event).mutate(match)
        else:
            for event in stored:
                began = clock()
                match = decode(event).mutate(match)
                costs.add_kind("fold", kind_of(event.topic), clock() - began)
        assert isinstance(match, Match)
        self.cache.offer(match)  # a later one kept meanwhile stays (the cache moves forward)
        return match

    def _from_snapshot(self, ident: uuid.UUID, first: int, last: int) -> Match | None:
        """The latest snapshot at or before `last`, if the events from `first` on bring it to
        the end; None when there is none, or it cannot be read."""
        snapshots = self.ledger.snapshots
        if snapshots is None:
            return None
        try:
            found = snapshots.recorder.select_events(ident, lte=last, desc=True, limit=1)
            if not found:
                return None
            snapshot: Any = snapshots.mapper.to_domain_event(found[0])
            match = snapshot.mutate(None)
        except Exception:  # an unreadable snapshot is never trusted (`verify` names it)
            return None
        if not isinstance(match, Match) or match.version < first - 1:
            return None
        return match


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic collection while a page is projected. A page decodes and builds hundreds of
    thousands of short-lived containers (freed by their counts: they form no cycles), and each
    of the collections they would set off scans what survives, the kept matches first: a third
    of a catch-up's time went there (bench/bench_projections.py). The collector resumes after
    the page, so garbage cycles wait at most a page, as before."""
    if not gc.isenabled():  # paused by the caller: left as it is
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@dataclass(frozen=True)
class Status:
    name: str
    description: str
    position: int
    head: int

    @property
    def lag(self) -> int:
        return self.head - self.position


class Projections:
    parallel = True
    """Whether a long catch-up may share its work out between processes (projections/parallel.py);
    a server, with threads and its own workers, keeps to one."""

    def __init__(self, ledger: Ledger, names: Sequence[str] | None = None) -> None:
        self.ledger = ledger
        chosen = list(names or PROJECTORS)
        for name in chosen:
            if name not in PROJECTORS:
                known = ", ".join(PROJECTORS)
                raise UnknownProjection(f"no projection {name!r} (known: {known})")
        self.projectors: list[Projector] = [
            PROJECTORS[name](view_recorder(ledger, PROJECTORS[name].recorder_name()), ledger.mapper)
            for name in chosen
        ]
        for projector in self.projectors:
            for old in projector.retired:  # an earlier format's documents: never read again
                recorder = view_recorder(ledger, old)
                if recorder.max_tracking_id(ledger.name) is not None:
                    recorder.reset()
        self.cache = MatchFolder(ledger)
        self._written = 0  # matches remembered since the last catch-up
        self._costs: Costs | None = None

    @property
    def costs(self) -> Costs | None:
        """Where catch-ups spend their time, added up there when set (projections/costs.py)."""
        return self._costs

    @costs.setter
    def costs(self, costs: Costs | None) -> None:
        self._costs = costs
        for projector in self.projectors:
            projector.costs = costs

    def __getitem__(self, name: str) -> Projector:
        for projector in self.projectors:
            if projector.name == name:
                return projector
        raise UnknownProjection(name)

    def positions(self) -> dict[str, int]:
        """Each projector's position (read in one query where the store allows)."""
        recorders = [p.recorder for p in self.projectors]
        if not recorders:
            return {}
        found = recorders[0].max_tracking_ids(recorders, self.ledger.name)
        return {p.name: found[i] or 0 for i, p in enumerate(self.projectors)}

    def head(self) -> int:
        return self.ledger.recorder.max_notification_id() or 0

    def status(self) -> list[Status]:
        head = self.head()
        positions = self.positions()
        return [Status(p.name, p.description, positions[p.name], head) for p in self.projectors]

    def catch_up(
        self, stop: int | None = None, progress: Callable[[int, int], None] | None = None
    ) -> int:
        """Process every notification not yet projected, up to `stop` (default: the store's
        head when called, so a catch-up under a steady stream of appends still returns);
        returns how many. `progress(done, total)` is told after each page."""
        stop = self.head() if stop is None else stop
        self._written = 0
        read = self.positions()
        known: dict[str, int] | None = read
        start = min(read.values(), default=0)
        total = max(0, stop - start)
        done = 0
        shares = shares_for(self, total) if self.parallel else 1
        if shares > 1:
            done = catch_up_in_parallel(self, start, stop, shares, progress)
            known = None  # moved on by the other processes
        for page, positions in self._pages(stop, known):
            self.process(page, positions)
            done += len(page)
            if progress is not None:
                progress(min(done, total), total)
        return done

    def written(self, match: Match) -> None:
        """`match` was just saved by this process (a simulation, a demo, an import; the ledger
        keeps it in its cache): the projections are written as the writing goes on, from the
        kept matches, so no read after a big simulation waits for them."""
        if self.ledger.matches.get(match.id) is None:  # saved by another ledger of the process
            self.ledger.matches.offer(working_copy(match))
        self._written += 1
        if self._written >= WRITTEN_BATCH:
            self.catch_up()

    def _pages(
        self, stop: int | None, known: dict[str, int] | None = None
    ) -> Iterator[tuple[list[Notification], dict[str, int]]]:
        """Pages from the lowest position on, each with the positions it starts from; positions
        are read again before each page (but the first, when `known` gives them as just read),
        so pages that another process projected meanwhile are not done twice. A short page that
        reached the end ends it (no empty read after)."""
        while True:
            positions, known = known if known is not None else self.positions(), None
            start = min(positions.values(), default=0) + 1
            if stop is not None and start > stop:
                return
            with self._timing("read"):
                page = list(self.ledger.recorder.select_notifications(start, PAGE, stop=stop))
            if not page:
                return
            yield page, positions
            if len(page) < PAGE:
                return

    def _timing(self, part: str) -> Any:
        return nullcontext() if self.costs is None else self.costs.timing(part)

    def process(
        self, page: Sequence[Notification], positions: dict[str, int] | None = None
    ) -> None:
        """Project one page of notifications and record each projector's new position."""
        positions = self.positions() if positions is None else positions
        pending: Pendings = {p.name: {} for p in self.projectors}
        self.project_page(page, positions, pending)
        with self._timing("write"):
            self.write(pending, positions, page[-1].id)

    def project_page(
        self,
        page: Sequence[Notification],
        positions: dict[str, int],
        pending: Pendings,
        share: Callable[[Any], bool] | None = None,
    ) -> None:
        """Add to `pending` the documents a page of notifications changes (for the matches
        `share` accepts: all by default): each match of the page is brought forward once, its
        events decoded once for every projector that reads them, and each projector given its
        events past its position."""
        with collector_paused():
            self._project_page(page, positions, pending, share)

    def _project_page(
        self,
        page: Sequence[Notification],
        positions: dict[str, int],
        pending: Pendings,
        share: Callable[[Any], bool] | None,
    ) -> None:
        batches: dict[Any, list[Notification]] = {}
        for notification in page:
            if notification.topic.startswith((NOTES_TOPIC, ANALYSIS_TOPIC)):
                continue  # notes and analyses live in their own aggregates, read from them
            batches.setdefault(notification.originator_id, []).append(notification)
        costs = self.costs
        for ident, batch in batches.items():
            if share is not None and not share(ident):
                continue
            if costs is None:
                match = self.cache.advance(batch)
            else:
                with costs.timing("fold"):
                    match = self.cache.advance(batch, costs)
            for projector in self.projectors:
                position = positions[projector.name]
                if batch[-1].id <= position:
                    continue
                if not projector.needs_events:
                    new: Sequence[Notification] = ()
                elif position < batch[0].id:
                    new = batch
                else:
                    new = [stored for stored in batch if stored.id > position]
                if costs is None:
                    projector.project(new, match, pending[projector.name])
                else:
                    with costs.timing(projector.name):
                        projector.project(new, match, pending[projector.name])

    def write(self, pending: Pendings, positions: dict[str, int], last: int) -> bool:
        """Write each projector's documents with its new position `last`, all in one
        transaction where the store allows; False when another process had projected some of
        them first (its documents are the same: projections are functions of the events),
        which the next page's positions show."""
        due = [p for p in self.projectors if last > positions[p.name]]
        if not due:
            return True
        written = due[0].recorder.write_together(
            [(p.recorder, pending[p.name]) for p in due], Tracking(self.ledger.name, last)
        )
        return all(written)

    def run(self, stop: threading.Event) -> int:
        """Keep every projection current until `stop` is set: woken by each new notification
        where the store pushes them (Redis, PostgreSQL, memory), polling where it cannot
        (SQLite). Returns how many events were projected."""
        done = self.catch_up()  # a long backlog first, while this process has one thread
        # Listen from the current head before catching up, so nothing written in between is missed.
        wake = live_notifications(self.ledger, self.head(), stop)
        done += self.catch_up()
        while not stop.is_set():
            try:
                next_live(wake, timeout=0.2)
            except queue.Empty:
                continue
            while not wake.empty():
                next_live(wake, timeout=0)
            done += self.catch_up()
        return done

    def rebuild(self) -> int:
        for projector in self.projectors:
            projector.recorder.reset()
        return self.catch_up()
