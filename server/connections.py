"""Connections that cannot be held open by a client that never finishes its request.

uvicorn closes a connection left idle *between* requests (`timeout_keep_alive`), but has no
time-out of its own while a request arrives: a client that opens a connection and sends nothing,
sends half its headers, or announces `Content-Length: 100` and sends one byte keeps that
connection (and a file descriptor) for ever, before any rate limit can see it. This is uvicorn's
httptools protocol with two timers more:

- from the connection's first moment (and from each next request's first byte) its headers must
  be whole within STARLEDGER_HEADER_TIMEOUT seconds, else the answer is 408 and the connection
  is closed;
- from the end of the headers the body must be whole within STARLEDGER_BODY_TIMEOUT seconds,
  else the connection is closed (the handler sees the client gone; nothing is stored).

Once a request has arrived whole the timers are off: an answer may take its time (an event
stream lasts minutes). `starledger serve` uses this protocol (`--http` in uvicorn's terms).
"""

from __future__ import annotations

import asyncio
import functools

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from server.settings import Settings

_PROBLEM = (
    b'{"type":"urn:starledger:problem:REQUEST_TIMEOUT","title":"Request timeout","status":408,'
    b'"detail":"the request did not arrive in time","code":"REQUEST_TIMEOUT"}'
)
REQUEST_TIMEOUT = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/problem+json\r\n"
    b"connection: close\r\ncontent-length: %d\r\n\r\n%s" % (len(_PROBLEM), _PROBLEM)
)


@functools.cache
def timeouts() -> tuple[float, float]:
    """(headers, body) seconds, read once per worker from its environment."""
    settings = Settings.from_env()
    return settings.header_timeout, settings.body_timeout


class TimedHttpToolsProtocol(HttpToolsProtocol):
    _timer: asyncio.TimerHandle | None = None

    def _arm(self, seconds: float, answer: bytes) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, self._expire, answer)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expire(self, answer: bytes) -> None:
        self._timer = None
        if not self.transport.is_closing():
            if answer:
                self.transport.write(answer)
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm(timeouts()[0], REQUEST_TIMEOUT)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm(timeouts()[0], REQUEST_TIMEOUT)

    def on_headers_complete(self) -> None:
        self._arm(timeouts()[1], b"")  # before the app starts: it may answer at once
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._disarm()  # until the next request begins, uvicorn's keep-alive time-out holds
        super().on_message_complete()
