"""A seat's computer analysis of a match (domain/analysis.py): asked for and read over HTTP.
(server/routes_analysis.py, the analysis board's, is another thing: menus, notes, perspectives.)

    POST /matches/{id}/analysis?as=SEAT[&budget_ms=X|&iterations=N]   judge and store
    GET  /matches/{id}/analysis?as=SEAT                               the stored analysis

Asked by that seat's token or the referee's; read by them until the record opens, then by
anyone. The search runs in the "long" pool, within the request time-out: a budget is at most
MAX_HTTP_BUDGET_MS a decision here (an analysis that outlasts the time-out is still stored;
read it with GET).
"""

from __future__ import annotations

from typing import Annotated

from litestar import get, post
from litestar.params import QueryParameter

from api.documents import AnalysisDoc
from server.deps import As, Auth, MatchId, Svc, responses

MAX_HTTP_BUDGET_MS = 2000.0
MAX_HTTP_ITERATIONS = 50

BudgetMs = Annotated[
    float | None,
    QueryParameter(
        gt=0,
        le=MAX_HTTP_BUDGET_MS,
        description="Milliseconds of search a decision (default: the analysis's own default).",
    ),
]
Iterations = Annotated[
    int | None,
    QueryParameter(
        ge=1,
        le=MAX_HTTP_ITERATIONS,
        description="Samples a decision instead of milliseconds (deterministic).",
    ),
]


@post(
    "/matches/{match_id:uuid}/analysis",
    status_code=201,
    responses=responses(401, 403, 404, 409, 422),
)
async def analyse(
    svc: Svc,
    auth: Auth,
    match_id: MatchId,
    as_: As = None,
    budget_ms: BudgetMs = None,
    iterations: Iterations = None,
) -> AnalysisDoc:
    """Every decision of the seat `as` judged from what it knew then (its view at that step,
    never the referee's), stored beside the match: the match itself is never touched."""
    return await svc.run(
        lambda: svc.client(auth).analyse(
            str(match_id), as_=as_, budget_ms=budget_ms, iterations=iterations
        ),
        pool="long",
    )


@get("/matches/{match_id:uuid}/analysis", responses=responses(401, 403, 404, 422))
async def analysis(svc: Svc, auth: Auth, match_id: MatchId, as_: As = None) -> AnalysisDoc:
    """The stored analysis of the seat `as` (its own and the referee's until the record opens,
    then anyone's)."""
    return await svc.run(lambda: svc.client(auth).analysis(str(match_id), as_=as_), pool="read")
