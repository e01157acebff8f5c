"""The page passes axe-core (no serious or critical violation) at both viewports, at a
decision and at the end of the game, and can be played by keyboard alone."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, dataset
from web_support import free_port

pytestmark = pytest.mark.browser
try:
    import playwright.sync_api  # noqa: F401
    from axe_playwright_python.sync_playwright import Axe
except ImportError:  # pragma: no cover - the dev extra installs them
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("playwright or axe-playwright-python is not installed", allow_module_level=True)


def serious(page: Any) -> list[str]:
    """The serious and critical violations axe-core finds on the page."""
    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']}; {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("viewport", [(1400, 900), (390, 844)])
def test_axe_finds_no_serious_violation(
    browser: Any, servers: list[Server], tmp_path: Path, viewport: tuple[int, int]
) -> None:
    args = ["--players", "2", "--humans", "1", "--bots", "random", "--seed", "3"]
    server = Server(tmp_path, free_port(), *args, "--save", str(tmp_path / "t.json"))
    servers.append(server)
    width, height = viewport
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.goto(server.links["seat 0"])
    page.wait_for_selector("body[data-mine=true][data-state=connected]")
    assert serious(page) == []
    page.locator("#hand li[data-pick]").first.click()  # a card picked: its lots as buttons
    assert serious(page) == []


def test_a_game_goes_on_by_keyboard_alone(
    browser: Any, servers: list[Server], tmp_path: Path
) -> None:
    args = ["--players", "2", "--humans", "1", "--bots", "random", "--seed", "4"]
    server = Server(tmp_path, free_port(), *args, "--save", str(tmp_path / "t.json"))
    servers.append(server)
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.goto(server.links["seat 0"])
    deadline = time.monotonic() + 60
    for _ in range(12):  # twelve decisions, each by Tab and Enter only
        page.wait_for_selector("body[data-mine=true][data-state=connected]:not([data-busy])")
        assert time.monotonic() < deadline
        before = dataset(page)["version"]
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.evaluate("() => window.scrollTo(0, 0)")
        for _ in range(200):
            page.keyboard.press("Tab")
            focused = page.evaluate(
                "() => { const e = document.activeElement;"
                " return e && e.matches('#options button[data-action]') ? e.dataset.action : '' }"
            )
            if focused:
                break
        assert focused, "no option could be reached with the Tab key"
        page.keyboard.press("Enter")
        page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
