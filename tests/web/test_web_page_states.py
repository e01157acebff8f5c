"""The page's states in headless Chromium: a stale notice goes at the next update, and
while the server is down the page says so plainly and every option is disabled."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, dataset
from web_support import free_port

pytestmark = pytest.mark.browser


def serve(servers: list[Server], tmp_path: Path, *args: str) -> tuple[Server, int]:
    port = free_port()
    game = ["--players", "2", "--humans", "1", "--bots", "random", "--seed", "5"]
    server = Server(tmp_path, port, *game, "--save", str(tmp_path / "t.json"), *args)
    servers.append(server)
    return server, port


def my_turn(page: Any) -> str:
    """Wait until the page shows a decision of its own; its version."""
    page.wait_for_selector("body[data-mine=true][data-state=connected]")
    return dataset(page)["version"]


def click_first_option(page: Any) -> None:
    before = my_turn(page)
    page.locator("#options button[data-action]").first.click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)


def test_a_stale_notice_goes_at_the_next_update(
    browser: Any, servers: list[Server], tmp_path: Path
) -> None:
    server, _ = serve(servers, tmp_path)
    link = server.links["seat 0"]
    first = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    first.goto(link)
    second = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    held: list[Any] = []
    holding, routes = [False], []

    def route(ws: Any) -> None:  # the second tab: the server's messages can be held back
        routes.append(ws)
        server_side = ws.connect_to_server()

        def from_server(message: Any) -> None:
            if holding[0]:
                held.append(message)
            else:
                ws.send(message)

        server_side.on_message(from_server)

    second.route_web_socket("**/ws", route)
    second.goto(link)
    version = my_turn(second)
    holding[0] = True  # the second tab stops hearing from the server: it shows `version`
    click_first_option(first)
    my_turn(first)
    assert dataset(second)["version"] == version
    count = len(held)
    second.locator("#options button[data-action]").first.click()  # a move from the past
    deadline = time.monotonic() + 10
    while len(held) < count + 2 and time.monotonic() < deadline:  # the refusal, the table
        second.wait_for_timeout(50)
    holding[0] = False
    for message in held:  # now the tab hears everything, in order
        routes[-1].send(message)
    second.wait_for_selector("#notice:not([hidden])")
    assert "stale: your page showed move" in second.inner_text("#notice")
    second.wait_for_function(
        f"() => document.body.dataset.version === '{dataset(first)['version']}'"
    )
    second.wait_for_timeout(200)
    assert second.locator("#notice").is_visible()  # the update that came with it keeps it
    click_first_option(first)  # the next update
    second.wait_for_selector("#notice", state="hidden")


def test_while_disconnected_the_options_are_disabled_and_the_page_says_so(
    browser: Any, servers: list[Server], tmp_path: Path
) -> None:
    server, port = serve(servers, tmp_path)
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.goto(server.links["seat 0"])
    my_turn(page)
    assert page.locator("#offline").is_hidden()
    assert page.locator("#options button:disabled").count() == 0
    server.kill()
    page.wait_for_selector("body[data-state=reconnecting]")
    assert page.locator("#offline").is_visible()
    assert "connection to the game server is lost" in page.inner_text("#offline")
    buttons = page.locator("#options button")
    assert buttons.count() > 0
    assert buttons.count() == page.locator("#options button:disabled").count()
    version = dataset(page)["version"]
    buttons.first.click(force=True)  # a disabled button sends nothing
    servers.append(Server(tmp_path, port, "--resume", str(tmp_path / "t.json")))
    page.wait_for_selector("body[data-state=connected]", timeout=20000)
    assert page.locator("#offline").is_hidden()
    assert page.locator("#options button:disabled").count() == 0
    assert dataset(page)["version"] == version


def test_undo_takes_back_my_last_decision_or_says_why_not(
    browser: Any, servers: list[Server], tmp_path: Path
) -> None:
    server, _ = serve(servers, tmp_path)
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.goto(server.links["seat 0"])
    start = my_turn(page)
    prompt, lines = page.inner_text("#prompt"), page.locator("#log li").count()
    page.locator("#undo").click()  # nothing to take back yet
    page.wait_for_selector("#notice:not([hidden])")
    assert "you have made no decision to take back yet" in page.inner_text("#notice")
    page.locator('#options button[data-action="visit pilgrims_steps"]').click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=start)
    assert page.locator('#options button[data-action="skip"]').count() == 1  # its trade
    assert page.locator("#log li").count() > lines
    visited = dataset(page)["version"]
    page.locator("#undo").click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=visited)
    assert int(dataset(page)["version"]) > int(visited)  # a new update, not an old one
    assert page.inner_text("#prompt") == prompt and "move 0" in page.inner_text("#turn")
    assert page.locator("#log li").count() == lines  # the story is told again without it
    assert page.locator("#notice").is_hidden()
