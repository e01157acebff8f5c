"""No message tells a page what its reader may not know (boardgame.io's #169 and PR #400).

A whole game is played through the server by two scripted humans (with a page
that comes back midway) and a bot, a spectator watching. Then every message
the server sent to seat s is rebuilt from the game at that message's version
with every secret s lacks dealt again (``Game.determinize``), and the cards
other seats drew or put back replaced in the log: it must come out the same.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from web_support import Message, Page, running, state

import baldurs_rules as br
from baldurs_rules.bots import make_bot
from baldurs_rules.bots.game_file import read_record
from baldurs_rules.rules.knowledge import PRIVATE_FIELDS
from baldurs_rules.web.messages import narrated, public_part, state_body
from baldurs_rules.web.protocol import Viewer
from baldurs_rules.web.table import Table, event_marks
from baldurs_rules.web.tokens import SPECTATOR

HUMANS = (0, 1)


def scrambled(game: br.Game, viewer: Viewer, seed: int) -> br.Game | None:
    """A game ``viewer`` cannot tell from ``game`` (None if resampling took a forced move)."""
    rng = random.Random(seed)
    keeper = rng.randrange(game.state.players) if viewer == SPECTATOR else int(viewer)
    sample = game.determinize(keeper, rng=rng)
    if sample.state.decision != game.state.decision or len(sample.state.events) != len(
        game.state.events
    ):
        return None
    cards = sorted(game.content.buildings) + sorted(game.content.agendas)
    events = sample.state.events[:]  # a new list: a copy shares its original's log
    for index, event in enumerate(events):
        if event[0] in PRIVATE_FIELDS and event[1] != viewer:
            events[index] = (*event[:-1], rng.choice(cards))
    sample.state.events = events
    return sample


def as_sent(data: Any) -> Any:
    return json.loads(json.dumps(data))


def play_through_the_server(table: Table) -> dict[Viewer, list[Message]]:
    """The whole game, humans answering at random; every message each page received."""
    rng = random.Random(5)
    pages: dict[Viewer, list[Page]] = {}
    with running(table) as address:
        for viewer in (*HUMANS, SPECTATOR):
            page = Page(address)
            page.join(
                viewer,
                table.tokens.spectator if viewer == SPECTATOR else table.tokens.seats[viewer],
            )
            pages[viewer] = [page]
        answered: set[int] = set()
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            over = True
            for opened in pages.values():
                for page in opened:
                    page.drain(0.005)
            for seat in HUMANS:
                page = pages[seat][-1]
                last = [m for m in page.received if state(m)][-1]
                over &= last["view"]["phase"] == "over"
                decision = last["decision"]
                if decision and decision["mine"] and last["version"] not in answered:
                    answered.add(last["version"])
                    group = rng.choice(decision["groups"])
                    action = rng.choice(group["options"])["action"]
                    message = {"type": "act", "seat": seat, "token": table.tokens.seats[seat]}
                    page.send({**message, "action": action, "version": last["version"]})
                if len(answered) == 30 and len(pages[1]) == 1:  # seat 1 comes back
                    again = Page(address)
                    again.join(1, table.tokens.seats[1])
                    pages[1].append(again)
            if over:
                break
        for opened in pages.values():
            for page in opened:
                page.drain(0.3)
    assert over, "the game did not end in time"
    return {
        viewer: [m for page in opened for m in page.received] for viewer, opened in pages.items()
    }


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Table, dict[Viewer, list[Message]]]:
    bots = [None, None, make_bot("random", 7)]
    path = tmp_path_factory.mktemp("leaks") / "game.json"
    table = Table.new(br.new_game(3, seed=19), bots, path)
    return table, play_through_the_server(table)


def games_by_version(table: Table) -> list[br.Game]:
    record = read_record(table.path)
    game = br.new_game(record["players"], record["seed"], record["advanced"])
    games = [game.clone()]
    for action in record["actions"]:
        game.apply(action)
        games.append(game.clone())
    assert games[-1] == table.game and games[-1].is_over
    return games


def test_every_table_sent_is_unchanged_by_secrets_its_reader_lacks(
    played: tuple[Table, dict[Viewer, list[Message]]],
) -> None:
    table, received = played
    games = games_by_version(table)
    publics = [as_sent(public_part(game)) for game in games]
    for version, game in enumerate(games):  # the part every reader gets alike
        sample = next(s for seed in range(20) if (s := scrambled(game, SPECTATOR, seed + version)))
        assert as_sent(public_part(sample)) == publics[version], version
    checked: set[tuple[Viewer, int]] = set()
    for viewer, messages in received.items():
        for message in messages:
            if not state(message) or (viewer, message["version"]) in checked:
                continue
            version = message["version"]
            body = {k: v for k, v in message.items() if k != "log"}
            game, public = games[version], publics[version]
            assert body == as_sent(state_body(game, viewer, version, table.labels, public))
            sample = next(
                s for seed in range(20) if (s := scrambled(game, viewer, seed * 97 + version))
            )
            again = state_body(sample, viewer, version, table.labels, public)
            assert body == as_sent(again), (viewer, version)
            checked.add((viewer, version))
    for viewer in (*HUMANS, SPECTATOR):  # every version was sent to every reader
        assert {v for w, v in checked if w == viewer} == set(range(len(games)))


def test_every_line_sent_is_unchanged_by_secrets_its_reader_lacks(
    played: tuple[Table, dict[Viewer, list[Message]]],
) -> None:
    table, received = played
    games = games_by_version(table)
    marks = event_marks(games[-1])
    for viewer, messages in received.items():
        story: list[list[Any]] = []
        for move, game in enumerate(games):  # each move is told right after it is played
            told = narrated(game, viewer, marks[: move + 1], move)
            sample = next(s for seed in range(20) if (s := scrambled(game, viewer, seed + move)))
            assert narrated(sample, viewer, marks[: move + 1], move) == told, (viewer, move)
            story += told
        assert story == table.lines(viewer)
        for message in messages:
            if state(message):
                start, lines = message["log"]["start"], message["log"]["lines"]
                assert lines == as_sent(story[start : start + len(lines)])
        assert sum(1 for m in messages if state(m) and m["log"]["start"] == 0) >= 1


def test_the_check_would_see_a_hand_or_a_drawn_card_that_leaked(
    played: tuple[Table, dict[Viewer, list[Message]]],
) -> None:
    """The comparison can fail: what seat 1 holds changes when seat 0's view is resampled."""
    table, _ = played
    games = games_by_version(table)
    game = next(g for g in games[len(games) // 3 :] if len(g.state.hand[1]) >= 3)
    samples = [s for seed in range(10) if (s := scrambled(game, 0, seed))]
    mine = state_body(game, 0, 0, table.labels)
    assert all(state_body(s, 0, 0, table.labels) == mine for s in samples)
    theirs = state_body(game, 1, 0, table.labels)
    assert any(state_body(s, 1, 0, table.labels)["view"] != theirs["view"] for s in samples)
    drawn = [i for i, e in enumerate(game.state.events) if e[0] == "draw_building" and e[1] == 1]
    assert drawn and any(s.state.events[i] != game.state.events[i] for s in samples for i in drawn)


def test_welcome_messages_hold_only_the_content(
    played: tuple[Table, dict[Viewer, list[Message]]],
) -> None:
    table, received = played
    welcomes = [m for messages in received.values() for m in messages if m["type"] == "welcome"]
    assert len(welcomes) == 4  # three pages, and seat 1's second one
    for welcome in welcomes:
        assert welcome == as_sent(table.welcome(welcome["viewer"]))
        assert {k: v for k, v in welcome.items() if k != "viewer"} == {
            k: v for k, v in welcomes[0].items() if k != "viewer"
        }
