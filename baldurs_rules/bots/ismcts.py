"""The search bot: multiple-observer information-set Monte-Carlo tree search.

Each iteration of [`IsmctsBot`][baldurs_rules.bots.ismcts.IsmctsBot] deals a
[determinization][baldurs_rules.game.Game.determinize] of the game for the
deciding seat (a world it cannot tell from the real one) and plays down a search
tree in it. There is one tree per seat, over what that seat observes
(Cowling, Powley and Whitehouse's MO-ISMCTS): every action is public except a
card put back under its deck in the advanced setup, which the other seats' trees
record as ``discard ?``. At each decision the deciding seat's tree picks an
action by UCT among the actions legal in this world, each counted over the
iterations in which it was available (availability counts), so actions that
exist only in some worlds are judged fairly. A build is chosen in two steps, its
card and then its lot, so a hand of cards times a dozen lots does not spread the
visits thin. The first action never tried ends the descent once the move it
belongs to is complete (the trade after placing the worker is chosen in the tree
too); the position is then scored by the heuristic
[`Evaluator`][baldurs_rules.bots.evaluation.Evaluator] (optionally after a few
random moves, ``rollout``), turned into win chances by a softmax over the seats'
estimates, and each seat's tree is updated with its own.

The budget is a number of iterations (deterministic for the bot's seed) or a
time per decision (``think``, wall-clock or with ``clock=cpu`` the process's CPU
time), whichever ends first. The search stops early when
the most visited action can no longer be overtaken.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=3)
    >>> bot = IsmctsBot(1, iterations=30)
    >>> bot.choose(game) in game.legal_actions()
    True
    >>> sum(visits for key, (visits, _) in bot.last_stats.items() if key.count(" ") < 2)
    30
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from baldurs_rules.actions import Action
from baldurs_rules.bots.base import Option, SeededBot, register
from baldurs_rules.bots.evaluation import Evaluator

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = ["HIDDEN_KINDS", "IsmctsBot", "observed"]

HIDDEN_KINDS = frozenset({"discard"})
"""Action kinds other seats do not see (only that the seat did something of the kind)."""

_DEFAULT_ITERATIONS = 1000


def observed(action: Action, mover: int, observer: int) -> Action:
    """``action`` of seat ``mover`` as seat ``observer`` sees it.

    Examples:
        >>> observed(Action("discard", ("elfsong_tavern",)), 1, 0)
        Action('discard ?')
        >>> observed(Action("visit", ("high_hall",)), 1, 0)
        Action('visit high_hall')
    """
    if mover != observer and action.kind in HIDDEN_KINDS:
        return Action(action.kind, ("?",))
    return action


Key = Hashable
"""An edge of the search tree: an action, or a build's ``("build", card)`` (then its lot)."""

K = TypeVar("K", bound=Hashable)

Tree = dict[Key, "_Edge"]
"""A node of the search tree: its edges, each with its statistics and the node below."""


def _keys(action: Action) -> tuple[Key, ...]:
    """The tree edges of an action: a build is its card, then its lot."""
    if action.kind == "build":
        return (("build", action.args[0]), action)
    return (action,)


class _Edge:
    """One action (or a build's card) from a node: its statistics and the node below."""

    __slots__ = ("available", "child", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.child: Tree | None = None

    def below(self) -> Tree:
        if self.child is None:
            self.child = {}
        return self.child


def _descend(node: Tree, keys: tuple[Key, ...]) -> Tree:
    """The node reached from ``node`` through ``keys`` (created as needed)."""
    for key in keys:
        edge = node.get(key)
        if edge is None:
            edge = node[key] = _Edge()
        node = edge.below()
    return node


def _stats(root: Tree) -> dict[str, tuple[int, float]]:
    """Visits and mean reward of every root choice, by notation (builds on two levels)."""
    found: dict[str, tuple[int, float]] = {}
    for key, edge in root.items():
        name = (
            " ".join(map(str, key))
            if isinstance(key, tuple) and not isinstance(key, Action)
            else str(key)
        )
        found[name] = (edge.visits, edge.total / edge.visits if edge.visits else 0.0)
        if isinstance(key, tuple) and not isinstance(key, Action) and edge.child:
            for lot, below in edge.child.items():
                mean = below.total / below.visits if below.visits else 0.0
                found[str(lot)] = (below.visits, mean)
    return found


@register
class IsmctsBot(SeededBot):
    """Information-set MCTS with one tree per seat and heuristic leaf values.

    Args:
        seed: Seeds the generator (determinizations, untried actions, rollouts).
        **options: ``iterations`` (per decision; a fixed default without
            ``think``), ``think`` (seconds per decision), ``c`` (UCT exploration),
            ``temperature`` (prestige points per factor e of win odds in the leaf
            softmax), ``rollout`` (random moves before a leaf is scored),
            ``horizon`` (turns after the current one the tree looks into),
            ``clock`` (``wall`` or ``cpu``: what ``think`` counts), ``worlds``
            (determinizations dealt and reused; 0: one per iteration), ``finish``
            (whether a new node's move is completed before scoring), ``reward``
            (the softmax, or with 1 the margin over the best rival), ``prior`` (weight of the
            heuristic bot's ranking at the root), ``young`` (whether every leaf is valued
            with the ``young`` of the root position, as the heuristic bot values its
            candidates, or each with its own); defaults in ``OPTIONS``. Spec:
            ``ismcts:think=1s`` or ``ismcts:iterations=400,c=0.5``.

    Examples:
        >>> bot = IsmctsBot(0, iterations=20)
        >>> bot.name
        'ismcts:iterations=20'
    """

    name = "ismcts"
    TIER = 3
    OPTIONS: ClassVar[dict[str, Option]] = {
        "iterations": Option("int", None, 1, "iterations per decision"),
        "think": Option("seconds", None, 0.001, "time per decision"),
        "c": Option("float", 0.4, 0.0, "UCT exploration constant"),
        "temperature": Option("float", 5.0, 0.01, "prestige per factor e of win odds"),
        "rollout": Option("int", 0, 0, "random moves before a leaf is scored"),
        "horizon": Option("int", 1000, 0, "turns after this one the tree looks into"),
        "clock": Option(
            "choice",
            "wall",
            help="what think counts: wall time or this process's CPU time",
            choices=("wall", "cpu"),
        ),
        "worlds": Option("int", 0, 0, "determinizations dealt and reused (0: a new one each time)"),
        "finish": Option("int", 1, 0, "1: a new node's move is played to its end first"),
        "reward": Option("int", 0, 0, "0: softmax of estimates, 1: margin over the best rival"),
        "prior": Option("float", 0.0, 0.0, "weight of the heuristic's root ranking"),
        "young": Option("int", 1, 0, "1: every leaf is valued with the root's young"),
    }

    def __init__(self, seed: int = 0, **options: Any) -> None:
        super().__init__(seed, **options)
        think = self.options["think"]
        iterations = self.options["iterations"]
        self.think: float | None = None if think is None else float(think)
        if iterations is None:
            iterations = _DEFAULT_ITERATIONS if think is None else 10**9
        self.iterations = int(iterations)
        self.c = float(self.options["c"])
        self.temperature = float(self.options["temperature"])
        self.rollout = int(self.options["rollout"])
        self.horizon = int(self.options["horizon"])
        self.finish = bool(self.options["finish"])
        self.worlds = int(self.options["worlds"])
        self.clock = time.process_time if self.options["clock"] == "cpu" else time.perf_counter
        self.margin = bool(self.options["reward"])
        self.prior = float(self.options["prior"])
        self.fixed_young = bool(self.options["young"])
        self._young: float | None = None
        self._bias: dict[Key, float] = {}
        self.last_iterations = 0
        """Iterations run for the last decision."""
        self._root: Tree = {}
        self.last_stats: dict[str, tuple[int, float]] = {}
        """The last decision's root statistics: ``(visits, mean reward)`` by choice (a
        build's card as ``build <card>``, its lots as ``build <card> <lot>``)."""

    def choose(self, game: Game) -> Action:
        """The most visited action at the root of the deciding seat's tree."""
        options = game.legal_actions()
        if len(options) == 1:
            return options[0]
        seat = game.current_player
        base = game.clone(log=False)  # only ever determinized, never played on
        roots: list[Tree] = [{} for _ in range(game.state.players)]
        self._bias = self._root_bias(base, options) if self.prior else {}
        self._root = roots[seat]
        self._young = Evaluator.of(game.content).young(game.state) if self.fixed_young else None
        pool: list[Game] = []
        start = self.clock()
        done = 0
        while done < self.iterations:
            self._iterate(
                self._world(base, seat, done, pool), roots, game.state.turn + self.horizon
            )
            done += 1
            left = self.iterations - done
            if self.think is not None:
                spent = self.clock() - start
                if spent >= self.think:
                    break
                left = min(left, int(done / max(spent, 1e-9) * (self.think - spent)) + 1)
            if done % 16 == 0 and self._settled(roots[seat], left):
                break
        self.last_iterations = done
        self.last_stats = _stats(roots[seat])
        return self._best(roots[seat], options)

    def _world(self, base: Game, seat: int, done: int, pool: list[Game]) -> Game:
        """A world for iteration ``done``: a new determinization, or a copy of one of the
        ``worlds`` dealt first (copying is much cheaper than dealing)."""
        if not self.worlds:
            return base.determinize(seat, self.rng)
        if len(pool) < self.worlds:
            pool.append(base.determinize(seat, self.rng))
            return pool[-1].clone(log=False)
        return pool[done % self.worlds].clone(log=False)

    # ------------------------------------------------------------ one iteration
    def _iterate(self, world: Game, roots: list[Tree], last_turn: int = 10**9) -> None:
        """Descend every seat's tree in one world, score the leaf, update the path.

        The descent also ends once the game is past turn ``last_turn`` (the horizon).
        """
        nodes = roots[:]
        path: list[tuple[_Edge, int]] = []
        players = len(roots)
        expanding = -1  # the seat whose move is being finished after a new node
        while not world.is_over and world.state.turn <= last_turn:
            mover = world.current_player
            if expanding >= 0 and mover != expanding:
                break
            action, edges, fresh = self._select(nodes[mover], world.legal_actions())
            path.extend((edge, mover) for edge in edges)
            world.apply(action)
            nodes[mover] = edges[-1].below()
            for seat in range(players):
                if seat != mover:
                    nodes[seat] = _descend(nodes[seat], _keys(observed(action, mover, seat)))
            if fresh and expanding < 0:
                expanding = mover if self.finish else -2
                if expanding == -2:
                    break
        rewards = self._rewards(world)
        for edge, mover in path:
            edge.visits += 1
            edge.total += rewards[mover]

    def _select(self, node: Tree, legal: list[Action]) -> tuple[Action, list[_Edge], bool]:
        """The action to play here: UCT over the available actions, a build in two steps.

        Returns the action, the edges it follows in the mover's tree, and whether
        one of them had never been tried (the descent ends there).
        """
        groups: dict[Key, list[Action]] = {}
        for action in legal:
            groups.setdefault(_keys(action)[0], []).append(action)
        key, fresh = self._pick(node, list(groups))
        edge = node[key]
        actions = groups[key]
        if actions[0].kind != "build":
            return actions[0], [edge], fresh
        lots = edge.below()
        lot, lot_fresh = self._pick(lots, actions)
        return lot, [edge, lots[lot]], fresh or lot_fresh

    def _pick(self, node: Tree, keys: Sequence[K]) -> tuple[K, bool]:
        """UCT among ``keys`` (each counted as available); an untried key first."""
        untried = []
        for key in keys:
            edge = node.get(key)
            if edge is None:
                edge = node[key] = _Edge()
            edge.available += 1
            if edge.visits == 0:
                untried.append(key)
        bias = self._bias if node is self._root else None
        if untried:
            if bias:  # the heuristic's favourite first
                return max(untried, key=lambda k: bias.get(k, 0.0)), True
            return untried[self.rng.randrange(len(untried))], True
        best_key, best_score = keys[0], float("-inf")
        c, prior = self.c, self.prior
        for key in keys:
            edge = node[key]
            score = edge.total / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
            if bias:  # progressive bias: worth a few visits, fading as they come
                score += prior * bias.get(key, 0.0) / (1 + edge.visits)
            if score > best_score:
                best_key, best_score = key, score
        return best_key, False

    def _root_bias(self, base: Game, options: list[Action]) -> dict[Key, float]:
        """The heuristic bot's ranking of the root choices, scaled to [0, 1] (best 1)."""
        from baldurs_rules.bots.heuristic import HeuristicBot

        sample = base.determinize(base.current_player, self.rng)
        looked = HeuristicBot(0, follow=1).scores(sample, options)
        best: dict[Key, float] = {}
        for action, value in looked:
            key = _keys(action)[0]
            best[key] = max(best.get(key, float("-inf")), value)
        if not best:
            return {}
        low, high = min(best.values()), max(best.values())
        span = (high - low) or 1.0
        return {key: (value - low) / span for key, value in best.items()}

    def _rewards(self, world: Game) -> list[float]:
        """Each seat's reward in [0, 1]: its share of the win, or a softmax of estimates."""
        for _ in range(self.rollout):
            if world.is_over:
                break
            options = world.legal_actions()
            world.apply(options[self.rng.randrange(len(options))])
        state = world.state
        if state.scores is not None:
            winners = state.scores["winners"]
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]
        values = Evaluator.of(world.content).values(state, young=self._young)
        if self.margin:
            rewards = []
            for seat, value in enumerate(values):
                rival = max(v for s, v in enumerate(values) if s != seat)
                rewards.append(1.0 / (1.0 + math.exp((rival - value) / self.temperature)))
            return rewards
        top = max(values)
        odds = [math.exp((v - top) / self.temperature) for v in values]
        total = sum(odds)
        return [o / total for o in odds]

    # ------------------------------------------------------------ the choice
    @staticmethod
    def _settled(root: Tree, left: int) -> bool:
        """Whether the most visited root choice can no longer be overtaken.

        (Every root edge is legal: the deciding seat's options are the same in
        every world.)
        """
        counts = sorted((edge.visits for edge in root.values()), reverse=True)
        return len(counts) >= 2 and counts[0] - counts[1] > left

    def _best(self, root: Tree, options: list[Action]) -> Action:
        """The most visited option (a build: most visited card, then lot); ties by value."""
        groups: dict[Key, list[Action]] = {}
        for action in options:
            groups.setdefault(_keys(action)[0], []).append(action)
        key = self._most_visited(root, list(groups))
        actions = groups[key]
        if actions[0].kind != "build":
            return actions[0]
        return self._most_visited(root[key].below(), actions) if key in root else actions[0]

    def _most_visited(self, node: Tree, keys: Sequence[K]) -> K:
        def rank(key: K) -> tuple[int, float]:
            edge = node.get(key)
            if edge is None or edge.visits == 0:
                return (0, 0.0)
            return (edge.visits, edge.total / edge.visits)

        return max(keys, key=rank)
