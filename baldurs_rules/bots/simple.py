"""Simple computer players: a uniform random bot and a one-step greedy bot.

Both follow the [`Bot`][baldurs_rules.bots.Bot] protocol and are deterministic
for a seed: each owns a ``random.Random`` and never touches the global one.

Examples:
    >>> from baldurs_rules.bots import make_bot, play_game
    >>> game = play_game(2, seed=3, bots=[make_bot("random", 1), make_bot("greedy", 2)])
    >>> game.is_over
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from baldurs_rules.actions import Action
from baldurs_rules.bots.base import Option, SeededBot, register
from baldurs_rules.rules import Rules
from baldurs_rules.rules.core import Env, districts_occupied, largest_network

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = ["WEIGHTS", "GreedyBot", "RandomBot", "evaluate"]


@register
class RandomBot(SeededBot):
    """Picks uniformly among the legal actions.

    Args:
        seed: Seeds the bot's own random generator.

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.new_game(2, seed=1)
        >>> RandomBot(5).choose(game) in game.legal_actions()
        True
    """

    name = "random"
    TIER = 0

    def choose(self, game: Game) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(game.legal_actions())


# ---------------------------------------------------------------- evaluation
WEIGHTS: dict[str, float] = {
    "leftover": 1 / 3,  # gold, supply, favor and hand cards: points / 3 at the end
    "gold_early": 0.3,  # extra per gold needed for the hand, while the game is young
    "influence": 0.5,  # per influence point still below the agenda threshold
    "hand": 0.2,  # extra per building card in hand while the game is young
    "portfolio": 3.0,  # per building card in the portfolio (income ability, bonuses, ties)
}
"""Weights of [`evaluate`][baldurs_rules.bots.evaluate] (see its docstring).

Tuned by playing [`GreedyBot`][baldurs_rules.bots.GreedyBot] against
[`RandomBot`][baldurs_rules.bots.RandomBot]: a larger early premium on gold or on
cards in hand makes the bot hoard instead of build (gold beyond what the hand
costs gets no premium), and a portfolio card worth about 3 makes it build steadily.
"""

_BAG_AT_START: dict[tuple[str, int], int] = {}


def evaluate(game: Game, seat: int, weights: dict[str, float] | None = None) -> float:
    """Estimate the final prestige of ``seat`` in the current position.

    The estimate is what the final scoring would give if the game ended now
    (without rounding), plus a few terms for what the position promises. With
    ``young`` the share of lot tokens still in the bag (1 after setup, 0 in the
    final round):

    * current prestige;
    * gold, supply, favor and building cards in hand: 1/3 each (``leftover``:
      they turn into leftover points); plus, since they buy buildings,
      ``gold_early`` (0.3) x ``young`` per gold up to the total cost of the
      cards in hand, and ``hand`` (0.2) x ``young`` per card;
    * ``network_per_piece`` (2) per piece of the largest network;
    * the district table's points for the districts occupied;
    * agendas: the best agendas in hand, one per faction at the threshold, as
      the final scoring counts them; plus ``influence`` (0.5) per influence point
      still below the threshold on each faction;
    * ``portfolio`` (3) per building card in the portfolio (its income ability,
      the connection bonuses it will collect, the first tie-break).

    A finished game is worth exactly its final prestige.

    Args:
        game: The position.
        seat: Whose value.
        weights: Overrides of [`WEIGHTS`][baldurs_rules.bots.WEIGHTS].

    Returns:
        The estimate, in prestige points.

    Examples:
        >>> import baldurs_rules as br
        >>> evaluate(br.new_game(2, seed=1), 0) > 0
        True
    """
    state = game.state
    if state.scores is not None:
        return float(state.scores["prestige"][seat])
    w = WEIGHTS if weights is None else {**WEIGHTS, **weights}
    rules = Rules.of(game.content)
    t = rules.t
    scoring = rules.settings["scoring"]
    young = _young(game)
    res = state.res[seat]
    leftover = w["leftover"]
    value: float = float(res[t.prestige])
    value += res[t.gold] * leftover
    if young:
        need = sum(t.cost[c] for c in state.hand[seat])
        value += min(res[t.gold], need) * w["gold_early"] * young
    value += sum(res[i] for i in t.leftovers if i != t.gold) * leftover
    value += len(state.hand[seat]) * (leftover + w["hand"] * young)
    value += w["portfolio"] * sum(1 for c in state.portfolio[seat] if c in t.tile_of)
    value += largest_network(t, state, seat) * float(scoring["network_per_piece"])
    table = scoring["districts"]
    value += float(table[min(districts_occupied(t, state, seat), len(table) - 1)])
    threshold = scoring["agenda_influence"]
    levels = state.influence[seat]
    value += w["influence"] * sum(level for level in levels if level < threshold)
    reached = sum(1 for level in levels if level >= threshold)
    if reached and state.agendas[seat]:
        env = Env(t, state, seat, -1)
        worth = sorted(max(0, rules.agenda_value(a, env)) for a in state.agendas[seat])
        value += sum(worth[-reached:])
    return value


def _young(game: Game) -> float:
    """Share of the lot tokens still in the bag (1.0 after setup, 0.0 at the end)."""
    state = game.state
    if state.phase != "play":
        return 0.0
    key = (game.content.fingerprint, state.players)
    start = _BAG_AT_START.get(key)
    if start is None:
        setup = game.content.settings["setup"]
        banned = setup["banned_lots"]
        extra = int(banned.get(str(state.players), banned.get(state.players, 0)))
        lots = sum(1 for n in game.content.board.nodes if n.kind == "lot")
        start = _BAG_AT_START[key] = max(1, lots - setup["starting_lots"] - extra - 1)
    return min(1.0, len(state.bag) / start)


@register
class GreedyBot(SeededBot):
    """One-step lookahead: the action whose resulting position evaluates best.

    The bot deals a [determinization][baldurs_rules.game.Game.determinize] of the
    game for its seat (so the lookahead never sees the next lot token or deck
    card), applies each legal action to a copy of that sample and scores the
    position for the deciding seat with [`evaluate`][baldurs_rules.bots.evaluate]
    (an estimate of that seat's final prestige). When the action leaves the same
    seat to decide again within its move (the trade after placing the worker, the
    faction or site an effect asks for, the next ability of an income action),
    the position is worth the best of those follow-ups, ``follow`` levels deep,
    so such actions are not judged half-done; a follow-up of the
    same kind as the decision at hand (the next ``use`` of an income action) is
    not looked into, it will be decided on its own. Ties (within 1e-9)
    are broken by the bot's seeded generator: a bot is deterministic for its seed.

    Args:
        seed: Seeds the generator (determinizations and ties).
        weights: Overrides of the evaluation's [`WEIGHTS`][baldurs_rules.bots.WEIGHTS].
        **options: ``follow``: how many of the seat's own follow-up decisions
            to look into (spec ``greedy:follow=2``).

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.new_game(2, seed=1)
        >>> GreedyBot(0).choose(game) in game.legal_actions()
        True
    """

    name = "greedy"
    TIER = 1
    OPTIONS: ClassVar[dict[str, Option]] = {
        "follow": Option("int", 1, 0, "own follow-up decisions looked into"),
    }

    def __init__(
        self, seed: int = 0, weights: dict[str, float] | None = None, **options: Any
    ) -> None:
        super().__init__(seed, **options)
        self.weights = weights
        self.follow = int(self.options["follow"])

    def choose(self, game: Game) -> Action:
        """The legal action with the best evaluation after it (ties broken at random)."""
        options = game.legal_actions()
        if len(options) == 1:
            return options[0]
        seat = game.current_player
        sample = game.determinize(seat, self.rng)
        kind = sample.state.decision.kind if sample.state.decision else ""
        return self.best_of((a, self._after(sample, a, seat, kind)) for a in options)

    def _after(self, sample: Game, action: Action, seat: int, kind: str) -> float:
        """The value of ``action`` tried on a copy of ``sample``."""
        after = sample.clone(log=False)
        after.apply(action)
        return self._value(after, seat, kind, self.follow)

    def _value(self, game: Game, seat: int, kind: str, follow: int) -> float:
        """Evaluate; while ``seat`` itself decides next, the best of its follow-ups."""
        decision = game.state.decision
        if follow <= 0 or decision is None or decision.seat != seat or decision.kind == kind:
            return evaluate(game, seat, self.weights)
        best = float("-inf")
        for action in game.legal_actions():
            after = game.clone(log=False)
            after.apply(action)
            best = max(best, self._value(after, seat, kind, follow - 1))
        return best
