"""Balance against a baseline labelled by what the mod changed; ``bbg simulate --per-card``.

Problem 5 of issue 23 replayed: labels came from whether a card was played in the
sample (an untouched location showed as removed, a replaced card was not marked)
and the comparison had no intervals.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from baldurs_rules import load_content
from baldurs_rules.cli import main
from baldurs_rules.runs.balance import (
    BalanceReport,
    CardRow,
    build_report,
    compare,
    content_items,
    per_card,
)


def _record(winners: list[int], items: dict[str, dict[int, list[int]]]) -> dict[str, Any]:
    kinds = {item: "trade" if ":" in item else "building" for item in items}
    return {"winners": winners, "extras": {"items": items, "kinds": kinds}}


def test_labels_come_from_the_diff_not_from_the_sample() -> None:
    mod = build_report(
        [_record([0], {"guild": {0: [1, 0]}, "ropewalk": {0: [1, 0]}})] * 5
        + [_record([1], {"ropewalk": {1: [1, 0]}})] * 5,
        2,
        ["random"],
    )
    base = build_report(
        [_record([1], {"ropewalk": {0: [1, 0]}, "yard:1": {1: [1, 0]}})] * 10, 2, ["random"]
    )
    statuses = {
        "guild": "added",
        "ropewalk": "replaced",
        "hoard": "removed",
        "yard": "unchanged",
    }
    rows = {row["item"]: row for row in compare(mod, base, statuses)}
    # the yard was not played with the mod, yet the mod did not touch it
    assert rows["yard:1"]["status"] == "unchanged"
    assert rows["ropewalk"]["status"] == "replaced"
    assert rows["guild"]["status"] == "new"
    # a removed card is listed even though no sample played it
    assert rows["hoard"]["status"] == "removed" and rows["hoard"]["change"] is None


def test_the_change_of_lift_has_its_interval() -> None:
    mod = build_report([_record([0], {"card": {0: [1, 0]}})] * 30, 2, ["random"])
    base = build_report(
        [_record([1], {"card": {0: [1, 0]}})] * 15 + [_record([0], {"card": {0: [1, 0]}})] * 15,
        2,
        ["random"],
    )
    (row,) = compare(mod, base, {"card": "replaced"})
    a, b = mod.rows[0], base.rows[0]
    assert row["change"] == pytest.approx(a.lift - b.lift)
    half_low = math.hypot(a.lift - a.lift_low, b.lift_high - b.lift)
    assert row["change_low"] == pytest.approx(row["change"] - half_low)
    assert row["change_low"] < row["change"] < row["change_high"]
    assert row["change_low"] > 0  # clearly moved: the interval stays above 0


def _row(item: str, lift: float, half: float) -> CardRow:
    return CardRow(
        item, "building", 10, 10, 0.5, 0.5, 0.4, 0.6, 0.5, lift, lift - half, lift + half, 0
    )


def test_the_mods_cards_come_first_then_the_surest_changes() -> None:
    mod = BalanceReport(
        10, 2, [], [_row("mine", 0.0, 0.5), _row("big", 0.6, 0.5), _row("sure", 0.3, 0.1)], []
    )
    base = BalanceReport(10, 2, [], [_row("big", 0.0, 0.5), _row("sure", 0.0, 0.1)], [])
    rows = compare(mod, base, {"mine": "added", "big": "unchanged", "sure": "unchanged"})
    # "big" moved more, but its interval (0.6 +- 0.71) reaches 0: "sure" moved more surely
    assert [r["item"] for r in rows] == ["mine", "sure", "big"]
    assert rows[1]["change_low"] > 0 > rows[2]["change_low"]


def test_per_card_counts_games_and_lists_unused_cards() -> None:
    records = [_record([0], {"a": {0: [2, 0], 1: [1, 0]}}), _record([1], {"a": {1: [1, 0]}})]
    rows = per_card(records, {"a": "building", "never": "gate"})
    assert rows == [("a", "building", 2, 4), ("never", "gate", 0, 0)]


def test_content_items_name_every_card_and_trade() -> None:
    content = load_content()
    items = content_items(content, advanced=False)
    assert set(content.buildings) | set(content.agendas) <= set(items)
    assert not set(content.hqs) & set(items)
    first = content.locations[0]
    assert items[f"{first.id}:1"] == "trade"


def test_bbg_simulate_per_card(tmp_path: Path) -> None:
    content = load_content()
    result = CliRunner().invoke(
        main, ["simulate", "--games", "2", "--players", "2", "--per-card", "--seed", "3"]
    )
    assert result.exit_code == 0, result.output
    assert "Per card: games where some seat built or used it" in result.output
    listed = {
        line.split("│")[1].strip() for line in result.output.splitlines() if line.count("│") == 6
    }
    assert set(content.buildings) <= listed


def test_bbg_balance_labels_a_replaced_card(tmp_path: Path) -> None:
    content = load_content()
    first = next(iter(content.buildings.values()))
    mod = tmp_path / "m"
    mod.mkdir()
    (mod / "mod.yaml").write_text("name: m\n")
    (mod / "buildings.yaml").write_text(
        f"buildings:\n  - {{id: {first.id}, name: X, type: {first.type}, cost: {first.cost},"
        ' when_built: "gain 1 gold"}\n'
    )
    out = tmp_path / "b.csv"
    args = ["balance", "--games", "3", "--players", "2", "--bots", "random", "--top", "1"]
    args += ["--content", str(mod), "--baseline", "default", "--out", str(out)]
    result = CliRunner().invoke(main, [*args, "--chart", str(tmp_path / "b.svg")])
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line.startswith(f"│ {first.id} ")]
    assert rows and "replaced" in rows[-1]
    assert "95% CI" in result.output
