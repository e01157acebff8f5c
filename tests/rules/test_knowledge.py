"""What each seat knows, and determinization (`Game.determinize`, `rules.knowledge`).

RULES B17: hands, deck orders, the bag and the face-down token are secret. A
determinized game must look the same to the seat (same `view`), be a state the
engine can reach (every invariant), keep what the seat has seen where it saw it,
and put every unknown card in every place it could be.
"""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

import baldurs_rules as br
from baldurs_rules.invariants import check_all
from baldurs_rules.rules import Rules
from baldurs_rules.rules.knowledge import cards_at, hidden_slots, known_to
from baldurs_rules.rules.state import LOT_HIDDEN


def midgame(players: int, seed: int, steps: int, advanced: bool = False) -> br.Game:
    game = br.new_game(players=players, seed=seed, advanced=advanced)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def take_from_offer(game: br.Game) -> str:
    """Play until some seat takes a card from the offer; return that card."""
    rng = random.Random(3)
    while not game.is_over:
        options = game.legal_actions()
        takes = [a for a in options if a.kind == "take" and a.args[0] != "deck"]
        if takes:
            game.apply(takes[0])
            return str(takes[0].args[0])
        game.apply(rng.choice(options))
    raise AssertionError("nobody took a card from the offer")


@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 250),
    advanced=st.booleans(),
    sample=st.integers(0, 2**32),
)
def test_a_determinized_game_looks_the_same_and_is_reachable(
    players: int, seed: int, steps: int, advanced: bool, sample: int
) -> None:
    game = midgame(players, seed, steps, advanced)
    before = game.to_json()
    for seat in range(players):
        copy = game.determinize(seat, sample + seat)
        assert copy.view(seat) == game.view(seat)
        assert check_all(copy) == []
        assert copy.current_player == game.current_player
        if not game.is_over and copy.current_player == seat:
            assert copy.legal_actions() == game.legal_actions()
    assert game.to_json() == before, "determinize must not change the real game"


def test_every_unknown_card_appears_in_every_place_it_could_be() -> None:
    game = midgame(3, 4, 40)
    seat = 0
    pools = hidden_slots(game.state, seat)
    assert pools, "a game at turn 10 has secrets"
    seen: dict[tuple[str, int, int], set[str]] = defaultdict(set)
    rng = random.Random(9)
    for _ in range(3000):
        copy = game.determinize(seat, rng)
        for slots in pools.values():
            for where, owner, index in slots:
                seen[(where, owner, index)].add(cards_at(copy.state, where, owner)[index])
    for slots in pools.values():
        pool_cards = set()
        for where, owner, index in slots:
            pool_cards |= seen[(where, owner, index)]
        for slot in slots:
            assert seen[slot] == pool_cards, f"{slot} never held {pool_cards - seen[slot]}"


def test_a_card_taken_from_the_offer_stays_in_the_takers_hand() -> None:
    game = br.new_game(players=3, seed=12)
    card = take_from_offer(game)
    taker = next(s for s in range(3) if card in game.state.hand[s])
    for seat in range(3):
        assert known_to(game.state, seat, card)
        if seat != taker:
            assert card in game.view(seat)["seats"][taker]["known_hand"]
    for sample in range(50):
        copy = game.determinize((taker + 1) % 3, sample)
        assert card in copy.state.hand[taker]


def test_a_card_drawn_from_the_deck_is_not_known_to_others() -> None:
    game = br.new_game(players=2, seed=3)
    state = game.state
    card = state.hand[1][0]
    assert not known_to(state, 0, card)
    places = set()
    for sample in range(200):
        copy = game.determinize(0, sample)
        places.add("hand" if card in copy.state.hand[1] else "deck")
    assert places == {"hand", "deck"}


def test_put_back_cards_are_known_to_the_seat_that_put_them_back() -> None:
    game = br.new_game(players=2, seed=5, advanced=True)
    rng = random.Random(5)
    while not any(e["kind"] == "discard" and e["seat"] == 0 for e in game.events):
        game.apply(rng.choice(game.legal_actions()))
    put_back = [e["card"] for e in game.events if e["kind"] == "discard" and e["seat"] == 0]
    state = game.state
    for card in put_back:
        assert known_to(state, 0, card) and not known_to(state, 1, card)
    positions = {c: (state.deck + state.agenda_deck).index(c) for c in put_back}
    for sample in range(30):
        copy = game.determinize(0, sample).state
        for card in put_back:
            assert (copy.deck + copy.agenda_deck).index(card) == positions[card]
    # Seat 1 did not see them: in its samples they move.
    moved = {
        card
        for sample in range(30)
        for card in put_back
        if card not in game.determinize(1, sample).state.deck + state.agenda_deck
        or (game.determinize(1, sample).state.deck + state.agenda_deck).index(card)
        != positions[card]
    }
    assert moved


def test_the_face_down_token_can_be_any_lot_not_yet_revealed() -> None:
    game = midgame(4, 2, 30)
    state = game.state
    unrevealed = {n for n in [*state.bag, state.final_token] if state.lots[n] == LOT_HIDDEN}
    tokens = {game.determinize(1, sample).state.final_token for sample in range(600)}
    assert tokens == unrevealed


def test_the_future_of_a_determinized_game_is_not_the_real_one() -> None:
    game = midgame(2, 8, 20)
    rngs = {tuple(game.determinize(0, sample).state.rng) for sample in range(20)}
    assert tuple(game.state.rng) not in rngs and len(rngs) == 20


def test_determinize_refuses_a_seat_that_does_not_play() -> None:
    game = br.new_game(players=2, seed=1)
    for bad in (-1, 2, "0", None):
        with pytest.raises(br.RulesError, match="seat must be 0 to 1"):
            game.determinize(bad, 1)  # type: ignore[arg-type]


def test_a_determinized_game_plays_on_to_a_scored_end() -> None:
    game = midgame(4, 21, 60, advanced=True)
    copy = game.determinize(2, 4)
    rng = random.Random(4)
    while not copy.is_over:
        copy.apply(rng.choice(copy.legal_actions()))
    assert check_all(copy) == []
    assert not game.is_over


def test_reshuffled_cards_are_only_exchanged_among_themselves() -> None:
    content = br.load_content()
    rest = [c for c in content.buildings if c not in ("elfsong_tavern", "wailing_gull")]
    game = br.scenario(
        {
            "players": 2,
            "seats": [{"hand": ["elfsong_tavern"]}, {"hand": ["wailing_gull"]}],
            "deck": [],
            "discard": rest,
            "offer": [],
        }
    )
    state = game.state
    Rules.of(game.content).take_from_deck(
        state, 1, "test"
    )  # the deck is empty: the discard pile is shuffled
    assert state.hand[1][0] == "wailing_gull" and state.hand[1][1] in rest
    drawn_places = set()
    for sample in range(40):
        copy = game.determinize(0, sample).state
        assert copy.hand[1][0] == "wailing_gull", "a card from before the reshuffle stays apart"
        assert copy.hand[1][1] in rest
        drawn_places.add(copy.hand[1][1])
    assert len(drawn_places) > 10
