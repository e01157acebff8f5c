"""Narration (`br.narrate`, `br.narration`): one line per happening, its cause, no secrets."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

import baldurs_rules as br
from baldurs_rules.bots import make_bot
from baldurs_rules.present.narration import cause_text, seat_text
from baldurs_rules.rules.events import record
from baldurs_rules.rules.knowledge import PRIVATE_FIELDS


@cache
def played(players: int, seed: int, advanced: bool, bots: str = "greedy") -> br.Game:
    """A whole bot game (cached: tests only read it)."""
    game = br.new_game(players, seed, advanced)
    seats = [make_bot(bots, seed * 10 + s) for s in range(players)]
    while not game.is_over:
        game.apply(seats[game.current_player].choose(game))
    return game


GAMES = [(2, 1, False), (3, 4, True), (4, 7, True), (4, 5, False)]


# ---------------------------------------------------------------- every event is told once
@pytest.mark.parametrize(("players", "seed", "advanced"), GAMES)
def test_every_event_is_told_by_exactly_one_line(players: int, seed: int, advanced: bool) -> None:
    game = played(players, seed, advanced)
    for reader in [None, *range(players)]:
        told = [i for line in br.narration(game, reader) for i in line.events]
        assert sorted(told) == list(range(len(game.state.events)))
        texts = br.narrate(game, reader)
        assert all(text and text[0].isupper() and text.endswith(".") for text in texts)
        assert not any("_" in text or "bonus:" in text for text in texts), "an id leaked into text"


def test_told_action_by_action_is_told_as_at_the_end() -> None:
    """A cause before the slice (a bonus after a decision, the track count) is still found.

    The one difference allowed: a run of one cause that a decision cut in two (``repeat
    3: choose (gain 2 supply | ...)``) is two lines when told action by action, since the
    log does not record where the decisions fell.
    """
    game = br.new_game(3, seed=4)
    bots = [make_bot("greedy", s) for s in range(3)]
    pieces: dict[int | None, list[br.Line]] = {None: [], 0: [], 1: [], 2: []}
    while not game.is_over:
        start = len(game.state.events)
        game.apply(bots[game.current_player].choose(game))
        for reader, lines in pieces.items():
            lines += br.narration(game, reader, start)
    first = pieces[0][0].events[0]
    cut = 0
    for reader, lines in pieces.items():
        whole = {line.events: line for line in br.narration(game, reader, first)}
        for line in lines:
            if line.events in whole:
                assert line == whole[line.events]
                continue
            cut += 1
            merged = next(w for w in whole.values() if set(line.events) < set(w.events))
            assert merged.kind == line.kind == "resource"
    assert cut < 20


def test_every_forced_move_is_told_as_forced() -> None:
    game = played(4, 7, True)
    forced = {i for i, e in enumerate(game.state.events) if e[0] == "forced"}
    assert forced
    for line in br.narration(game, 0):
        if forced & set(line.events):
            assert line.tone == "forced" and line.kind == "forced"
            assert "one option" in line.text or "no other income ability" in line.text


# ---------------------------------------------------------------- no secrets
def scrambled(game: br.Game, reader: int | None, seed: int) -> br.Game:
    """A game the reader cannot tell from ``game``: secrets dealt again, and the cards
    other seats drew or put back replaced in the log by other cards."""
    sample = game.determinize(0 if reader is None else reader, rng=seed)
    rng = random.Random(seed)
    cards = sorted(game.content.buildings) + sorted(game.content.agendas)
    events = sample.state.events[:]  # a new list: a copy shares its original's log
    for index, event in enumerate(events):
        if event[0] in PRIVATE_FIELDS and event[1] != reader:
            events[index] = (*event[:3], *event[3:-1], rng.choice(cards))
    sample.state.events = events
    return sample


@pytest.mark.parametrize(("players", "seed", "advanced"), GAMES)
def test_narration_is_unchanged_by_secrets_the_reader_lacks(
    players: int, seed: int, advanced: bool
) -> None:
    game = br.new_game(players, seed, advanced)
    bots = [make_bot("random", s) for s in range(players)]
    for step in range(400):
        if game.is_over:
            break
        if step % 40 == 39:
            for reader in [None, *range(players)]:
                sample = scrambled(game, reader, step)
                # (a resampled hand may leave a decision with one answer, which determinize takes)
                told = len(game.state.events)
                assert br.narrate(sample, reader, 0, told) == br.narrate(game, reader)
        game.apply(bots[game.current_player].choose(game))


def test_the_scramble_would_be_seen_by_the_cards_own_seat() -> None:
    """The leak test can fail: the seat that drew a card reads its name."""
    game = played(4, 7, True)
    drawer = next(e[1] for e in game.state.events if e[0] == "discard")
    other = (drawer + 1) % 4
    sample = scrambled(game, other, 3)
    assert br.narrate(sample, drawer) != br.narrate(game, drawer)


def test_no_line_names_a_card_hidden_in_another_hand() -> None:
    game = br.new_game(4, seed=9, advanced=True)
    bots = [make_bot("greedy", s) for s in range(4)]
    for _ in range(150):
        game.apply(bots[game.current_player].choose(game))
    names = game.content.names()
    for reader in range(4):
        text = "\n".join(br.narrate(game, reader))
        seen = {str(v) for e in game.events_for(reader) for v in e.values()}
        for seat in range(4):
            if seat == reader:
                continue
            known = game.state.known_by
            for card in game.state.hand[seat] + game.state.agendas[seat]:
                if not known.get(card, 0) >> reader & 1 and card not in seen:
                    assert names[card] not in text, (reader, card)


# ---------------------------------------------------------------- the texts
def bonus_game() -> tuple[br.Game, int]:
    game = br.scenario(
        {
            "players": 3,
            "seats": [{"resources": {"gold": 2}, "hand": ["fishmongers_row"]}, {}, {}],
            "lots": {14: {"building": "marsh_road_caravanserai", "owner": 2}},
            "available": [15],
        }
    )
    start = len(game.state.events)
    game.apply("build fishmongers_row 15")
    return game, start


def test_a_connection_bonus_says_which_pieces_are_joined() -> None:
    game, start = bonus_game()
    mine = br.narrate(game, 0, start)
    assert mine[0] == "You build Fishmongers' Row (market) on lot 15 in Seatower for 2 gold."
    assert mine[1] == (
        "Seat 2 gains 1 supply: their Trading Hall on lot 14"
        " is joined to your new Market on lot 15."
    )
    assert br.narrate(game, 2, start)[1] == (
        "You gain 1 supply: your Trading Hall on lot 14 is joined to seat 0's new Market on lot 15."
    )
    assert mine[2] == "You gain 1 prestige: you built Fishmongers' Row."  # when built
    assert "lot token drawn" not in mine[3] and mine[3].startswith("Lot ")
    assert "the token drawn after your build" in mine[3] and "attack track 1/4" in mine[3]


def test_a_forced_turn_is_told() -> None:
    game = br.scenario(
        {"players": 2, "active": 1, "seats": [{"worker": "high_hall"}, {"resources": {"gold": 1}}]}
    )
    start = len(game.state.events)
    game.apply("income")
    game.apply("done") if game.current_player == 1 else None
    lines = br.narration(game, 0, start)
    assert "You have one option this turn: take income." in [line.text for line in lines]
    assert br.narrate(game, 1, start).count("Seat 0 has one option this turn: take income.") == 1


def test_an_attack_its_damage_and_the_worker_sent_home() -> None:
    game = br.scenario(
        {
            "players": 2,
            "seats": [
                {
                    "resources": {"gold": 3},
                    "hand": ["wide_fruit_market"],
                    "worker": "pilgrims_steps",
                },
                {},
            ],
            "lots": {9: {"building": "wailing_gull", "owner": 1}},
            "available": [10],
            "banned": [n for n in range(2, 37) if n not in (9, 10, 12)],  # only 12 in the bag
            "final_token": 1,
        }
    )
    start = len(game.state.events)
    game.apply("build wide_fruit_market 10")
    lines = br.narrate(game, 1, start)
    assert lines[1] == (
        "Seat 0's worker comes home from The Pilgrims' Steps:"
        " they built The Wide Fruit Market in Temples."
    )
    assert (
        lines[2]
        == "You gain 1 favor: your Inn on lot 9 is joined to seat 0's new Market on lot 10."
    )
    assert lines[3] == "Seat 0 gains 1 prestige: they built The Wide Fruit Market."
    assert lines[4] == (
        "Lot 12 in Temples becomes available: the token drawn after seat 0's build"
        " (Temples attack track 4/4: an attack now)."
    )
    assert lines[5] == "The last lot token is drawn: the end of the game is triggered."
    assert lines[6] == "An attack on Temples: strength 1 against defense 0: Temples falls."
    assert lines[7] == (
        "A damage token on The Pilgrims' Steps: each of its trades now costs 1 more favor."
    )
    assert lines[8] == (
        "Your Inn on lot 9 is damaged (you had no fortification defending Temples);"
        " your cube comes back."
    )
    assert lines[10].startswith("Final round (the end is triggered): every other player")


def test_drawn_and_put_back_cards_are_named_for_their_seat_only() -> None:
    game = played(4, 7, True)
    names = game.content.names()
    events = game.state.events
    put_back = next(e for e in events if e[0] == "discard" and e[1] == 1)
    drawn = next(e for e in events if e[0] == "draw_building" and e[1] == 1)
    mine, theirs = "\n".join(br.narrate(game, 1)), "\n".join(br.narrate(game, 0))
    assert f"You put {names[put_back[4]]} back under the {put_back[3]} deck" in mine
    assert f"Seat 1 puts a {put_back[3]} card back under the {put_back[3]} deck" in theirs
    assert f"You draw {names[drawn[3]]} from the deck" in mine
    assert "Seat 1 draws a building card from the deck" in theirs


def test_rewards_agendas_and_the_end_are_told_with_their_cause() -> None:
    game = played(4, 7, True)
    names = game.content.names()
    text = "\n".join(br.narrate(game, None))
    events = game.events
    agenda = next(e for e in events if e["kind"] == "agenda_scored")
    who = f"Seat {agenda['seat']}"
    assert f"{who} scores the agenda {names[agenda['cause']]}: {agenda['value']} prestige." in text
    token = next(e for e in events if e["kind"] == "final_token")
    district = names[token["district"]]
    assert f"The face-down token is lot {token['lot']}: the final attack is on {district}." in text
    assert f"The final attack on {district}: strength" in text
    winners = game.result().winners
    assert text.endswith(f"The game is over: seat {winners[0]} wins.") or len(winners) > 1
    assert re.search(r"Seat \d gains \d+ \w+: they reached [A-Z][\w' ]+ space \d+\.", text)
    assert re.search(r"Seat \d loses 1 gold: seat \d (reached|used) ", text)


def test_tones_mark_the_lines_a_frontend_highlights() -> None:
    lines = br.narration(played(4, 7, True), 0)
    tones = {line.kind: line.tone for line in lines}
    assert tones["attack"] == "attack" and tones["damaged"] == "attack"
    assert tones["game_over"] == "end" and tones["agenda_scored"] == "score"
    assert tones["forced"] == "forced" and tones["action"] == "turn"


# ---------------------------------------------------------------- arguments
def test_a_slice_and_bad_seats() -> None:
    game = played(2, 1, False)
    total = len(game.state.events)
    assert br.narrate(game, 0, total) == []
    assert br.narrate(game, 0, 10, 5) == []
    assert br.narrate(game, 0, total + 50) == []
    assert br.narrate(game, 0, 0, 3) == br.narrate(game, 0)[: len(br.narrate(game, 0, 0, 3))]
    for bad in (2, -1, "0", 1.0, True):
        with pytest.raises(br.RulesError, match="seat must be None or 0 to 1"):
            br.narration(game, bad)  # type: ignore[arg-type]


def test_words_for_seats_and_causes() -> None:
    game = br.new_game(2, seed=1)
    assert (seat_text(0, 0), seat_text(1, 0), seat_text(-1, 0)) == ("you", "seat 1", "the city")
    assert cause_text(game, "thieves_guild:top", 0) == "Thieves' Guild, past the top space"
    assert cause_text(game, "high_hall:2", 0) == "The High Hall, trade 2"
    assert cause_text(game, "attack:temples:largest", 0) == "the attack on Temples"
    assert cause_text(game, "no_such_cause", 0) == "no such cause"


def test_a_forced_put_back_does_not_name_the_card_to_others() -> None:
    """``forced`` events carry the action (``discard <card>``): only its seat reads the card."""
    game = br.new_game(2, seed=1).clone()
    record(game.state, ("forced", 1, "advanced_setup", "keep", "discard elfsong_tavern"))
    start = len(game.state.events) - 1
    assert br.narrate(game, 0, start) == [
        "Seat 1 has one option for the advanced setup: put a card back."
    ]
    assert br.narrate(game, None, start) == br.narrate(game, 0, start)
    assert br.narrate(game, 1, start) == [
        "You have one option for the advanced setup: put The Elfsong Tavern back."
    ]
