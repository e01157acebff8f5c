"""Shared pytest setup: Hypothesis profiles and the figures printed at the end of a run.

Profiles: ``ci`` (the default under ``.ci/run``: more examples, no deadline) and
``dev`` (quick). Pick one with ``HYPOTHESIS_PROFILE``. The fixtures of the browser tests
come from ``browser_support.py``.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

pytest_plugins = ["browser_support"]  # the browser tests' fixtures: servers, browser

settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.register_profile(
    "dev",
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

FIGURES: Counter[str] = Counter()
"""Figures tests add to (random games played, steps checked, inputs fuzzed)."""


@pytest.fixture
def figures() -> Counter[str]:
    """Count something for the end-of-run summary: ``figures["random games"] += 1``."""
    return FIGURES


def pytest_configure(config: Any) -> None:
    os.environ.setdefault("BALDURS_RULES_CACHE", "0")


def pytest_report_header(config: Any) -> str:
    """Say which build of baldurs_rules the run tests (CI runs both)."""
    import baldurs_rules
    from baldurs_rules import _build

    where = os.path.dirname(baldurs_rules.__file__)
    compiled = len(_build.COMPILED_MODULES)
    return f"baldurs_rules: {_build.BUILD}, {compiled} compiled modules, {where}"


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """Collect the figures of an xdist worker."""
    FIGURES.update(node.workeroutput.get("figures", {}))


def pytest_sessionfinish(session: Any) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["figures"] = dict(FIGURES)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if FIGURES:
        terminalreporter.section("figures")
        for name, value in sorted(FIGURES.items()):
            terminalreporter.write_line(f"{name}: {value:,}")
