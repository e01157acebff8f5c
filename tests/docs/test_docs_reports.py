"""``python -m tools.docgen.reports`` finds every content-report block and its command."""

from __future__ import annotations

import pytest

from tools.docgen import reports


def test_every_block_has_a_content_report_command() -> None:
    found = {name: (page, args) for page, name, args in reports.blocks()}
    assert {"heuristic-4p", "heuristic-3p", "heuristic-2p", "random-4p"} <= set(found)
    assert {"heuristic-4p-basic", "heuristic-3p-basic", "heuristic-2p-basic"} <= set(found)
    assert found["tuned-4p"] == (
        "docs/modding.md",
        ["--games", "1000", "--players", "4", "--jobs", "2", "--content", "tuned"],
    )
    assert found["heuristic-4p-basic"][1][-1] == "--basic"


def test_list_runs_nothing_and_an_unknown_block_is_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert reports.main(["--list", "tuned-4p"]) == 0
    assert "docs/modding.md tuned-4p: python -m baldurs_rules.runs.content_report" in (
        capsys.readouterr().err
    )
    assert reports.main(["tuned-5p"]) == 1
    assert "no block ['tuned-5p']" in capsys.readouterr().err
