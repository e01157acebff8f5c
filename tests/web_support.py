"""Helpers of the web table's tests: a real server on a free loopback port, and a page's socket."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest

import baldurs_rules as br
from baldurs_rules.bots import make_bot
from tools.browser import free_port

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
websockets_client = pytest.importorskip("websockets.sync.client")

import uvicorn  # noqa: E402

from baldurs_rules.web.server import MAX_FRAME, create_app  # noqa: E402
from baldurs_rules.web.table import Table  # noqa: E402

Message = dict[str, Any]


def four_seat_table(path: Path, seed: int = 11) -> Table:
    """Seats 0 and 1 human, 2 and 3 random bots."""
    bots = [None, None, make_bot("random", 21), make_bot("random", 22)]
    return Table.new(br.new_game(4, seed=seed), bots, path)


@contextmanager
def running(
    table: Table, allowed_hosts: list[str] | None = None, bot_delay: float = 0.0
) -> Iterator[str]:
    """Serve ``table`` with uvicorn in a thread; yields ``host:port``."""
    port = free_port()
    config = uvicorn.Config(
        create_app(table, bot_delay, allowed_hosts),
        host="127.0.0.1",
        port=port,
        ws_max_size=MAX_FRAME,
        log_level="error",
        lifespan="on",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


class Page:
    """One WebSocket, as a page holds it."""

    def __init__(self, address: str) -> None:
        self._stack = ExitStack()
        connection = websockets_client.connect(f"ws://{address}/ws", max_size=None)
        self.socket = self._stack.enter_context(connection)
        self.received: list[Message] = []

    def send(self, message: Message | str | bytes) -> None:
        self.socket.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def receive(self, timeout: float = 10) -> Message:
        message: Message = json.loads(self.socket.recv(timeout=timeout))
        self.received.append(message)
        return message

    def drain(self, quiet: float = 0.05) -> list[Message]:
        """Every message that arrives until none has for ``quiet`` seconds."""
        found = []
        while True:
            try:
                found.append(self.receive(quiet))
            except TimeoutError:
                return found

    def until(self, test: Callable[[Message], bool], timeout: float = 20) -> Message:
        """The first message that passes ``test`` (skipping others)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if test(message):
                return message

    def join(self, seat: int | str, token: str | None) -> Message:
        """Join and return the first state."""
        self.send({"type": "join", "seat": seat, "token": token})
        welcome = self.receive()
        assert welcome["type"] == "welcome", welcome
        return self.until(lambda m: m["type"] == "state")

    def close(self) -> None:
        self._stack.close()


def error(message: Message) -> bool:
    return message["type"] == "error"


def state(message: Message) -> bool:
    return message["type"] == "state"
