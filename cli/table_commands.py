"""The table at the command line: what a match dealt by a table waits for, and giving it.

`moves MATCH --as table` lists the outcomes the table may give at the chance node the match
waits at (numbered, with how many of each the pile holds); `play MATCH N --as table` gives
number N of that listing, and `play MATCH --as table chance=NAME` (or `chance=VALUE`, or just
the name) gives one written out; `undo MATCH --as table` takes back the table's latest entry.
Only the referee enters chance: on a local store that is whoever runs the command (the store's
owner); through a server, the match's `table` token.
"""

from __future__ import annotations

from typing import Any

import msgspec

from api.client import Client
from cli import listings
from cli.base import report_played
from cli.output import UserError, print_json, say
from forms.menus import TABLE, MoveMenu, outcome_menu


def table_menu(
    asks: Client, match_id: str, parts: list[str] | None = None, everything: bool = False
) -> MoveMenu:
    """What the table may give now, as a numbered menu (its listing from the client)."""
    found = asks.moves(match_id, as_=TABLE)
    named = [
        (name, command.get("chance"), count)
        for command, name, count in zip(found.commands, found.names, found.counts, strict=True)
    ]
    return outcome_menu(
        found.match, found.version, found.asking, named, parts or [], everything=everything,
        waiting_for=list(found.waiting_for), over=found.status == "over",
    )  # fmt: skip


def list_chance(
    asks: Client,
    match_id: str,
    json: bool,
    pick: list[int] | None = None,
    back: bool = False,
    everything: bool = False,
) -> None:
    """The outcomes the table may give now; a long list is picked part by part (`--pick N`:
    the first letter of the name; `--back`; `--all` lists every outcome)."""
    where, shown = asks.where, table_menu(asks, match_id, everything=everything or json)
    history: list[list[str]] = []
    if pick or back:
        listing = listings.last(
            where, shown.match, "table", shown.version, f"starledger moves {match_id} --as table"
        )
        history, shown = list(listing.history), listing.menu
        if back:
            shown = table_menu(asks, match_id, history.pop() if history else [])
        for number in pick or []:
            chosen = listings.entry(listings.Listing(where=where, menu=shown), number)
            if chosen.parts is None:
                raise UserError(
                    f"{number} is a whole outcome already: give it with "
                    f"`starledger play {match_id} {number} --as table`"
                )
            history.append(list(shown.parts))
            shown = table_menu(asks, match_id, chosen.parts)
    listings.save(listings.Listing(where=where, menu=shown, history=history))
    if json:
        print_json(
            [{"chance": e.command["chance"] if e.command else None, "name": e.text,
              "count": e.count} for e in shown.entries]
        )  # fmt: skip
        return
    if not shown.entries:
        state = "the match is over" if shown.over else "the table is not to move"
        say(f"{state}; waiting for: {', '.join(shown.waiting_for) or 'no one'}")
        return
    say(f"the table to give at version {shown.version}: {shown.asking}")
    for entry in shown.entries:
        if entry.parts is not None:
            say(f"  {entry.number:>4}  {entry.text}  ({entry.count} in the pile)")
            continue
        copies = f"  (x{entry.count})" if entry.count > 1 else ""
        say(f"  {entry.number:>4}  {entry.text}{copies}")
    if any(entry.parts is not None for entry in shown.entries):
        say(f"pick a letter: starledger moves {match_id} --as table --pick N (--all: every one)")
    say(
        f"give one: starledger play {match_id} N --as table "
        f"(or by name: starledger play {match_id} --as table chance=NAME)"
    )


def outcome_of(words: list[str]) -> Any:
    """An outcome written out: `chance=VALUE`, a JSON object `{"chance": VALUE}`, or the
    words of its name. VALUE is read as JSON where it can be (`chance=56`), else as text."""
    text = " ".join(words).strip()
    if text.startswith("{"):
        try:
            found = msgspec.json.decode(text)
        except msgspec.DecodeError:
            raise UserError('not valid JSON: write {"chance": VALUE}') from None
        if not isinstance(found, dict) or set(found) != {"chance"}:
            raise UserError('a chance outcome as JSON is {"chance": VALUE}')
        return found["chance"]
    value = text.removeprefix("chance=").strip()
    if not value:
        raise UserError("give the outcome: chance=NAME or chance=VALUE")
    try:
        return msgspec.json.decode(value)
    except msgspec.DecodeError:
        return value


def give_chance(
    asks: Client, match_id: str, words: list[str], expect: int | None, json: bool
) -> None:
    """Give one outcome: number N of the table's last listing, or one written out."""
    outcome: Any
    if len(words) == 1 and words[0].strip().isdigit():
        shown = table_menu(asks, match_id)
        listing = listings.last(
            asks.where, shown.match, TABLE, shown.version,
            f"starledger moves {match_id} --as table",
        )  # fmt: skip
        chosen = listings.entry(listing, int(words[0]))
        if chosen.command is None:
            raise UserError(
                f"{words[0]} is a letter to pick, not an outcome: "
                f"`starledger moves {match_id} --as table --pick {words[0]}`"
            )
        outcome, expect = chosen.command["chance"], listing.menu.version
    else:
        outcome = outcome_of(words)
    report_played(asks.give_chance(match_id, outcome, expect_version=expect), json)
