"""The Ray backend of simulate gives the same records as a local run (a local Ray instance)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="the optional extra baldurs_rules[ray] is not installed")

from baldurs_rules.runs.balance import card_usage  # noqa: E402
from baldurs_rules.runs.parallel import StopFlag, run  # noqa: E402
from baldurs_rules.runs.simulate import simulate, simulate_plan  # noqa: E402

pytestmark = pytest.mark.ray


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_backend_matches_one_process(local_ray: None, tmp_path: Path) -> None:
    local = simulate(10, 3, ["random", "greedy"], seed=21, jobs=1, extras=card_usage)
    local_file, ray_file = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    simulate(10, 3, ["random", "greedy"], seed=21, extras=card_usage, out=local_file)
    remote = simulate(
        10, 3, ["random", "greedy"], seed=21, jobs=2, backend="ray", extras=card_usage, out=ray_file
    )
    assert remote == local
    assert ray_file.read_bytes() == local_file.read_bytes()


def test_a_stopped_ray_run_resumes_to_the_same_file(local_ray: None, tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    run(simulate_plan(24, 2, ["random"], seed=2), whole)
    stop = StopFlag()

    def progress(count: int) -> None:
        stop.handle(signal.SIGTERM)  # as the signal handler would, at the first game

    plan = simulate_plan(24, 2, ["random"], seed=2, jobs=2, backend="ray")
    outcome = run(plan, part, progress=progress, stop=stop)
    assert outcome.stopped_by == signal.SIGTERM and 1 <= len(outcome.records) < 24
    assert len(part.read_bytes().splitlines()) == len(outcome.records)
    resumed = run(plan, part, resume=True)
    assert resumed.resumed == len(outcome.records) and resumed.complete
    assert part.read_bytes() == whole.read_bytes()


def test_unknown_backend_is_refused() -> None:
    from baldurs_rules.errors import RulesError

    with pytest.raises(RulesError, match="backend"):
        simulate(1, 2, ["random"], backend="spark")
