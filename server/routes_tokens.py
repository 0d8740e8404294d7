"""Revoking a token: the server's admin, or the referee of the token's match, ends a token for
good (a seat's leaked token, say). `starledger token revoke ID` does the same on the store."""

from __future__ import annotations

from typing import Annotated

from litestar import post
from litestar.params import PathParameter

from api.documents import Revoked
from domain.errors import Forbidden, Unauthorized
from server.deps import Auth, Svc, responses

TokenId = Annotated[
    str,
    PathParameter(
        min_length=16,
        max_length=16,
        pattern="^[0-9a-f]{16}$",
        description="The token's id: the part between the dots of `sl1.<id>.<secret>`.",
    ),
]


@post("/tokens/{token_id:str}/revoke", status_code=200, responses=responses(401, 403, 404))
async def revoke(svc: Svc, auth: Auth, token_id: TokenId) -> Revoked:
    """Revoke a token for good (the admin token, or the referee token of the token's match)."""

    def end() -> Revoked:
        caller = svc.caller(auth)
        if caller.anonymous:
            raise Unauthorized("revoking a token needs the admin token or the match's referee's")
        record = svc.tokens.record_of(token_id)
        referee = caller.record
        if not caller.admin and not (
            referee is not None and referee.referee and referee.match == record.match
        ):
            raise Forbidden("only the admin or this match's referee may revoke its tokens")
        done = svc.tokens.revoke(token_id)
        return Revoked(token=token_id, match=done.match, holder=done.name)

    return await svc.run(end, pool="play")
