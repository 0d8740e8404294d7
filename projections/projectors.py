"""The read side: what users look at, kept current from the event store.

Each projector turns the new stored events of one match in a page of the notification log
(with the match as it stands after the last of them) into documents for its `ViewRecorder`
(types in projections/documents.py):

    index    one MatchRow per match: game, seats, status, decisions, times, to move, winners
    scores   one Scoreboard per match (keyed by game, for leaderboards)
    audit    the hash chain of every match's replay lines (header = 0, then one per stored
             event), CHUNK hashes of 32 bytes to a document, read from the stored bytes (each
             decision's stamped commitment: records/stored_chain.py); `verify` recomputes the
             chain from the event store and names the first line that differs. The lines
             themselves are never stored twice: the query layer seals them from the events.
    views    one ViewDoc per match and viewer (each seat and the spectator): the latest view
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import msgspec
from eventsourcing.persistence import Notification

from domain.errors import StarledgerError, StoreUnavailable
from domain.game import places_from_keys
from domain.match import TABLE, Match
from domain.viewer import REFEREE, SPECTATOR
from projections.costs import Costs, kind_of
from projections.documents import (
    MatchRow,
    Scoreboard,
    SeatScore,
    ViewDoc,
    decode_any,
    encode,
    to_json,
)
from records.stored_chain import DECIDED_TOPIC, StoredChain, sealable
from store.transcoding import reads_plainly
from store.view_recorder import ViewRecorder

Pending = dict[str, bytes | None]
Pendings = dict[str, Pending]
"""Each projection's documents to write, by projection name."""
PAGE = 5000
"""Notifications read and projected at a time."""

CHUNK = 64
"""Chain hashes per audit document: a decision rewrites at most 2 KiB of its match's chain."""
HASH_BYTES = 32


def audit_key(match_id: object, chunk: int) -> str:
    """Audit documents sort by match, then chunk (chunk k holds versions k*CHUNK ... on)."""
    return f"{match_id}/{chunk:06d}"


def chain_hash(chunk: bytes, version: int) -> str | None:
    """The chain hash of `version` in its chunk, as hex (None when the chunk stops before it)."""
    offset = (version % CHUNK) * HASH_BYTES
    found = chunk[offset : offset + HASH_BYTES]
    return found.hex() if len(found) == HASH_BYTES else None


class AuditGap(StoreUnavailable):
    """The stored audit chain stops before the events that follow it: it was changed or lost.
    The store's fault, never the caller's (503 / exit 3), and nothing is written past it."""

    default_code = "AUDIT_GAP"


class Projector(ABC):
    name: ClassVar[str]
    description: ClassVar[str]
    stored_as: ClassVar[str | None] = None
    """The recorder's name for the documents, when not `name` (a new document format)."""
    retired: ClassVar[tuple[str, ...]] = ()
    """Recorder names of earlier formats: their documents are dropped when first seen."""
    needs_events: ClassVar[bool] = True
    """Whether `project` reads the events (else it is given none, only the match after them)."""

    def __init__(self, recorder: ViewRecorder, mapper: Any = None) -> None:
        self.recorder = recorder
        self.mapper = mapper
        """The store's mapper, for a projector that decodes the stored events it is given."""
        self.costs: Costs | None = None
        """Told the time of each event this projector reads, by kind, when set."""

    @classmethod
    def recorder_name(cls) -> str:
        return cls.stored_as or cls.name

    @abstractmethod
    def project(self, events: Sequence[Notification], match: Match, pending: Pending) -> None:
        """Add the documents that `events` change: new stored events of one match, in version
        order, as the store holds them (decoded by the projector as far as it needs, with
        `mapper`); `match` is the match as it stands after the last of them."""

    def doc(self, key: str, pending: Pending) -> Any:
        raw = pending[key] if key in pending else self.recorder.read(key)
        return None if raw is None else decode_any(raw)


class LatestStateProjector(Projector):
    """Documents that show only a match's latest state: worked out once per match per page,
    from the Match as it stands after the page's last event of it."""

    needs_events = False

    def project(self, events: Sequence[Notification], match: Match, pending: Pending) -> None:
        self.docs(match, pending)

    @abstractmethod
    def docs(self, match: Match, pending: Pending) -> None:
        """Add the documents of `match` as it stands now."""


def match_row(match: Match) -> MatchRow:
    result = match.result
    return MatchRow(
        match=str(match.id),
        game=match.game,
        seats=list(match.seats),
        status=match.status,
        decisions=match.decisions,
        version=match.version,
        created=match.created_on.isoformat(timespec="seconds"),
        last_move=match.modified_on.isoformat(timespec="seconds"),
        to_move=match.waiting_for,
        winners=[match.seats[s] for s in result.winners] if result else [],
        reason=result.reason if result else None,
        sealed_log=match.sealed_log,
        seed_known=match.seed_known,
        seed_commitment=match.seed_commitment,
        entropy=match.contributions is not None,
        forked_from=str(match.forked_from["match"]) if match.forked_from else None,
        forked_at=int(match.forked_from["at"]) if match.forked_from else None,
    )


class MatchIndex(LatestStateProjector):
    name = "index"
    description = "every match: game, seats, status, decisions, times, to move, winner"

    def docs(self, match: Match, pending: Pending) -> None:
        pending[str(match.id)] = encode(match_row(match))


_last_board: tuple[Match, int, Scoreboard] | None = None


def scoreboard(match: Match) -> Scoreboard:
    """The match's scores and places now. Every projector of a page asks for the same match's
    one after another (scores, then each view), so the latest is kept and given again while
    the match (the same object) stands at the same version."""
    global _last_board
    last = _last_board
    if last is not None and last[0] is match and last[1] == match.version:
        return last[2]
    board = _scoreboard(match)
    _last_board = (match, match.version, board)
    return board


def _scoreboard(match: Match) -> Scoreboard:
    result = match.result
    if not match.dealt or match.retired:
        scores: tuple[int, ...] = tuple(0 for _ in match.seats)
    else:
        scores = result.scores if result else tuple(match.rules.score(match.state))
    places = result.places if result else places_from_keys([(s,) for s in scores])
    return Scoreboard(
        match=str(match.id),
        game=match.game,
        version=match.version,
        status=match.status,
        seats=[
            SeatScore(seat=name, score=scores[i], place=places[i])
            for i, name in enumerate(match.seats)
        ],
        winners=[match.seats[s] for s in result.winners] if result else [],
        reason=result.reason if result else None,
        reason_text=match.rules.describe_end(result.reason) if result else None,
    )


class Scores(LatestStateProjector):
    name = "scores"
    description = "current scores and places per match; leaderboards per game"

    def docs(self, match: Match, pending: Pending) -> None:
        pending[f"{match.game}/{match.id}"] = encode(scoreboard(match))


class AuditLog(Projector):
    name = "audit"
    description = "the hash chain of every match's replay lines"
    stored_as = "audit@2"  # chunks of chain hashes
    retired = ("audit",)  # one whole replay line per event

    TAILS_KEPT = 256

    def __init__(self, recorder: ViewRecorder, mapper: Any = None) -> None:
        super().__init__(recorder, mapper)
        self.chain = StoredChain(
            lambda stored: sealable(mapper, stored), fast=reads_plainly(mapper, DECIDED_TOPIC)
        )
        # The last chunk written of recently seen matches, so a match followed live is not
        # read back for every decision. Used only when it ends exactly where the new events
        # begin (another process may have written further meanwhile: then it is read again).
        self._tails: OrderedDict[str, tuple[int, bytes]] = OrderedDict()

    def project(self, events: Sequence[Notification], match: Match, pending: Pending) -> None:
        ident = str(match.id)
        first = events[0]
        previous: str | None
        if first.originator_version == 1:  # Started: the match's header opens the chain
            number, chunk, previous = 0, b"", None
        else:
            version = first.originator_version - 1
            number, chunk = version // CHUNK, self._chunk(ident, version, pending)
            found = chain_hash(chunk, version)
            if found is None or len(chunk) != (version % CHUNK + 1) * HASH_BYTES:
                raise AuditGap(
                    f"the audit chain of match {ident} does not end at version {version}: "
                    "rebuild it (starledger projections rebuild audit)"
                )
            previous = found
        digests = self.chain.digests(ident, match.seats, events, previous, self._timed())
        # The chain from the start of the chunk that holds the first new hash, cut into chunks.
        joined = chunk + b"".join(digests)
        size = CHUNK * HASH_BYTES
        for offset in range(0, len(joined), size):
            chunk = joined[offset : offset + size]
            pending[audit_key(ident, number + offset // size)] = chunk
        self._tails[ident] = (number + (len(joined) - 1) // size, chunk)
        self._tails.move_to_end(ident)
        if len(self._tails) > self.TAILS_KEPT:
            self._tails.popitem(last=False)

    def _timed(self) -> Callable[[Notification, float], None] | None:
        """Tells the costs, when kept, each event's seconds by its kind."""
        costs = self.costs
        if costs is None:
            return None
        return lambda stored, seconds: costs.add_kind("audit", kind_of(stored.topic), seconds)

    def _chunk(self, ident: str, version: int, pending: Pending) -> bytes:
        """The chunk that holds `version`, up to `version` (this page's, else the store's). The
        store's may hold more: another process catching up the same projection wrote further
        meanwhile (the same hashes: a chain is a function of the events), so only the part up
        to `version` is taken, and whichever write comes last keeps the whole of it."""
        number = version // CHUNK
        key = audit_key(ident, number)
        size = (version % CHUNK + 1) * HASH_BYTES
        if key in pending:
            return pending[key] or b""
        tail = self._tails.get(ident)
        if tail is not None and tail[0] == number and len(tail[1]) == size:
            return tail[1]
        return (self.recorder.read(key) or b"")[:size]


def view_doc(match: Match, name: str, *, plain: bool = True) -> ViewDoc:
    """What `name` (a seat, 'spectator' or 'referee') sees of `match` now, with turn and scores.
    Its `view` is builtins (dicts, lists), or with `plain=False` the game's own view struct,
    which JSON-encodes to the same bytes, with no copy made first (what the projection stores)."""
    rules = match.rules
    board = scoreboard(match)
    view: Any
    if match.retired:
        view, text = None, _retired(match)
    elif not match.dealt:
        waiting = ", ".join(match.waiting_for)
        source = "the table" if match.chance == TABLE else f"entropy from: {waiting}"
        view, text = None, f"the opening waits for {source}"
    elif name == REFEREE:
        view = msgspec.to_builtins(match.state)
        text = msgspec.json.format(to_json(view)).decode()
    else:
        seen = rules.view(match.state, None if name == SPECTATOR else match.seats.index(name))
        view, text = msgspec.to_builtins(seen) if plain else seen, rules.render(seen, match.seats)
    return ViewDoc(
        match=str(match.id),
        game=match.game,
        version=match.version,
        as_=name,
        to_move=match.waiting_for,
        scores=board.seats,
        winners=board.winners,
        view=view,
        text=text,
    )


def _retired(match: Match) -> str:
    try:
        match.check_current()
    except StarledgerError as exc:
        return exc.message
    return ""


class SeatViews(LatestStateProjector):
    name = "views"
    description = "the latest view of every seat and of a spectator"

    def docs(self, match: Match, pending: Pending) -> None:
        for name in [*match.seats, SPECTATOR]:
            pending[f"{match.id}/{name}"] = encode(view_doc(match, name, plain=False))


PROJECTORS: dict[str, type[Projector]] = {
    cls.name: cls for cls in (MatchIndex, Scores, AuditLog, SeatViews)
}
