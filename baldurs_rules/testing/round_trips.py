"""Round trips and refusals a rule tester checks on a game (they play the game to check it).

The invariants of [`baldurs_rules.invariants`][] look at one state; these use the
whole [`Game`][baldurs_rules.game.Game] API: a JSON save and load, a replay of the
record, a refused action, the view of a seat after every secret hidden from it
was dealt again.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=3)
    >>> json_round_trip(game), replay_matches(game), view_hides_hidden(game, 0)
    ([], [], [])
    >>> rejects_illegal(game, br.Action("visit", ("nowhere",)))
    []
"""

from __future__ import annotations

import random

from baldurs_rules.actions import Action
from baldurs_rules.errors import IllegalActionError
from baldurs_rules.game import Game, replay

__all__ = ["json_round_trip", "rejects_illegal", "replay_matches", "view_hides_hidden"]


def json_round_trip(game: Game) -> list[str]:
    """``Game.from_json(game.to_json())`` equals the game, its history included."""
    again = Game.from_json(game.to_json(), game.content)
    if again != game or again.record() != game.record():
        return ["the game changed through a JSON round trip"]
    return []


def replay_matches(game: Game) -> list[str]:
    """Replaying the game's record from its seed gives the same state."""
    again = replay(game.record(), game.content)
    return [] if again.state == game.state else ["replaying the record gives another state"]


def rejects_illegal(game: Game, action: Action | str) -> list[str]:
    """``action`` is refused with ``IllegalActionError`` and leaves the game unchanged.

    Only meaningful for an action that is not legal now (returns [] for a legal one).
    """
    if game.is_legal(action):
        return []
    before = game.clone()
    try:
        game.apply(action)
    except IllegalActionError:
        pass
    else:
        return [f"illegal action {action!r} was accepted"]
    unchanged = game == before and game.record() == before.record()
    return [] if unchanged else [f"rejected {action!r} changed the game"]


def view_hides_hidden(game: Game, seat: int) -> list[str]:
    """Resampling every secret hidden from ``seat`` (other hands, deck orders, the bag,
    the face-down token) leaves ``view(seat)`` alone."""
    before = game.view(seat)
    rng = random.Random(seat)
    for _ in range(3):
        after = game.determinize(seat, rng).view(seat)
        if after != before:
            return [f"view({seat}) shows hidden information"]
    return []
