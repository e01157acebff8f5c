"""Tournaments: how seats are filled, rotation, ratings and their intervals, the CLI."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

import baldurs_rules as br
from baldurs_rules.cli import main
from baldurs_rules.runs.tournament import (
    bradley_terry,
    lineups,
    pairwise,
    planned_games,
    rate,
    run_tournament,
    wald_errors,
    with_option,
)


def test_fewer_bots_than_seats_the_last_fills_the_rest() -> None:
    assert lineups(["ismcts", "greedy"], 4) == [["ismcts", "greedy", "greedy", "greedy"]]
    assert lineups(["a", "b", "c"], 4) == [["a", "b", "c", "c"]]
    assert lineups(["solo"], 3) == [["solo", "solo", "solo"]]
    assert lineups(["a", "b"], 2) == [["a", "b"]]


def test_more_bots_than_seats_every_table_plays() -> None:
    tables = lineups(["a", "b", "c", "d"], 3)
    assert len(tables) == 4
    assert Counter(bot for table in tables for bot in table) == {"a": 3, "b": 3, "c": 3, "d": 3}


@pytest.mark.parametrize(
    ("bots", "players", "message"),
    [
        ([], 4, "at least one bot"),
        (["greedy", "greedy"], 4, "'greedy' is listed twice"),
        (["greedy"], 1, "at least 2 seats"),
    ],
)
def test_bad_lineups_are_refused(bots: list[str], players: int, message: str) -> None:
    with pytest.raises(br.RulesError, match=message):
        lineups(bots, players)


def test_games_are_rounded_up_to_whole_rotations() -> None:
    assert planned_games(10, 1, 4) == 12
    assert planned_games(8, 1, 4) == 8
    assert planned_games(10, 3, 2) == 4  # 3 tables of 4: 12 games


def test_think_goes_to_the_bots_that_search() -> None:
    assert with_option("ISMCTS", "think", "0.5s") == "ismcts:think=0.5s"
    assert with_option("ismcts:c=0.5", "think", "1s") == "ismcts:c=0.5,think=1s"
    assert with_option("ismcts:think=2s", "think", "1s") == "ismcts:think=2s"
    assert with_option("heuristic", "think", "1s") == "heuristic"


def test_every_bot_plays_every_seat_equally_often() -> None:
    result = run_tournament(["random", "greedy"], players=4, games=6, seed=2, bootstrap=20)
    assert result.games == 8  # two full rotations of random, greedy, greedy, greedy
    seats = Counter((bot, seat) for r in result.records for seat, bot in enumerate(r["bots"]))
    assert all(seats[("random", s)] == 2 for s in range(4))
    assert all(seats[("greedy", s)] == 6 for s in range(4))
    assert [r["seed"] for r in result.records] == list(range(2, 10))
    rows = {row.bot: row for row in result.ratings}
    assert rows["random"].seats == 8 and rows["greedy"].seats == 24
    assert rows["random"].wins + rows["greedy"].wins == pytest.approx(8)


def test_a_round_robin_plays_each_table_on_the_same_seeds() -> None:
    result = run_tournament(["random", "greedy", "heuristic"], 2, 6, seed=5, bootstrap=0)
    assert result.lineups == [
        ["random", "greedy"],
        ["random", "heuristic"],
        ["greedy", "heuristic"],
    ]
    by_table = Counter(r["table"] for r in result.records)
    assert by_table == {0: 2, 1: 2, 2: 2}
    assert {r["seed"] for r in result.records if r["table"] == 2} == {5, 6}


def _record(bots: list[str], prestige: list[int], winners: list[int]) -> dict:
    return {"bots": bots, "prestige": prestige, "winners": winners}


def test_pairwise_results_rank_winners_then_prestige() -> None:
    record = _record(["a", "b", "c", "a"], [10, 12, 12, 3], [1, 2])
    assert sorted(pairwise(record)) == sorted(
        [("a", "b", 0.0), ("a", "c", 0.0), ("b", "c", 0.5), ("b", "a", 1.0), ("c", "a", 1.0)]
    )


def test_ratings_order_the_bots_and_intervals_cover_them() -> None:
    records = [_record(["strong", "weak"], [20, 10], [0])] * 30
    records += [_record(["weak", "strong"], [20, 10], [0])] * 10
    rows = rate(records, bootstrap=100, seed=1)
    strong, weak = rows
    assert (strong.bot, weak.bot) == ("strong", "weak")
    assert strong.wins == 30 and weak.wins == 10 and strong.seats == 40
    assert strong.win_low < 0.75 < strong.win_high
    assert strong.rating == pytest.approx(-weak.rating)
    assert strong.rating_low <= strong.rating <= strong.rating_high
    assert weak.rating_high < strong.rating_low  # 30 to 10 is clear
    expected = 400 * __import__("math").log10(30.5 / 10.5) / 2  # prior: half a win each way
    assert strong.rating == pytest.approx(expected, rel=1e-3)


def test_a_clean_sweep_still_has_a_finite_rating_and_a_real_interval() -> None:
    ratings = bradley_terry(["a", "b"], [("a", "b", 1.0)] * 4)
    assert 0 < ratings["a"] < 1000
    errors = wald_errors(["a", "b"], [("a", "b", 1.0)] * 4)
    assert errors[0] > 50
    rows = rate([_record(["a", "b"], [9, 1], [0])] * 4, bootstrap=50)
    assert rows[0].rating_low < 0 < rows[0].rating_high  # four games prove little


def test_one_bot_alone_is_rated_zero() -> None:
    rows = rate([_record(["a", "a"], [3, 2], [0])] * 3, bootstrap=10)
    assert [(r.bot, r.rating, r.wins) for r in rows] == [("a", 0.0, 3.0)]


def test_cli_tournament_prints_ratings_and_writes_records(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    result = CliRunner().invoke(
        main,
        ["tournament", "--bots", "random,Greedy", "--players", "2", "--games", "3",
         "--seed", "4", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Ratings (4 games, 2 players, seats rotated)" in result.output
    assert "line-up: random, greedy" in result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    assert {tuple(json.loads(line)["bots"]) for line in lines} == {
        ("random", "greedy"),
        ("greedy", "random"),
    }


def test_cli_tournament_passes_think_and_refuses_bad_bots(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        ["tournament", "--bots", "ismcts:iterations=3,random", "--players", "2",
         "--games", "2", "--think", "10ms"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "ismcts:iterations=3,think=10ms" in result.output
    bad = CliRunner().invoke(main, ["tournament", "--bots", "ismcts,gredy"])
    assert bad.exit_code == 2
    assert "did you mean 'greedy'" in bad.output
    slow = CliRunner().invoke(
        main, ["tournament", "--bots", "ismcts,random", "--players", "2", "--think", "soon"]
    )
    assert slow.exit_code != 0 and "duration" in slow.output
    nowhere = CliRunner().invoke(
        main, ["tournament", "--bots", "random", "--out", str(tmp_path / "no" / "t.jsonl")]
    )
    assert nowhere.exit_code != 0 and "t.jsonl" in nowhere.output
