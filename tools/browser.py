"""``bbg serve`` as a real process and Debian's headless Chromium driven by Playwright.

Shared by the browser tests (``tests/browser_support.py``) and the docs' screenshot
generator (``python -m tools.docgen.screenshots``), so both start the server and the
browser the same way. Chromium is run by its executable path: no browser is ever
downloaded (never ``playwright install``).

Example (not run here: it needs Chromium)::

    with chromium() as browser:
        server = Server(folder, free_port(), "--players", "3", "--seed", "7")
        try:
            page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
            page.goto(server.links["seat 0"])
        finally:
            server.kill()
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, the only browser the tests and the generator drive."""
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
"""Chromium's flags: headless, and nothing that reaches the network by itself."""


def has_chromium() -> bool:
    """Whether :data:`CHROMIUM` can be run on this machine."""
    return os.access(CHROMIUM, os.X_OK)


def free_port() -> int:
    """A TCP port free on the loopback interface now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``bbg serve`` as a process on 127.0.0.1, started in ``folder`` with ``args``.

    ``links`` maps ``"seat N"`` and ``"spectators"`` to the links it printed; ``output``
    is what it printed up to its ``Serving`` line.
    """

    def __init__(self, folder: Path, port: int, *args: str) -> None:
        command = [sys.executable, "-c", "from baldurs_rules.cli import main; main()", "serve"]
        command += [*args, "--port", str(port), "--bot-delay", "0"]
        self.process = subprocess.Popen(
            command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        self.output = ""
        self.links: dict[str, str] = {}
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
        """Stop the server at once (no clean shutdown), if it still runs."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)


@contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Chromium on a new, empty profile of its own, closed at the end.

    Raises:
        FileNotFoundError: There is no :data:`CHROMIUM`.
    """
    if not has_chromium():
        raise FileNotFoundError(f"no {CHROMIUM}: install Debian's chromium package")
    import playwright.sync_api as sync_api

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


def dataset(page: Page) -> dict[str, str]:
    """The page's ``document.body.dataset`` (its state, version, whose decision ...)."""
    found: dict[str, str] = page.evaluate("() => ({...document.body.dataset})")
    return found


def wait_for_me(page: Page, timeout: float = 30_000) -> dict[str, str]:
    """Wait until the page shows its own decision (or the end of the game); its dataset."""
    page.wait_for_function(
        "() => document.body.dataset.state === 'connected' && document.body.dataset.busy"
        " !== 'true' && (document.body.dataset.mine === 'true' || document.body.dataset.over"
        " === 'true')",
        timeout=timeout,
    )
    return dataset(page)


def moved(page: Page, before: str) -> None:
    """Wait until the page shows a version of the game other than ``before``."""
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)


def screenshot(page: Page, target: Path) -> None:
    """A small PNG of the viewport (256 colours) at ``target``."""
    from PIL import Image

    page.screenshot(path=str(target), full_page=False)
    Image.open(target).convert("RGB").quantize(colors=256).save(target, optimize=True)
