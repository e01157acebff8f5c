"""The text board (``print(game)``, `board_text`) and the rows a frontend lays out."""

from __future__ import annotations

import pytest

import baldurs_rules as br
from baldurs_rules.bots import make_bot
from baldurs_rules.present.board_text import (
    board_text,
    district_rows,
    legend_text,
    location_rows,
    next_reward,
    seat_rows,
)


@pytest.fixture(scope="module")
def midgame() -> br.Game:
    game = br.new_game(4, seed=7, advanced=True)
    bots = [make_bot("greedy", s) for s in range(4)]
    for _ in range(80):  # hands still hold cards (later they run empty: nothing to hide)
        game.apply(bots[game.current_player].choose(game))
    return game


def test_print_game_is_the_public_board(midgame: br.Game) -> None:
    text = str(midgame)
    lines = text.splitlines()
    assert lines[0].startswith(f"Turn {midgame.state.turn + 1} · play · seat ")
    assert len(lines) <= 30 and max(map(len, lines)) <= 160
    for row in district_rows(midgame):
        assert any(line.startswith(row.name) and row.track in line for line in lines)
    assert legend_text(midgame) in lines
    assert "Your hand" not in text
    assert "Your hand (seat 2)" in board_text(midgame, 2)


def test_the_board_hides_every_secret(midgame: br.Game) -> None:
    for seat in range(4):
        sample = midgame.determinize(seat, rng=seat + 1)
        if sample.state.events == midgame.state.events:  # no forced move taken in the sample
            assert str(sample) == str(midgame)
            assert board_text(sample, seat) == board_text(midgame, seat)
    other, real = midgame.determinize(0, rng=1).state, midgame.state
    hidden = [(st.hand[1:], st.agendas[1:], st.deck, st.agenda_deck) for st in (other, real)]
    assert hidden[0] != hidden[1]  # the sample really dealt the secrets again


def test_lot_and_site_cells() -> None:
    game = br.scenario(
        {
            "players": 2,
            "lots": {
                1: {"building": "ropewalk", "owner": 1},
                2: {"building": "drowned_lantern", "owner": 0, "damaged": True},
            },
            "available": [3],
            "banned": [5],
            "sites": {"manorborn_fort_1": {"piece": "watchtower", "owner": 0}},
            "seats": [{"worker": "high_hall"}, {}],
            "damage": {"manorborn": 2},
        }
    )
    manorborn = district_rows(game, short=True)[0]
    assert manorborn.lots == ("1 TH s1", "2 I dmg", "3 open", "4 ·")
    assert manorborn.owners == (1, -1, -1, -1)
    assert "W s0" in manorborn.sites and "fort ·" in manorborn.sites
    assert manorborn.location == "The High Hall: s0; damage 2"
    assert district_rows(game)[0].lots[0] == "1 Trading Hall s1"
    assert district_rows(game)[1].lots[0] == "5 ban"
    high_hall = location_rows(game)[0]
    printed = [t.cost for t in game.content.locations[0].trades]
    assert [cost for cost, _ in high_hall.trades] == [c + 2 for c in printed]
    assert high_hall.workers == (0,) and high_hall.damage == 2


def test_seat_rows_and_next_rewards() -> None:
    content = br.load_content()
    game = br.scenario(
        {
            "players": 2,
            "seats": [{"influence": {"council_of_four": 1}, "resources": {"gold": 4}}, {}],
        }
    )
    row = seat_rows(game)[0]
    assert row.resources["gold"] == 4 and row.influence["council_of_four"] == 1
    council = next(f for f in content.factions if f.id == "council_of_four")
    space = next(i for i, r in enumerate(council.rewards, 1) if r is not None and i > 1)
    assert row.next_rewards["council_of_four"].startswith(f"{space}: ")
    assert next_reward(game, "council_of_four", 10).startswith("top: Gain 1 prestige")
    assert row.worker == "home" and row.hand == 0 and row.portfolio[0] == "The Gilded Manor House"


def test_jupyter_shows_the_board_svg(midgame: br.Game) -> None:
    svg = midgame._repr_svg_()
    assert svg.startswith("<svg") and 'id="district-manorborn"' in svg
