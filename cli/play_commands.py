"""Starting and playing matches: games, new, moves, play, undo, redo."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Annotated, Any

import msgspec
import typer

from api.client import Client
from api.documents import Moves, NewMatch
from cli import listings
from cli.base import (
    AsSeat,
    ExpectVersion,
    GameOptions,
    Json,
    MatchId,
    Store,
    app,
    client,
    parse_options,
    report_played,
    say_turn,
)
from cli.output import UserError, print_json, reports_errors, say, terminal_width
from domain.errors import Conflict, IllegalMove
from domain.reference import kind_summary
from domain.registry import rules_for
from forms.command_forms import command_text, command_usage, kind_of, parse_command_words
from forms.menus import TABLE, MoveEntry, MoveMenu, menu, move_parts


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
    spec = NewMatch(
        game=game, seats=seat, options=parse_options(option or []), seed=seed,
        sealed_log=sealed_log, entropy=entropy, table=table, auto_forced=auto_forced,
    )  # fmt: skip
    created = client(store, create=True).new(spec)
    if json:
        print_json(created)
        return
    say(created.match)
    tokens = created.tokens
    if tokens is not None:
        for name, token in tokens.seats.items():
            say(f"token of {name}: {token}")
        say(f"token of the referee: {tokens.referee}")
        if tokens.table:
            say(f"token of the table: {tokens.table}")
    if created.chance == TABLE and TABLE in created.to_move:
        say(f"the table gives the opening: starledger moves {created.match[:8]} --as table")


class _Seen(msgspec.Struct, frozen=True):
    """What `moves` and `play N` need of a match: one listing from the client."""

    where: str  # the store URL or the server: names the cached listing
    match: str  # the full match id
    version: int
    rules: Any
    seats: list[str]
    commands: list[dict[str, Any]]  # the seat's legal moves now, grouped by kind
    waiting_for: list[str]
    over: bool


def _seen(asks: Client, match_id: str, as_: str) -> tuple[_Seen, Moves]:
    found = asks.moves(match_id, as_=as_)
    seen = _Seen(
        where=asks.where, match=found.match, version=found.version, rules=rules_for(found.game),
        seats=list(found.seats), commands=grouped(found.commands),
        waiting_for=list(found.waiting_for), over=found.status == "over",
    )  # fmt: skip
    return seen, found


def _still_good(
    asks: Client, match_id: str, as_: str, commands: list[dict[str, Any]]
) -> Callable[[int], str]:
    """For `listings.last`: the digest of the seat's legal moves now, if nothing but other
    seats' sealed choices happened since the listing (else "", which no listing matches)."""

    def digest(since: int) -> str:
        entries = asks.log(match_id, as_=as_, after=since).entries
        sealed = all(e.kind == "Decided" and e.seat != as_ and e.sealed for e in entries)
        return listings.moves_digest(commands) if sealed else ""

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
    asks = client(store)
    if as_ == TABLE:
        from cli.table_commands import list_chance

        list_chance(asks, match_id, json, pick, back, all_)
        return
    seen, _ = _seen(asks, match_id, as_)
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
        still = _still_good(asks, match_id, as_, seen.commands)
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
    _print_menu(shown, rules, match_id, as_, raw)


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


def _told(entry: MoveEntry, raw: bool) -> str:
    """An entry as a listing shows it: in the game's words, or (`raw`) in the short form."""
    return entry.text if raw or not entry.words else entry.words


def _print_menu(shown: MoveMenu, rules: Any, match_id: str, as_: str, raw: bool) -> None:
    from cli.listing_words import numbered, wrapped

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
        picked = shown.parts if raw or not shown.picked else shown.picked
        say(f"picked so far: {' '.join(picked) if raw else ', '.join(picked)}")
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
            say(numbered(entry.number, f"{_told(entry, raw)}  ({entry.count} moves)"))
        else:
            say(numbered(entry.number, _told(entry, raw)))
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
    asks = client(store)
    if as_ == TABLE:
        from cli.table_commands import give_chance

        give_chance(asks, match_id, words, expect_version, json)
        return
    given: Any
    if len(words) == 1 and words[0].strip().removesuffix(")").isdigit():  # "4" or "4)" as listed
        seen, found = _seen(asks, match_id, as_)
        if not found.to_move and found.refused_code:  # not to move: say so, not "no listing"
            raise IllegalMove(found.refused_code, found.refused or "")
        listing = listings.last(
            seen.where, seen.match, as_, seen.version, f"starledger moves {match_id} --as {as_}",
            _still_good(asks, match_id, as_, seen.commands),
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
        row = asks.summary(match_id)
        given = parse_command_words(words, rules_for(row.game), list(row.seats))
    report_played(asks.play(match_id, given, as_=as_, expect_version=expect_version), json)


def _undo_redo(
    kind: str, match_id: str, seat: str, expect: int | None, store: str | None, json: bool
) -> None:
    asks = client(store)
    change = asks.undo if kind == "undo" else asks.redo
    step = change(match_id, as_=seat, expect_version=expect)
    if json:
        print_json(step)
        return
    if step.seat == TABLE:
        say(f"withdrawn: the table's latest entry; version {step.version}")
    else:
        verb = "undone" if kind == "undo" else "redone"
        text = command_text(step.command, rules_for(step.game), step.seats)
        say(f"{verb}: decision {step.decision} {text}")
    say_turn(step.version, step.to_move, [])


@app.command()
@reports_errors
def undo(
    match_id: MatchId, as_: AsSeat, expect_version: ExpectVersion = None, store: Store = None,
    json: Json = False,
) -> None:  # fmt: skip
    """Take back your own latest decision (if it revealed nothing and no one has decided since).
    `--as table`: take back the table's latest entry (a mistyped card)."""
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
    added = client(store).contribute(match_id, value, as_=as_)
    if json:
        print_json(added)
        return
    say(f"entropy committed: {added.commitment}")
    if added.dealt:
        say("every seat has contributed: the opening is dealt")
        say_turn(added.version, added.to_move, [])
    else:
        say(f"waiting for: {', '.join(added.to_move)}")


@app.command()
@reports_errors
def deal(match_id: MatchId, store: Store = None, json: Json = False) -> None:
    """Referee: deal a --entropy match now; seats that gave none count as the empty value."""
    dealt = client(store).deal(match_id)
    if json:
        print_json(dealt)
        return
    say("the opening is dealt")
    say_turn(dealt.version, dealt.to_move, [])


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
    written = client(store).note(match_id, step, text, as_=as_)
    if json:
        print_json(written)
    else:
        say(f"note on step {written.step} by {written.author}")
