"""The last move listing of each (store, match, seat), kept in the user's cache folder so that
`play MATCH N` plays move N of exactly what `moves` showed.

A listing remembers the match version it was listed at and a digest of every legal move the seat
had then: `play N` and `moves --pick N` go on while all that happened since is other seats'
sealed choices and the seat's own legal moves are unchanged (simultaneous secret choices are no
conflict), and refuse (CONFLICT, nothing stored) otherwise; `play N` sends the move with the
version it checked as its expected version, so a decision that lands in between is refused.

Folder: $STARLEDGER_CACHE, else $XDG_CACHE_HOME/starledger, else ~/.cache/starledger; one small
JSON file per (store, match, seat) under `listings/`, readable by the user alone (a listing holds
the seat's legal moves, which can tell what is in its hand).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from cli.files import write_atomic
from cli.output import UserError
from domain.errors import Conflict
from forms.menus import MoveEntry, MoveMenu


class Listing(msgspec.Struct, kw_only=True):
    """A shown menu, and the positions before it (for `moves --back`)."""

    where: str  # the store URL or server the match lives in
    menu: MoveMenu
    history: list[list[str]] = msgspec.field(default_factory=list)
    moves: str = ""  # `moves_digest` of every legal move the seat had when it was listed


def moves_digest(commands: Sequence[Any]) -> str:
    """A digest of a seat's whole list of legal moves (what a listing's numbers stand for)."""
    return hashlib.sha256(msgspec.json.encode(list(commands), order="deterministic")).hexdigest()


def folder() -> Path:
    base = os.environ.get("STARLEDGER_CACHE")
    if base:
        return Path(base) / "listings"
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "starledger" / "listings"


def _path(where: str, match: str, seat: str) -> Path:
    key = hashlib.sha256(f"{where}\0{match}\0{seat}".encode()).hexdigest()[:40]
    return folder() / f"{key}.json"


def save(listing: Listing) -> None:
    path = _path(listing.where, listing.menu.match, listing.menu.seat)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    write_atomic(path, msgspec.json.encode(listing).decode(), force=True)
    path.chmod(0o600)


def load(where: str, match: str, seat: str) -> Listing | None:
    path = _path(where, match, seat)
    try:
        return msgspec.json.decode(path.read_bytes(), type=Listing)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None


def last(
    where: str,
    match: str,
    seat: str,
    version: int,
    command_hint: str,
    moves_now: Callable[[int], str] | None = None,
) -> Listing:
    """The last listing of this seat, still good at `version`: listed at it, or listed before
    while the seat's legal moves (`moves_now(listed_at)`: their digest now, or "" when more
    than other seats' sealed choices happened since) are what they were then. A listing that
    is still good is returned at `version`; anything else is refused."""
    listing = load(where, match, seat)
    if listing is None:
        raise UserError(
            f"no listing of {seat}'s moves in this match yet: run `{command_hint}` first"
        )
    if (
        listing.menu.version != version
        and moves_now is not None
        and listing.moves
        and moves_now(listing.menu.version) == listing.moves
    ):
        menu = msgspec.structs.replace(listing.menu, version=version)
        return msgspec.structs.replace(listing, menu=menu)
    if listing.menu.version != version:
        raise Conflict(
            f"the match moved on since {seat}'s moves were listed (listed at version "
            f"{listing.menu.version}, now at {version}); nothing was played: list them again "
            f"with `{command_hint}`"
        )
    return listing


def entry(listing: Listing, number: int) -> MoveEntry:
    """The entry numbered `number` (a part keeps its number across picks, so a listing's
    numbers need not run from 1 without a gap)."""
    entries = listing.menu.entries
    for found in entries:
        if found.number == number:
            return found
    shown = ", ".join(str(e.number) for e in entries[:12]) + (", ..." if len(entries) > 12 else "")
    raise UserError(f"no move {number} in the last listing (its numbers: {shown}): see `moves`")
