"""The web server of a table: Starlette on uvicorn, one WebSocket per page.

Routes: ``/`` (the page), ``/static/...`` (its script and style, package data)
and ``/ws`` (the protocol of [`baldurs_rules.web.protocol`][]). After every
move, every page that joined is pushed its own ``state`` message; bots play
server-side, one move every ``bot_delay`` seconds, thinking in a worker thread
on a copy of the game.

Examples:
    >>> import tempfile, pathlib, baldurs_rules as br
    >>> from baldurs_rules.web.table import Table
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "t.json"
    >>> app = create_app(Table.new(br.new_game(2, seed=4), [None, None], path))
    >>> [route.path for route in app.routes]
    ['/', '/static', '/ws']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request as HttpRequest
from starlette.responses import Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from baldurs_rules.web.protocol import RefusedError, Viewer, error_message, parse_request
from baldurs_rules.web.table import Table

__all__ = ["MAX_FRAME", "PAGE_HEADERS", "Hub", "create_app", "serve"]

MAX_FRAME = 64 * 1024
"""The largest WebSocket frame the server reads; a larger one closes that connection
(code 1009) and the server goes on. Messages over
[`MAX_REQUEST`][baldurs_rules.web.protocol.MAX_REQUEST] but under this get an error."""

PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
"""Headers of the page: only its own script runs, nothing frames it, no referrer leaves it."""

log = logging.getLogger("baldurs_rules.web")


class _Client:
    """One open WebSocket: whose table it shows, and how many log lines it has."""

    def __init__(self, socket: WebSocket) -> None:
        self.socket = socket
        self.viewer: Viewer | None = None
        self.sent = 0


class Hub:
    """The open pages of one table, the moves they send and the bots' moves.

    Args:
        table: The table served.
        bot_delay: Seconds between two bot moves (so people can follow them).
    """

    def __init__(self, table: Table, bot_delay: float = 0.3) -> None:
        self.table = table
        self.bot_delay = bot_delay
        self.clients: set[_Client] = set()
        self.halted = ""  # why the bots stopped, when a bot's move failed
        self._moves = asyncio.Lock()  # one move at a time
        self._sending = asyncio.Lock()  # one message at a time, in order, to each page
        self._bots: asyncio.Task[None] | None = None

    async def serve(self, socket: WebSocket) -> None:
        """Talk to one page until it leaves."""
        await socket.accept()
        client = _Client(socket)
        self.clients.add(client)
        try:
            while True:
                frame = await socket.receive()
                if frame["type"] == "websocket.disconnect":
                    return
                await self.handle(client, frame.get("text"), frame.get("bytes"))
        except WebSocketDisconnect:
            return
        finally:
            self.clients.discard(client)

    async def handle(self, client: _Client, text: str | None, binary: bytes | None) -> None:
        """Answer one frame: a join, a sync or a move; a refusal is sent back as an error."""
        table = self.table
        try:
            request = parse_request(text, binary)
            if request.type == "act":
                async with self._moves:
                    table.act(request)
                await self.broadcast()
                self.wake_bots()
                return
            if request.type == "undo":
                async with self._moves:
                    table.undo(request)
                    for other in self.clients:
                        other.sent = 0  # every story is told again: it lost its last lines
                await self.broadcast()
                self.wake_bots()
                return
            if request.type == "join":
                client.viewer = table.viewer(request.seat, request.token)
                client.sent = 0
                await self.send(client, table.welcome(client.viewer))
            elif client.viewer is None:
                raise RefusedError("not_joined", "send a join (your seat and token) first")
            client.sent = 0
            await self.push(client)
        except RefusedError as refusal:
            await self.send(client, error_message(refusal, table.version))
            if refusal.code == "stale" and client.viewer is not None:
                await self.push(client)

    # ------------------------------------------------------------ sending
    async def send(self, client: _Client, message: dict[str, Any]) -> None:
        """Send one message to one page."""
        async with self._sending:
            await self._send(client, message)

    async def push(self, client: _Client) -> None:
        """Send one page its table now, with the log lines it does not have yet."""
        async with self._sending:
            await self._push(client)

    async def broadcast(self) -> None:
        """Send every page that joined its table now."""
        async with self._sending:
            for client in list(self.clients):
                if client.viewer is not None:
                    await self._push(client)

    async def _push(self, client: _Client) -> None:
        assert client.viewer is not None
        message = self.table.message(client.viewer, client.sent)
        client.sent = message["log"]["start"] + len(message["log"]["lines"])
        await self._send(client, message)

    async def _send(self, client: _Client, message: dict[str, Any]) -> None:
        try:
            await client.socket.send_text(json.dumps(message, separators=(",", ":")))
        except (WebSocketDisconnect, RuntimeError, OSError):  # it left meanwhile
            self.clients.discard(client)

    # ------------------------------------------------------------ bots
    def wake_bots(self) -> None:
        """Start the bots' moves if a bot decides now (and they are not already going)."""
        if self.halted or self.table.bot_to_move() is None:
            return
        if self._bots is None or self._bots.done():
            self._bots = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while self.table.bot_to_move() is not None:
            await asyncio.sleep(self.bot_delay)
            async with self._moves:
                turn = self.table.bot_turn()
                if turn is None:
                    continue
                bot, copy, before = turn
                action = await anyio.to_thread.run_sync(bot.choose, copy)
                try:
                    self.table.play(action, before)
                except RefusedError as refusal:
                    self.halted = f"seat {self.table.game.current_player}'s bot: {refusal.message}"
                    log.error("the bots stop: %s", self.halted)
                    return
            await self.broadcast()

    async def stop(self) -> None:
        """Stop the bots (the game file already holds every move played)."""
        if self._bots is not None:
            self._bots.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._bots


def create_app(
    table: Table, bot_delay: float = 0.3, allowed_hosts: list[str] | None = None
) -> Starlette:
    """The ASGI app serving ``table``.

    Args:
        table: The table.
        bot_delay: Seconds between two bot moves.
        allowed_hosts: The host names a request may be addressed to (None: any);
            on loopback this stops another site from reaching the table by DNS
            rebinding.
    """
    hub = Hub(table, bot_delay)
    page = resources.files("baldurs_rules.web").joinpath("static", "index.html").read_bytes()

    async def index(request: HttpRequest) -> Response:
        return Response(page, media_type="text/html; charset=utf-8", headers=PAGE_HEADERS)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.wake_bots()
        yield
        await hub.stop()

    middleware = []
    if allowed_hosts is not None:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts))
    app = Starlette(
        routes=[
            Route("/", index),
            Mount("/static", StaticFiles(packages=[("baldurs_rules.web", "static")])),
            WebSocketRoute("/ws", hub.serve),
        ],
        middleware=middleware,
        lifespan=lifespan,
    )
    app.state.hub = hub
    return app


def serve(
    table: Table,
    host: str,
    port: int,
    bot_delay: float = 0.3,
    allowed_hosts: list[str] | None = None,
) -> None:
    """Serve ``table`` until interrupted (Ctrl-C, SIGTERM)."""
    import uvicorn

    app = create_app(table, bot_delay, allowed_hosts)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws_max_size=MAX_FRAME,
        log_level="warning",
        access_log=False,
        lifespan="on",
    )
    uvicorn.Server(config).run()
