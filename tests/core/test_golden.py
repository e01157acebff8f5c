"""Golden game records: whole games that must replay to the very same end.

Each file in ``tests/golden/`` holds a configuration (players, seed, advanced),
the actions a seeded random policy played in it, and the outcome: the sha256 of
the final ``Game.to_json()`` and the final prestige. The tests replay the actions
and compare. Any change of the rules, of the content, of the random generator or
of what the saved state holds makes them fail, so a change that was not meant to
alter play is caught at once.

When a change *is* meant to alter play (a rule fix, new content), look at the
failing prestige first, convince yourself the difference is the intended one, then
rewrite the records and commit them with the change:

    python tests/core/test_golden.py --regenerate

The policy: ``random.Random(policy_seed).choice(game.legal_actions())`` at every
decision, until the game is over.

The records are the check that the compiled build plays exactly the same games as
the pure-Python one: CI replays them on both (``BALDURS_RULES_EXPECT_BUILD`` says
which one a run expects, and the test below makes sure the game code really came
from the extension modules, or from the sources); the end-of-run figures say how
many records each build replayed to the recorded digest.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from collections import Counter
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import baldurs_rules as br

GOLDEN = Path(__file__).resolve().parents[1] / "golden"

CONFIGS = [
    # (players, seed, advanced)
    (2, 1, False),
    (2, 2, True),
    (3, 3, False),
    (3, 4, True),
    (4, 5, False),
    (4, 6, True),
]


def file_for(players: int, seed: int, advanced: bool) -> Path:
    kind = "advanced" if advanced else "basic"
    return GOLDEN / f"game_{players}p_seed{seed}_{kind}.json"


def digest(game: br.Game) -> str:
    return hashlib.sha256(game.to_json().encode("utf-8")).hexdigest()


def play_policy(players: int, seed: int, advanced: bool) -> br.Game:
    """The seeded random policy's game for a configuration."""
    game = br.new_game(players=players, seed=seed, advanced=advanced)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def make_record(players: int, seed: int, advanced: bool) -> dict[str, object]:
    game = play_policy(players, seed, advanced)
    result = game.result()
    return {
        "players": players,
        "seed": seed,
        "advanced": advanced,
        "policy_seed": seed,
        "content": game.content.fingerprint,
        "actions": game.actions,
        "final_sha256": digest(game),
        "prestige": result.prestige,
        "winners": result.winners,
    }


def load(players: int, seed: int, advanced: bool) -> dict[str, object]:
    path = file_for(players, seed, advanced)
    if not path.is_file():
        pytest.fail(f"{path.name} is missing; run: python tests/core/test_golden.py --regenerate")
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_the_records_replay_on_the_build_that_ci_expects():
    from baldurs_rules import game as game_module
    from baldurs_rules.rules import turn

    compiled = [m.__file__.endswith(tuple(EXTENSION_SUFFIXES)) for m in (game_module, turn)]
    expected = os.environ.get("BALDURS_RULES_EXPECT_BUILD", "")
    if expected == "compiled":
        assert compiled == [True, True], (game_module.__file__, turn.__file__)
    elif expected == "pure":
        assert compiled == [False, False], (game_module.__file__, turn.__file__)
    else:
        pytest.skip("set BALDURS_RULES_EXPECT_BUILD to pure or compiled")
    assert ("compiled (mypyc)" if expected == "compiled" else "pure Python") == br.BUILD


@pytest.mark.parametrize(("players", "seed", "advanced"), CONFIGS)
def test_golden_record_replays_to_the_same_end(players, seed, advanced, figures: Counter[str]):
    record = load(players, seed, advanced)
    assert (record["players"], record["seed"], record["advanced"]) == (players, seed, advanced)
    game = br.new_game(players=players, seed=seed, advanced=advanced)
    for number, action in enumerate(record["actions"]):  # type: ignore[arg-type]
        assert not game.is_over, f"the game ended before action {number + 1}"
        game.apply(action)
    assert game.is_over, "the recorded actions no longer end the game"
    assert game.result().prestige == record["prestige"]
    assert game.result().winners == record["winners"]
    assert digest(game) == record["final_sha256"]
    figures[f"golden records replayed to their digest ({br.BUILD})"] += 1


@pytest.mark.parametrize(("players", "seed", "advanced"), CONFIGS)
def test_golden_policy_still_chooses_the_recorded_actions(players, seed, advanced):
    # the same seeded policy sees the same legal actions in the same order
    record = load(players, seed, advanced)
    game = play_policy(players, seed, advanced)
    assert game.actions == record["actions"]


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for players, seed, advanced in CONFIGS:
        record = make_record(players, seed, advanced)
        path = file_for(players, seed, advanced)
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(GOLDEN.parent.parent)}: prestige {record['prestige']}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--regenerate"]:
        regenerate()
    else:
        print(__doc__)
        sys.exit(2)
