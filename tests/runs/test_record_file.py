"""The record file of a long run: one whole line per game, resume, refusals, game order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from baldurs_rules.errors import StateError
from baldurs_rules.runs.record_file import RecordFile, line_of

RUN = {"players": 2, "bots": ["random"], "seed": 0, "content": "abc"}


def record(index: int) -> dict:
    return {"seed": index, "winners": [index % 2], "share": 0.5 + index}


def write(path: Path, indices: list[int]) -> None:
    with RecordFile.open(path, RUN, games=10) as out:
        for index in indices:
            out.append(index, record(index))


def test_each_game_is_one_line_with_its_index_and_the_run(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    write(path, [3, 0])
    lines = path.read_text().splitlines()
    assert [json.loads(line) for line in lines] == [
        {"game": 3, "run": RUN, **record(3)},
        {"game": 0, "run": RUN, **record(0)},
    ]
    assert path.read_bytes() == line_of(3, RUN, record(3)) + line_of(0, RUN, record(0))


def test_resume_reads_the_records_back_without_the_added_fields(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    write(path, [4, 1, 7])
    with RecordFile.open(path, RUN, games=10, resume=True) as out:
        assert out.records == {i: record(i) for i in (1, 4, 7)}
        assert out.resumed == 3
        out.append(2, record(2))
    with RecordFile.open(path, RUN, games=10, resume=True) as out:
        assert sorted(out.records) == [1, 2, 4, 7]


def test_without_resume_the_file_starts_empty(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    write(path, [1, 2])
    with RecordFile.open(path, RUN, games=10) as out:
        assert out.records == {}
    assert path.read_bytes() == b""


def test_a_torn_last_line_is_dropped_on_resume(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    write(path, [0, 1])
    whole = path.read_bytes()
    path.write_bytes(whole + line_of(2, RUN, record(2))[:-9])  # killed in mid-write
    with RecordFile.open(path, RUN, games=10, resume=True) as out:
        assert sorted(out.records) == [0, 1]
        assert path.read_bytes() == whole  # the torn bytes are gone before anything is added
        out.append(2, record(2))
    assert path.read_bytes() == whole + line_of(2, RUN, record(2))


def test_a_complete_line_without_its_newline_counts_as_torn(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    write(path, [0])
    path.write_bytes(path.read_bytes() + line_of(1, RUN, record(1)).rstrip(b"\n"))
    with RecordFile.open(path, RUN, games=10, resume=True) as out:
        assert sorted(out.records) == [0]


def refused(path: Path, match: str, identity: dict = RUN, games: int = 10) -> None:
    before = path.read_bytes()
    with pytest.raises(StateError, match=match):
        RecordFile.open(path, identity, games=games, resume=True)
    assert path.read_bytes() == before  # nothing lost


def test_a_file_of_another_run_is_refused_naming_what_differs(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    write(path, [0, 1])
    refused(path, r"other options: players 2 \(this run: 3\); give the same", {**RUN, "players": 3})
    refused(
        path,
        r'bots \["random"\] \(this run: \["greedy"\]\), seed 0 \(this run: 9\);',
        {**RUN, "seed": 9, "bots": ["greedy"]},
    )
    refused(path, r"content \"abc\" \(this run: \"xyz\"\) \(the content", {**RUN, "content": "xyz"})
    refused(path, r"advanced null \(this run: true\)", {**RUN, "advanced": True})


def test_damaged_or_foreign_lines_are_refused_with_their_line(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    write(path, [0, 1])
    good = path.read_bytes()
    path.write_bytes(b"{half a line\n" + good)
    refused(path, r"r\.jsonl:1: not valid JSON")
    path.write_bytes(good + b'{"format": "baldurs_rules/game@1"}\n')
    refused(path, r"r\.jsonl:3: not a line of a resumable run")
    path.write_bytes(good + line_of(0, RUN, record(0)))
    refused(path, r"r\.jsonl:3: game 0 is in the file twice")
    path.write_bytes(good + json.dumps({"game": "x", "run": RUN}).encode() + b"\n")
    refused(path, r"r\.jsonl:3: the field 'game' must be a game index, not 'x'")
    path.write_bytes(good + json.dumps({"game": True, "run": RUN}).encode() + b"\n")
    refused(path, r"must be a game index, not True")


def test_a_file_with_more_games_than_the_run_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    write(path, [0, 8])
    refused(path, r"r\.jsonl:2: the file has game 8, beyond this run's 5 games", games=5)


def test_finish_rewrites_the_file_in_game_order(tmp_path: Path) -> None:
    ordered, shuffled = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    write(ordered, [0, 1, 2, 3])
    with RecordFile.open(shuffled, RUN, games=4) as out:
        for index in (2, 0, 3):
            out.append(index, record(index))
    with RecordFile.open(shuffled, RUN, games=4, resume=True) as out:
        out.append(1, record(1))
        out.finish()
    assert shuffled.read_bytes() == ordered.read_bytes()
    assert not list(tmp_path.glob("*.sorting"))


def test_a_resumed_file_out_of_order_is_rewritten_even_if_the_rest_comes_in_order(
    tmp_path: Path,
) -> None:
    # Killed after two workers finished games 1 and 0 in that order; the resumed run
    # appends 2 and 3 in order, so only the file's own order says it needs sorting.
    ordered, shuffled = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    write(ordered, [0, 1, 2, 3])
    with RecordFile.open(shuffled, RUN, games=4) as out:
        for index in (1, 0):
            out.append(index, record(index))
    with RecordFile.open(shuffled, RUN, games=4, resume=True) as out:
        for index in (2, 3):
            out.append(index, record(index))
        out.finish()
    assert shuffled.read_bytes() == ordered.read_bytes()


def test_a_record_may_not_use_the_added_fields(tmp_path: Path) -> None:
    with (
        RecordFile.open(tmp_path / "r.jsonl", RUN, games=3) as out,
        pytest.raises(StateError, match="may not have the field 'run'"),
    ):
        out.append(0, {"run": 1})
    with pytest.raises(StateError, match="closed"):
        out.append(0, record(0))


def test_two_runs_cannot_write_one_file(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    with RecordFile.open(path, RUN, games=3) as out:
        out.append(0, record(0))
        with pytest.raises(StateError, match="being written by another run"):
            RecordFile.open(path, RUN, games=3, resume=True)
    with RecordFile.open(path, RUN, games=3, resume=True) as again:
        assert sorted(again.records) == [0]


def test_an_unwritable_file_fails_at_once(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        RecordFile.open(tmp_path / "missing" / "r.jsonl", RUN, games=3)
