"""Strict JSON request bodies: checked before the framework decodes them (a `before_request`
hook on every route whose body is a JSON document).

The framework's own decoding is lenient (it converts with `strict=False`: "10" becomes 10, a
duplicated key keeps its last value) and lets some bodies fail as 500s (a body nested a few
thousand levels deep, bytes that are not UTF-8). Here, before that, a body must be

- sent as JSON (`Content-Type: application/json`, or `...+json`): 415 otherwise, so a
  cross-site form (text/plain, form-encoded) cannot create a match or play;
- UTF-8, well-formed JSON, each object's keys once only, nested at most MAX_DEPTH levels;
- exactly the route's document type, without coercion (a string is never read as a number).

Every refusal is a 400 or 415 problem and nothing is stored.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
from litestar import Request
from litestar.exceptions import HTTPException

from domain.errors import BadInput

MAX_DEPTH = 64
"""Deeper than any command of any game (the deepest is about six levels)."""

JSON_TYPES = ("application/json",)


class UnsupportedMediaType(HTTPException):
    status_code = 415


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise BadInput(f"the key {key[:40]!r} appears twice in one object", code="BAD_JSON")
        found[key] = value
    return found


def _no_constant(name: str) -> Any:
    raise BadInput(f"{name} is not a JSON number", code="BAD_JSON")


def _depth(document: Any) -> int:
    deepest, todo = 0, [(document, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                break
            items = value.values() if isinstance(value, dict) else value
            todo.extend((item, depth + 1) for item in items)
    return deepest


def is_json_media_type(content_type: str) -> bool:
    media = content_type.partition(";")[0].strip().lower()
    return media in JSON_TYPES or (media.startswith("application/") and media.endswith("+json"))


def check_json(body: bytes, content_type: str, document: Any) -> Any:
    """The body decoded strictly as `document`, or a refusal (BadInput, UnsupportedMediaType)."""
    if not is_json_media_type(content_type):
        raise UnsupportedMediaType(detail="send the body as JSON (Content-Type: application/json)")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput("the body is not UTF-8", code="BAD_JSON") from None
    try:
        parsed = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except RecursionError:
        raise BadInput(
            f"the body is nested deeper than {MAX_DEPTH} levels", code="BAD_JSON"
        ) from None
    except ValueError as exc:  # JSONDecodeError, and a float too large for its digits
        raise BadInput(f"the body is not JSON: {str(exc)[:120]}", code="BAD_JSON") from None
    if _depth(parsed) > MAX_DEPTH:
        raise BadInput(f"the body is nested deeper than {MAX_DEPTH} levels", code="BAD_JSON")
    try:  # msgspec's own decoder also refuses lone surrogates and numbers out of range
        return msgspec.json.decode(body, type=document, strict=True)
    except msgspec.DecodeError as exc:
        raise BadInput(f"the body does not fit: {str(exc)[:200]}", code="BAD_JSON") from None


async def strict_json_body(request: Request[Any, Any, Any]) -> None:
    """`before_request`: refuse a JSON body that is not strictly the route's document."""
    document = request.route_handler.opt.get("json_body")
    if document is None:
        return
    check_json(await request.body(), request.headers.get("content-type", ""), document)
