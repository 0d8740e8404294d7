"""`starledger token revoke ID`: end a server token for good, on the store itself (the store's
administrator needs no token). The server refuses it from its next request on."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.base import Json, Store, app, open_ledger
from cli.output import print_json, reports_errors, say

token_app = typer.Typer(help="The server's bearer tokens: revoke one.")
app.add_typer(token_app, name="token")


@token_app.command()
@reports_errors
def revoke(
    ident: Annotated[
        str, typer.Argument(metavar="ID", help="The token's id (sl1.<ID>.<secret>) or the token.")
    ],
    store: Store = None,
    json: Json = False,
) -> None:
    """Revoke a token: every request that brings it is refused (401 TOKEN_REVOKED)."""
    from api.tokens import token_store

    parts = ident.split(".")
    ident = parts[1] if len(parts) == 3 else ident  # a whole token names its id
    record = token_store(open_ledger(store)).revoke(ident)
    if json:
        print_json({"token": ident, "match": record.match, "holder": record.name})
    else:
        say(f"revoked token {ident} of {record.name} in match {record.match}")
