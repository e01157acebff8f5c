"""A bot's lookahead plays on copies without a log: the game's own log is never copied.

With the copies sharing the log, every event the game recorded after a lookahead copied
the whole log (600k events per lookahead in a long game with nothing to build)."""

from __future__ import annotations

import pytest

import baldurs_rules as br
from baldurs_rules.bots import make_bot


@pytest.mark.parametrize("spec", ["greedy", "heuristic", "ismcts:iterations=20"])
def test_a_bots_search_never_makes_the_game_copy_its_log(spec: str) -> None:
    game = br.new_game(players=2, seed=6)
    bot = make_bot(spec, 1)
    log = game.state.events
    for _ in range(40):
        if game.is_over:
            break
        action = bot.choose(game)
        assert not game.state.events_shared, "a copy still shares the log"
        game.apply(action)
        assert game.state.events is log, "the log was copied"
    assert len(log) > 40
