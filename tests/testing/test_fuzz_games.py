"""The game fuzzer (`baldurs_rules.testing.fuzz_games`): a sample run, and that it sees failures.

The large run (10,000 inputs and more) is a command:
``python -m baldurs_rules.testing.fuzz_games --inputs 10000``.
"""

from __future__ import annotations

import random
import signal
import time
from collections import Counter

import pytest
from rules_support import RUNS_COMPILED

import baldurs_rules as br
from baldurs_rules.testing import check_all, fuzz_games
from baldurs_rules.testing.fuzz_games import CLASSES, GameFuzzReport
from baldurs_rules.testing.interrupts import apply_signalled, survives


def test_a_sample_run_has_no_failure(figures: Counter[str]) -> None:
    report = fuzz_games.fuzz_games(inputs=600, seed=3)
    figures["game fuzz inputs"] += report.inputs
    assert report.failures == []
    assert report.inputs == 600
    seen = {key.split(":")[0] for key in report.outcomes}
    assert seen == set(CLASSES)
    outcomes = report.outcomes
    for kind in ("save", "state", "text", "record"):
        assert outcomes[f"{kind}: StateError"] > 0, kind
    assert outcomes["record: IllegalActionError"] > 0 and outcomes["action: IllegalActionError"] > 0
    assert outcomes["state: accepted"] > 0, "plausible edits that are still reachable load"
    assert outcomes["signal: completed"] > 0
    if not RUNS_COMPILED:  # compiled modules have no lines for the tracer to stop at
        assert outcomes["signal: interrupted at a line"] > 0
    assert "slowest" in report.summary()


def test_an_exception_outside_the_hierarchy_is_a_failure() -> None:
    report = GameFuzzReport()
    report.record("action", lambda: int("²"), "²")
    report.record("action", lambda: br.new_game(players=9), 9)
    assert len(report.failures) == 1 and "ValueError" in report.failures[0][0]
    assert report.outcomes["action: RulesError"] == 1


def test_a_hang_is_interrupted_and_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fuzz_games, "HANG_LIMIT", 0.2)
    report = GameFuzzReport()
    report.record("text", lambda: time.sleep(5), "sleep")
    assert report.failures and "hangs" in report.failures[0][0]


def test_an_accepted_game_that_breaks_an_invariant_is_a_failure() -> None:
    game = br.new_game(players=2, seed=1)
    game.state.piles[0] -= 1
    report = GameFuzzReport()
    report.record("save", lambda: survives(game, random.Random(0)), "piles")
    assert report.failures and "breaks invariants" in report.failures[0][0]


def test_main_prints_the_report_and_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert fuzz_games.main(["--inputs", "40", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "fuzz games: 40 inputs, 0 failures" in out and "slowest" in out


@pytest.mark.skipif(
    RUNS_COMPILED,
    reason="interrupts land between Python lines and bytecodes; compiled modules have neither",
)
@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX timers")
def test_a_real_signal_during_apply_leaves_the_game_as_it_was() -> None:
    game = br.new_game(players=3, seed=12)
    rng = random.Random(12)
    interrupted = 0
    for attempt in range(600):
        if game.is_over or interrupted >= 10:
            break
        before = game.clone()
        action = rng.choice(game.legal_actions())
        if apply_signalled(game, action, rng.uniform(0.000001, 0.0001)):
            interrupted += 1
            assert game == before and game.actions == before.actions, attempt
    assert interrupted >= 3
    assert check_all(game) == []
