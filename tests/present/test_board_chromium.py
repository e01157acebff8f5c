"""The SVG board in a real browser: headless Chromium parses it and paints it.

Skipped when Chromium is not installed (CI installs it with ``apt-get install chromium``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

import baldurs_rules as br
from baldurs_rules.bots import RandomBot
from baldurs_rules.present.board_svg import render_svg

pytestmark = pytest.mark.browser

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium() -> str:
    for candidate in (
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    pytest.skip("chromium not installed: no /usr/bin/chromium or chromium on PATH")


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, br.Content]:
    browser = chromium()
    content = br.load_content()
    game = br.new_game(3, 4, content=content)
    bot = RandomBot(4)
    for _ in range(80):
        game.apply(bot.choose(game))
    folder = tmp_path_factory.mktemp("browser")
    svg = render_svg(game, seat=0)
    (folder / "board.svg").write_text(svg, encoding="utf-8")
    html = (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>board</title></head>"
        f"<body style='margin:0'>{svg}</body></html>"
    )
    (folder / "board.html").write_text(html, encoding="utf-8")
    return browser, folder, content


def run_chromium(browser: str, folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    profile = folder / f"profile-{len(list(folder.iterdir()))}"
    return subprocess.run(
        [browser, *FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_dom_has_every_district(page: tuple[str, Path, br.Content]) -> None:
    browser, folder, content = page
    done = run_chromium(browser, folder, "--dump-dom", (folder / "board.html").as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    dom = done.stdout
    assert "<svg" in dom
    for district in content.board.districts:
        assert f'id="district-{district.id}"' in dom
    for lot in range(1, 37):
        assert f'id="lot-{lot}"' in dom


def test_screenshot_is_painted(page: tuple[str, Path, br.Content]) -> None:
    browser, folder, _ = page
    shot = folder / "shot.png"
    done = run_chromium(
        browser,
        folder,
        f"--screenshot={shot}",
        "--window-size=1000,800",
        (folder / "board.html").as_uri(),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) > 10_000
