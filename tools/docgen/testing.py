"""The figures of the testing page that live in the test suite: the Hypothesis profiles of
``tests/conftest.py``, the random games of ``tests/core/test_properties.py`` and the golden games
of ``tests/core/test_golden.py``.

The figures are read by importing those files (by path, under a private module name), not
by parsing their text: an import reads what pytest reads, however the file is written. The
random-game count is the suite's default (``DEFAULT_GAMES_PER_CHUNK``), never the smaller
run a CI stage may ask for through the environment.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Mapping
from functools import cache
from types import ModuleType

from .common import ROOT, Part, cells, words

TESTS = ROOT / "tests"


@cache
def suite_module(name: str) -> ModuleType:
    """The test file ``tests/<name>.py`` (``name`` may hold a folder), imported by path.

    Raises:
        SystemExit: No such test file.
    """
    path = TESTS / f"{name}.py"
    if not path.is_file():
        there = sorted(str(p.relative_to(TESTS).with_suffix("")) for p in TESTS.rglob("*.py"))
        raise SystemExit(f"no test file {path.name} in {TESTS}: there are {there}")
    spec = importlib.util.spec_from_file_location(f"_docgen_{name.replace('/', '_')}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def games_phrase(count: int, kind: str, configs: Iterable[tuple[int, bool]]) -> str:
    """``768 complete random games (2, 3 and 4 players, basic and advanced)``, from the
    (players, advanced) configurations of the games."""
    configs = list(configs)
    players = sorted({p for p, _ in configs})
    used = {advanced for _, advanced in configs}
    setups = [name for flag, name in ((False, "basic"), (True, "advanced")) if flag in used]
    return f"{count:,} complete {kind}games ({words(players)} players, {words(setups)})"


def random_games(old: str) -> str:
    """The random games ``test_random_games`` plays to the end, with their configurations."""
    suite = suite_module("core/test_properties")
    count = len(suite.CONFIGS) * suite.CHUNKS * suite.DEFAULT_GAMES_PER_CHUNK
    return games_phrase(count, "random ", suite.CONFIGS)


def golden_games(old: str) -> str:
    """The recorded games of ``tests/core/test_golden.py``, with their configurations."""
    configs = suite_module("core/test_golden").CONFIGS  # (players, seed, advanced)
    return games_phrase(len(configs), "", [(p, a) for p, _, a in configs])


def golden_count(old: str) -> str:
    """How many recorded games ``tests/core/test_golden.py`` replays."""
    return str(len(suite_module("core/test_golden").CONFIGS))


def hypothesis_profiles(old: str) -> str:
    """The profiles table with the examples per test of each profile (named as code in the
    first column) written again from what ``tests/conftest.py`` registers.

    Raises:
        SystemExit: A row names a profile that conftest does not register.
    """
    from hypothesis import settings
    from hypothesis.errors import InvalidArgument

    suite_module("conftest")  # registers the profiles
    lines = old.rstrip("\n").splitlines()
    rows = lines[:2]
    for line in lines[2:]:
        row = cells(line)
        name = row[0].split("`")[1] if row[0].count("`") >= 2 else row[0]
        try:
            profile = settings.get_profile(name)
        except InvalidArgument as exc:
            raise SystemExit(f"tests/conftest.py registers no Hypothesis profile {name!r}") from exc
        row[1] = str(profile.max_examples)
        rows.append("| " + " | ".join(row) + " |")
    return "\n".join(rows) + "\n"


PARTS: Mapping[str, Part] = {
    "random-games": random_games,
    "golden-games": golden_games,
    "golden-count": golden_count,
    "hypothesis-profiles": hypothesis_profiles,
}
"""The parts of docs/testing.md."""
