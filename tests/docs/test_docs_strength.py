"""The bots page's strength table: quoted from the matches' results file, marked stale
when the default content changed since they ran."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import baldurs_rules as br

ROOT = Path(__file__).resolve().parents[2]


def bots_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bots_benchmark", ROOT / "benchmarks/bots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def row(**changes: object) -> dict[str, object]:
    found: dict[str, object] = {
        "hero": "heuristic", "field": "3 greedy", "games": 400, "wins": 200.0, "target": 0.45,
        "margin": 1.5, "seed": 0, "budget": "no search", "build": "compiled (mypyc)",
        "version": br.__version__, "content": br.load_content().fingerprint,
    }  # fmt: skip
    found.update(changes)
    return found


def test_each_match_has_its_interval_and_verdict() -> None:
    bots = bots_benchmark()
    text = bots.table({"a": row(), "b": row(hero="ismcts", wins=120.0, target=0.4)})
    assert "| `heuristic` vs 3 greedy | no search | 400 | 50.0% | 45.1%-54.9% | 45% (met)" in text
    assert "| `ismcts` vs 3 greedy | no search | 400 | 30.0% | 25.7%-34.7% | 40% (not met)" in text
    assert "Every match ran on the default content as it is now." in text
    assert bots.verdict(0.40, 0.50, 0.45) == "not settled"


def test_a_match_on_another_content_is_marked_stale() -> None:
    text = bots_benchmark().table({"a": row(content="0000000000000000")})
    assert "**Stale:**" in text and br.load_content().fingerprint in text


def test_the_results_file_is_what_the_page_quotes() -> None:
    bots = bots_benchmark()
    results = json.loads(bots.RESULTS.read_text(encoding="utf-8"))
    assert {"heuristic", "vs-heuristic", "openspiel"} <= set(results)
    page = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    assert bots.table(results) in page
