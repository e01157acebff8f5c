"""What each seat knows, and resampling what it does not (determinization).

Secrets (RULES B17) are the other hands of buildings and agendas, the order of
the building and agenda decks, the bag and the face-down final-attack token.
The state records, per card, which seats know where it is besides its holder
(``State.known_by``): everyone for a card taken from the offer, the seat itself
for a card it put back under a deck. From that,
[`hidden_slots`][baldurs_rules.rules.knowledge.hidden_slots] lists the places
whose card a seat cannot know, and
[`determinize`][baldurs_rules.rules.knowledge.determinize] deals the cards of
those places again, uniformly: every result is a state the seat cannot tell
from the real one (the same [`view`][baldurs_rules.present.view.view]), and every such
state is equally likely.

A seat knows which places hold cards of which *batch* (cards shuffled into the
deck from the public discard pile form a batch; all others are batch 0), so
cards are only exchanged within a batch.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from baldurs_rules.engine.rng import STATE_WORDS
from baldurs_rules.rules.state import LOT_HIDDEN, State

if TYPE_CHECKING:
    from baldurs_rules.rules import Rules

__all__ = [
    "PRIVATE_FIELDS",
    "Slot",
    "cards_at",
    "cards_known_to",
    "determinize",
    "hidden_slots",
    "known_to",
    "public_event",
]

Slot = tuple[str, int, int]
"""A place holding a card: (where, seat or -1, index); where is ``hand``, ``agendas``,
``deck`` or ``agenda_deck``."""


PRIVATE_FIELDS: dict[str, tuple[str, ...]] = {
    "draw_building": ("card",),
    "draw_agenda": ("card",),
    "discard": ("card",),
}
"""Event fields only the event's own seat may see (a card drawn from a deck or put back)."""


def public_event(event: dict[str, Any], seat: int) -> dict[str, Any]:
    """A copy of ``event`` as ``seat`` may see it.

    Examples:
        >>> public_event({"kind": "draw_agenda", "seat": 1, "cause": "x", "card": "a"}, 0)
        {'kind': 'draw_agenda', 'seat': 1, 'cause': 'x'}
    """
    hidden = PRIVATE_FIELDS.get(event["kind"])
    if not hidden or event["seat"] == seat:
        return dict(event)
    return {k: v for k, v in event.items() if k not in hidden}


def known_to(state: State, seat: int, card: str) -> bool:
    """Whether ``seat`` knows where ``card`` (in a hand or a deck) is.

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.new_game(players=2, seed=1)
        >>> known_to(game.state, 1, game.state.hand[0][0])
        False
    """
    return bool(state.known_by.get(card, 0) >> seat & 1)


def cards_known_to(state: State, seat: int) -> set[str]:
    """Every card in a hand or a deck whose place ``seat`` knows besides its holder
    (the cards for which [`known_to`][baldurs_rules.rules.knowledge.known_to] is true).

    Examples:
        >>> import baldurs_rules as br
        >>> cards_known_to(br.new_game(players=2, seed=1).state, 0)
        set()
    """
    bit = 1 << seat
    return {card for card, mask in state.known_by.items() if mask & bit}


def _places(state: State) -> Iterator[tuple[str, int, list[str]]]:
    for seat in range(state.players):
        yield "hand", seat, state.hand[seat]
        yield "agendas", seat, state.agendas[seat]
    yield "deck", -1, state.deck
    yield "agenda_deck", -1, state.agenda_deck


def hidden_slots(
    state: State, seat: int, keep: tuple[int, ...] = ()
) -> dict[tuple[str, int], list[Slot]]:
    """The places whose card ``seat`` cannot know, grouped into exchangeable pools.

    A pool is keyed by the kind of card (``"building"`` or ``"agenda"``) and its
    batch; any card of a pool may be in any place of that pool. The hands of the
    seats in ``keep`` are left out (their cards are not moved).
    """
    pools: dict[tuple[str, int], list[Slot]] = {}
    for where, owner, cards in _places(state):
        if owner == seat or owner in keep:
            continue
        kind = "agenda" if where in ("agendas", "agenda_deck") else "building"
        for index, card in enumerate(cards):
            if not known_to(state, seat, card):
                key = (kind, state.batch.get(card, 0) if kind == "building" else 0)
                pools.setdefault(key, []).append((where, owner, index))
    return pools


def cards_at(state: State, where: str, owner: int) -> list[str]:
    """The cards of one place of a [`Slot`][baldurs_rules.rules.knowledge.Slot]."""
    if where == "hand":
        return state.hand[owner]
    if where == "agendas":
        return state.agendas[owner]
    return state.deck if where == "deck" else state.agenda_deck


def determinize(
    rules: Rules, state: State, seat: int, rng: random.Random, tries: int = 50
) -> State:
    """A copy of ``state`` with every secret hidden from ``seat`` dealt again.

    The cards of each pool of [`hidden_slots`][baldurs_rules.rules.knowledge.hidden_slots]
    are shuffled among the pool's places (what other seats know moves with the
    place, not the card); the face-down token is drawn again from the lots not yet
    revealed (the rest form the bag); the random generator gets a fresh state, so
    future draws are not those of the real game either.

    The result depends only on what ``seat`` knows and on ``rng``: each pool's
    cards are sorted before they are shuffled, so two states ``seat`` cannot tell
    apart give the same sample for the same ``rng`` state. A bot that searches on
    samples therefore chooses the same on the real game as on any determinization
    of it (which is what not using hidden information means), save for the
    rare fallback below.

    ``seat`` also knows that another seat deciding now faces a real choice (a
    decision with one answer would have been taken at once): samples that leave
    it fewer than two answers are drawn again, up to ``tries`` times; then the
    deciding seat's hand is kept as it is (always consistent).

    Args:
        rules: The rules of the state's content.
        state: The real state (unchanged).
        seat: The seat whose knowledge is kept.
        rng: The source of the resampling.
        tries: Samples drawn before keeping the deciding seat's hand.

    Returns:
        A new state, at the same decision, that records no events (it reads the real
        log as it stands; it is meant to be searched while the real game waits).
    """
    decider = -1 if state.decision is None else state.decision.seat
    for attempt in range(tries + 1):
        keep = (decider,) if attempt == tries else ()
        new = _resample(state, seat, rng, keep)
        if decider in (-1, seat) or len(rules.machine.legal_view(new)) >= 2:
            break
    return new


def _resample(state: State, seat: int, rng: random.Random, keep: tuple[int, ...]) -> State:
    # The sample records no events and reads the real log as it is: the real game only
    # appends to it, so it is never copied because of a sample (bots draw one per move).
    new = state.clone(log=False)
    new.events = state.events
    new.events_shared = True  # should a copy of the sample ever log, it copies first
    for slots in hidden_slots(state, seat, keep).values():
        cards = [cards_at(state, where, owner)[i] for where, owner, i in slots]
        masks = [state.known_by.get(card, 0) for card in cards]
        batches = [state.batch.get(card) for card in cards]
        cards.sort()  # canonical: the sample must not depend on where the cards really are
        rng.shuffle(cards)
        for (where, owner, index), card, mask, batch in zip(
            slots, cards, masks, batches, strict=True
        ):
            cards_at(new, where, owner)[index] = card
            _set(new.known_by, card, mask)
            _set(new.batch, card, batch)
    if new.final_token >= 0 and new.lots[new.final_token] == LOT_HIDDEN:
        unrevealed = sorted([*new.bag, new.final_token])
        new.final_token = unrevealed.pop(rng.randrange(len(unrevealed)))
        new.bag = unrevealed
    new.rng = [rng.getrandbits(32) for _ in range(STATE_WORDS)]
    new.options = None
    return new


def _set(table: dict[str, int], card: str, value: int | None) -> None:
    if value:
        table[card] = value
    else:
        table.pop(card, None)
