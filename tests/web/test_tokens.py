"""The keys of a web table: random, compared in constant time, kept beside the game file."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from baldurs_rules.errors import StateError
from baldurs_rules.web.tokens import FORMAT, SPECTATOR, Tokens, tokens_path


def test_new_keys_are_random_and_only_for_humans() -> None:
    first, second = Tokens.new(4, [0, 2]), Tokens.new(4, [0, 2])
    assert first.seats[1] is None and first.seats[3] is None
    keys = [first.seats[0], first.seats[2], first.spectator]
    assert all(isinstance(k, str) and len(k) >= 40 for k in keys)
    assert len(set(keys)) == 3
    assert set(keys).isdisjoint({second.seats[0], second.seats[2], second.spectator})


def test_seat_of_names_the_owner_of_a_key_and_no_one_for_anything_else() -> None:
    keys = Tokens.new(3, [0, 1])
    assert keys.seat_of(keys.seats[0]) == 0
    assert keys.seat_of(keys.seats[1]) == 1
    assert keys.seat_of(keys.spectator) == SPECTATOR
    key = keys.seats[0]
    assert key is not None
    for wrong in ("", key[:-1], key + "x", key.upper() if key.upper() != key else "A", "é" * 10):
        assert keys.seat_of(wrong) is None
    for not_text in (None, 0, [key], {"token": key}):
        assert keys.seat_of(not_text) is None


def test_keys_survive_a_restart_in_a_file_only_the_owner_reads(tmp_path: Path) -> None:
    keys = Tokens.new(4, [0, 1])
    where = tokens_path(tmp_path / "game.json")
    assert where.name == "game.json.tokens"
    keys.save(where)
    assert stat.S_IMODE(where.stat().st_mode) == 0o600
    assert Tokens.load(where, 4, [0, 1]) == keys
    assert [p.name for p in tmp_path.iterdir()] == ["game.json.tokens"]  # no temporary left


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{nope", "not valid JSON"),
        ('{"format": "other"}', "not a tokens file"),
        (json.dumps({"format": FORMAT, "seats": [], "spectator": "s" * 20}), "one entry per seat"),
        (json.dumps({"format": FORMAT, "seats": ["k" * 20, None], "spectator": 3}), "spectator"),
        (
            json.dumps({"format": FORMAT, "seats": ["k" * 20, "k" * 20], "spectator": "s" * 20}),
            "seat 1 needs null",
        ),
        (
            json.dumps({"format": FORMAT, "seats": [None, None], "spectator": "s" * 20}),
            "seat 0 needs a key",
        ),
        (
            json.dumps({"format": FORMAT, "seats": ["short", None], "spectator": "s" * 20}),
            "seat 0 needs a key",
        ),
    ],
)
def test_a_broken_tokens_file_is_refused_with_its_name(
    tmp_path: Path, content: str, message: str
) -> None:
    where = tmp_path / "t.json.tokens"
    where.write_text(content, encoding="utf-8")
    with pytest.raises(StateError, match=message) as caught:
        Tokens.load(where, 2, [0])
    assert str(where) in caught.value.message
