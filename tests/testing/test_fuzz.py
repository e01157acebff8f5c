"""A sample of the fuzzer runs in CI: every class of hostile input, no failure.

The large run (10,000 inputs and more) is ``python -m baldurs_rules.testing.fuzz``;
its figures are in docs/security.md.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from baldurs_rules import ContentError, load_content
from baldurs_rules.testing import fuzz_content
from baldurs_rules.testing.fuzz import FuzzReport, fuzz
from baldurs_rules.testing.fuzz_content import CLASSES, HostileContent, PlayFailureError, play


@pytest.fixture(autouse=True)
def no_disk_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BALDURS_RULES_CACHE", "0")


def test_a_sample_of_every_class_has_no_failure(figures: Counter[str]) -> None:
    report = fuzz(inputs=400, seed=7, mods=10, hostile=50, caches=10)
    figures["inputs fuzzed"] += report.inputs
    assert report.failures == []
    assert report.inputs == 400
    assert set(report.by_class) == {"text", "yaml", "mod", "cache", *CLASSES}
    assert report.by_class["cache"] == 10
    assert all(report.by_class[kind] == 10 for kind in CLASSES)
    assert report.outcomes["ContentError"] > 0 and report.outcomes["accepted"] > 0
    assert report.slowest > 0 and report.slowest_input
    assert "0 failures" in report.summary()


@pytest.mark.parametrize("kind", CLASSES)
def test_each_class_is_refused_with_a_location_or_loads_and_plays(
    kind: str, tmp_path: Path
) -> None:
    maker = HostileContent(random.Random(kind))
    outcomes: Counter[str] = Counter()
    for i in range(12):
        directory = tmp_path / f"{i}" / "mod"
        label = maker.make(kind, directory)
        assert label.startswith(f"{kind}: ")
        try:
            content = load_content(directory, cache=False)
        except ContentError as exc:
            assert exc.location is not None, label
            outcomes["refused"] += 1
        else:
            play(content, i, steps=40)
            outcomes["played"] += 1
    assert outcomes["refused"] > 0


def test_a_failure_in_play_is_a_failure_not_a_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    """If valid content breaks the engine, the fuzzer says so (never counts it as refused)."""
    import baldurs_rules as br
    from baldurs_rules import game

    def broken(*args: object, **kwargs: object) -> object:
        raise br.RulesError("the engine broke")

    monkeypatch.setattr(game, "new_game", broken)
    with pytest.raises(PlayFailureError, match="content that loaded failed in play: RulesError"):
        play(load_content(cache=False), 1)
    report = FuzzReport()
    report.record("numbers", lambda: play(load_content(cache=False), 1), "x")
    assert report.outcomes["FAILURE"] == 1 and len(report.failures) == 1


def test_play_steps_are_documented() -> None:
    assert fuzz_content.PLAY_STEPS >= 100
