"""Many bot games: seeds, seats, parallel runs, records and the summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import baldurs_rules as br
from baldurs_rules.runs.simulate import (
    bot_seed,
    play_record,
    seat_bots,
    simulate,
    simulate_plan,
    summarize,
)

BOTS = ["random", "greedy"]


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return simulate(6, players=2, bots=BOTS, seed=0, jobs=1)


def test_parallel_run_gives_the_same_records(records: list[dict]) -> None:
    done: list[int] = []
    parallel = simulate(6, players=2, bots=BOTS, seed=0, jobs=2, progress=done.append)
    assert parallel == records
    assert sum(done) == 6


def test_records_follow_seed_and_seat_assignment(records: list[dict]) -> None:
    assert [r["seed"] for r in records] == list(range(6))
    assert [r["bots"] for r in records] == [seat_bots(i, 2, BOTS) for i in range(6)]
    assert records[0]["bots"] == ["random", "greedy"]
    assert records[1]["bots"] == ["greedy", "random"]
    for r in records:
        assert r["decisions"] == len(r["actions"])
        assert r["turns"] > 0
        assert r["winners"]
        assert set(r["steps"]) == {"agendas", "network", "districts", "leftovers"}


def test_a_game_depends_only_on_its_seed_and_bots(records: list[dict]) -> None:
    alone = play_record(5, 2, records[5]["bots"])
    assert alone == records[5]
    # With two bot names, a run started at seed 4 assigns seats as the first run did.
    assert simulate(2, players=2, bots=BOTS, seed=4) == records[4:6]
    assert bot_seed(3, 1) == 3001


def test_records_replay_to_the_same_prestige(records: list[dict]) -> None:
    content = br.load_content()
    for record in records:
        game = br.replay(record, content)
        assert game.is_over
        assert game.result().prestige == record["prestige"]
        assert game.result().winners == record["winners"]


def test_summary_numbers_add_up(records: list[dict]) -> None:
    summary = summarize(records)
    assert summary["games"] == 6
    assert sum(summary["wins_per_seat"]) == pytest.approx(6)
    assert sum(summary["wins_per_bot"].values()) == pytest.approx(6)
    assert sum(summary["seats_per_bot"].values()) == 6 * 2
    for name, rate in summary["win_rate_per_bot"].items():
        assert rate == pytest.approx(summary["wins_per_bot"][name] / summary["seats_per_bot"][name])
    for means in (summary["mean_prestige"], *summary["mean_prestige_per_bot"].values()):
        parts = sum(v for k, v in means.items() if k != "total")
        assert parts == pytest.approx(means["total"])
    everyone = [p for r in records for p in r["prestige"]]
    assert summary["mean_prestige"]["total"] == pytest.approx(sum(everyone) / len(everyone))
    assert summary["mean_turns"] == pytest.approx(sum(r["turns"] for r in records) / 6)
    assert summary["mean_decisions"] == pytest.approx(sum(r["decisions"] for r in records) / 6)


def test_a_shared_victory_is_a_fractional_win() -> None:
    record = {
        "bots": ["a", "b", "a"],
        "prestige": [10, 10, 3],
        "before_scoring": [1, 1, 1],
        "steps": {"leftovers": [9, 9, 2]},
        "winners": [0, 1],
        "turns": 10,
        "decisions": 20,
    }
    summary = summarize([record])
    assert summary["wins_per_seat"] == [0.5, 0.5, 0.0]
    assert summary["wins_per_bot"] == {"a": 0.5, "b": 0.5}
    assert summary["seats_per_bot"] == {"a": 2, "b": 1}


def test_empty_run() -> None:
    assert simulate(0, players=2, bots=["random"]) == []
    assert summarize([])["games"] == 0


def test_bad_arguments() -> None:
    with pytest.raises(br.RulesError, match="did you mean 'greedy'"):
        simulate(1, players=2, bots=["greedyy"])
    with pytest.raises(br.RulesError, match="players must be"):
        simulate(1, players=7, bots=["random"])
    with pytest.raises(br.RulesError, match="jobs"):
        simulate(1, players=2, bots=["random"], jobs=0)
    with pytest.raises(br.RulesError, match="at least one bot"):
        simulate(1, players=2, bots=[])


def test_a_run_streams_to_a_file_and_resumes_to_the_same_records(
    records: list[dict], tmp_path: Path
) -> None:
    path = tmp_path / "games.jsonl"
    assert simulate(6, players=2, bots=BOTS, seed=0, jobs=2, out=path) == records
    lines = path.read_bytes().splitlines(keepends=True)
    assert [json.loads(line)["game"] for line in lines] == list(range(6))
    path.write_bytes(lines[4] + lines[0])
    assert simulate(6, players=2, bots=BOTS, seed=0, out=path, resume=True) == records
    assert path.read_bytes() == b"".join(lines)
    assert summarize(simulate(6, 2, BOTS, out=path, resume=True)) == summarize(records)


def test_the_plan_names_what_makes_the_records() -> None:
    from baldurs_rules.runs.balance import card_usage

    plan = simulate_plan(5, 3, [" Greedy", "RANDOM"], seed=9, advanced=True, extras=card_usage)
    assert plan.identity == {
        "players": 3,
        "bots": ["greedy", "random"],
        "seed": 9,
        "advanced": True,
        "content": br.load_content().fingerprint,
        "extras": "baldurs_rules.runs.balance.card_usage",
    }
    assert plan.games == 5 and plan.content_path is None
    assert plan.play(2, br.load_content()) == play_record(
        11, 3, seat_bots(2, 3, ["greedy", "random"]), True, extras=card_usage
    )
