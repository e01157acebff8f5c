"""The table: every refusal changes nothing; every move is saved; a restart loses nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import baldurs_rules as br
from baldurs_rules.bots import make_bot
from baldurs_rules.bots.game_file import read_game_file
from baldurs_rules.errors import StateError
from baldurs_rules.web.messages import narrated
from baldurs_rules.web.protocol import RefusedError, Request
from baldurs_rules.web.table import Table, event_marks
from baldurs_rules.web.tokens import SPECTATOR, tokens_path


def new_table(tmp_path: Path, seed: int = 4) -> Table:
    """Seats 0 and 1 human, 2 and 3 random bots."""
    bots = [None, None, make_bot("random", 1), make_bot("random", 2)]
    return Table.new(br.new_game(4, seed=seed), bots, tmp_path / "game.json")


def run_bots(table: Table) -> None:
    while (turn := table.bot_turn()) is not None:
        bot, copy, before = turn
        table.play(bot.choose(copy), before)


def act(table: Table, seat: int, action: str) -> None:
    key = table.tokens.seats[seat]
    assert key is not None
    table.act(Request("act", seat, key, action, table.version))
    run_bots(table)


def first_option(table: Table) -> str:
    return str(table.game.legal_actions()[0])


def snapshot(table: Table) -> tuple[str, int, bytes, list[int]]:
    return table.game.to_json(), table.version, table.path.read_bytes(), table.marks[:]


def test_a_move_is_played_saved_and_told(tmp_path: Path) -> None:
    table = new_table(tmp_path)
    assert table.labels == ["human", "human", "random", "random"]
    assert table.version == 0 and table.path.exists() and tokens_path(table.path).exists()
    act(table, 0, "income")
    assert table.version == len(table.game.actions) == len(table.marks) - 1
    saved = read_game_file(table.path)
    assert saved.game == table.game
    assert [s.human for s in saved.seats or []] == [True, True, False, False]
    assert table.lines(0)[-1] in narrated(table.game, 0, table.marks)
    assert any(line[0] == "You take income." for line in table.lines(0))
    assert any(line[0] == "Seat 0 takes income." for line in table.lines(SPECTATOR))


@pytest.mark.parametrize(
    ("who", "seat", "code", "message"),
    [
        ("none", 0, "unauthorized", "no token: open the link the server printed"),
        ("guess", 0, "unauthorized", "a token that is no one's"),
        ("seat1", 0, "wrong_seat", "this is seat 1's key, not seat 0's"),
        ("spectator", 0, "wrong_seat", "this is the spectators' key, not seat 0's"),
        ("spectator", SPECTATOR, "wrong_seat", "can watch the game, not play it"),
        ("seat0", 1, "wrong_seat", "this is seat 0's key, not seat 1's"),
        ("seat1", 1, "not_your_turn", "seat 0 decides now (turn)"),
    ],
)
def test_a_move_without_the_seats_key_or_out_of_turn_changes_nothing(
    tmp_path: Path, who: str, seat: int | str, code: str, message: str
) -> None:
    table = new_table(tmp_path)
    keys = table.tokens
    token = {
        "none": "",
        "guess": "x" * 43,
        "seat0": keys.seats[0],
        "seat1": keys.seats[1],
        "spectator": keys.spectator,
    }[who]
    before = snapshot(table)
    with pytest.raises(RefusedError, match=re.escape(message)) as caught:
        table.act(Request("act", seat, token or "", "income", table.version))  # type: ignore[arg-type]
    assert caught.value.code == code
    assert snapshot(table) == before


def test_stale_illegal_and_finished_moves_change_nothing(tmp_path: Path) -> None:
    table = new_table(tmp_path)
    key = table.tokens.seats[0]
    assert key is not None
    before = snapshot(table)
    with pytest.raises(RefusedError, match="your page showed move 3, the game is at move 0") as e:
        table.act(Request("act", 0, key, "income", 3))
    assert e.value.code == "stale"
    with pytest.raises(RefusedError, match="'build nothing 99' is not a legal action") as e:
        table.act(Request("act", 0, key, "build nothing 99", 0))
    assert e.value.code == "illegal"
    assert snapshot(table) == before
    while not table.game.is_over:
        seat = table.game.current_player
        act(table, seat, first_option(table))
    before = snapshot(table)
    with pytest.raises(RefusedError, match="the game is over") as e:
        table.act(Request("act", 0, key, "income", table.version))
    assert e.value.code == "game_over" and snapshot(table) == before


def test_a_move_that_cannot_be_saved_is_not_played(tmp_path: Path) -> None:
    table = new_table(tmp_path)
    act(table, 0, "income")
    while table.game.current_player != 1:
        act(table, 0, first_option(table))
    state, version, lines = table.game.to_json(), table.version, len(table.lines(1))
    table.path = tmp_path / "gone" / "game.json"  # its folder does not exist
    with pytest.raises(RefusedError, match=r"could not be saved to .*; income was not played") as e:
        act(table, 1, "income")
    assert e.value.code == "not_saved"
    assert (table.game.to_json(), table.version, len(table.lines(1))) == (state, version, lines)


def test_a_bots_move_that_cannot_be_saved_leaves_the_bot_as_it_was(tmp_path: Path) -> None:
    table = new_table(tmp_path)
    act(table, 0, "income")
    key = table.tokens.seats[1]
    assert key is not None and table.game.current_player == 1
    table.act(Request("act", 1, key, "income", table.version))  # a bot decides next
    table.path = tmp_path / "gone" / "game.json"
    turn = table.bot_turn()
    assert turn is not None
    bot, copy, before = turn
    state = table.game.to_json()
    with pytest.raises(RefusedError) as caught:
        table.play(bot.choose(copy), before)
    assert caught.value.code == "not_saved"
    assert bot.state() == before and table.game.to_json() == state


def test_viewers_and_welcome(tmp_path: Path) -> None:
    table = new_table(tmp_path)
    keys = table.tokens
    assert table.viewer(0, keys.seats[0] or "") == 0
    assert table.viewer(SPECTATOR, keys.spectator) == SPECTATOR
    with pytest.raises(RefusedError, match="this is seat 0's key, not the spectators'"):
        table.viewer(SPECTATOR, keys.seats[0] or "")
    welcome = table.welcome(1)
    assert welcome["viewer"] == 1 and welcome["labels"] == table.labels
    assert welcome["texts"]["elfsong_tavern"].startswith("The Elfsong Tavern")
    links = table.links("http://127.0.0.1:8000/")
    assert [who for who, _ in links] == ["seat 0 (red)", "seat 1 (blue)", "spectators"]
    assert links[1][1] == f"http://127.0.0.1:8000/#seat=1&token={keys.seats[1]}"


def test_messages_follow_the_game(tmp_path: Path) -> None:
    table = new_table(tmp_path)
    first = table.message(0, 0)
    assert first["version"] == 0 and first["decision"]["mine"] is True
    assert first["log"]["start"] == 0 and first["log"]["lines"] == table.lines(0)
    assert table.message(1, 0)["decision"] == {"kind": "turn", "seat": 0, "mine": False}
    told = len(table.lines(0))
    act(table, 0, "income")
    later = table.message(0, told)
    assert later["version"] == table.version > 0
    assert later["log"]["start"] == told and later["log"]["lines"] == table.lines(0)[told:]
    assert later["log"]["lines"][0][0] == "You take income."


def test_resume_continues_with_the_same_keys_moves_and_story(tmp_path: Path) -> None:
    table = new_table(tmp_path, seed=8)
    for _ in range(12):
        act(table, table.game.current_player, first_option(table))
    again = Table.resume(table.path)
    assert again.game == table.game and again.version == table.version
    assert again.tokens == table.tokens and again.marks == table.marks
    assert again.labels == table.labels
    assert [b is None for b in again.bots] == [True, True, False, False]
    assert again.lines(1) == narrated(again.game, 1, again.marks)
    # both go on exactly alike, bots included
    for _ in range(6):
        action = first_option(table)
        act(table, table.game.current_player, action)
        act(again, again.game.current_player, action)
    assert again.game == table.game and again.game.actions == table.game.actions


def test_resume_makes_new_keys_when_their_file_is_gone(tmp_path: Path) -> None:
    table = new_table(tmp_path)
    tokens_path(table.path).unlink()
    again = Table.resume(table.path)
    assert again.tokens != table.tokens and tokens_path(table.path).exists()
    assert Table.resume(table.path).tokens == again.tokens


def test_resume_refuses_a_record_and_an_edited_save(tmp_path: Path) -> None:
    table = new_table(tmp_path)
    act(table, 0, "income")
    record = tmp_path / "record.json"
    record.write_text(json.dumps(table.game.record()), encoding="utf-8")
    with pytest.raises(StateError, match=re.escape("not a saved game with its seats (a record)")):
        Table.resume(record)
    data = json.loads(table.path.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:-1]
    data["deciders"] = data["deciders"][:-1]
    table.path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StateError, match="not what its record replays to"):
        Table.resume(table.path)


def test_event_marks_count_the_setup_and_each_move() -> None:
    game = br.new_game(2, seed=3)
    setup = len(game.state.events)
    game.apply("income")
    marks = event_marks(game)
    assert marks == [setup, len(game.state.events)]
