"""`starledger serve`: the HTTP backend (server/) on uvicorn. The CLI imports nothing of the
server but here, inside the command, so every other command stays a pure client."""

from __future__ import annotations

import os
import socket
from typing import Annotated, Any
from urllib.parse import urlsplit

import typer

from cli.base import Store, app
from cli.output import reports_errors, say
from store.urls import STORE_VARIABLE, default_store_url, store_env

SINGLE_PROCESS_STORES = ("sqlite", "memory")


@app.command()
@reports_errors
def serve(
    store: Store = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    workers: Annotated[
        int, typer.Option(help="Worker processes (Redis and PostgreSQL stores).", min=1, max=64)
    ] = 1,
    log_level: Annotated[
        str, typer.Option("--log-level", help="critical, error, warning, info or debug.")
    ] = "info",
    access_log: Annotated[
        bool, typer.Option("--access-log/--no-access-log", help="Log every request.")
    ] = False,
) -> None:
    """Serve the multi-player HTTP API (JSON under /api/v1, OpenAPI at /api/v1/schema): seat
    tokens, live events. STARLEDGER_ADMIN_TOKEN, when set, guards creating and importing."""
    import uvicorn

    from server.settings import Settings

    url = store or default_store_url()
    store_env(url)  # a bad URL is refused here, before any worker starts
    scheme = urlsplit(url).scheme.lower()
    if scheme in SINGLE_PROCESS_STORES and workers > 1:
        say(f"a {scheme} store is served by one worker process; ignoring --workers {workers}")
        workers = 1
    os.environ[STORE_VARIABLE] = url  # the workers read their settings from the environment
    settings = Settings.from_env()  # a bad setting is refused here too
    say(f"starledger serving {scheme} store on http://{host}:{port}/api/v1 ({workers} worker(s))")
    config = uvicorn.Config(
        "server.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level=log_level,
        access_log=access_log,
        http="server.connections:TimedHttpToolsProtocol",  # header and body time-outs
        timeout_keep_alive=settings.idle_timeout,
        limit_concurrency=settings.max_connections,
        timeout_graceful_shutdown=5,
        server_header=False,
    )
    if workers == 1:
        uvicorn.Server(config).run()
        return
    from uvicorn.supervisors import Multiprocess

    Multiprocess(config, sockets=[tcp_socket(config)]).run()


def tcp_socket(config: Any) -> socket.socket:
    """uvicorn's shared listening socket, marked as TCP: the workers' accepted connections then
    get TCP_NODELAY from asyncio (uvicorn opens it with protocol 0, so asyncio leaves Nagle on
    and every small answer waits ~40 ms for a delayed ACK)."""
    sock = config.bind_socket()
    tcp = socket.socket(sock.family, sock.type, socket.IPPROTO_TCP, fileno=sock.detach())
    tcp.set_inheritable(True)
    return tcp
