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

from cli import listings
from cli.base import open_ledger, remote, report_played, report_remote, say_turn, server_url
from cli.output import UserError, print_json, say
from projections.moves import MoveMenu, chance_menu


def _menu(
    match_id: str, store: str | None, parts: list[str] | None = None, everything: bool = False
) -> tuple[str, MoveMenu]:
    server = remote()
    if server is not None:
        return server_url(), server.chance(match_id, parts or [], everything)
    ledger = open_ledger(store)
    return ledger.url, chance_menu(ledger.match(match_id), parts or [], everything=everything)


def list_chance(
    match_id: str,
    store: str | None,
    json: bool,
    pick: list[int] | None = None,
    back: bool = False,
    everything: bool = False,
) -> None:
    """The outcomes the table may give now; a long list is picked part by part (`--pick N`:
    the first letter of the name; `--back`; `--all` lists every outcome)."""
    where, shown = _menu(match_id, store, everything=everything or json)
    history: list[list[str]] = []
    if pick or back:
        listing = listings.last(
            where, shown.match, "table", shown.version, f"starledger moves {match_id} --as table"
        )
        history, shown = list(listing.history), listing.menu
        if back:
            _, shown = _menu(match_id, store, history.pop() if history else [])
        for number in pick or []:
            chosen = listings.entry(listings.Listing(where=where, menu=shown), number)
            if chosen.parts is None:
                raise UserError(
                    f"{number} is a whole outcome already: give it with "
                    f"`starledger play {match_id} {number} --as table`"
                )
            history.append(list(shown.parts))
            _, shown = _menu(match_id, store, chosen.parts)
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
    match_id: str, words: list[str], store: str | None, expect: int | None, json: bool
) -> None:
    """Give one outcome: number N of the table's last listing, or one written out."""
    outcome: Any
    if len(words) == 1 and words[0].strip().isdigit():
        where, shown = _menu(match_id, store)
        listing = listings.last(
            where, shown.match, "table", shown.version, f"starledger moves {match_id} --as table"
        )
        chosen = listings.entry(listing, int(words[0]))
        if chosen.command is None:
            raise UserError(
                f"{words[0]} is a letter to pick, not an outcome: "
                f"`starledger moves {match_id} --as table --pick {words[0]}`"
            )
        outcome, expect = chosen.command["chance"], listing.menu.version
    else:
        outcome = outcome_of(words)
    server = remote()
    if server is not None:
        report_remote(server.give_chance(match_id, outcome, expect), json)
        return
    match, events = open_ledger(store).enter_chance(match_id, outcome, expect)
    report_played(match, [msgspec.to_builtins(event) for event in events], json)  # all the table's


def withdraw(match_id: str, store: str | None, expect: int | None, json: bool) -> None:
    server = remote()
    if server is not None:
        done = server.withdraw_chance(match_id, expect)
        if json:
            print_json(done)
            return
        say(f"withdrawn: the table's latest entry; version {done.version}")
        return
    match = open_ledger(store).withdraw_chance(match_id, expect)
    if json:
        print_json({"match": str(match.id), "version": match.version, "to_move": match.waiting_for})
        return
    say("withdrawn: the table's latest entry")
    say_turn(match)
