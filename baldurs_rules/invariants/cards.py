"""Invariants of the cards: each in one place, the gate deck, the offer, who knows what."""

from __future__ import annotations

from collections import Counter

from baldurs_rules.invariants.base import Checked, parts, played

__all__ = ["cards_accounted", "gates_accounted", "knowledge_consistent", "offer_refilled"]


def cards_accounted(game: Checked) -> list[str]:
    """Every card of the content is in exactly one place."""
    rules, state = parts(game)
    content = rules.content
    buildings = Counter(state.deck + state.offer + state.discard)
    agendas = Counter(state.agenda_deck)
    gates = Counter(state.gate_deck)
    for seat in range(state.players):
        buildings.update(state.hand[seat])
        agendas.update(state.agendas[seat])
        buildings.update(c for c in state.portfolio[seat] if c in content.buildings)
        gates.update(c for c in state.portfolio[seat] if c in content.gates)
    problems = []
    for name, counted, cards in (
        ("building", buildings, content.buildings),
        ("agenda", agendas, content.agendas),
        ("gate", gates, content.gates),
    ):
        if set(counted) - set(cards):
            problems.append(f"unknown {name} cards {sorted(set(counted) - set(cards))}")
        missing = sorted(set(cards) - set(counted))
        twice = sorted(c for c, n in counted.items() if n > 1)
        if missing or twice:
            problems.append(f"{name} cards missing {missing[:5]} or in two places {twice[:5]}")
    return problems


def gates_accounted(game: Checked) -> list[str]:
    """Each gate on the map came with the top gate card: the gate deck keeps its order
    (the content's, first gate on top), and each seat has as many gate cards as gates.

    Only for a game played from a new game (a scenario may deal gates freely).
    """
    rules, state = parts(game)
    if not played(game):
        return []
    t = rules.t
    start = list(reversed(list(rules.content.gates)))
    problems = []
    if state.gate_deck != start[: len(state.gate_deck)]:
        problems.append(f"the gate deck {state.gate_deck} is not in its order {start}")
    gate = t.fort["gate"]
    for seat in range(state.players):
        cards = sum(1 for c in state.portfolio[seat] if c in rules.content.gates)
        gates = sum(1 for n in t.gate_sites if state.owner[n] == seat and state.piece[n] == gate)
        if cards != gates:
            problems.append(f"seat {seat} has {gates} gates on the map but {cards} gate cards")
    return problems


def offer_refilled(game: Checked) -> list[str]:
    """The offer is full unless both the deck and the discard pile are empty (RULES B12),
    and no rule discards a building card, so the discard pile stays empty.

    Only for a game played from a new game (a scenario may set any offer).
    """
    rules, state = parts(game)
    if not played(game):
        return []
    size = rules.t.offer_size
    problems = []
    if len(state.offer) > size or (len(state.offer) < size and (state.deck or state.discard)):
        problems.append(f"{len(state.offer)} cards on offer, not {size}, with a deck to refill it")
    if state.discard or state.batch:
        problems.append("cards in the discard pile (or reshuffled from it): no rule discards one")
    return problems


def knowledge_consistent(game: Checked) -> list[str]:
    """What seats know of hidden cards (``known_by``, ``batch``) is about cards where it can be.

    A card everyone knows is a building taken from the offer, so it is in a hand; a card
    one seat knows was put back under its deck by that seat (advanced setup), so it is in
    a deck or, drawn again, in a hand. Reshuffled batches are building cards in the deck
    or a hand.
    """
    _, state = parts(game)
    everyone = (1 << state.players) - 1
    hands = {c for cards in state.hand for c in cards}
    hidden = hands | set(state.deck) | set(state.agenda_deck)
    hidden |= {c for cards in state.agendas for c in cards}
    problems = []
    for card, mask in sorted(state.known_by.items()):
        single = 0 < mask < everyone and mask & (mask - 1) == 0
        if (mask == everyone and card in hands) or (single and card in hidden):
            if single and played(game) and not state.advanced:
                problems.append(
                    f"{card!r} put back by seat {mask.bit_length() - 1} in a basic game"
                )
            continue
        problems.append(f"{card!r} is known by seats {mask:b} (binary) where it lies")
    problems += [
        f"{card!r} is in reshuffle {number} but not in the deck or a hand"
        for card, number in sorted(state.batch.items())
        if number < 1 or (card not in hands and card not in state.deck)
    ]
    return problems
