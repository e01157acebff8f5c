"""The Ray backend of simulate gives the same records as a local run (a local Ray instance)."""

from __future__ import annotations

import pytest

ray = pytest.importorskip("ray", reason="the optional extra baldurs_rules[ray] is not installed")

from baldurs_rules.balance import card_usage  # noqa: E402
from baldurs_rules.simulate import simulate  # noqa: E402

pytestmark = pytest.mark.ray


def test_ray_backend_matches_one_process() -> None:
    local = simulate(10, 3, ["random", "greedy"], seed=21, jobs=1, extras=card_usage)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = simulate(
            10, 3, ["random", "greedy"], seed=21, jobs=2, backend="ray", extras=card_usage
        )
    finally:
        ray.shutdown()
    assert remote == local


def test_unknown_backend_is_refused() -> None:
    from baldurs_rules.errors import RulesError

    with pytest.raises(RulesError, match="backend"):
        simulate(1, 2, ["random"], backend="spark")
