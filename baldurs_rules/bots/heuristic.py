"""The heuristic bot: one move ahead on a determinization, scored by the evaluation.

See [`HeuristicBot`][baldurs_rules.bots.heuristic.HeuristicBot] and, for the
estimate it maximizes, [`baldurs_rules.bots.evaluation`][].

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=3, seed=4)
    >>> HeuristicBot(2).choose(game) in game.legal_actions()
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from baldurs_rules.actions import Action
from baldurs_rules.bots.base import Option, SeededBot, register
from baldurs_rules.bots.evaluation import HEURISTIC_WEIGHTS, HQ_KIND, Evaluator
from baldurs_rules.rules.state import LOT_AVAILABLE, State

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = ["HEURISTIC_WEIGHTS", "Evaluator", "HeuristicBot", "lot_scores"]


@register
class HeuristicBot(SeededBot):
    """One move ahead on a determinization, scored by the heuristic evaluation.

    For its seat, the bot deals one [determinization][baldurs_rules.game.Game.determinize]
    of the game, applies each candidate action to a copy of it and scores the
    result with [`Evaluator.value`][baldurs_rules.bots.evaluation.Evaluator.value].
    While the same seat decides again within its move (the trade after placing the
    worker, the site or faction of an effect), the position is worth the best of
    those follow-ups (``follow`` levels; a follow-up of the same kind, such as the
    next ``use`` of an income action, is decided on its own). Builds are chosen in
    two steps: each card's lots are ranked by a quick look at the map (joins the
    network, opens a district, keeps out of a district about to fall), and only
    the best ``lots`` of each card are looked ahead. Ties go to the seeded generator.
    Every position after a candidate is valued with the ``young`` of the position
    before it (see [`Evaluator.terms`][baldurs_rules.bots.evaluation.Evaluator.terms]).

    Args:
        seed: Seeds the generator (determinizations and ties).
        weights: Overrides of the evaluation's weights
            ([`HEURISTIC_WEIGHTS`][baldurs_rules.bots.evaluation.HEURISTIC_WEIGHTS]).
        **options: ``follow``, ``lots``, ``finish`` (the bonus for a move that
            triggers the end while the bot leads) and any weight by name (spec
            ``heuristic:defense=1.5``); defaults in ``OPTIONS``.

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.new_game(2, seed=1)
        >>> HeuristicBot(0).choose(game) in game.legal_actions()
        True
    """

    name = "heuristic"
    TIER = 2
    OPTIONS: ClassVar[dict[str, Option]] = {
        "follow": Option("int", 1, 0, "own follow-up decisions looked into"),
        "lots": Option("int", 2, 1, "lots looked ahead per card in hand"),
        "finish": Option("float", 10.0, 0.0, "bonus for triggering the end while ahead"),
        **{
            key: Option("float", value, -100.0, "weight")
            for key, value in HEURISTIC_WEIGHTS.items()
        },
    }

    def __init__(
        self, seed: int = 0, weights: dict[str, float] | None = None, **options: Any
    ) -> None:
        super().__init__(seed, **options)
        self.weights = {k: float(self.options[k]) for k in HEURISTIC_WEIGHTS}
        self.weights.update(weights or {})
        self.follow = int(self.options["follow"])
        self.lots = int(self.options["lots"])
        self.finish = float(self.options["finish"])
        self._young: float | None = None  # the fade of the position being decided

    def choose(self, game: Game) -> Action:
        """The candidate action with the best estimate after it (ties broken at random)."""
        options = game.legal_actions()
        if len(options) == 1:
            return options[0]
        sample = game.determinize(game.current_player, self.rng)
        return self.best_of(self.scores(sample, options))

    def scores(self, sample: Game, options: list[Action]) -> list[tuple[Action, float]]:
        """Each candidate of ``options`` with the estimate after it, tried on ``sample``
        (a determinization, used up) for the seat deciding there."""
        seat = sample.current_player
        kind = sample.state.decision.kind if sample.state.decision else ""
        self._young = Evaluator.of(sample.content).young(sample.state)
        return self._lookahead(sample, options, seat, kind, self.follow)

    def candidates(self, sample: Game, options: list[Action]) -> list[Action]:
        """The options worth a lookahead: all but the builds, and each card's best lots."""
        builds = [a for a in options if a.kind == "build"]
        if len(builds) <= self.lots:
            return options
        scores = lot_scores(sample.state, sample.current_player, Evaluator.of(sample.content))
        by_card: dict[Any, list[Action]] = {}
        for action in builds:
            by_card.setdefault(action.args[0], []).append(action)
        kept: list[Action] = [a for a in options if a.kind != "build"]
        for actions in by_card.values():
            actions.sort(key=lambda a: -scores.get(int(a.args[1]), 0.0))
            kept.extend(actions[: self.lots])
        return kept

    def _lookahead(
        self, game: Game, options: list[Action], seat: int, kind: str, follow: int
    ) -> list[tuple[Action, float]]:
        """Each candidate with the value after it; ``game`` (a copy of ours) is used up.

        An option that changes nothing (``skip``, ``done``, ``decline``) is worth the
        position as it is; the last candidate is applied to ``game`` itself.
        """
        evaluator = Evaluator.of(game.content)
        found: list[tuple[Action, float]] = []
        here: float | None = None
        moves = self.candidates(game, options)
        passive = [a for a in moves if a.kind in _PASSIVE]
        active = [a for a in moves if a.kind not in _PASSIVE]
        for action in passive:
            if here is None:
                here = evaluator.value(game.state, seat, self.weights, self._young)
            found.append((action, here))
        for i, action in enumerate(active):
            after = game if i == len(active) - 1 else game.clone(log=False)
            after.apply(action)
            found.append((action, self._value(evaluator, after, seat, kind, follow)))
        return found

    def _value(self, evaluator: Evaluator, game: Game, seat: int, kind: str, follow: int) -> float:
        decision = game.state.decision
        if follow <= 0 or decision is None or decision.seat != seat or decision.kind == kind:
            value = evaluator.value(game.state, seat, self.weights, self._young)
            if self._young and game.state.end_triggered and self.finish:
                value += self._finish_bonus(evaluator, game.state, seat, value)
            return value
        options = game.legal_actions()
        return max(v for _, v in self._lookahead(game, options, seat, kind, follow - 1))

    def _finish_bonus(self, evaluator: Evaluator, state: State, seat: int, value: float) -> float:
        """``finish`` if this move triggered the end with ``seat`` ahead on the estimates.

        Without it a leader would rather take income (whose resources score as
        leftovers) than make the build that ends the game, and two such players
        could play on until the turn limit.
        """
        if state.scores is not None:
            rivals = [float(p) for s, p in enumerate(state.scores["prestige"]) if s != seat]
        else:
            values = evaluator.values(state, self.weights)
            rivals = [v for s, v in enumerate(values) if s != seat]
        return self.finish if value >= max(rivals, default=0.0) else 0.0


_PASSIVE = frozenset({"skip", "done", "decline"})
"""Options that change nothing the evaluation sees: worth the position as it is."""


def lot_scores(state: State, seat: int, evaluator: Evaluator) -> dict[int, float]:
    """A quick score of every available lot for ``seat`` building there, by lot number.

    Network points for each own structure next to it, the district table's step for
    a district not yet occupied, and minus a building's network point if the
    district is one token from an attack its defense cannot hold (without ``seat``
    among its defenders).

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.new_game(2, seed=1)
        >>> scores = lot_scores(game.state, 0, Evaluator.of(game.content))
        >>> set(scores) == {a.args[1] for a in game.legal_actions() if a.kind == "build"}
        True
    """
    t = evaluator.t
    owner, lots = state.owner, state.lots
    occupied = {
        t.node_district[n]
        for n, who in enumerate(owner)
        if who == seat and evaluator.kind[n] <= HQ_KIND
    }
    table = evaluator.table
    step = table[min(len(occupied) + 1, len(table) - 1)] - table[min(len(occupied), len(table) - 1)]
    strength = evaluator.strength[state.strength]
    scores: dict[int, float] = {}
    for n in t.lot_nodes:
        if lots[n] != LOT_AVAILABLE or owner[n] >= 0 or state.piece[n] >= 0:
            continue
        d = t.node_district[n]
        score = evaluator.network_point * sum(1 for m in t.neighbors[n] if owner[m] == seat)
        if d not in occupied:
            score += step
        if state.track[d] == evaluator.trigger - 1:
            defense = 0
            defended = False
            for site in t.district_forts[d]:
                if owner[site] >= 0 and state.piece[site] >= 0:
                    defense += t.defense[state.piece[site]]
                    defended = defended or owner[site] == seat
            if defense < strength and not defended:
                score -= evaluator.network_point + (step if d not in occupied else 0.0)
        scores[t.node_lot[n]] = score
    return scores
