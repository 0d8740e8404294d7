"""The ASGI application: `create_app()` (uvicorn's factory; settings from the environment).

Routes, JSON under /api/v1 (OpenAPI at /api/v1/schema/openapi.json):

    GET  /games                                  games, seat counts, options
    GET  /games/{game}/leaderboard               wins and mean scores per seat name
    GET  /games/{game}/rules[?topic=T]           the game's rules in our own words
    POST /matches                                start a match: id, version, tokens (shown once)
    GET  /matches                                matches (game, seat, status, to_move, limit)
    GET  /matches/{id}                           public summary
    GET  /matches/{id}/view                      the caller's view (?as=, ?at=)
    GET  /matches/{id}/moves                     the caller's legal commands
    POST /matches/{id}/decisions                 play (If-Match: "<version>")
    POST /matches/{id}/undo | /redo              (If-Match)
    POST /matches/{id}/entropy                   a seat's secret entropy
    POST /matches/{id}/deal                      referee: deal an entropy match now
    GET  /matches/{id}/log                       the log as the caller may read it (?after=)
    GET  /matches/{id}/scores                    scores and places
    GET  /matches/{id}/export                    replay file (JSON Lines) as the caller may have it
    GET  /matches/{id}/events                    Server-Sent Events of new log entries
    POST /replays/verify | /replays/import       upload a replay file
    POST /tokens/{id}/revoke                     admin or the match's referee: end a token
    GET  /matches/{id}/timeline                  step by step in words, scores after each step
    GET  /matches/{id}/picture                   the board as SVG, private panels (?as=, ?at=)
    GET  /matches/{id}/verdict                   `verify` on what the caller may export
    GET  /matches/{id}/menu[?part=P...]          the caller's moves as `moves` numbers them
    GET  /matches/{id}/notes                     the notes the caller may read
    POST /matches/{id}/analysis?as=SEAT          judge a seat's decisions, stored beside the match
    GET  /matches/{id}/analysis?as=SEAT          a seat's stored analysis
    GET  /healthz, /readyz                       outside /api/v1
    GET  /, /static/...                          the browser replay viewer (server/static)
"""

from __future__ import annotations

import gc
import logging

from litestar import Litestar, Router
from litestar.config.compression import CompressionConfig
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components, SecurityScheme

from domain.registry import all_games
from server import (
    routes_analysis,
    routes_evaluation,
    routes_health,
    routes_matches,
    routes_play,
    routes_read,
    routes_replay_viewer,
    routes_replays,
    routes_tokens,
    web,
)
from server.bodies import strict_json_body
from server.deps import DEPENDENCIES
from server.limits import RateLimit
from server.problems import PLUGIN
from server.service import Service
from server.settings import Settings

API = "/api/v1"
log = logging.getLogger("starledger.server")


def settle_memory() -> None:
    """Once the worker has loaded everything it keeps for life (every game's rules and tables,
    the routes, the store's connections), move it out of the cyclic collector's sight: a full
    collection then scans only what serving made (cached matches, live requests), not ~70,000
    permanent objects. Each full collection stalls every request in flight (25-50 ms here)."""
    gc.collect()
    gc.freeze()


class PathsOnly(logging.Filter):
    """uvicorn's access log without query strings: a request's path, never what it asked with
    (a token pasted into a query string, say, would otherwise stay in every log)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) == 5 and isinstance(args[2], str):
            record.args = (*args[:2], args[2].partition("?")[0], *args[3:])
        return True


COMPRESSION_EXCLUDED = [r"/events$"]
"""Paths never compressed: Server-Sent Events streams."""


def create_app(settings: Settings | None = None) -> Litestar:
    settings = settings or Settings.from_env()
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, PathsOnly) for f in access.filters):
        access.addFilter(PathsOnly())
    all_games()  # every game's rules loaded before the first request
    service = Service(settings)
    api = Router(
        path=API,
        route_handlers=[
            routes_matches.games,
            routes_matches.leaderboard,
            routes_matches.rules,
            routes_matches.create_match,
            routes_matches.matches,
            routes_matches.summary,
            routes_play.moves,
            routes_play.decide,
            routes_play.undo,
            routes_play.redo,
            routes_play.contribute,
            routes_play.deal,
            routes_play.add_note,
            routes_play.fork,
            routes_read.view,
            routes_read.diff,
            routes_read.log,
            routes_read.scores,
            routes_read.export,
            routes_read.events,
            routes_replay_viewer.timeline,
            routes_replay_viewer.board_picture,
            routes_replay_viewer.verdict,
            routes_analysis.move_menu,
            routes_analysis.notes,
            routes_tokens.revoke,
            routes_evaluation.analyse,
            routes_evaluation.analysis,
        ],
        security=[{}, {"bearer": []}],
        before_request=strict_json_body,
    )
    replays = Router(
        path=API,
        route_handlers=[
            routes_replays.verify,
            routes_replays.import_replay,
            routes_replays.import_table_record,
        ],
        request_max_body_size=settings.max_replay,
        security=[{}, {"bearer": []}],
    )
    return Litestar(
        route_handlers=[
            api,
            replays,
            routes_health.healthz,
            routes_health.readyz,
            web.index,
            web.assets,
        ],
        dependencies=DEPENDENCIES,
        plugins=[PLUGIN],
        middleware=[RateLimit(service.limits)],
        # Answers of 500 bytes or more are gzipped for clients that ask (a long timeline: 334 KB
        # to ~17 KB; a board picture 9-15x smaller); never an event stream, whose entries must
        # reach the client as they are written.
        compression_config=CompressionConfig(
            backend="gzip", minimum_size=500, gzip_compress_level=9, exclude=COMPRESSION_EXCLUDED
        ),
        request_max_body_size=settings.max_body,
        openapi_config=OpenAPIConfig(
            title="starledger",
            version="1",
            description="Multi-player board game backend: matches, seat tokens, live events.",
            path=f"{API}/schema",
            components=Components(
                security_schemes={
                    "bearer": SecurityScheme(
                        type="http",
                        scheme="bearer",
                        description="A seat's or the referee's token (from POST /matches), or "
                        "the server's admin token.",
                    )
                }
            ),
        ),
        on_startup=[settle_memory],
        on_shutdown=[lambda: service.close()],
        state=__import__("litestar.datastructures", fromlist=["State"]).State({"service": service}),
        debug=False,
    )
