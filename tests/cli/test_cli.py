"""The ``bbg`` command line, driven through click's CliRunner."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from process_support import gone, interrupted, needs_proc, session, start, wait_for_games

import baldurs_rules as br
from baldurs_rules.cli import main
from baldurs_rules.content import default_content_dir
from baldurs_rules.content.files import display_name
from baldurs_rules.runs.simulate import simulate


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def assert_one_error_line(result: Result, code: int = 1) -> str:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


@pytest.fixture(scope="module")
def records_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "games.jsonl"
    records = simulate(2, players=2, bots=["random"], seed=3)
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


# ---------------------------------------------------------------- validate
def test_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.exit_code == 0
    for command in ("validate", "play", "simulate", "explain", "replay", "render"):
        assert command in result.output


def test_validate_default_content() -> None:
    result = run("validate")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == br.load_content().summary()
    assert result.stdout.startswith("ok: 36 lots, 48 buildings")


def test_validate_reports_a_typo_compiler_style(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(default_content_dir(), content)
    buildings = content / "buildings.yaml"
    text = buildings.read_text(encoding="utf-8")
    assert 'when_built: "gain 1 favor, 1 gold, 1 prestige"' in text
    buildings.write_text(
        text.replace("gain 1 favor, 1 gold, 1 prestige", "gain 1 favr, 1 gold, 1 prestige", 1),
        encoding="utf-8",
    )
    result = run("validate", str(content))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    match = re.search(r"buildings\.yaml:(\d+):(\d+): (.*)", result.stderr)
    assert match, result.stderr
    line, column = int(match.group(1)), int(match.group(2))
    assert "favr" in match.group(3) and "did you mean 'favor'" in match.group(3)
    source = text.splitlines()[line - 1]
    assert "gain 1 favor, 1 gold, 1 prestige" in source
    assert 'when_built: "gain 1 favr, 1 gold, 1 prestige"' in result.stderr  # the source line
    caret = next(s for s in result.stderr.splitlines() if s.strip() == "^")
    assert len(caret) == column
    assert "1 problem found" in result.stderr


# (bbg play is tested in test_play.py)


def test_simulate_prints_tables_and_writes_replayable_records(tmp_path: Path) -> None:
    out = tmp_path / "f.jsonl"
    result = run("simulate", "--games", "8", "--players", "4", "--seed", "20", "--out", str(out))
    assert result.exit_code == 0, result.output
    for heading in ("Wins per seat", "Wins per bot", "Mean prestige per scoring step"):
        assert heading in result.stdout
    assert "mean game length" in result.stdout
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 8
    content = br.load_content()
    for line in lines:
        record = json.loads(line)
        game = br.replay(record, content)
        assert game.result().prestige == record["prestige"]
        assert record["players"] == 4 and len(record["bots"]) == 4


def test_simulate_bad_bot_is_a_usage_error() -> None:
    line = assert_one_error_line(run("simulate", "--bots", "random,gredy"), code=2)
    assert "did you mean 'greedy'" in line


# ---------------------------------------------------------------- explain
def test_explain_a_card() -> None:
    result = run("explain", "elfsong_tavern")
    assert result.exit_code == 0
    assert "The Elfsong Tavern — inn, cost 4 gold" in result.stdout
    assert "Gain 2 favor and 1 prestige" in result.stdout
    assert "buildings.yaml" not in result.stdout and "Effects" not in result.stdout
    sourced = run("explain", "elfsong_tavern", "--source").stdout
    assert sourced.startswith(result.stdout.rstrip("\n"))  # the card's text first
    assert "gain 2 favor, 1 prestige; draw 1 agenda" in sourced
    assert re.search(r"buildings\.yaml:\d+:\d+", sourced)
    assert run("explain", "high_hall").exit_code == 0


def test_explain_unknown_card_suggests() -> None:
    line = assert_one_error_line(run("explain", "elfsong_tavrn"))
    assert "did you mean 'elfsong_tavern'" in line


# ---------------------------------------------------------------- replay
def test_replay_prints_every_action(records_file: Path) -> None:
    record = json.loads(records_file.read_text().splitlines()[1])
    result = run("replay", str(records_file), "--game", "1")
    assert result.exit_code == 0, result.output
    assert result.stdout.count(" (random): ") == len(record["actions"])
    assert "Final scoring" in result.stdout
    stepped = run("replay", str(records_file), "--step", input="\n\n\n")
    assert stepped.exit_code == 0
    assert "Final scoring" in stepped.stdout


def test_replay_errors(records_file: Path, tmp_path: Path) -> None:
    assert "no game 5" in assert_one_error_line(run("replay", str(records_file), "--game", "5"))
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    assert "not valid JSON" in assert_one_error_line(run("replay", str(bad)))


# ---------------------------------------------------------------- render
def test_render_a_random_position(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = run("render", "--seed", "2", "--players", "3", "--moves", "60", "--out", str(out))
    assert result.exit_code == 0, result.output
    root = ET.parse(out).getroot()
    ids = {g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")}
    assert "district-manorborn" in ids and "lot-36" in ids


def test_render_a_recorded_position(records_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "rec.svg"
    result = run(
        "render", "--record", str(records_file), "--game", "0", "--at", "30", "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    assert "at move 30" in result.stdout
    ET.parse(out)


# ---------------------------------------------------------------- errors
def test_errors_are_one_line_without_traceback(tmp_path: Path) -> None:
    line = assert_one_error_line(run("replay", str(tmp_path / "missing.jsonl")))
    assert "missing.jsonl" in line
    line = assert_one_error_line(run("play", "--no-such-option"), code=2)
    assert "--no-such-option" in line
    assert_one_error_line(run("play", "--players", "9"), code=2)
    assert_one_error_line(run("play", "--bots", "grredy"), code=2)
    assert_one_error_line(run("render", "--seed", "1"), code=2)  # --out is required
    assert_one_error_line(run("nosuchcommand"), code=2)


# ---------------------------------------------------------------- rough edges
def test_render_refuses_a_file_that_is_not_svg(tmp_path: Path) -> None:
    png = tmp_path / "board.png"
    line = assert_one_error_line(run("render", "-o", str(png)), code=2)
    assert "must end in .svg, not '.png'" in line and "'board.svg'" in line
    assert not png.exists()
    assert "no suffix" in assert_one_error_line(run("render", "--out", str(tmp_path / "b")), 2)
    upper = tmp_path / "board.SVG"
    assert run("render", "-o", str(upper)).exit_code == 0
    ET.parse(upper)


def test_zero_games_is_a_usage_error() -> None:
    for command in ("simulate", "balance"):
        line = assert_one_error_line(run(command, "--games", "0"), code=2)
        assert "'--games'" in line and "0 is not in the range x>=1" in line


def test_an_unwritable_out_file_fails_before_any_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import baldurs_rules.runs.simulate as simulate_module

    def no_game(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(simulate_module, "play_record", no_game)
    line = assert_one_error_line(
        run("simulate", "--games", "3", "--players", "2", "--out", "/nonexistent/x.jsonl")
    )
    assert line == "error: no such file or directory: /nonexistent/x.jsonl"


def test_a_missing_directory_is_named_as_missing(tmp_path: Path) -> None:
    missing = str(tmp_path / "nowhere")
    line = assert_one_error_line(run("validate", missing), code=2)
    assert f"Directory '{missing}' does not exist" in line and ":1:1:" not in line
    for command in (["simulate"], ["explain", "market"], ["render", "-o", "x.svg"]):
        line = assert_one_error_line(run(*command, "--content", missing), code=2)
        assert "does not exist" in line


def test_names_are_read_in_any_case() -> None:
    result = run("simulate", "--games", "2", "--players", "2", "--bots", " GREEDY , Random ")
    assert result.exit_code == 0, result.output
    assert re.search(r"│ greedy .*\n│ random ", result.stdout)
    assert run("simulate", "--games", "1", "--players", "2", "--backend", "LOCAL").exit_code == 0
    text = run("explain", "elfsong_tavern").stdout
    for spelling in ("ELFSONG_TAVERN", "Elfsong Tavern", "the ELFSONG  tavern"):
        assert run("explain", spelling).stdout == text
    assert run("explain", "FLAMING_FIST").stdout.startswith("Flaming Fist — faction track")
    assert run("explain", "the high HALL").stdout.startswith("The High Hall — special location")
    line = assert_one_error_line(run("explain", "ELFSONG_TAVRN"))
    assert "'ELFSONG_TAVRN'; did you mean 'elfsong_tavern'?" in line
    assert "did you mean 'flaming_fist'" in assert_one_error_line(run("explain", "Flaming Fists"))
    assert "did you mean 'greedy'" in assert_one_error_line(run("play", "--bots", "GREDY"), 2)


def test_explain_says_where_the_built_in_content_is() -> None:
    out = run("explain", "elfsong_tavern", "--source").stdout
    shown = display_name(default_content_dir() / "buildings.yaml")
    assert f"# {shown}:" in out  # a name the user can open from here
    if shown.startswith("content/"):  # relative (a checkout): say which content/ that is
        assert f"(content/ is the built-in content, in {default_content_dir()};" in out
        assert "'bbg content export DIR' copies it to mod" in out
    else:  # an installed package seen from elsewhere: the path says it all
        assert shown.startswith(str(default_content_dir())) and "(content/ is" not in out


def test_content_path_and_export(tmp_path: Path) -> None:
    result = run("content", "--path")
    assert result.exit_code == 0 and result.stdout == f"{default_content_dir()}\n"
    assert "export" in run("content").stdout
    target = tmp_path / "my_content"
    result = run("content", "export", str(target))
    assert result.exit_code == 0, result.output
    source = sorted(p.relative_to(default_content_dir()) for p in default_content_dir().rglob("*"))
    assert sorted(p.relative_to(target) for p in target.rglob("*")) == source
    for name in source:
        if (target / name).is_file():
            assert (target / name).read_bytes() == (default_content_dir() / name).read_bytes()
    assert br.load_content(target).fingerprint == br.load_content().fingerprint
    assert f"bbg validate {target}" in result.stdout
    assert run("validate", str(target)).exit_code == 0


def test_content_export_keeps_a_non_empty_directory_unless_forced(tmp_path: Path) -> None:
    target = tmp_path / "mine"
    target.mkdir()
    (target / "notes.txt").write_text("mine")
    line = assert_one_error_line(run("content", "export", str(target)))
    assert "is not empty" in line and "--force" in line
    assert [p.name for p in target.iterdir()] == ["notes.txt"]
    assert run("content", "export", str(target), "--force").exit_code == 0
    assert (target / "notes.txt").read_text() == "mine" and (target / "game.yaml").is_file()
    assert_one_error_line(run("content", "export", str(target / "notes.txt" / "x")))


# ---------------------------------------------------------------- streaming and resume
SIM = ["simulate", "--games", "20", "--players", "3", "--bots", "random,greedy", "--seed", "11"]


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, str]:
    """The file and the summary of an uninterrupted run of SIM."""
    path = tmp_path_factory.mktemp("reference") / "ref.jsonl"
    result = run(*SIM, "--jobs", "2", "--out", str(path))
    assert result.exit_code == 0, result.output
    return path.read_bytes(), result.stdout.replace(str(path), "FILE")


def test_the_out_file_has_the_games_in_order(reference: tuple[bytes, str]) -> None:
    records = [json.loads(line) for line in reference[0].splitlines()]
    assert [r["game"] for r in records] == list(range(20))
    assert [r["seed"] for r in records] == list(range(11, 31))
    assert records[0]["run"]["bots"] == ["random", "greedy"] and records[0]["run"]["seed"] == 11
    content = br.load_content()
    assert br.replay(records[7], content).result().prestige == records[7]["prestige"]


def test_resume_refuses_other_options_and_keeps_the_file(
    reference: tuple[bytes, str], tmp_path: Path
) -> None:
    path = tmp_path / "games.jsonl"
    path.write_bytes(reference[0][: reference[0].index(b"\n") + 1])
    args = ["--games", "20", "--bots", "random,greedy", "--out", str(path), "--resume"]
    line = assert_one_error_line(run("simulate", "--players", "2", "--seed", "11", *args))
    assert "it was made with other options: players 3 (this run: 2)" in line
    line = assert_one_error_line(
        run("simulate", "--players", "3", "--seed", "11", "--advanced", *args)
    )
    assert "advanced false (this run: true)" in line
    assert path.read_bytes() == reference[0][: reference[0].index(b"\n") + 1]
    line = assert_one_error_line(run("simulate", "--resume"), code=2)
    assert "--resume needs the file to resume" in line


def test_resume_of_a_missing_file_starts_it(reference: tuple[bytes, str], tmp_path: Path) -> None:
    path = tmp_path / "new.jsonl"
    assert run(*SIM, "--out", str(path), "--resume").exit_code == 0
    assert path.read_bytes() == reference[0]


@needs_proc
@pytest.mark.parametrize(
    ("sends", "code", "signame"),
    [
        ([(os.killpg, signal.SIGINT)], 130, "SIGINT"),  # Ctrl-C: to the whole process group
        ([(os.killpg, signal.SIGINT)] * 2, 130, "SIGINT"),  # Ctrl-C twice
        ([(os.kill, signal.SIGTERM)], 143, "SIGTERM"),  # kill PID: to the parent only
    ],
    ids=["ctrl-c", "ctrl-c-twice", "sigterm"],
)
def test_a_signal_stops_simulate_cleanly_and_resume_finishes_it(
    reference: tuple[bytes, str], tmp_path: Path, sends: list, code: int, signame: str
) -> None:
    path = tmp_path / "games.jsonl"
    process = start([*SIM, "--jobs", "2", "--out", str(path)], tmp_path)
    wait_for_games(path, 2, process)
    for send, number in sends:
        send(process.pid, number)
    stdout, done = interrupted(process, code, signame)
    assert stdout.startswith(f"{done} of 20 games, 3 players\n")
    assert "Wins per seat" in stdout and "records written" not in stdout
    lines = path.read_bytes().splitlines()
    assert len(lines) == done and all(json.loads(line)["run"]["seed"] == 11 for line in lines)
    resumed = run(*SIM, "--jobs", "2", "--out", str(path), "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert path.read_bytes() == reference[0]
    assert resumed.stdout.replace(str(path), "FILE") == reference[1]


@needs_proc
def test_workers_exit_when_simulate_is_killed(reference: tuple[bytes, str], tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    process = start([*SIM, "--jobs", "2", "--out", str(path)], tmp_path)
    wait_for_games(path, 2, process)
    assert len(session(process.pid)) == 3  # the parent and its two workers
    process.kill()
    process.communicate(timeout=60)
    assert gone(process.pid) == []
    with path.open("ab") as handle:
        handle.write(b'{"game":19,"run":{"players')  # as if killed in the middle of a line
    assert run(*SIM, "--out", str(path), "--resume").exit_code == 0
    assert path.read_bytes() == reference[0]
