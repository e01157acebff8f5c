"""Undo at a web table: a seat takes back its own last decision, by the API's rules."""

from __future__ import annotations

from pathlib import Path

import pytest

import baldurs_rules as br
from baldurs_rules.bots import make_bot
from baldurs_rules.bots.game_file import read_game_file
from baldurs_rules.web.messages import narrated
from baldurs_rules.web.protocol import RefusedError, Request, parse_request
from baldurs_rules.web.table import Table, event_marks
from baldurs_rules.web.tokens import SPECTATOR


def table_of(tmp_path: Path, humans: int, seed: int = 4) -> Table:
    bots = [None] * humans + [make_bot("random", s) for s in range(4 - humans)]
    return Table.new(br.new_game(4, seed=seed), bots, tmp_path / "game.json")


def run_bots(table: Table) -> None:
    while (turn := table.bot_turn()) is not None:
        bot, copy, before = turn
        table.play(bot.choose(copy), before)


def act(table: Table, seat: int, action: str) -> None:
    table.act(Request("act", seat, key(table, seat), action, table.version))
    run_bots(table)


def key(table: Table, seat: int) -> str:
    found = table.tokens.seats[seat]
    assert found is not None
    return found


def undo(table: Table, seat: int) -> None:
    table.undo(Request("undo", seat, key(table, seat), "", table.version))


def test_a_seat_takes_back_its_own_last_decision(tmp_path: Path) -> None:
    table = table_of(tmp_path, humans=2)
    before, lines = table.game.to_json(), table.lines(0)[:]
    act(table, 0, "income")
    assert table.game.current_player == 1 and len(table.game.actions) == 1
    version = table.version
    undo(table, 0)
    assert table.game.to_json() == before
    assert table.version == version + 1  # an update: pages never see an old version again
    assert table.marks == [table.marks[0]] and table.lines(0) == lines
    assert read_game_file(table.path).game == table.game
    assert table.lines(SPECTATOR) == narrated(table.game, SPECTATOR, table.marks)
    body = table.message(0, 0)
    assert body["moves"] == 0 and body["decision"]["mine"] and body["version"] == version + 1
    act(table, 0, "income")  # play goes on from there
    assert len(table.game.actions) == 1 and table.marks == event_marks(table.game)


def test_undo_is_refused_with_its_reason_and_changes_nothing(tmp_path: Path) -> None:
    table = table_of(tmp_path, humans=2)
    with pytest.raises(RefusedError, match="no decision to take back") as e:
        undo(table, 0)
    assert e.value.code == "cannot_undo"
    act(table, 0, "income")
    while table.game.current_player == 0:
        act(table, 0, str(table.game.legal_actions()[-1]))
    act(table, 1, "income")  # another human decides
    state = table.game.to_json(), table.version
    with pytest.raises(RefusedError, match="seat 1 has decided since your last decision") as e:
        undo(table, 0)
    assert e.value.code == "cannot_undo" and (table.game.to_json(), table.version) == state
    with pytest.raises(RefusedError) as e:
        table.undo(Request("undo", 0, key(table, 0), "", table.version - 1))
    assert e.value.code == "stale"
    with pytest.raises(RefusedError) as e:
        table.undo(Request("undo", SPECTATOR, table.tokens.spectator, "", table.version))
    assert e.value.code == "wrong_seat"
    assert (table.game.to_json(), table.version) == state


def test_undo_never_crosses_a_hidden_draw(tmp_path: Path) -> None:
    table = table_of(tmp_path, humans=1, seed=3)
    game = table.game
    build = next((a for a in game.legal_actions() if a.kind == "build"), None)
    assert build is not None  # a build draws a lot token
    act(table, 0, str(build))
    state = game.to_json(), table.version
    while table.game.current_player == 0 and len(table.game.actions) < 2:
        act(table, 0, str(table.game.legal_actions()[0]))
    state = table.game.to_json(), table.version
    with pytest.raises(RefusedError, match="a card or lot token was revealed since") as e:
        undo(table, 0)
    assert e.value.code == "cannot_undo" and (table.game.to_json(), table.version) == state


def test_the_undo_message_is_read_strictly() -> None:
    request = parse_request('{"type": "undo", "seat": 1, "token": "k", "version": 4}')
    assert (request.type, request.seat, request.token, request.version) == ("undo", 1, "k", 4)
    with pytest.raises(RefusedError, match="an 'undo' message needs 'version'"):
        parse_request('{"type": "undo", "seat": 1, "token": "k"}')
    with pytest.raises(RefusedError, match="an 'undo' message has no field 'action'"):
        parse_request('{"type": "undo", "seat": 1, "token": "k", "version": 4, "action": "x"}')


def test_use_all_is_one_answer_at_the_table_and_one_undo_takes_it_back(tmp_path: Path) -> None:
    from baldurs_rules.web.messages import state_body
    from baldurs_rules.web.tokens import Tokens

    game = br.scenario(
        {"players": 2, "seats": [{"resources": {"supply": 1},
         "portfolio": ["counting_house", "crossing_tollhouse"]}, {}]}
    )  # fmt: skip
    game.apply("income")
    marks = [len(game.state.events)] * (len(game.actions) + 1)
    table = Table(game, [None, None], tmp_path / "g.json", Tokens.new(2, [0, 1]), marks)
    before, version = game.to_json(), table.version
    groups = state_body(game, 0, version, table.labels)["decision"]["groups"]
    assert groups[0]["key"] == "use all" and groups[0]["options"][0]["action"] == "use all"
    assert groups[0]["label"].startswith("Use all 2 (their order makes no difference)")
    table.act(Request("act", 0, key(table, 0), "use all", version))
    assert [str(a) for a in table.game.actions][-2:] == [
        "use counting_house",
        "use crossing_tollhouse",
    ]
    assert table.version == version + 2 and table.game.current_player == 1
    with pytest.raises(RefusedError, match="'use all' is not an answer now") as e:
        table.act(Request("act", 1, key(table, 1), "use all", table.version))
    assert e.value.code == "illegal"
    undo(table, 0)
    assert table.game.to_json() == before and len(table.marks) == len(table.game.actions) + 1


def use_all_table(path: Path) -> tuple[Table, str]:
    """A 2-human table of a dealt game (so a restart can replay it) at a decision where
    the seat may use two income cards at once; the game before."""
    import random

    game, rng = br.new_game(2, seed=1), random.Random(1)
    while len(getattr(game.decision, "at_once", ())) < 2:
        game.apply(rng.choice(game.legal_actions()))
    table = Table.new(game, [None, None], path)
    return table, game.to_json()


def test_a_use_all_is_still_one_answer_after_a_restart(tmp_path: Path) -> None:
    table, before = use_all_table(tmp_path / "g.json")
    seat = table.game.current_player
    table.act(Request("act", seat, key(table, seat), "use all", table.version))
    moves = len(table.game.actions)
    assert read_game_file(table.path).together == ((moves - 2, moves),)
    resumed = Table.resume(table.path)  # the server was stopped and started again
    undo(resumed, seat)
    assert resumed.game.to_json() == before
    assert read_game_file(resumed.path).together == ()  # taken back, gone from the file


def test_a_use_all_cut_short_leaves_no_range_in_the_file(tmp_path: Path) -> None:
    table, _ = use_all_table(tmp_path / "g.json")
    played = []
    real_save = table.save

    def save_twice_then_fail() -> None:
        if len(played) == 1:
            raise OSError(28, "No space left on device")
        played.append(1)
        real_save()

    table.save = save_twice_then_fail  # type: ignore[method-assign]
    seat = table.game.current_player
    with pytest.raises(RefusedError, match="could not be saved") as e:
        table.act(Request("act", seat, key(table, seat), "use all", table.version))
    assert e.value.code == "not_saved"
    saved = read_game_file(table.path)  # the first use was saved, without a range
    assert saved.together == () and str(saved.game.actions[-1]) == "use counting_house"
    table.save = real_save  # type: ignore[method-assign]
    table.save()  # the failed answer left no range behind to save later
    assert read_game_file(table.path).together == ()


@pytest.mark.parametrize(
    ("together", "shown"),
    [
        ("[[0, 99]]", "[0, 99]"),
        ('"all"', "'all'"),
        ("[[2, 1]]", "[2, 1]"),
        ("[[0, 2], [1, 3]]", "[1, 3]"),
        ("[[0, true]]", "[0, True]"),
    ],
)
def test_a_game_file_with_bad_together_ranges_is_refused(
    tmp_path: Path, together: str, shown: str
) -> None:
    import json

    from baldurs_rules.errors import StateError

    table, _ = use_all_table(tmp_path / "g.json")
    seat = table.game.current_player
    table.act(Request("act", seat, key(table, seat), "use all", table.version))
    data = json.loads(table.path.read_text(encoding="utf-8"))
    data["together"] = json.loads(together)
    table.path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StateError) as e:
        read_game_file(table.path)
    assert e.value.message == (
        f"{table.path}: 'together' must list [start, end] ranges of its"
        f" {len(table.game.actions)} moves, in order and apart, not {shown}"
    )
