"""What a page may send the table: strictly checked, every mistake named."""

from __future__ import annotations

import json
import re

import pytest

from baldurs_rules.errors import RulesError
from baldurs_rules.web.protocol import (
    CODES,
    MAX_REQUEST,
    RefusedError,
    Request,
    error_message,
    parse_request,
)


def test_the_three_requests() -> None:
    assert parse_request('{"type": "sync"}') == Request("sync")
    assert parse_request('{"type": "join", "seat": 2, "token": "k"}') == Request("join", 2, "k")
    assert parse_request('{"type": "join", "seat": "spectator", "token": "k"}') == Request(
        "join", "spectator", "k"
    )
    act = {"type": "act", "seat": 0, "token": "k", "action": "build x 3", "version": 12}
    assert parse_request(json.dumps(act)) == Request("act", 0, "k", "build x 3", 12)


def _act(**change: object) -> str:
    data: dict[str, object] = {"type": "act", "seat": 0, "token": "k", "action": "income"}
    data["version"] = 0
    data.update(change)
    return json.dumps({k: v for k, v in data.items() if v is not ...})


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("x" * (MAX_REQUEST + 1), "too_large", f"may hold {MAX_REQUEST} characters"),
        ("{oops", "malformed", "not valid JSON"),
        ("[" * 100_000, "too_large", "characters"),
        ("[1, 2]", "malformed", "not a list"),
        ('"join"', "malformed", "not text"),
        ("null", "malformed", "not null"),
        ('{"type": "jion"}', "malformed", "did you mean 'join'"),
        ('{"type": 3}', "malformed", "unknown message type 3"),
        ('{"seat": 0}', "malformed", "unknown message type null"),
        (_act(token=...), "malformed", "needs 'token' (the key in your link)"),
        (_act(version=...), "malformed", "needs 'version'"),
        (_act(extra=1), "malformed", "no field 'extra'"),
        (_act(seat=True), "malformed", "'seat' must be a seat number"),
        (_act(seat=-1), "malformed", "'seat' must be a seat number"),
        (_act(seat="2"), "malformed", "'seat' must be a seat number"),
        (_act(token=5), "malformed", "'token' must be text"),
        (_act(action=["income"]), "malformed", "'action' must be a move's notation"),
        (_act(version="3"), "malformed", "'version' must be a whole number"),
        (_act(version=False), "malformed", "'version' must be a whole number"),
        (_act(version=-2), "malformed", "'version' must be a whole number"),
        (_act(version=1.5), "malformed", "'version' must be a whole number"),
    ],
)
def test_every_mistake_is_refused_with_what_is_wrong(text: str, code: str, message: str) -> None:
    with pytest.raises(RefusedError, match=re.escape(message)) as caught:
        parse_request(text)
    assert caught.value.code == code
    assert isinstance(caught.value, RulesError)


def test_deeply_nested_json_under_the_size_limit_is_refused_not_a_crash() -> None:
    with pytest.raises(RefusedError) as caught:
        parse_request("[" * (MAX_REQUEST - 10) + "]" * 5)
    assert caught.value.code == "malformed"


def test_a_binary_frame_is_refused() -> None:
    with pytest.raises(
        RefusedError, match=re.escape("JSON text frames, not binary data (3 bytes)")
    ) as caught:
        parse_request(None, b"abc")
    assert caught.value.code == "malformed"


def test_error_messages_and_codes() -> None:
    refusal = RefusedError("not_your_turn", "seat 2 decides now")
    assert error_message(refusal, 4) == {
        "type": "error",
        "code": "not_your_turn",
        "message": "seat 2 decides now",
        "version": 4,
    }
    with pytest.raises(ValueError, match="unknown refusal code 'nope'"):
        RefusedError("nope", "x")
    assert set(CODES) >= {"unauthorized", "wrong_seat", "stale", "not_your_turn", "too_large"}
