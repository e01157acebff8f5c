"""A whole web-table game played by clicks in headless Chromium, the server restarted midway.

``bbg serve`` runs as a real process; two players, each in their own browser
context, play seats 0 and 1 by clicking the page (a build: the card in the
hand, then the lot on the board; a visit or a site: the board; anything else:
its button), while a random and a greedy bot play seats 2 and 3 on the server.
Midway the server is killed and started again with ``--resume``: the pages
reconnect by themselves and the game goes on. At the end the scores the pages
show are checked against a replay of the saved record.

Skipped without ``/usr/bin/chromium`` (CI installs Debian's) or the ``playwright``
package. With ``BBG_WEB_SCREENSHOTS=1`` the test also writes the pictures of
``docs/play.md`` (``docs/images/web-*.png``).
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
from web_support import free_port

import baldurs_rules as br
from baldurs_rules.bots.game_file import read_game_file, read_record

pytestmark = pytest.mark.browser
try:
    import playwright.sync_api as sync_api
except ImportError:  # pragma: no cover - the dev extra installs it
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("the playwright package is not installed", allow_module_level=True)

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
IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
SHOTS = os.environ.get("BBG_WEB_SCREENSHOTS") == "1"
RESTART_AT = 60  # moves played when the server is killed


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


def shown_scores(page: Any) -> list[int]:
    cells = page.locator("#scores tr[data-seat] td.total")
    return [int(cells.nth(i).inner_text()) for i in range(cells.count())]


def screenshot(page: Any, name: str) -> None:
    """A small PNG for the docs (256 colours)."""
    from PIL import Image

    target = IMAGES / name
    page.screenshot(path=str(target), full_page=False)
    Image.open(target).convert("RGB").quantize(colors=256).save(target, optimize=True)


def test_a_whole_game_by_clicks_with_a_restart(
    browser: Any, servers: list[Server], tmp_path: Path
) -> None:
    port, saved = free_port(), tmp_path / "table.json"
    bots = ["--bots", "random,greedy", "--seed", "2024"]
    server = Server(tmp_path, port, "--players", "4", "--humans", "2", *bots, "--save", str(saved))
    servers.append(server)
    assert "seat 0 human, seat 1 human, seat 2 random, seat 3 greedy" in server.output
    pages = {}
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 1280, "height": 860})
        pages[seat] = context.new_page()
        pages[seat].goto(server.links[f"seat {seat}"])
    rng, restarted, shot = random.Random(9), False, False
    deadline = time.monotonic() + 170
    while not all(dataset(p).get("over") == "true" for p in pages.values()):
        assert time.monotonic() < deadline, "the game did not end in time"
        moved = False
        for page in pages.values():
            data = dataset(page)
            if data.get("mine") == "true" and data.get("state") == "connected":
                cards = page.locator("#hand li[data-pick]")
                if SHOTS and not shot and int(data["version"]) > 24 and cards.count():
                    cards.first.click()
                    screenshot(page, "web-table.png")
                    page.locator("#options button.back").click()
                    shot = True
                play_one_decision(page, rng)
                moved = True
        if not restarted and int(dataset(pages[0])["version"]) >= RESTART_AT:
            server.kill()  # as if the machine went down: no clean shutdown
            for page in pages.values():
                page.wait_for_selector("body[data-state=reconnecting]")
            killed_at = len(read_record(saved)["actions"])  # the bots move on once resumed
            server = Server(tmp_path, port, "--resume", str(saved))
            servers.append(server)
            assert f"(move {killed_at}, turn" in server.output
            assert server.links["seat 0"] == pages[0].url and server.links["seat 1"] == pages[1].url
            for page in pages.values():  # they come back by themselves
                page.wait_for_selector("body[data-state=connected]", timeout=20000)
            restarted = True
        if not moved:
            time.sleep(0.05)
    assert restarted
    record = read_record(saved)
    final = br.replay(record).result().prestige
    assert read_game_file(saved).game.result().prestige == final
    for page in pages.values():
        assert shown_scores(page) == final
        assert page.locator("#log li").count() > 100
        assert "Winner" in page.inner_text("#winners") or "Shared" in page.inner_text("#winners")
    if SHOTS:
        pages[0].locator("#scores-panel").scroll_into_view_if_needed()
        screenshot(pages[0], "web-scores.png")
