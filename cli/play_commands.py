"""Starting and playing matches: games, new, moves, play, undo, redo."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Annotated, Any

import msgspec
import typer

from cli import listings
from cli.base import (
    AsSeat,
    ExpectVersion,
    GameOptions,
    Json,
    MatchId,
    Store,
    app,
    names,
    open_ledger,
    parse_options,
    remote,
    report_played,
    report_remote,
    say_turn,
    server_url,
)
from cli.output import UserError, print_json, reports_errors, say, terminal_width
from domain.errors import Conflict, IllegalMove
from domain.reference import kind_summary
from domain.registry import rules_for
from projections.command_forms import command_text, command_usage, kind_of, parse_command_words
from projections.moves import TABLE, MoveMenu, legal_commands, menu, move_parts, plain
from projections.viewer import viewer_for


@app.command()
@reports_errors
def new(
    game: Annotated[str, typer.Argument(help="Game slug (see `starledger games`).")],
    seat: Annotated[
        list[str], typer.Option("--seat", help="A seat name, in seating order; repeat.")
    ],
    seed: Annotated[
        int | None,
        typer.Option(
            help="Seed every chance draw from this number: the match is marked as having a "
            "known seed (for tests and simulations). Without it the seed is secret and committed."
        ),
    ] = None,
    entropy: Annotated[
        bool,
        typer.Option(
            "--entropy",
            help="Every seat contributes its own secret entropy (`contribute`) before the "
            "opening is drawn, so no single party chooses the chance.",
        ),
    ] = False,
    option: GameOptions = None,
    sealed_log: Annotated[
        bool, typer.Option("--sealed-log", help="Keep the full log sealed even after the end.")
    ] = False,
    table: Annotated[
        bool,
        typer.Option(
            "--table",
            help="A game played at a real table (or elsewhere): the house draws nothing; the "
            "match waits for the table to give every chance outcome (`moves --as table`).",
        ),
    ] = False,
    auto_forced: Annotated[
        bool,
        typer.Option(
            "--auto-forced",
            help="The platform plays a seat's move for it when it is the seat's only legal "
            "move and nothing hidden decides that (recorded as the seat's, marked automatic).",
        ),
    ] = False,
    store: Store = None,
    json: Json = False,
) -> None:
    """Start a match; prints its id (through a server, also its tokens, shown this once)."""
    server = remote()
    if server is not None:
        created = server.new(
            game, seat, parse_options(option or []), seed, sealed_log=sealed_log,
            entropy=entropy, table=table, auto_forced=auto_forced,
        )  # fmt: skip
        if json:
            print_json(created)
            return
        say(created.match)
        for name, token in created.tokens.seats.items():
            say(f"token of {name}: {token}")
        say(f"token of the referee: {created.tokens.referee}")
        if created.tokens.table:
            say(f"token of the table: {created.tokens.table}")
        return
    ledger = open_ledger(store, create=True)
    match = ledger.new_match(
        game, seat, parse_options(option or []), seed, sealed_log=sealed_log, entropy=entropy,
        table=table, auto_forced=auto_forced,
    )  # fmt: skip
    if json:
        print_json(
            {"match": str(match.id), "version": match.version, "chance": match.chance,
             "seed_commitment": match.seed_commitment, "seed_known": match.seed_known}
        )  # fmt: skip
    else:
        say(str(match.id))
        if match.awaiting_chance:
            say(f"the table gives the opening: starledger moves {str(match.id)[:8]} --as table")


class _Seen(msgspec.Struct, frozen=True):
    """What `moves` and `play N` need of a match, from a local store or a server."""

    where: str  # the store URL or the server: names the cached listing
    match: str  # the full match id
    version: int
    rules: Any
    seats: list[str]
    commands: list[dict[str, Any]]  # the seat's legal moves now, grouped by kind
    waiting_for: list[str]
    over: bool


def _seen(match_id: str, as_: str, store: str | None, *, with_moves: bool = True) -> _Seen:
    server = remote()
    if server is not None:
        row = server.summary(match_id)
        offered: list[dict[str, Any]] = []
        version = row.version
        if with_moves:
            found = server.moves(match_id)
            _your_seat(found.seat, as_)
            offered, version = found.commands, found.version
        return _Seen(
            where=server_url(), match=row.match, version=version, rules=rules_for(row.game),
            seats=list(row.seats), commands=grouped(plain(offered)),
            waiting_for=list(row.to_move), over=row.status == "over",
        )  # fmt: skip
    ledger = open_ledger(store)
    match = ledger.match(match_id)
    return _Seen(
        where=ledger.url, match=str(match.id), version=match.version, rules=match.rules,
        seats=list(match.seats),
        commands=grouped(legal_commands(match, as_)) if with_moves else [],
        waiting_for=match.waiting_for,
        over=match.result is not None,
    )  # fmt: skip


def _still_good(
    match_id: str, as_: str, store: str | None, commands: Callable[[], list[dict[str, Any]]]
) -> Callable[[int], str]:
    """For `listings.last`: the digest of the seat's legal moves now, if nothing but other
    seats' sealed choices happened since the listing (else "", which no listing matches)."""

    def digest(since: int) -> str:
        server = remote()
        if server is not None:
            entries = server.log(match_id, as_=as_, after=since).entries
            sealed = all(e.kind == "Decided" and e.seat != as_ and e.sealed for e in entries)
        else:
            ledger = open_ledger(store)
            seat = ledger.match(match_id).seat_of(as_)
            sealed = all(
                type(e).__name__ == "Decided"
                and e.seat != seat
                and not e.command.visibility(e.seat).is_public
                for e in ledger.stored_events(match_id)[since:]
            )
        return listings.moves_digest(commands()) if sealed else ""

    return digest


def grouped(commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Commands grouped by kind, kinds in the order they first appear (numbering order)."""
    kinds: dict[str, list[dict[str, Any]]] = {}
    for command in commands:
        kinds.setdefault(str(command.get("type")), []).append(command)
    return [command for group in kinds.values() for command in group]


@app.command()
@reports_errors
def moves(
    match_id: MatchId,
    as_: AsSeat,
    kind: Annotated[
        str | None, typer.Option("--kind", help="Only moves of this kind, e.g. SubmitOrders.")
    ] = None,
    pick: Annotated[
        list[int] | None,
        typer.Option(
            "--pick",
            help="Pick part N of the last listing (repeat to pick several in turn): the moves "
            "that have it, or the next part to pick.",
        ),
    ] = None,
    back: Annotated[
        bool, typer.Option("--back", help="Go back to the listing before the last pick.")
    ] = False,
    all_: Annotated[
        bool, typer.Option("--all", help="Every move, however many, numbered (no parts).")
    ] = False,
    parts: Annotated[
        bool,
        typer.Option(
            "--parts",
            help="With --kind: the parts its commands are built from (every rocket move, "
            "order cube or card), to combine into one command of your own.",
        ),
    ] = False,
    raw: Annotated[
        bool, typer.Option("--raw", help="Each move in the short form `play` reads, not words.")
    ] = False,
    store: Store = None,
    json: Json = False,
) -> None:
    """The legal moves of a seat now, grouped by kind and numbered: `play MATCH N --as SEAT`
    plays number N while the match is at the version it was listed at. A kind with more than
    30 moves is picked part by part (`--pick N`, `--back`); `--all` lists every move; any move
    may also be written out in the short form the listing uses (see `play --help`). `--as
    table`: the chance outcomes a match dealt by a table waits for."""
    if as_ == TABLE:
        from cli.table_commands import list_chance

        list_chance(match_id, store, json, pick, back, all_)
        return
    seen = _seen(match_id, as_, store)
    rules, seats = seen.rules, seen.seats
    commands = seen.commands
    if kind is not None:
        kind = _listed_kind(rules, kind, commands)
        commands = [c for c in commands if c.get("type") == kind]
    if parts:
        if kind is None:
            raise UserError("--parts needs --kind (see the kinds `moves` lists)")
        if json:
            print_json(move_parts(commands, rules, seats, kind, short=False))
            return
        found = move_parts(commands, rules, seats, kind)
        say(f"{kind}: each field and the values its listed moves use; combine them into one move:")
        say(f"  starledger play {match_id} --as {as_} {command_usage(rules, kind)}")
        for name, values in found.items():
            say(f"  {name}: {' '.join(values)}")
        return
    hint = f"starledger moves {match_id} --as {as_}"
    history: list[list[str]] = []
    position: list[str] = [kind] if kind is not None and not all_ else []
    moves_now = listings.moves_digest(seen.commands)
    if pick or back:
        still = _still_good(match_id, as_, store, lambda: seen.commands)
        listing = listings.last(seen.where, seen.match, as_, seen.version, hint, still)
        history = list(listing.history)
        shown = listing.menu
        if back:
            position = history.pop() if history else []
            shown = _menu(seen, as_, position, all_)
        for number in pick or []:
            chosen = listings.entry(listings.Listing(where=seen.where, menu=shown), number)
            if chosen.parts is None:
                raise UserError(
                    f"{number} is a whole move already: play it with "
                    f"`starledger play {match_id} {number} --as {as_}`"
                )
            history.append(list(shown.parts))
            shown = _menu(seen, as_, chosen.parts, all_)
    else:
        shown = _menu(seen, as_, position, all_ or json)
    listings.save(listings.Listing(where=seen.where, menu=shown, history=history, moves=moves_now))
    if json:
        print_json([e.command for e in shown.entries if e.command is not None])
        return
    _print_menu(shown, rules, match_id, as_, seats, raw)


def _menu(seen: _Seen, as_: str, position: list[str], everything: bool) -> MoveMenu:
    return menu(
        seen.match, as_, seen.version, seen.commands, seen.rules, seen.seats,
        parts=position, everything=everything, waiting_for=seen.waiting_for, over=seen.over,
    )  # fmt: skip


def _listed_kind(rules: Any, kind: str, commands: list[dict[str, Any]]) -> str:
    listed = list(dict.fromkeys(str(c.get("type")) for c in commands))
    try:
        found = kind_of(rules, kind)
    except IllegalMove:
        found = kind
    if found not in listed and listed:
        raise UserError(f"no move of kind {kind!r} now (kinds: {', '.join(listed)})")
    return found


def _say_summary(slug: str, kind: str) -> None:
    """The kind's one-line explanation from the game's reference (`starledger rules`), if any."""
    summary = kind_summary(slug, kind)
    if summary:
        for line in textwrap.wrap(
            summary,
            terminal_width(),
            initial_indent="  ",
            subsequent_indent="  ",
            break_on_hyphens=False,
        ):
            say(line.replace("`", ""))


def _print_menu(
    shown: MoveMenu, rules: Any, match_id: str, as_: str, seats: list[str], raw: bool
) -> None:
    from cli.listing_words import numbered, phrase, wrapped

    def say_wrapped(text: str) -> None:
        for line in wrapped(text, terminal_width()):
            say(line)

    if not shown.entries:
        if shown.over:
            say(f"the match is over; {as_} has no move")
        else:
            say(f"{as_} is not to move; waiting for: {', '.join(shown.waiting_for) or 'no one'}")
        return
    say(f"{as_} to move at version {shown.version} ({shown.total} moves listed)")
    if shown.parts:
        say(f"picked so far: {' '.join(shown.parts)}")
    if shown.asking is not None:
        say(f"pick {shown.asking}:")
    current = None
    steps = False
    for entry in shown.entries:
        if shown.asking is None and entry.kind != current:
            current = entry.kind
            say(current)
            _say_summary(rules.slug, current)
            if any(e.parts for e in shown.entries if e.kind == current):
                say_wrapped(f"  write one yourself: {command_usage(rules, current)}")
        if entry.parts is not None:
            steps = True
            say(numbered(entry.number, f"{entry.text}  ({entry.count} moves)"))
        else:
            say(numbered(entry.number, entry.text if raw else phrase(entry, rules, as_, seats)))
    say_wrapped(f"play one: starledger play {match_id} N --as {as_}")
    if steps:
        say_wrapped(
            f"pick a part: starledger moves {match_id} --as {as_} --pick N  (--back: undo a pick)"
        )


@app.command()
@reports_errors
def play(
    match_id: MatchId,
    command: Annotated[
        list[str],
        typer.Argument(
            help="Move N of your last `moves` listing; or the move written out as the listing "
            "writes it, Kind field=value ... (e.g. SubmitOrders placements=E:NORMAL "
            "convert_shield=false; a list is comma-separated, the parts of one item "
            "colon-separated, seats by name); or as JSON.",
            metavar="N | KIND FIELD=VALUE... | JSON",
        ),
    ],
    as_: AsSeat,
    expect_version: ExpectVersion = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Apply one decision; prints what happened as that seat sees it. A number plays that move
    of the seat's last listing, only while the match is still at the version it was listed at.
    `--as table`: give the chance outcome a match dealt by a table waits for (number N of
    `moves --as table`, or chance=NAME)."""
    words = [word for word in command if word.strip()]
    if as_ == TABLE:
        from cli.table_commands import give_chance

        give_chance(match_id, words, store, expect_version, json)
        return
    given: Any
    if len(words) == 1 and words[0].strip().removesuffix(")").isdigit():  # "4" or "4)" as listed
        # Through a server, its own listing names the version now (the index may lag).
        seen = _seen(match_id, as_, store, with_moves=remote() is not None)
        moves_now: Callable[[], list[dict[str, Any]]] = lambda: seen.commands  # noqa: E731
        if remote() is None:
            match = open_ledger(store).match(seen.match)
            match.check_may_decide(match.seat_of(as_))  # not to move: say so, not "no listing"
            moves_now = lambda: grouped(legal_commands(match, as_))  # noqa: E731
        listing = listings.last(
            seen.where, seen.match, as_, seen.version, f"starledger moves {match_id} --as {as_}",
            _still_good(match_id, as_, store, moves_now),
        )  # fmt: skip
        number = int(words[0].strip().removesuffix(")"))
        chosen = listings.entry(listing, number)
        if chosen.command is None:
            raise UserError(
                f"{number} is a part of a move, not a whole move: pick it with "
                f"`starledger moves {match_id} --as {as_} --pick {number}`"
            )
        if expect_version is not None and expect_version != listing.menu.version:
            raise Conflict(
                f"the listing is of version {listing.menu.version}, not {expect_version}: "
                "list the moves again"
            )
        given, expect_version = chosen.command, listing.menu.version
    elif len(words) == 1 and words[0].lstrip().startswith("{"):
        given = words[0]
    else:
        seen = _seen(match_id, as_, store, with_moves=False)
        given = parse_command_words(words, seen.rules, seen.seats)
    server = remote()
    if server is not None:
        report_remote(server.play(match_id, given, expect_version), json)
        return
    match, outcome = open_ledger(store).play(match_id, as_, given, expect_version)
    viewer = viewer_for(match.seats, as_)
    shown = [msgspec.to_builtins(e) for e in outcome if match.opened or viewer.sees(e)]
    report_played(match, shown, json)


def _your_seat(token_seat: str, as_: str) -> None:
    if token_seat != as_:
        raise UserError(f"this token is {token_seat}'s, not {as_}'s")


def _undo_redo(
    kind: str, match_id: str, seat: str, expect: int | None, store: str | None, json: bool
) -> None:
    server = remote()
    if server is not None:
        step = (server.undo if kind == "undo" else server.redo)(match_id, expect)
        _your_seat(step.seat, seat)
        if json:
            print_json(step)
        else:
            verb = "undone" if kind == "undo" else "redone"
            row = server.summary(match_id)
            text = command_text(step.command, rules_for(row.game), list(row.seats))
            say(f"{verb}: decision {step.decision} {text}")
            say(f"version {step.version}; to move: {', '.join(step.to_move) or 'no one'}")
        return
    ledger = open_ledger(store)
    match, entry = (ledger.undo if kind == "undo" else ledger.redo)(match_id, seat, expect)
    if json:
        print_json(
            {"match": str(match.id), "version": match.version, "decision": entry.decision,
             "command": entry.command}
        )  # fmt: skip
        return
    verb = "undone" if kind == "undo" else "redone"
    text = command_text(entry.command, match.rules, match.seats)
    say(f"{verb}: decision {entry.decision} {text}")
    say_turn(match)


@app.command()
@reports_errors
def undo(
    match_id: MatchId, as_: AsSeat, expect_version: ExpectVersion = None, store: Store = None,
    json: Json = False,
) -> None:  # fmt: skip
    """Take back your own latest decision (if it revealed nothing and no one has decided since).
    `--as table`: take back the table's latest entry (a mistyped card)."""
    if as_ == TABLE:
        from cli.table_commands import withdraw

        withdraw(match_id, store, expect_version, json)
        return
    _undo_redo("undo", match_id, as_, expect_version, store, json)


@app.command()
@reports_errors
def redo(
    match_id: MatchId, as_: AsSeat, expect_version: ExpectVersion = None, store: Store = None,
    json: Json = False,
) -> None:  # fmt: skip
    """Make your latest undone decision again (until a new decision is made)."""
    _undo_redo("redo", match_id, as_, expect_version, store, json)


@app.command()
@reports_errors
def contribute(
    match_id: MatchId,
    as_: AsSeat,
    entropy: Annotated[
        str | None,
        typer.Option(help="Your secret entropy as hex (default: 32 fresh random bytes)."),
    ] = None,
    store: Store = None,
    json: Json = False,
) -> None:
    """Add your secret entropy to a match started with --entropy (kept secret until it opens)."""
    import secrets

    value = entropy if entropy is not None else secrets.token_hex(32)
    match, commitment = open_ledger(store).contribute(match_id, as_, value)
    if json:
        print_json(
            {"match": str(match.id), "version": match.version, "commitment": commitment,
             "dealt": match.dealt}
        )  # fmt: skip
        return
    say(f"entropy committed: {commitment}")
    if match.dealt:
        say("every seat has contributed: the opening is dealt")
        say_turn(match)
    else:
        say(f"waiting for: {', '.join(names(match, match.to_move))}")


@app.command()
@reports_errors
def deal(match_id: MatchId, store: Store = None, json: Json = False) -> None:
    """Referee: deal a --entropy match now; seats that gave none count as the empty value."""
    match = open_ledger(store).deal(match_id)
    if json:
        print_json({"match": str(match.id), "version": match.version})
        return
    say("the opening is dealt")
    say_turn(match)


@app.command()
@reports_errors
def note(
    match_id: MatchId,
    step: Annotated[int, typer.Argument(help="The stored event the note is about.")],
    text: Annotated[str, typer.Argument(help="The note: one line of text.")],
    as_: Annotated[str, typer.Option("--as", help="A seat name, or 'referee'.")] = "referee",
    store: Store = None,
    json: Json = False,
) -> None:
    """Attach a note to a step of a match. Notes are events of their own (they never change the
    match); a seat's note is read by it and the referee until the match opens, then by all."""
    written = open_ledger(store).add_note(match_id, as_, step, text)
    if json:
        print_json(written)
    else:
        say(f"note on step {written.step} by {written.author}")
