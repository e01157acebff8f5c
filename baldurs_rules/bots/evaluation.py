"""The heuristic evaluation: a fast, documented estimate of each seat's final prestige.

[`Evaluator`][baldurs_rules.bots.evaluation.Evaluator] scores a position for a
seat as the prestige it would have at the end, in terms that follow what the
rules reward (see its [`terms`][baldurs_rules.bots.evaluation.Evaluator.terms]):
points already won, the network, the districts, agendas with the factions that
can score them, resources and cards worth what they will buy (and no more than
leftovers pay once they cannot buy anything), the income engine, and every
attack still to come. Every number it uses (district table, network points,
agenda threshold, attack trigger and strength track, held bonus, leftovers
divisor) is read from the content; only the weights
([`HEURISTIC_WEIGHTS`][baldurs_rules.bots.evaluation.HEURISTIC_WEIGHTS]) are the bots'.
The [heuristic bot][baldurs_rules.bots.heuristic.HeuristicBot] looks one move
ahead with it; the [search bot][baldurs_rules.bots.ismcts.IsmctsBot] scores its
leaves with it.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=3, seed=4)
    >>> evaluator = Evaluator.of(game.content)
    >>> terms = evaluator.terms(game.state, 0)
    >>> round(sum(terms.values()), 6) == round(evaluator.value(game.state, 0), 6)
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from baldurs_rules.dsl.evaluate import HERE
from baldurs_rules.rules import Rules
from baldurs_rules.rules.core import Env, largest_network
from baldurs_rules.rules.state import LOT_HIDDEN, State

if TYPE_CHECKING:
    from baldurs_rules.content.model import Content

__all__ = ["HEURISTIC_WEIGHTS", "HQ_KIND", "Evaluator"]

HEURISTIC_WEIGHTS: dict[str, float] = {
    "network_other": 0.5,
    "reach": 0.6,
    "influence": 0.3,
    "gold": 0.5,
    "favor": 0.5,
    "supply": 0.5,
    "card": 1.0,
    "portfolio": 2.0,
    "portfolio_end": 1.0,
    "defense": 1.0,
    "defense_far": 0.3,
    "loss": 1.0,
    "rivals": 0.3,
    "invested": 1.0,
    "worker": 0.75,
    "card_first": 3.0,
}
"""The weights of [`Evaluator.terms`][baldurs_rules.bots.evaluation.Evaluator.terms].

``young`` below is the share of lot tokens still in the bag (1 after setup, 0 once
the end is triggered): a premium times ``young`` fades out as the game ends, when
only the final scoring counts.

* ``network_other``: per network point of pieces outside the largest group, times
  ``young`` (they may still be joined to it);
* ``reach``: the share of an agenda counted for a faction below the threshold, times
  its progress to the threshold and ``young``;
* ``influence``: per influence point, times ``young`` (the reward spaces ahead);
* ``gold``: per gold, up to the cost of the cards in hand, times ``young``;
* ``favor``: per favor, up to the dearest trade, times ``young``;
* ``supply``: per unit of every other leftover resource, up to one per income
  ability, times ``young``;
* ``card``: per building card in hand (up to the cubes left), times ``young``;
* ``card_first``: for the first of those cards, times ``1 - young``: late in the
  game a card is the build it allows (and the end comes only by building);
  without it, players with empty hands late in a game took income rather than
  fetch a card, and the bag never emptied;
* ``portfolio``: per card in the portfolio (income ability, connection bonuses),
  times ``young``;
* ``portfolio_end``: per card in the portfolio, at any time (the first tie-break,
  and the income actions left however long the game lasts);
* ``invested``: per gold that the portfolio's building cards cost, times
  ``young``: a build turns gold kept for the hand into a card at least as
  valuable, so the ``gold`` premium lost by spending it is no reason to keep
  taking income instead (without it, games between heuristic bots could stall
  on income until the turn limit);
* ``worker``: for a worker at home, times ``young``, in full while the hand is
  empty (it can visit a location and trade next turn, and a location is where an
  empty hand gets cards; one left on a location comes back only when someone builds in
  that district, so without it two heuristic players with empty hands could leave
  their workers out and take income until the turn limit, never using the HQ
  ability that brings a worker home);
* ``defense``: the share of the prestige an imminent attack (a district one token
  from its trigger) pays or costs;
* ``defense_far``: the same for attacks further away (defenses will change);
* ``loss``: the share of a building's network point and district counted as lost
  when an attack will damage it;
* ``rivals``: per point of the other seats' mean prestige and leftovers, counted
  against the seat (what a move gives its rivals: connection bonuses, shared
  rewards).

Tuned by play, one weight at a time, against three bots with the current weights
and against three ``greedy`` (see the [Bots](bots.md) page and
``benchmarks/bots.py tune``).
"""

_LOT, HQ_KIND, _FORT, _GATE = 0, 1, 2, 3
"""Node kind codes of ``Evaluator.kind`` (lots and HQs have codes up to ``HQ_KIND``)."""
_KIND_CODE = {"lot": _LOT, "hq": HQ_KIND, "fortification": _FORT, "gate": _GATE}


class _AgendaEnv:
    """What an agenda's score reads, for one seat, from precomputed lists (fast).

    Implements [`baldurs_rules.dsl.evaluate.Env`][]; quantities it does not
    precompute are read through the rules' own [`Env`][baldurs_rules.rules.core.Env].
    """

    __slots__ = ("mine", "quantities", "slow", "state", "t")

    def __init__(self, rules: Rules, state: State, seat: int, mine: list[int]) -> None:
        self.t = rules.t
        self.state = state
        self.mine = mine
        self.slow = Env(rules.t, state, seat, -1)
        self.quantities: dict[str, int] = {}

    def quantity(self, name: str) -> int:
        found = self.quantities.get(name)
        if found is None:
            found = self.quantities[name] = self.slow.quantity(name)
        return found

    def count(self, kind: str, where: str | None) -> int:
        t, piece = self.t, self.state.piece
        match = t.count_match[kind]
        district = -1 if where is None or where == HERE else t.district_index[where]
        kinds, districts = t.node_kind, t.node_district
        return sum(
            1
            for n in self.mine
            if (district < 0 or districts[n] == district) and match(kinds[n], piece[n])
        )

    def influence(self, faction: str) -> int:
        return self.slow.influence(faction)


class Evaluator:
    """The heuristic evaluation for one content (build it with ``Evaluator.of``).

    Args:
        content: The content whose numbers the evaluation reads.
    """

    def __init__(self, content: Content) -> None:
        self.rules = rules = Rules.of(content)
        t = self.t = rules.t
        settings = content.settings
        scoring, attack = settings["scoring"], settings["attack"]
        self.kind = [_KIND_CODE[k] for k in t.node_kind]
        self.network_point = float(scoring["network_per_piece"])
        self.table = [float(x) for x in scoring["districts"]]
        self.threshold = int(scoring["agenda_influence"])
        self.divisor = float(scoring["leftovers_divisor"])
        self.held_bonus = float(attack["held_bonus"])
        self.strength = [float(x) for x in t.strength_track]
        self.trigger = int(t.trigger)
        self.top = min(len(f.rewards) for f in content.factions)
        self.others = [i for i in t.leftovers if i not in (t.gold, t.favor)]
        self.dearest_trade = float(max(tr.cost for loc in content.locations for tr in loc.trades))
        self.lots_of = t.district_lots
        self.reads = {
            a.id: _reads(a.score.tree, t.resource_index) for a in content.agendas.values()
        }
        self.score = {a.id: t.program.expr(a.score.tree) for a in content.agendas.values()}
        self._agenda_cache: dict[tuple[Any, ...], int] = {}
        setup = settings["setup"]
        lots = len(t.lot_nodes)
        banned = setup["banned_lots"]
        self.bag_at_start: dict[int, int] = {
            p: max(1, lots - setup["starting_lots"] - int(banned.get(str(p), banned.get(p, 0))) - 1)
            for p in range(1, settings["players"]["max"] + 1)
        }

    @classmethod
    def of(cls, content: Content) -> Evaluator:
        """The evaluator of a content (built once, kept with the content)."""
        found = content._cache.get("heuristic")
        if found is None:
            found = content._cache["heuristic"] = cls(content)
        assert isinstance(found, Evaluator)
        return found

    # ------------------------------------------------------------ the estimate
    def value(
        self,
        state: State,
        seat: int,
        weights: dict[str, float] | None = None,
        young: float | None = None,
    ) -> float:
        """The estimated final prestige of ``seat`` (the sum of its terms).

        A finished game is worth exactly its final prestige. ``young`` is passed on
        to [`terms`][baldurs_rules.bots.evaluation.Evaluator.terms].
        """
        if state.scores is not None:
            return float(state.scores["prestige"][seat])
        return sum(self.terms(state, seat, weights, young=young).values())

    def values(
        self, state: State, weights: dict[str, float] | None = None, young: float | None = None
    ) -> list[float]:
        """[`value`][baldurs_rules.bots.evaluation.Evaluator.value] of every seat (the
        attacks to come are worked out once for all; ``young`` as in ``terms``)."""
        if state.scores is not None:
            return [float(p) for p in state.scores["prestige"]]
        plans = self.attacks(state)
        return [
            sum(self.terms(state, seat, weights, plans, young).values())
            for seat in range(state.players)
        ]

    def young(self, state: State) -> float:
        """Share of the lot tokens still in the bag (1 after setup, 0 once the end is triggered)."""
        if state.phase != "play" or state.end_triggered:
            return 0.0
        return min(1.0, len(state.bag) / self.bag_at_start.get(state.players, 1))

    def terms(
        self,
        state: State,
        seat: int,
        weights: dict[str, float] | None = None,
        plans: list[tuple[int, bool, float, float, list[int]]] | None = None,
        young: float | None = None,
    ) -> dict[str, float]:
        """The estimate of ``seat``'s final prestige, term by term.

        ``young`` (default: [`young`][baldurs_rules.bots.evaluation.Evaluator.young]
        of ``state``) is the fade of the premiums. A bot comparing the positions
        after its candidate moves passes the ``young`` of the position before them,
        so that a build, which draws lot tokens from the bag, is not made to look
        worse than income merely by bringing the end nearer; once the end is
        triggered the premiums are 0 whatever is passed.

        * ``prestige``: prestige already won;
        * ``network``: the network points of the largest group, plus
          ``network_other`` x ``young`` of those of the other pieces;
        * ``districts``: the district table's points for the districts occupied;
        * ``agendas``: the agendas in hand, best first, each matched with a faction
          (highest influence first): in full at the threshold, else ``reach`` x
          progress x ``young``; plus ``influence`` x ``young`` per influence point;
        * ``leftovers``: resources and cards in hand at the leftovers rate (1 /
          divisor), plus the premiums ``gold``, ``favor``, ``supply`` and ``card``
          x ``young`` up to what they can buy (see the weights);
        * ``portfolio``: ``portfolio`` x ``young`` + ``portfolio_end`` per portfolio card,
          plus ``invested`` x ``young`` per gold of their building costs;
        * ``worker``: ``worker`` x ``young`` while the seat's worker is at home (in
          full if its hand is empty);
        * ``defense``: for every district still to be attacked, what its attack
          will pay (strength to each contributor of a held district, again to the
          largest contributor) or cost (the buildings of non-contributors of a
          fallen one), at the current strength for imminent attacks (weight
          ``defense``) and at the strength after those for the others
          (``defense_far``);
        * ``rivals``: minus ``rivals`` times the other seats' mean prestige and
          leftovers.
        """
        if weights is None:
            w = HEURISTIC_WEIGHTS
        elif len(weights) == len(HEURISTIC_WEIGHTS):  # a full set (the bot's): as it is
            w = weights
        else:
            w = {**HEURISTIC_WEIGHTS, **weights}
        t, kind, owner = self.t, self.kind, state.owner
        now = self.young(state)
        young = now if young is None or now <= 0.0 else young
        res = state.res[seat]
        mine = [n for n, who in enumerate(owner) if who == seat]
        largest, pieces = self._network(state, seat, mine)
        occupied = {t.node_district[n] for n in mine if kind[n] <= HQ_KIND}
        return {
            "prestige": float(res[t.prestige]),
            "network": self.network_point
            * (largest + w["network_other"] * young * (pieces - largest)),
            "districts": self.table[min(len(occupied), len(self.table) - 1)],
            "agendas": self._agendas(state, seat, mine, young, w),
            "leftovers": self._leftovers(state, seat, young, w),
            "portfolio": self._portfolio(state, seat, young, w),
            "worker": self._worker(state, seat, young, w),
            "defense": self._defense(
                state,
                seat,
                self.attacks(state) if plans is None else plans,
                len(occupied),
                occupied,
                w,
            ),
            "rivals": -w["rivals"] * self._rivals(state, seat) if w["rivals"] else 0.0,
        }

    def _portfolio(self, state: State, seat: int, young: float, w: dict[str, float]) -> float:
        """Per portfolio card, plus ``invested`` x ``young`` per gold its building cost."""
        cards = state.portfolio[seat]
        value = (w["portfolio"] * young + w["portfolio_end"]) * len(cards)
        if w["invested"] and young > 0.0:
            cost = self.t.cost
            value += w["invested"] * young * sum(cost.get(card, 0) for card in cards)
        return value

    def _worker(self, state: State, seat: int, young: float, w: dict[str, float]) -> float:
        """``worker`` x ``young`` for a worker at home (in full with an empty hand)."""
        if state.worker[seat] >= 0 or young <= 0.0:
            return 0.0
        return w["worker"] * (young if state.hand[seat] else 1.0)

    def _rivals(self, state: State, seat: int) -> float:
        """The mean of the other seats' prestige and leftovers (what they won so far)."""
        t, divisor = self.t, self.divisor
        total = 0.0
        for other in range(state.players):
            if other != seat:
                res = state.res[other]
                total += res[t.prestige]
                total += (sum(res[i] for i in t.leftovers) + len(state.hand[other])) / divisor
        return total / max(1, state.players - 1)

    def _network(self, state: State, seat: int, mine: list[int]) -> tuple[int, int]:
        """(pieces in the seat's largest group, all its pieces on the map)."""
        return largest_network(self.t, state, seat), len(mine)

    def _agendas(
        self, state: State, seat: int, mine: list[int], young: float, w: dict[str, float]
    ) -> float:
        levels = sorted(state.influence[seat], reverse=True)
        value = w["influence"] * young * sum(min(level, self.top) for level in levels)
        if not state.agendas[seat]:
            return value
        worth = sorted(self.agenda_worth(state, seat, a, mine) for a in state.agendas[seat])
        worth.reverse()
        for points, level in zip(worth, levels, strict=False):
            if level >= self.threshold:
                value += points
            else:
                value += points * w["reach"] * young * level / self.threshold
        return value

    def agenda_worth(self, state: State, seat: int, card: str, mine: list[int]) -> int:
        """What an agenda would score for ``seat`` now (at least 0).

        Values are cached by what the agenda's score reads (its structures, the
        resources and counts it names, influence), so positions that differ
        elsewhere share them.
        """
        reads = self.reads[card]
        if reads is None:
            return max(0, self.score[card](_AgendaEnv(self.rules, state, seat, mine)))
        parts: list[Any] = [card]
        for read in reads:
            if read == "board":
                parts.append(tuple(mine))
                parts.append(tuple(state.piece[n] for n in mine))
            elif read == "influence":
                parts.append(tuple(state.influence[seat]))
            elif isinstance(read, int):
                parts.append(state.res[seat][read])
            else:
                parts.append(_SIZES[read](state, seat))
        key = tuple(parts)
        found = self._agenda_cache.get(key)
        if found is None:
            if len(self._agenda_cache) > 100_000:
                self._agenda_cache.clear()
            env = _AgendaEnv(self.rules, state, seat, mine)
            found = self._agenda_cache[key] = max(0, self.score[card](env))
        return found

    def _leftovers(self, state: State, seat: int, young: float, w: dict[str, float]) -> float:
        t = self.t
        res, hand = state.res[seat], state.hand[seat]
        value = (sum(res[i] for i in t.leftovers) + len(hand)) / self.divisor
        if young <= 0.0:
            return value
        need = sum(t.cost[c] for c in hand)
        premium = w["gold"] * min(res[t.gold], need)
        premium += w["favor"] * min(res[t.favor], self.dearest_trade)
        abilities = len(state.portfolio[seat]) + 1
        premium += w["supply"] * sum(min(res[i], abilities) for i in self.others)
        playable = min(len(hand), state.cubes[seat])
        premium += w["card"] * playable
        # The first playable card keeps its premium in full: a build needs one, and
        # however old the game, the end comes only by building.
        return value + premium * young + w["card_first"] * (1.0 - young) * min(1, playable)

    def attacks(self, state: State) -> list[tuple[int, bool, float, float, list[int]]]:
        """The attacks still to come: (district, imminent, strength, chance, defense per seat).

        Imminent: one token from the trigger (met at the current strength); the
        others meet the strength after the imminent ones. The chance is 1 when the
        district's hidden lots can still trigger it (or its last one is the face-down
        token: then the final attack comes there), else the chance the face-down
        token is one of them.
        """
        t, owner, piece, lots = self.t, state.owner, state.piece, state.lots
        unrevealed = len(state.bag) + (1 if lots[state.final_token] == LOT_HIDDEN else 0)
        plans: list[tuple[int, bool, float]] = []
        imminent = 0
        for d, count in enumerate(state.track):
            left = self.trigger - count
            if left <= 0:
                continue
            hidden = 0
            for n in self.lots_of[d]:
                if lots[n] == LOT_HIDDEN:
                    hidden += 1
            if hidden == 0:
                continue
            soon = left == 1
            imminent += soon
            plans.append((d, soon, 1.0 if hidden >= left else hidden / max(1, unrevealed)))
        now = self.strength[state.strength]
        later = self.strength[min(len(self.strength) - 1, state.strength + imminent)]
        found = []
        for d, soon, chance in plans:
            contribution = [0] * state.players
            for site in t.district_forts[d]:
                who, kind = owner[site], piece[site]
                if who >= 0 and kind >= 0:
                    contribution[who] += t.defense[kind]
            found.append((d, soon, now if soon else later, chance, contribution))
        return found

    def _defense(
        self,
        state: State,
        seat: int,
        plans: list[tuple[int, bool, float, float, list[int]]],
        districts: int,
        occupied: set[int],
        w: dict[str, float],
    ) -> float:
        """What the attacks still to come will pay or cost ``seat`` (see ``terms``)."""
        value = 0.0
        for d, soon, strength, chance, contribution in plans:
            mine = contribution[seat]
            weight = (w["defense"] if soon else w["defense_far"]) * chance
            if sum(contribution) >= strength:
                if mine > 0:
                    best = max(c for s, c in enumerate(contribution) if s != seat)
                    value += weight * strength * (1.0 + (self.held_bonus if mine > best else 0.0))
            elif mine == 0:
                value -= weight * self._loss(state, seat, d, districts, occupied, w)
        return value

    def _loss(
        self,
        state: State,
        seat: int,
        district: int,
        districts: int,
        occupied: set[int],
        w: dict[str, float],
    ) -> float:
        """The points ``seat`` loses if ``district`` falls without its defense."""
        if district not in occupied:
            return 0.0
        owner = state.owner
        lost = 0
        for n in self.lots_of[district]:
            if owner[n] == seat:
                lost += 1
        if not lost:
            return 0.0
        value = lost * self.network_point
        if owner[self.t.hq_site[district]] != seat:
            table, top = self.table, len(self.table) - 1
            value += table[min(districts, top)] - table[min(districts - 1, top)]
        return w["loss"] * value


_SIZES: dict[str, Callable[[State, int], Any]] = {
    "hand": lambda state, seat: len(state.hand[seat]),
    "agendas": lambda state, seat: len(state.agendas[seat]),
    "portfolio": lambda state, seat: tuple(state.portfolio[seat]),  # which cards: gates differ
    "strength": lambda state, seat: state.strength,
    "opponents": lambda state, seat: state.players,
}
_BOARD = frozenset({"districts", "largest_network", "fortifications"})


def _reads(tree: Any, resources: dict[str, int]) -> tuple[Any, ...] | None:
    """What an agenda's score reads: ``board``, ``influence``, resource indices and sizes.

    None when it reads a quantity not listed here (its value is then never cached).
    """
    from baldurs_rules.dsl import ast

    found: set[Any] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Count):
            found.add("board")
        elif isinstance(node, ast.Influence):
            found.add("influence")
        elif isinstance(node, ast.Quantity):
            name = node.name.text
            if name in resources:
                found.add(resources[name])
            elif name in _BOARD:
                found.add("board")
            elif name in _SIZES:
                found.add(name)
            else:
                return None
    return tuple(sorted(found, key=str))
