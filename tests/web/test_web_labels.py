"""What the web table sends a player to read: names, never an internal id."""

from __future__ import annotations

import re

import baldurs_rules as br
from baldurs_rules.bots import make_bot
from baldurs_rules.web.messages import state_body

ID = re.compile(r"[a-z]+_[a-z_]+")


def test_no_option_label_sent_in_a_whole_game_is_an_id() -> None:
    game = br.new_game(players=3, seed=11)
    bots = [make_bot("random", seat) for seat in range(3)]
    version, sent = 0, 0
    while not game.is_over:
        seat = game.current_player
        decision = state_body(game, seat, version, ["human"] * 3)["decision"]
        assert decision["mine"] and not ID.search(decision["prompt"]), decision["prompt"]
        for group in decision["groups"]:
            assert not ID.search(group["label"]), group
            for option in group["options"]:
                assert not ID.search(option["label"]), option
                sent += 1
        game.apply(bots[seat].choose(game))
        version += 1
    assert sent > 200


def test_the_notation_stays_with_each_option() -> None:
    game = br.new_game(players=2, seed=1)
    decision = state_body(game, 0, 0, ["human", "human"])["decision"]
    actions = {o["action"]: o["label"] for g in decision["groups"] for o in g["options"]}
    assert actions["visit high_hall"] == "Place your worker on The High Hall (Manorborn)"
    assert actions["income"] == "Take income"
