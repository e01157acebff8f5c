"""Balance reports: card usage from events, statistics, files, chart, mod comparison."""

from __future__ import annotations

import csv
import json
import os
import signal
from dataclasses import asdict
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from process_support import interrupted, needs_proc, start, wait_for_games

import baldurs_rules as br
from baldurs_rules.cli import main
from baldurs_rules.runs.balance import build_report, card_usage, compare, run_balance, wilson


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson(30, 100)
    assert low < 0.30 < high
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0


def test_card_usage_counts_what_the_log_says() -> None:
    game = br.new_game(4, 3, advanced=True)
    from baldurs_rules.bots import RandomBot

    bot = RandomBot(3)
    while not game.is_over:
        game.apply(bot.choose(game))
    usage = card_usage(game)
    builds = [e for e in game.events if e["kind"] == "build"]
    built = {e["card"] for e in builds}
    assert built <= set(usage["items"])
    for card in built:
        assert usage["kinds"][card] == "building"
        uses = sum(v[0] for v in usage["items"][card].values())
        assert uses == sum(1 for e in builds if e["card"] == card)
    for seat, hq in enumerate(game.state.hq):
        assert usage["items"][hq][seat][0] == 1 and usage["kinds"][hq] == "hq"


def _record(winners: list[int], items: dict[str, dict[int, list[int]]]) -> dict:
    return {
        "winners": winners,
        "extras": {"items": items, "kinds": dict.fromkeys(items, "building")},
    }


def test_report_ranks_a_card_that_wins_above_one_that_loses() -> None:
    records = [_record([0], {"good": {0: [1, 5]}, "bad": {1: [1, 0]}}) for _ in range(40)]
    report = build_report(records, 2, ["random"])
    assert [r.item for r in report.rows] == ["good", "bad"]
    good, bad = report.rows
    assert good.win_rate == 1.0 and good.others_win_rate == 0.0 and good.mean_prestige == 5
    assert bad.win_rate == 0.0 and bad.lift == -1.0
    assert report.seat_win_rates == [1.0, 0.0]


def test_files_and_chart_are_written(tmp_path: Path) -> None:
    report = run_balance(8, 2, ["random"], seed=1)
    rows = list(csv.DictReader(report.write(tmp_path / "r.csv").open()))
    assert len(rows) == len(report.rows) and rows[0]["item"] == report.rows[0].item
    data = json.loads(report.write(tmp_path / "r.json").read_text())
    assert data["games"] == 8 and len(data["rows"]) == len(report.rows)
    pytest.importorskip("matplotlib")
    png = report.chart(tmp_path / "c.png", top=3)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    first = report.rows[0]
    shown = f"{first.item} {first.lift * 100:+.1f} [{first.lift_low * 100:+.1f},"
    assert b"Description\x00" + shown.encode() in data  # the figures travel with the chart
    svg = report.chart(tmp_path / "c.svg", top=3)
    assert "<svg" in svg.read_text() and shown in svg.read_text()


def _absurd_mod(tmp_path: Path) -> Path:
    mod = tmp_path / "absurd"
    mod.mkdir()
    (mod / "mod.yaml").write_text("name: absurd\n")
    (mod / "buildings.yaml").write_text(
        "buildings:\n"
        "  - id: dukes_feasthall\n"
        "    name: The Duke's Feasthall\n"
        "    type: inn\n"
        "    cost: 2\n"
        '    when_built: "gain 20 prestige"\n'
    )
    return mod


def test_an_absurdly_strong_card_tops_the_report(tmp_path: Path) -> None:
    mod = _absurd_mod(tmp_path)
    report = run_balance(240, 4, ["random"], seed=5, jobs=2, content_path=str(mod))
    assert report.rows[0].item == "dukes_feasthall"
    assert report.rows[0].lift_low > 0.2


def test_cli_balance_makes_table_file_chart_and_comparison(tmp_path: Path) -> None:
    mod = _absurd_mod(tmp_path)
    out, chart = tmp_path / "b.csv", tmp_path / "b.png"
    result = CliRunner().invoke(
        main,
        [
            "balance",
            "--games",
            "12",
            "--players",
            "3",
            "--content",
            str(mod),
            "--baseline",
            "default",
            "--out",
            str(out),
            "--chart",
            str(chart),
            "--top",
            "3",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Cards by effectiveness" in result.output and "What the mod changed" in result.output
    assert out.exists() and chart.exists() and (tmp_path / "b.baseline.csv").exists()


def test_compare_marks_new_and_removed_items() -> None:
    a = build_report([_record([0], {"x": {0: [1, 0]}, "y": {1: [1, 0]}})], 2, ["random"])
    b = build_report([_record([1], {"y": {1: [1, 0]}, "z": {0: [1, 0]}})], 2, ["random"])
    status = {row["item"]: row["status"] for row in compare(a, b)}
    assert status == {"x": "new", "y": "unchanged", "z": "removed"}


def assert_usage_error(result: Result, text: str) -> None:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and text in lines[0], result.stderr


def test_bad_output_files_are_refused_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import baldurs_rules.runs.simulate as simulate_module

    def no_game(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(simulate_module, "play_record", no_game)
    runner = CliRunner()
    base = ["balance", "--games", "3", "--players", "2"]
    result = runner.invoke(main, [*base, "--out", str(tmp_path / "r.txt")])
    assert_usage_error(
        result, "'--out': '" + str(tmp_path / "r.txt") + "' must end in .csv or .json"
    )
    result = runner.invoke(main, [*base, "--chart", str(tmp_path / "no" / "c.png")])
    assert_usage_error(result, "the directory of")
    result = runner.invoke(main, [*base, "--baseline", str(tmp_path / "none")])
    assert_usage_error(result, "is not a directory (or 'default' for the built-in content)")
    result = runner.invoke(main, [*base, "--records", "/nonexistent/r.jsonl"])
    assert result.exit_code == 1 and "no such file or directory" in result.stderr
    assert_usage_error(runner.invoke(main, [*base, "--resume"]), "--resume needs the file")


def test_a_balance_run_resumes_to_the_same_report(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    whole = run_balance(10, 2, ["random"], seed=3, records=path)
    full = path.read_bytes()
    lines = full.splitlines(keepends=True)
    path.write_bytes(lines[7] + lines[2] + lines[4][:30])
    again = run_balance(10, 2, ["random"], seed=3, records=path, resume=True, jobs=2)
    assert asdict(again) == asdict(whole)
    assert path.read_bytes() == full
    with pytest.raises(br.RulesError, match=r"advanced true \(this run: false\)"):
        run_balance(10, 2, ["random"], seed=3, records=path, resume=True, advanced=False)


def test_cli_balance_baseline_records_and_resume(tmp_path: Path) -> None:
    mod = _absurd_mod(tmp_path)
    args = ["balance", "--games", "6", "--players", "2", "--content", str(mod), "--top", "2"]
    args += ["--baseline", "DEFAULT", "--out", str(tmp_path / "b.json")]
    args += ["--chart", str(tmp_path / "b.svg"), "--records", str(tmp_path / "g.jsonl")]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    records = (tmp_path / "g.jsonl").read_bytes()
    baseline = (tmp_path / "g.baseline.jsonl").read_bytes()
    assert len(records.splitlines()) == len(baseline.splitlines()) == 6
    assert (
        json.loads(records.splitlines()[0])["run"]["content"]
        != json.loads(baseline.splitlines()[0])["run"]["content"]
    )
    (tmp_path / "g.jsonl").write_bytes(b"".join(records.splitlines(keepends=True)[:2]))
    resumed = CliRunner().invoke(main, [*args, "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert resumed.stdout == first.stdout
    assert "2 of 6 games already in" in resumed.stderr
    assert (tmp_path / "g.jsonl").read_bytes() == records
    assert json.loads((tmp_path / "b.baseline.json").read_text())["games"] == 6


@needs_proc
def test_ctrl_c_stops_balance_with_a_partial_table(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    args = ["balance", "--games", "400", "--players", "2", "--jobs", "2", "--top", "3"]
    args += ["--records", str(records), "--out", "b.csv", "--chart", "b.svg"]
    process = start(args, tmp_path)
    wait_for_games(records, 4, process)
    os.killpg(process.pid, signal.SIGINT)
    stdout, done = interrupted(process, 130, "SIGINT")
    assert stdout.startswith(f"games: {done} of 400 games finished\n")
    assert f"Cards by effectiveness ({done} games, 2 players" in stdout
    assert not (tmp_path / "b.csv").exists() and not (tmp_path / "b.svg").exists()
    assert len(records.read_bytes().splitlines()) == done


def test_balance_defaults_to_the_heuristic_bot_and_takes_search_bots(tmp_path: Path) -> None:
    for extra, label in (([], "bots: heuristic"), (["--bots", "ISMCTS:iterations=5"], "ismcts")):
        out = tmp_path / "r.csv"
        result = CliRunner().invoke(
            main,
            ["balance", "--games", "2", "--players", "2", "--out", str(out), "--chart",
             str(tmp_path / "c.svg"), *extra],
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        assert label in result.output
