"""The page passes axe-core (no serious or critical violation) at both viewports, at a
decision and at the end of the game, and a whole game can be played by keyboard alone
(Tab, Shift+Tab, Enter and Space: the options, the hand's builds and the board's lots, sites
and locations)."""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, dataset, wait_for_me
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


FOCUSED = """() => { const e = document.activeElement;
  return e ? {id: e.id, action: e.dataset.action || '', pick: e.dataset.pick || '',
              role: e.getAttribute('role') || '', name: e.getAttribute('aria-label') || '',
              board: Boolean(e.closest('#board')),
              stroke: e.closest('#board') && e.firstElementChild
                ? getComputedStyle(e.querySelector('circle, rect, polygon')).stroke : ''}
    : null }"""


class Keyboard:
    """A player on the keyboard alone: Tab, Shift+Tab, Enter and Space, nothing else."""

    def __init__(self, page: Any) -> None:
        self.page, self.presses, self.on_board = page, 0, 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1

    def tab_to(self, wanted: str, backwards: bool = False) -> dict[str, Any]:
        """Tab (or Shift+Tab) until the focused element is of the ``wanted`` kind
        (``use all``, ``pick``, ``option``, ``board``); what is focused."""
        for _ in range(150):
            self.press("Shift+Tab" if backwards else "Tab")
            found: dict[str, Any] | None = self.page.evaluate(FOCUSED)
            if found and matches(found, wanted):
                return found
        raise AssertionError(f"the Tab key never reached a {wanted}")

    def answer(self, rng: random.Random) -> None:
        """Answer the decision: a build by its card's button then its lot on the board, a
        visit on the board or by its button, anything else by its button."""
        page = self.page
        if page.locator('#options button[data-action="use all"]').count():
            self.tab_to("use all")
            self.press("Enter")
            return
        if page.locator("#options button[data-pick]").count() and rng.random() < 0.7:
            self.tab_to("pick")
            self.press("Enter")  # the prompt gets the focus: the board is before it
            self.activate_on_board(self.tab_to("board", backwards=True), rng)
            return
        if page.locator("#board [data-action]").count() and rng.random() < 0.6:
            self.activate_on_board(self.tab_to("board", backwards=True), rng)
            return
        self.tab_to("option")
        self.press("Enter" if rng.random() < 0.5 else " ")

    def activate_on_board(self, focused: dict[str, Any], rng: random.Random) -> None:
        label = self.page.locator(f'#board [data-action="{focused["action"]}"] > title')
        assert focused["role"] == "button" and focused["name"], focused
        assert not ID.search(focused["name"]) and label.count() == 1, focused
        assert focused["stroke"] == "rgb(26, 79, 214)", focused  # the focus ring is drawn
        self.on_board += 1
        self.press("Enter" if rng.random() < 0.5 else " ")


ID = re.compile(r"[a-z]+_[a-z_]+")


def matches(found: dict[str, Any], wanted: str) -> bool:
    if wanted == "use all":
        return bool(found["action"] == "use all")
    if wanted == "pick":
        return bool(found["pick"])
    if wanted == "board":
        return bool(found["board"] and found["action"])
    return bool(found["action"]) and not found["board"]


def test_a_whole_game_by_keyboard_alone(
    browser: Any, servers: list[Server], tmp_path: Path
) -> None:
    args = ["--players", "3", "--humans", "1", "--bots", "heuristic", "--seed", "4"]
    server = Server(tmp_path, free_port(), *args, "--save", str(tmp_path / "t.json"))
    servers.append(server)
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.goto(server.links["seat 0"])
    keys, rng, decisions = Keyboard(page), random.Random(6), 0
    start = time.monotonic()
    page.wait_for_selector("body[data-state=connected]")
    keys.press("Tab")  # the first stop: the skip link, to the prompt
    assert page.evaluate("() => document.activeElement.id") == "skip"
    keys.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "prompt"
    while wait_for_me(page).get("over") != "true":
        assert time.monotonic() - start < 90, "the game did not end in time"
        decisions += 1
        before = dataset(page)["version"]
        keys.answer(rng)
        page.wait_for_function(
            "v => document.body.dataset.version !== v", arg=before, timeout=10_000
        )
    took = time.monotonic() - start
    print(
        f"keyboard: {decisions} decisions ({keys.on_board} on the board),"
        f" {keys.presses} key presses, {took:.1f} s"
    )
    assert decisions > 20 and keys.on_board > 5, (decisions, keys.on_board)
    assert not page.locator("#scores-panel").is_hidden()
    assert page.locator("#scores tr[data-seat]").count() == 3
    assert "Winner" in page.inner_text("#winners") or "Shared" in page.inner_text("#winners")
