"""The browser replay viewer: one page (`/`) and its static assets (`/static/...`), shipped in
the package (server/static), no build step: plain JavaScript modules, CSS and SVG.

The page is a client of the JSON API like any other: it reads with the token of its link
(`#/m/<match>?token=...`, in the fragment, which browsers never send to a server or in a
Referer) and holds no more than that token's views. A strict Content-Security-Policy allows
scripts from this origin only, so no text a match holds can run as code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from litestar import Response, get
from litestar.connection import ASGIConnection
from litestar.exceptions import NotFoundException
from litestar.handlers import BaseRouteHandler
from litestar.response import Response as AnyResponse
from litestar.static_files import create_static_files_router

STATIC = Path(__file__).with_name("static")

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}


@get("/", include_in_schema=False, media_type="text/html")
async def index() -> Response[bytes]:
    """The viewer's one page (its routes live in the URL's fragment)."""
    return Response(
        (STATIC / "index.html").read_bytes(), media_type="text/html", headers=SECURITY_HEADERS
    )


def _secured(response: AnyResponse) -> AnyResponse:
    response.headers.update(SECURITY_HEADERS)
    return response


def _plain_path(connection: ASGIConnection[Any, Any, Any, Any], _: BaseRouteHandler) -> None:
    """No control character in an asset's path: a NUL byte would reach the file system."""
    if any(ord(c) < 32 or c == "\x7f" for c in connection.scope["path"]):
        raise NotFoundException("no such file")


assets = create_static_files_router(
    path="/static",
    directories=[STATIC],
    name="static",
    after_request=_secured,
    guards=[_plain_path],
)
