"""Setup, basic and advanced (RULES Part A "Setup" and "Advanced setup"; B16, B18)."""

from __future__ import annotations

from collections import Counter

import pytest
from rules_support import (
    LOT_AVAILABLE,
    LOT_BANNED,
    LOT_HIDDEN,
    legal,
    mod_content,
    node,
    play,
    res,
    tables,
)

import baldurs_rules as br
from baldurs_rules.rules.pending import DraftAsk, TurnAsk

SEEDS = range(12)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_player_counts_set_up_one_seat_each(players):
    game = br.new_game(players=players, seed=1)
    state = game.state
    assert state.players == players
    assert len(state.res) == len(state.hand) == len(state.hq) == players
    assert len(set(state.hq)) == players  # one different HQ card each
    assert game.current_player == 0


@pytest.mark.parametrize("players", [1, 5, "3", 2.0])
def test_player_count_outside_content_limits_is_refused(players):
    with pytest.raises(br.RulesError):
        br.new_game(players=players, seed=1)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_eight_starting_lots_and_banned_lots_by_player_count(players, seed):
    game = br.new_game(players=players, seed=seed)
    t, state = tables(game), game.state
    status = Counter(state.lots[n] for n in t.lot_nodes)
    assert status[LOT_AVAILABLE] == 8
    assert status[LOT_BANNED] == {2: 8, 3: 4, 4: 0}[players]
    # every revealed token (available or banned) is on its district's track
    for d in range(len(t.districts)):
        revealed = sum(1 for n in t.district_lots[d] if state.lots[n] != LOT_HIDDEN)
        assert state.track[d] == revealed


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_no_district_has_a_fourth_token_after_setup(players, seed):
    game = br.new_game(players=players, seed=seed)
    assert max(game.state.track) <= 3
    assert not any(e["kind"] == "attack" for e in game.events)


def test_fourth_token_goes_back_for_starting_lots(tmp_path):
    # 27 starting tokens in 9 districts: only possible with at most 3 per district,
    # so every district ends with exactly 3 (a plain draw would overfill some).
    content = mod_content(tmp_path, game="setup: {starting_lots: 27}\n")
    for seed in range(5):
        game = br.new_game(players=4, seed=seed, content=content)
        assert game.state.track == [3] * 9


def test_fourth_token_goes_back_for_banned_lots(tmp_path):
    # 19 starting + 8 banned (2 players) = 27 tokens: again exactly 3 per district.
    content = mod_content(tmp_path, game="setup: {starting_lots: 19}\n")
    for seed in range(5):
        game = br.new_game(players=2, seed=seed, content=content)
        state, t = game.state, tables(game)
        assert sum(1 for n in t.lot_nodes if state.lots[n] == LOT_BANNED) == 8
        assert state.track == [3] * 9


@pytest.mark.parametrize("players", [2, 3, 4])
def test_face_down_token_is_hidden_and_not_in_the_bag(players):
    for seed in SEEDS:
        game = br.new_game(players=players, seed=seed)
        state, t = game.state, tables(game)
        assert state.final_token in t.lot_nodes
        assert state.lots[state.final_token] == LOT_HIDDEN
        assert state.final_token not in state.bag
        hidden = {n for n in t.lot_nodes if state.lots[n] == LOT_HIDDEN}
        assert set(state.bag) == hidden - {state.final_token}
        assert len(state.bag) == 36 - 8 - {2: 8, 3: 4, 4: 0}[players] - 1
        assert game.view(0)["final_token"] is None
        assert not [e for e in game.events if e.get("lot") == t.node_lot[state.final_token]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_resources_hands_and_offer(players):
    game = br.new_game(players=players, seed=3)
    state = game.state
    for seat in range(players):
        assert res(game, seat) == {"gold": 6, "supply": 1, "favor": 1, "prestige": 0}
        assert len(state.hand[seat]) == 3
        assert len(state.agendas[seat]) == 3
        assert state.portfolio[seat] == ()
        assert state.influence[seat] == [0, 0, 0]
        assert state.worker[seat] == -1
        assert state.cubes[seat] == 25 - 3  # one cube on each faction track
    assert len(state.offer) == 4
    dealt = [c for hand in state.hand for c in hand] + state.offer + state.deck
    assert Counter(dealt) == Counter(list(game.content.buildings))
    agendas = [c for hand in state.agendas for c in hand] + state.agenda_deck
    assert Counter(agendas) == Counter(list(game.content.agendas))
    # the gate deck is public and complete
    assert sorted(state.gate_deck) == sorted(game.content.gates)


@pytest.mark.parametrize("seed", SEEDS)
def test_hq_tile_on_the_hq_site_of_its_cards_district(seed):
    game = br.new_game(players=4, seed=seed)
    t, state = tables(game), game.state
    for seat, hq in enumerate(state.hq):
        district = t.district_index[game.content.hqs[hq].district]
        site = t.hq_site[district]
        assert state.owner[site] == seat
        assert state.piece[site] >= 0
    # no other HQ site is taken
    assert sum(1 for s in t.hq_site if state.owner[s] >= 0) == 4


def test_seat_zero_starts_and_strength_marker_on_first_space():
    game = br.new_game(players=3, seed=9)
    assert game.state.decision == TurnAsk(0)
    assert game.state.active == 0
    assert game.state.strength == 0
    assert game.view(0)["strength"] == 1  # the first space's value
    assert game.state.damage == [0] * 9


@pytest.mark.parametrize("players", [2, 3, 4])
def test_advanced_draft_offers_players_plus_one_hqs_in_reverse_turn_order(players):
    game = br.new_game(players=players, seed=4, advanced=True)
    offered = list(game.state.hq_offer)
    assert len(offered) == players + 1
    assert all(hq == "" for hq in game.state.hq)
    picks = []
    for seat in reversed(range(players)):
        assert game.state.decision == DraftAsk(seat)
        assert game.current_player == seat
        assert sorted(legal(game)) == sorted(f"hq {h}" for h in game.state.hq_offer)
        choice = sorted(game.state.hq_offer)[0]
        picks.append(choice)
        game.apply(f"hq {choice}")
        # a drafted HQ with a setup effect may ask its drafter first (e.g. a site)
        while game.state.decision.kind not in ("draft", "keep"):
            assert game.current_player == seat
            game.apply(game.legal_actions()[0])
        assert game.state.hq[seat] == choice
    # the card nobody took goes back to the box
    (left,) = set(offered) - set(picks)
    assert left not in game.state.hq
    assert game.state.hq_offer == []


def test_advanced_draft_hq_setup_components_citadel_watchtower():
    game = br.new_game(players=3, seed=10, advanced=True)
    assert "marshals_barracks" in game.state.hq_offer
    play(game, "hq marshals_barracks")  # seat 2 picks first
    # "place watchtower here": seat 2 chooses one of the two Citadel Streets sites
    assert (game.state.decision.kind, game.state.decision.seat) == ("fort_site", 2)
    assert sorted(legal(game)) == ["site citadel_streets_fort_1", "site citadel_streets_fort_2"]
    cubes = game.state.cubes[2]
    play(game, "site citadel_streets_fort_2")
    site = node(game, "citadel_streets_fort_2")
    assert game.state.owner[site] == 2
    assert game.state.piece[site] == tables(game).fort["watchtower"]
    assert game.state.cubes[2] == cubes - 1
    assert game.state.hq[2] == "marshals_barracks"
    assert game.state.decision == DraftAsk(1)


def test_advanced_draft_hq_setup_components_gate_and_gold():
    game = br.new_game(players=3, seed=12, advanced=True)
    play(game, "hq caravan_yards")  # "take gate": a gate site and the top gate card
    top = game.state.gate_deck[-1]
    assert (game.state.decision.kind, game.state.decision.seat) == ("gate_site", 2)
    play(game, "site eastway_gate")
    assert game.state.portfolio[2] == (top,)
    assert game.state.owner[node(game, "eastway_gate")] == 2
    gold = res(game, 1)["gold"]
    play(game, "hq smugglers_warehouse")  # "gain 3 gold"
    assert res(game, 1)["gold"] == gold + 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_advanced_deal_five_keep_three_discards_go_under_the_decks(players):
    game = br.new_game(players=players, seed=6, advanced=True)
    for seat in range(players):
        assert len(game.state.hand[seat]) == 5
        assert len(game.state.agendas[seat]) == 5
    while game.state.decision.kind != "keep":
        game.apply(game.legal_actions()[0])
    for seat in range(players):
        for kind, deck_name in (("buildings", "deck"), ("agendas", "agenda_deck")):
            assert (game.state.decision.kind, game.state.decision.seat) == ("keep", seat)
            for _ in range(2):
                hand = game.state.hand[seat] if kind == "buildings" else game.state.agendas[seat]
                card = sorted(hand)[-1]
                assert f"discard {card}" in legal(game)
                assert all(a.startswith("discard ") for a in legal(game))
                game.apply(f"discard {card}")
                assert getattr(game.state, deck_name)[0] == card  # under the deck
                assert card not in hand
    assert game.state.decision == TurnAsk(0)
    for seat in range(players):
        assert len(game.state.hand[seat]) == 3
        assert len(game.state.agendas[seat]) == 3 + (game.state.hq[seat] == "gilded_manor_house")


def test_different_seeds_give_different_setups():
    setups = {br.new_game(players=3, seed=seed).to_json() for seed in range(6)}
    assert len(setups) == 6
    hands = {tuple(br.new_game(players=3, seed=seed).state.hand[0]) for seed in range(6)}
    assert len(hands) > 1


@pytest.mark.parametrize("advanced", [False, True])
def test_same_seed_gives_identical_setup(advanced):
    first = br.new_game(players=4, seed=123, advanced=advanced).to_json()
    second = br.new_game(players=4, seed=123, advanced=advanced).to_json()
    assert first == second
