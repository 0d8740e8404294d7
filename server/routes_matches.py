"""Games and matches: list games, create a match (with its tokens), list matches, a summary."""

from __future__ import annotations

import functools
from typing import Annotated

import msgspec
from litestar import Response, get, post
from litestar.openapi.spec import Example
from litestar.params import Body, PathParameter, QueryParameter

from domain.reference import reference_for
from domain.registry import all_games
from projections.api import CreatedMatch, GameInfo, NewMatch
from projections.documents import LeaderRow, MatchRow
from server.access import require_admin
from server.deps import Auth, MatchId, Svc, responses

NewMatchBody = Annotated[
    NewMatch,
    Body(
        examples=[
            Example(summary="Two seats", value={"game": "delta-v", "seats": ["ann", "ben"]}),
            Example(
                summary="Seat entropy, a sealed log",
                value={
                    "game": "race-for-the-galaxy",
                    "seats": ["ann", "ben", "cat"],
                    "options": {"max_rounds": 20},
                    "entropy": True,
                    "sealed_log": True,
                },
            ),
        ]
    ),
]
Filter = Annotated[str | None, QueryParameter(max_length=64)]


class RulesTopic(msgspec.Struct, frozen=True):
    """One topic of a game's reference: its name (a move kind is named as its command type),
    its first paragraph on one line, and its Markdown text."""

    name: str
    summary: str
    text: str


class GameRules(msgspec.Struct, frozen=True):
    game: str
    topics: list[RulesTopic]


@get("/games", responses=responses())
async def games() -> list[GameInfo]:
    """Every game: slug, name, seat counts, options with their help and defaults."""
    return game_list()


@functools.cache
def game_list() -> list[GameInfo]:
    return [
        GameInfo(
            slug=rules.slug,
            name=rules.name,
            min_seats=rules.min_seats,
            max_seats=rules.max_seats,
            description=rules.description,
            options={name: rules.option_help.get(name, "") for name in rules.option_names()},
            defaults=msgspec.to_builtins(rules.options()),
            end_reasons=dict(rules.end_reasons),
        )
        for rules in all_games()
    ]


@get("/games/{game:str}/rules", responses=responses(404))
async def rules(
    game: Annotated[str, PathParameter(max_length=64)],
    topic: Annotated[str | None, QueryParameter(max_length=64)] = None,
) -> GameRules:
    """A game's rules in our own words, `starledger rules`'s text: every topic (the overview,
    setup, the round, each move kind, the end, scoring, the options), or the one `topic` names
    (any letter case, or a unique prefix)."""
    reference = reference_for(game)
    chosen = [reference.topic(topic)] if topic is not None else list(reference.topics)
    return GameRules(
        game=reference.game,
        topics=[RulesTopic(t.name, t.summary, t.text) for t in chosen],
    )


@get("/games/{game:str}/leaderboard", responses=responses(404, 422))
async def leaderboard(
    svc: Svc, game: Annotated[str, PathParameter(max_length=64)]
) -> list[LeaderRow]:
    """Across the finished matches of a game: matches, wins, win rate, mean score per seat name."""
    return await svc.run(lambda: svc.reader().leaderboard(game), pool="long")


@post(
    "/matches",
    status_code=201,
    responses=responses(401, 403, 413, 415, 422),
    opt={"json_body": NewMatch},
)
async def create_match(svc: Svc, auth: Auth, data: NewMatchBody) -> Response[CreatedMatch]:
    """Start a match. The answer holds one bearer token per seat and the referee's token: they
    are shown this once and stored only as salted hashes."""

    def create() -> CreatedMatch:
        require_admin(svc.caller(auth), svc.settings.admin_token)
        match = svc.ledger.new_match(
            data.game,
            list(data.seats),
            dict(data.options),
            data.seed,
            sealed_log=data.sealed_log,
            entropy=data.entropy,
            table=data.table,
            auto_forced=data.auto_forced,
        )
        tokens = svc.tokens.issue(match.id, match.seats, table=data.table)
        return CreatedMatch(
            match=str(match.id),
            version=match.version,
            game=match.game,
            seats=list(match.seats),
            seed_commitment=match.seed_commitment,
            seed_known=match.seed_known,
            sealed_log=match.sealed_log,
            entropy=match.contributions is not None,
            to_move=match.waiting_for,
            tokens=tokens,
            chance=match.chance,
            auto_forced=match.auto_forced,
        )

    created = await svc.run(create, pool="play")
    headers = {"Location": f"/api/v1/matches/{created.match}", "ETag": f'"{created.version}"'}
    return Response(created, status_code=201, headers=headers)


@get("/matches", responses=responses(422))
async def matches(
    svc: Svc,
    game: Filter = None,
    seat: Filter = None,
    status: Filter = None,
    to_move: Annotated[str | None, QueryParameter(max_length=64)] = None,
    limit: Annotated[int | None, QueryParameter(ge=1, le=1000)] = None,
) -> list[MatchRow]:
    """Matches, latest move first, filtered as `starledger matches` filters them."""
    return await svc.run(
        lambda: svc.reader().rows(
            game=game, seat=seat, status=status, to_move=to_move, limit=limit or 1000
        ),
        pool="long",
    )


@get("/matches/{match_id:uuid}", responses=responses(404))
async def summary(svc: Svc, match_id: MatchId) -> MatchRow:
    """What anyone may know about a match: game, seats, status, version, to move, winners."""
    return await svc.run(lambda: svc.reader().summary(str(match_id)))
