"""Helpers of the browser tests: ``bbg serve`` as a real process, and Debian's headless
Chromium driven by Playwright (by executable path: no browser is ever downloaded).

The server and the browser are started by ``tools/browser.py``, which the docs' screenshot
generator (``python -m tools.docgen.screenshots``) shares. The fixtures ``servers`` and
``browser`` are registered for every test by ``tests/conftest.py``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tools.browser import CHROMIUM, Server, chromium, dataset, has_chromium, wait_for_me

__all__ = ["CHROMIUM", "Server", "dataset", "play_one_decision", "wait_for_me"]


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    """The servers a test starts; every one is stopped at the end, whatever happened."""
    started: list[Server] = []
    yield started
    for server in started:
        server.kill()


@pytest.fixture
def browser() -> Iterator[Any]:
    if not has_chromium():
        if os.environ.get("CI") == "true":  # CI installs it: a skip there would hide a failure
            pytest.fail(f"no {CHROMIUM}: .ci/run should have installed Debian's chromium")
        pytest.skip(f"no {CHROMIUM} (CI installs Debian's chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:  # pragma: no cover - the dev extra installs it
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("the playwright package is not installed")
    with chromium() as found:  # a new, empty profile directory of its own
        yield found


def play_one_decision(page: Any, rng: random.Random) -> None:
    """Answer the page's decision by clicking, then wait for the server's answer."""
    before = dataset(page)["version"]
    cards = page.locator("#hand li[data-pick]")
    buttons = page.locator("#options button[data-action]")
    if cards.count() and (rng.random() < 0.8 or not buttons.count()):
        card = cards.nth(rng.randrange(cards.count()))
        name = card.get_attribute("data-pick")
        card.click()  # step 1: the card
        lots = page.locator(f'#board [data-action^="build {name} "]')
        lots.nth(rng.randrange(lots.count())).click()  # step 2: the lot, on the board
    else:
        button = buttons.nth(rng.randrange(buttons.count()))
        action = button.get_attribute("data-action")
        on_board = page.locator(f'#board [data-action="{action}"]')
        (on_board if on_board.count() else button).click()  # visits and sites on the board
    page.wait_for_function(
        "v => document.body.dataset.version !== v || !document.getElementById('notice').hidden",
        arg=before,
    )
