"""The page as a player meets it, in headless Chromium: a whole game by clicks at 1400x900
(the prompt, your resources and the last line of the story in view at every decision, few
clicks a turn, names in every option) and a whole game by taps on a 390x844 phone."""

from __future__ import annotations

import random
import re
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, dataset
from web_support import free_port

pytestmark = pytest.mark.browser

ID = re.compile(r"[a-z]+_[a-z_]+")


def start(servers: list[Server], tmp_path: Path, seed: int) -> Server:
    args = ["--players", "2", "--humans", "1", "--bots", "random", "--seed", str(seed)]
    server = Server(tmp_path, free_port(), *args, "--save", str(tmp_path / "t.json"))
    servers.append(server)
    return server


def wait_for_me(page: Any) -> dict[str, str]:
    """Wait until the page shows its own decision or the end of the game."""
    page.wait_for_function(
        "() => document.body.dataset.state === 'connected' && document.body.dataset.busy"
        " !== 'true' && (document.body.dataset.mine === 'true' || document.body.dataset.over"
        " === 'true')"
    )
    return dataset(page)


def moved(page: Any, before: str) -> None:
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)


def box(page: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.locator(selector).bounding_box()
    return found


def assert_in_view(page: Any, selector: str, height: int) -> None:
    area = box(page, selector)
    assert area is not None and area["y"] >= 0 and area["y"] + area["height"] <= height, (
        selector,
        area,
    )


def test_a_whole_game_by_clicks_at_1400x900(
    browser: Any, servers: list[Server], tmp_path: Path
) -> None:
    server = start(servers, tmp_path, seed=12)
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.goto(server.links["seat 0"])
    rng, clicks, turns, decisions = random.Random(5), 0, [], 0
    deadline = time.monotonic() + 150
    while (data := wait_for_me(page)).get("over") != "true":
        assert time.monotonic() < deadline, "the game did not end in time"
        decisions += 1
        page.evaluate("() => window.scrollTo(0, 0)")  # the first 900 px, not scrolled
        for selector in ("#prompt", "#options", "#you", "#log li:last-child"):
            assert_in_view(page, selector, 900)
        labels = page.locator("#options button").all_inner_texts()
        assert labels and not [label for label in labels if ID.search(label)], labels
        if data["kind"] == "turn":
            turns.append(clicks)
            clicks = 0
        clicks += click_a_decision(page, rng)
    turns.append(clicks)
    per_turn = turns[1:]  # clicks from one turn of ours to the next
    median = statistics.median(per_turn)
    print(f"1400x900: {decisions} decisions, {len(per_turn)} turns, median {median} clicks a turn")
    assert len(per_turn) > 10 and median <= 3, per_turn
    assert "Winner" in page.inner_text("#winners") or "Shared" in page.inner_text("#winners")


def click_a_decision(page: Any, rng: random.Random) -> int:
    """Answer by clicks as a player would; how many clicks it took."""
    before = dataset(page)["version"]
    all_at_once = page.locator('#options button[data-action="use all"]')
    if all_at_once.count():
        all_at_once.click()
        moved(page, before)
        return 1
    cards = page.locator("#hand li[data-pick]")
    buttons = page.locator("#options button[data-action]")
    if cards.count() and rng.random() < 0.7:
        card = cards.nth(rng.randrange(cards.count()))
        name = card.get_attribute("data-pick")
        card.click()
        lots = page.locator(f'#board [data-action^="build {name} "]')
        lots.nth(rng.randrange(lots.count())).click()
        moved(page, before)
        return 2
    button = buttons.nth(rng.randrange(buttons.count()))
    action = button.get_attribute("data-action")
    on_board = page.locator(f'#board [data-action="{action}"]')
    (on_board if on_board.count() else button).click()
    moved(page, before)
    return 1


def test_a_whole_game_by_taps_on_a_phone(
    browser: Any, servers: list[Server], tmp_path: Path
) -> None:
    server = start(servers, tmp_path, seed=21)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto(server.links["seat 0"])
    rng, deadline = random.Random(8), time.monotonic() + 150
    while wait_for_me(page).get("over") != "true":
        assert time.monotonic() < deadline, "the game did not end in time"
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 392
        targets = page.locator("#options button, #hand li.target, #undo")
        for k in range(targets.count()):
            area = targets.nth(k).bounding_box()
            assert area is not None and area["height"] >= 32, targets.nth(k).inner_text()
        before = dataset(page)["version"]
        cards = page.locator("#hand li[data-pick]")
        if cards.count() and rng.random() < 0.7:
            cards.nth(rng.randrange(cards.count())).tap()  # the card, then its lot's button
            lots = page.locator('#options button[data-action^="build "]')
            lots.nth(rng.randrange(lots.count())).tap()
        else:
            buttons = page.locator("#options button[data-action]")
            buttons.nth(rng.randrange(buttons.count())).tap()
        moved(page, before)
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 392
