"""A whole web-table game played by clicks in headless Chromium, the server restarted midway.

``bbg serve`` runs as a real process; two players, each in their own browser
context, play seats 0 and 1 by clicking the page (a build: the card in the
hand, then the lot on the board; a visit or a site: the board; anything else:
its button), while a random and a greedy bot play seats 2 and 3 on the server.
Midway the server is killed and started again with ``--resume``: the pages
reconnect by themselves and the game goes on. At the end the scores the pages
show are checked against a replay of the saved record.

Skipped without ``/usr/bin/chromium`` (CI installs Debian's) or the ``playwright``
package.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, dataset, play_one_decision
from web_support import free_port

import baldurs_rules as br
from baldurs_rules.bots.game_file import read_game_file, read_record

pytestmark = pytest.mark.browser
RESTART_AT = 60  # moves played when the server is killed


def shown_scores(page: Any) -> list[int]:
    cells = page.locator("#scores tr[data-seat] td.total")
    return [int(cells.nth(i).inner_text()) for i in range(cells.count())]


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
    rng, restarted = random.Random(9), False
    deadline = time.monotonic() + 170
    while not all(dataset(p).get("over") == "true" for p in pages.values()):
        assert time.monotonic() < deadline, "the game did not end in time"
        moved = False
        for page in pages.values():
            data = dataset(page)
            if data.get("mine") == "true" and data.get("state") == "connected":
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
