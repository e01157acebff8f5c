"""The reinforcement-learning page's numbers: the action numbering, the observation layout,
the feature names and bounds, the baseline's win rates and the vector's speed.

The baseline's table is the last full run of ``benchmarks/rl_baseline.py``, which writes
``benchmarks/results/rl_baseline.json`` (training takes minutes, so the page quotes the
file; the run is seeded and counted in episodes, so it is the same on any machine). The
speed table of the vector of single-agent games is the last full run of
``benchmarks/rl_vector.py`` on each build (``benchmarks/results/rl_vector.json``; CPU
seconds, so it depends on the machine). The first two tables keep the page's own words (the
second column, by the row's first cell) and regenerate every number from
:class:`ActionCodec` and :class:`ObservationEncoder` over the default content, so a
retuned or extended content renumbers the page too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from itertools import groupby
from typing import Any

from .common import Part, content, results_table, settings, words

NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@cache
def _codec() -> Any:
    from baldurs_rules.rl import ActionCodec

    return ActionCodec(content())


def _encoder(players: int) -> Any:
    from baldurs_rules.rl.observation import ObservationEncoder

    return ObservationEncoder(content(), players)


def _kept(old: str) -> dict[str, str]:
    """The second cell of each row of the old table, by its first cell."""
    kept = {}
    for line in old.splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3:
            kept[cells[0]] = cells[1]
    return kept


def _words_for(kept: Mapping[str, str], key: str, what: str) -> str:
    if key not in kept:
        raise SystemExit(f"docs/rl.md: the {what} table has no words for {key!r}: add a row")
    return kept[key]


def actions(old: str) -> str:
    """The action numbering: each kind of action and the numbers it takes."""
    kept = {re.sub(r"`(\w+).*", r"\1", k): (k, v) for k, v in _kept(old).items()}
    lines = ["| Kind | Entries | Numbers (default content) |", "|------|---------|---------------|"]
    numbered = enumerate(_codec().actions)
    for kind, group in groupby(numbered, key=lambda item: item[1].kind):
        numbers = [n for n, _ in group]
        first, last = numbers[0], numbers[-1]
        name, entries = kept.get(kind, (f"`{kind}`", ""))
        if not entries:
            raise SystemExit(f"docs/rl.md: the action table has no words for {kind!r}: add a row")
        shown = str(first) if first == last else f"{first}–{last}"
        lines.append(f"| {name} | {entries} | {shown} |")
    return "\n".join(lines) + "\n"


def _scale(scale: float) -> str:
    return "" if scale == 1 else f"÷ {scale:g}"


def layout(old: str) -> str:
    """The observation vector's parts for the most players, the seat parts shown once."""
    kept = _kept(old)
    lines = ["| Part | Values | Scale | Size |", "|------|--------|-------|-----:|"]
    for part in _encoder(settings()["players"]["max"]).parts:
        if re.match(r"seat [1-9]", part.name):
            continue
        name = re.sub(r"^seat 0 ", "seat k ", part.name)
        values = _words_for(kept, f"`{name}`", "layout")
        lines.append(f"| `{name}` | {values} | {_scale(part.scale)} | {part.size} |")
    return "\n".join(lines) + "\n"


def _bound(values: Any) -> str:
    low, high = float(values.min()), float(values.max())
    return f"{low:.4g}" if low == high else f"{low:.4g} to {high:.4g}"


def features(old: str) -> str:
    """Each part's feature names (first and last) and the upper bounds of its values."""
    encoder = _encoder(settings()["players"]["max"])
    names, high = encoder.feature_names, encoder.high
    lines = [
        "| Part | Features | First name | Last name | Upper bound |",
        "|------|---------:|------------|-----------|-------------|",
    ]
    for part in encoder.parts:
        if re.match(r"seat [1-9]", part.name):
            continue
        name = re.sub(r"^seat 0 ", "seat k ", part.name)
        first, last = names[part.start], names[part.start + part.size - 1]
        bound = _bound(high[part.start : part.start + part.size])
        lines.append(f"| `{name}` | {part.size} | `{first}` | `{last}` | {bound} |")
    return "\n".join(lines) + "\n"


def baseline(old: str) -> str:
    """The win rates of the masked linear baseline, from its last full run."""
    return results_table("rl_baseline")


def vector_speed(old: str) -> str:
    """The vector of single-agent games against separate environments, from its last runs."""
    return results_table("rl_vector")


def sizes(old: str) -> str:
    """The vector's length for each player count, most first."""
    span = range(settings()["players"]["max"], settings()["players"]["min"] - 1, -1)
    said = [f"{_encoder(n).size:,} with {NUMBERS.get(n, n)}" for n in span]
    return said[0] + " players" + (f" ({words(said[1:])})" if said[1:] else "")


PARTS: dict[str, Part] = {
    "actions": actions,
    "action-count": lambda old: f"{len(_codec()):,}",
    "layout": layout,
    "features": features,
    "baseline": baseline,
    "vector-speed": vector_speed,
    "sizes": sizes,
}
