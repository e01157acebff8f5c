"""Helpers of the browser tests: ``bbg serve`` as a real process, and Debian's headless
Chromium driven by Playwright (by executable path: no browser is ever downloaded).

Its fixtures ``servers`` and ``browser`` are registered for every test by ``tests/conftest.py``.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"
SHOTS = os.environ.get("BBG_WEB_SCREENSHOTS") == "1"


class Server:
    """``bbg serve`` as a process."""

    def __init__(self, folder: Path, port: int, *args: str) -> None:
        command = [sys.executable, "-c", "from baldurs_rules.cli import main; main()", "serve"]
        command += [*args, "--port", str(port), "--bot-delay", "0"]
        self.process = subprocess.Popen(
            command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        self.output = ""
        try:
            self._started(port)
        except BaseException:
            self.kill()
            raise

    def _started(self, port: int) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        for line in stdout:
            self.output += line
            if line.startswith("Serving"):
                break
        else:
            raise AssertionError(f"bbg serve did not start:\n{self.output}")
        # keep reading what it prints, so a full pipe never stops the server
        threading.Thread(target=stdout.read, daemon=True).start()
        self.links = dict(re.findall(r"^  (seat \d|spectators)[^:]*: +(\S+)$", self.output, re.M))
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                    return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    """The servers a test starts; every one is stopped at the end, whatever happened."""
    started: list[Server] = []
    yield started
    for server in started:
        server.kill()


@pytest.fixture
def browser() -> Iterator[Any]:
    if not os.access(CHROMIUM, os.X_OK):
        if os.environ.get("CI") == "true":  # CI installs it: a skip there would hide a failure
            pytest.fail(f"no {CHROMIUM}: .ci/run should have installed Debian's chromium")
        pytest.skip(f"no {CHROMIUM} (CI installs Debian's chromium)")
    try:
        import playwright.sync_api as sync_api
    except ImportError:  # pragma: no cover - the dev extra installs it
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("the playwright package is not installed")
    with sync_api.sync_playwright() as playwright:
        # launch() starts Chromium on a new, empty profile directory of its own
        found = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield found
        found.close()


def dataset(page: Any) -> dict[str, str]:
    found: dict[str, str] = page.evaluate("() => ({...document.body.dataset})")
    return found


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


def screenshot(page: Any, name: str) -> None:
    """A small PNG for the docs (256 colours)."""
    from PIL import Image

    target = IMAGES / name
    page.screenshot(path=str(target), full_page=False)
    Image.open(target).convert("RGB").quantize(colors=256).save(target, optimize=True)
