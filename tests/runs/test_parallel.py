"""The run engine: in process and in workers, streamed files, stop flags, resume, failures."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from baldurs_rules.errors import RulesError
from baldurs_rules.runs.parallel import Plan, StopFlag, run, stop_on_signals
from baldurs_rules.runs.simulate import simulate_plan

CALLS: list[int] = []


def square(index: int, content: Any) -> dict[str, Any]:
    """A plan's own kind of game (as a tournament would bring): cheap and deterministic."""
    CALLS.append(index)
    return {"index": index, "square": index * index, "content": content.fingerprint}


def failing(bad: int, index: int, content: Any) -> dict[str, Any]:
    if index == bad:
        raise RulesError(f"no game {index} today")
    return square(index, content)


def signalling(number: int, at: int, index: int, content: Any) -> dict[str, Any]:
    """Game ``at`` sends ``number`` to the process playing it (a worker dies of it, or not)."""
    if index == at:
        os.kill(os.getpid(), number)
    return square(index, content)


def plan_of(play: Any, games: int = 8, jobs: int = 1) -> Plan:
    return Plan(games, play, {"kind": "test"}, jobs=jobs)


@pytest.fixture(autouse=True)
def no_workers_left() -> Any:
    CALLS.clear()
    yield
    assert multiprocessing.active_children() == []


def test_a_plan_is_checked() -> None:
    with pytest.raises(RulesError, match="0 or more, not -1"):
        plan_of(square, games=-1)
    with pytest.raises(RulesError, match="jobs must be 1 or more"):
        plan_of(square, jobs=0)
    with pytest.raises(RulesError, match="backend must be 'local' or 'ray', not 'spark'"):
        Plan(1, square, {}, backend="spark")
    with pytest.raises(RulesError, match="resuming needs the record file"):
        run(plan_of(square), resume=True)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_plan_brings_its_own_games(jobs: int) -> None:
    done: list[int] = []
    outcome = run(plan_of(square, games=7, jobs=jobs), progress=done.append)
    assert [r["square"] for r in outcome.records] == [i * i for i in range(7)]
    assert outcome.complete and outcome.exit_code == 0 and outcome.signal_name == ""
    assert sum(done) == 7 and outcome.resumed == 0


def test_files_are_the_same_byte_for_byte_whatever_the_jobs(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    plan = simulate_plan(10, 2, ["random", "greedy"], seed=40, jobs=1)
    first = run(plan, one)
    second = run(simulate_plan(10, 2, ["random", "greedy"], seed=40, jobs=2), two)
    assert first.records == second.records == run(plan).records
    assert one.read_bytes() == two.read_bytes()
    assert len(one.read_text().splitlines()) == 10


@pytest.mark.parametrize("jobs", [1, 2])
def test_resume_plays_only_the_missing_games(tmp_path: Path, jobs: int) -> None:
    full, part = tmp_path / "full.jsonl", tmp_path / "part.jsonl"
    run(plan_of(square, games=9), full)
    lines = full.read_bytes().splitlines(keepends=True)
    part.write_bytes(b"".join(lines[i] for i in (6, 1, 4)) + lines[5][:20])  # and a torn line
    CALLS.clear()
    done: list[int] = []
    outcome = run(plan_of(square, games=9, jobs=jobs), part, resume=True, progress=done.append)
    assert outcome.resumed == 3 and done[0] == 3 and sum(done) == 9
    if jobs == 1:
        assert sorted(CALLS) == [0, 2, 3, 5, 7, 8]
    assert part.read_bytes() == full.read_bytes()
    assert outcome.records == run(plan_of(square, games=9)).records


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_failed_game_is_an_error_and_keeps_the_finished_ones(tmp_path: Path, jobs: int) -> None:
    path = tmp_path / "r.jsonl"
    with pytest.raises(RulesError, match="no game 5 today"):
        run(plan_of(partial(failing, 5), games=40, jobs=jobs), path)
    kept = run(plan_of(square, games=40), path, resume=True)
    assert 5 - jobs < kept.resumed < 40  # what finished before the failure was not lost


def test_a_worker_that_dies_is_an_error_with_its_game(tmp_path: Path) -> None:
    play = partial(signalling, signal.SIGKILL, 3)
    with pytest.raises(RulesError, match=r"worker process died \(killed by SIGKILL\).* game 3"):
        run(plan_of(play, games=30, jobs=2), tmp_path / "r.jsonl")


def test_a_worker_terminated_by_sigterm_stops_the_run(tmp_path: Path) -> None:
    outcome = run(plan_of(partial(signalling, signal.SIGTERM, 3), games=30, jobs=2))
    assert outcome.stopped_by == signal.SIGTERM and outcome.exit_code == 143
    assert 3 not in [r["index"] for r in outcome.records]


def send_after(games: int, number: int = signal.SIGINT) -> Any:
    """A progress callback that sends a real signal to this process after ``games`` games."""
    seen = [0]

    def progress(count: int) -> None:
        seen[0] += count
        if seen[0] == games:
            os.kill(os.getpid(), number)

    return progress


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_stops_the_run_and_keeps_the_finished_games(
    tmp_path: Path, jobs: int, number: int
) -> None:
    path = tmp_path / "r.jsonl"
    with stop_on_signals() as stop:
        plan = plan_of(square, games=200, jobs=jobs)
        outcome = run(plan, path, progress=send_after(3, number), stop=stop)
    assert outcome.stopped_by == number and not outcome.complete
    assert outcome.exit_code == 128 + number
    assert 3 <= len(outcome.records) < 200
    resumed = run(plan_of(square, games=200), path, resume=True)
    assert resumed.resumed == len(outcome.records)
    assert resumed.records == run(plan_of(square, games=200)).records
    assert signal.getsignal(number) is not stop.handle  # the handlers are put back


def test_a_signal_during_a_game_in_process_drops_only_that_game(tmp_path: Path) -> None:
    with stop_on_signals() as stop:
        plan = plan_of(partial(signalling, signal.SIGINT, 2))
        outcome = run(plan, tmp_path / "r.jsonl", stop=stop)
    assert outcome.stopped_by == signal.SIGINT
    assert [r["index"] for r in outcome.records] == [0, 1]
    assert CALLS == [0, 1]  # game 2 was cut short before it returned


def test_without_a_stop_flag_ctrl_c_goes_through_after_stopping_the_workers() -> None:
    def interrupt(count: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(plan_of(square, games=50, jobs=2), progress=interrupt)


def test_the_first_signal_is_the_one_reported() -> None:
    flag = StopFlag()
    flag.handle(signal.SIGTERM)
    flag.handle(signal.SIGINT)
    assert flag.signum == signal.SIGTERM


def test_no_handlers_outside_the_main_thread() -> None:
    seen: list[Any] = []
    before = signal.getsignal(signal.SIGINT)  # whatever an earlier test in this process left

    def body() -> None:
        with stop_on_signals() as stop:
            seen.append((stop.signum, signal.getsignal(signal.SIGINT)))

    thread = threading.Thread(target=body)
    thread.start()
    thread.join()
    assert seen == [(None, before)]  # no StopFlag handler was installed from the thread
    assert not isinstance(getattr(before, "__self__", None), StopFlag)
