"""The messages a page sends to the table, read strictly; and the errors it gets back.

A page talks to the server over one WebSocket, in JSON text frames of at most
[`MAX_REQUEST`][baldurs_rules.web.protocol.MAX_REQUEST] characters:

```json
{"type": "join", "seat": 1, "token": "..."}            // be shown seat 1's table
{"type": "join", "seat": "spectator", "token": "..."}  // the public table
{"type": "act", "seat": 1, "token": "...", "action": "build elfsong_tavern 17", "version": 42}
{"type": "undo", "seat": 1, "token": "...", "version": 42}  // take back my last decision
{"type": "sync"}                                        // send me the whole table again
```

Every ``act`` and ``undo`` carries its seat's token (not only the ``join``), and
the ``version`` the page was showing: the number of updates of the table so far
(moves and undos), which every message from the server carries. A move made on an older version is
refused as ``stale``, so of two tabs acting at once one wins and the other is
told. Anything else is refused with an ``error`` message saying what and why;
the connection stays open and nothing changes:

```json
{"type": "error", "code": "not_your_turn", "message": "seat 2 decides now...", "version": 42}
```

Examples:
    >>> parse_request('{"type": "sync"}').type
    'sync'
    >>> parse_request('{"type": "act", "seat": 0}')
    Traceback (most recent call last):
    ...
    baldurs_rules.web.protocol.RefusedError: an 'act' message needs 'token' (the key in your...
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from baldurs_rules.errors import RulesError, did_you_mean

__all__ = [
    "CODES",
    "MAX_REQUEST",
    "RefusedError",
    "Request",
    "Viewer",
    "error_message",
    "parse_request",
]

MAX_REQUEST = 4096
"""The longest message (in characters) a page may send; a longer one is refused as ``too_large``."""

Viewer = int | Literal["spectator"]
"""Who a message is for: a seat, or ``"spectator"`` (public information only)."""

CODES = {
    "malformed": "the message is not a JSON object of the protocol",
    "too_large": f"the message is longer than {MAX_REQUEST} characters",
    "unauthorized": "no token, or a token that is no one's",
    "wrong_seat": "a token of another seat (or of the spectators)",
    "not_joined": "a sync before a join",
    "stale": "the move was made on an older version of the game",
    "not_your_turn": "another seat decides now",
    "illegal": "not a legal move now",
    "game_over": "the game is over",
    "not_saved": "the game could not be written to disk; the move was not played",
    "engine": "the engine failed on the move (a bug); the game is unchanged",
    "cannot_undo": "the seat's last decision cannot be taken back (the message says why)",
}
"""Every error code the server sends, and what it means."""

_FIELDS: dict[str, tuple[str, ...]] = {
    "join": ("seat", "token"),
    "act": ("seat", "token", "action", "version"),
    "undo": ("seat", "token", "version"),
    "sync": (),
}


class RefusedError(RulesError):
    """A message the table refuses; nothing changed.

    Attributes:
        code: One of [`CODES`][baldurs_rules.web.protocol.CODES].
    """

    def __init__(self, code: str, message: str) -> None:
        if code not in CODES:
            raise ValueError(f"unknown refusal code {code!r}")
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Request:
    """One message from a page, checked.

    Attributes:
        type: ``join``, ``act``, ``undo`` or ``sync``.
        seat: The seat claimed (a number, or ``"spectator"``); None for ``sync``.
        token: The key given ('' for ``sync``).
        action: The move's notation (``act`` only).
        version: The version the page was showing (``act`` and ``undo``).
    """

    type: str
    seat: Viewer | None = None
    token: str = ""
    action: str = ""
    version: int = -1


def parse_request(text: str | None, binary: bytes | None = None) -> Request:
    """Read one WebSocket frame (its text, or its bytes for a binary frame).

    Raises:
        RefusedError: ``too_large`` or ``malformed``, saying what is wrong.
    """
    if text is None:
        size = len(binary or b"")
        raise RefusedError("malformed", f"send JSON text frames, not binary data ({size} bytes)")
    if len(text) > MAX_REQUEST:
        raise RefusedError(
            "too_large", f"a message may hold {MAX_REQUEST} characters, this one {len(text)}"
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise RefusedError("malformed", f"the message is not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise RefusedError("malformed", f"a message must be a JSON object, not {_kind(data)}")
    kind = data.get("type")
    if kind not in _FIELDS:
        hint = did_you_mean(str(kind), _FIELDS) if isinstance(kind, str) else ""
        raise RefusedError("malformed", f"unknown message type {_short(kind)}{hint}")
    needed = _FIELDS[kind]
    missing = [name for name in needed if name not in data]
    if missing:
        what = "'token' (the key in your link)" if missing[0] == "token" else repr(missing[0])
        raise RefusedError("malformed", f"an {kind!r} message needs {what}; it has {sorted(data)}")
    extra = sorted(set(data) - {"type", *needed})
    if extra:
        raise RefusedError("malformed", f"an {kind!r} message has no field {extra[0]!r}")
    return Request(kind, *_values(kind, data))


def _values(kind: str, data: dict[str, Any]) -> tuple[Viewer | None, str, str, int]:
    if kind == "sync":
        return None, "", "", -1
    seat, token = data["seat"], data["token"]
    if seat != "spectator" and (type(seat) is not int or seat < 0):
        raise RefusedError(
            "malformed", f"'seat' must be a seat number or \"spectator\", not {_short(seat)}"
        )
    if not isinstance(token, str):
        raise RefusedError("malformed", f"'token' must be text, not {_kind(token)}")
    if kind == "join":
        return seat, token, "", -1
    action, version = data.get("action", ""), data["version"]
    if not isinstance(action, str):
        raise RefusedError(
            "malformed", f"'action' must be a move's notation (text), not {_kind(action)}"
        )
    if type(version) is not int or version < 0:
        raise RefusedError("malformed", f"'version' must be a whole number, not {_short(version)}")
    return seat, token, action, version


def error_message(refusal: RefusedError, version: int) -> dict[str, Any]:
    """The ``error`` message for a refusal, with the game's version now.

    Examples:
        >>> error_message(RefusedError("stale", "the game has moved on"), 7)
        {'type': 'error', 'code': 'stale', 'message': 'the game has moved on', 'version': 7}
    """
    return {"type": "error", "code": refusal.code, "message": refusal.message, "version": version}


def _kind(value: object) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false"}.get(
        type(value), "null" if value is None else type(value).__name__
    )


def _short(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
