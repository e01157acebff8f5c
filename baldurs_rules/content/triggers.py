"""Effects that trigger effects: the trigger graph of a content, and its endless loops.

Some atoms make the rules run other effects: gaining influence pays the reward
of every space passed (and ``past_top`` for each point past the top of a
track); placing a fortification, taking a gate or building pays the connection
bonuses of the structures joined to it; building runs the card's when-built
effect. Each such edge either *uses up* something finite or does not:

* a space of a track pays once per player (influence never goes down);
* a placement, a gate and a build each use a cube and a site or lot;
* influence past the top of a track uses nothing: ``past_top`` can run again and again.

A cycle of edges that use up nothing never ends (``past_top: "gain 1 influence
with flaming_fist"`` gains influence past the top, which runs ``past_top``, ...),
so it is refused when the content is loaded, naming every effect of the loop.

Examples:
    >>> from baldurs_rules import load_content
    >>> loops(load_content())
    []
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from baldurs_rules.content.model import Content, Script
from baldurs_rules.dsl import ast as A
from baldurs_rules.errors import Problem

__all__ = ["Edge", "labelled_scripts", "loop_problems", "loops", "trigger_graph"]


@dataclass(frozen=True, slots=True)
class Edge:
    """Running ``source`` can make the rules run ``target``.

    Attributes:
        source: Index in [`labelled_scripts`][baldurs_rules.content.triggers.labelled_scripts].
        target: Index of the effect it triggers.
        finite: Whether each time uses up something finite (a cube, a space, ...).
        why: What happens, for messages (``gains influence with flaming_fist``).
    """

    source: int
    target: int
    finite: bool
    why: str


def labelled_scripts(content: Content) -> list[tuple[str, Script]]:
    """Every effect of the content with a name for messages, each script once."""
    found: list[tuple[str, Script | None]] = []
    found += [(f"the {t.id} connection bonus", t.bonus) for t in content.tiles]
    found += [(f"the {f.id} connection bonus", f.bonus) for f in content.fortifications]
    for faction in content.factions:
        found += [(f"{faction.id} space {i + 1}", r) for i, r in enumerate(faction.rewards)]
    found.append(("past_top", content.past_top))
    for b in content.buildings.values():
        found += [(f"{b.id} income", b.income), (f"{b.id} when built", b.when_built)]
    found += [(f"{g.id} income", g.income) for g in content.gates.values()]
    sides = [("hq_basic", content.hq_basic)]
    for h in content.hqs.values():
        sides += [(f"{h.id} basic", h.basic), (f"{h.id} advanced", h.advanced)]
    for name, side in sides:
        for part in ("income", "ability", "bonus", "setup"):
            found.append((f"{name} {part}", getattr(side, part)))
    for loc in content.locations:
        found += [(f"{loc.id} trade {i + 1}", t.effect) for i, t in enumerate(loc.trades)]
    unique: dict[int, tuple[str, Script]] = {}
    for label, script in found:
        if script is not None and id(script) not in unique:
            unique[id(script)] = (label, script)
    return list(unique.values())


def trigger_graph(content: Content, scripts: list[tuple[str, Script]]) -> list[Edge]:
    """Every edge from an effect to an effect it can trigger."""
    index = {id(script): i for i, (_, script) in enumerate(scripts)}
    rewards = {f.id: [index[id(r)] for r in f.rewards if r is not None] for f in content.factions}
    past_top = [index[id(content.past_top)]] if content.past_top is not None else []
    bonuses = [i for i, (label, _) in enumerate(scripts) if label.endswith("bonus")]
    when_built = [i for i, (label, _) in enumerate(scripts) if label.endswith("when built")]
    edges: list[Edge] = []
    for source, (_, script) in enumerate(scripts):
        for node in A.walk(script.tree):
            for faction in _influence(node, list(rewards)):
                why = f"gains influence with {faction}"
                edges += [Edge(source, t, True, why) for t in rewards[faction]]
                edges += [
                    Edge(source, t, False, why + " past the top of its track") for t in past_top
                ]
            if isinstance(node, (A.Place, A.TakeGate, A.Build)):
                what = {A.Place: "places a piece", A.TakeGate: "takes a gate"}.get(
                    type(node), "builds"
                )
                edges += [Edge(source, t, True, what) for t in bonuses]
                if isinstance(node, A.Build):
                    edges += [Edge(source, t, True, "builds") for t in when_built]
    return list(dict.fromkeys(edges))


def _influence(node: Any, factions: list[str]) -> list[str]:
    """The factions an influence gain may move the player on."""
    if not isinstance(node, A.Gain):
        return []
    found: list[str] = []
    for item in node.items:
        if isinstance(item, A.InfluenceAmount):
            found += factions if item.faction is None else [item.faction.text]
    return [f for f in dict.fromkeys(found) if f in factions]


def loops(content: Content) -> list[list[tuple[str, Script, Edge, str]]]:
    """Every cycle of triggers that uses up nothing, one per group of effects in a loop.

    Each step of a cycle is (label, script, edge, label of the effect it triggers).
    """
    scripts = labelled_scripts(content)
    edges = [e for e in trigger_graph(content, scripts) if not e.finite]
    out: dict[int, list[Edge]] = {}
    for edge in edges:
        out.setdefault(edge.source, []).append(edge)
    found: list[list[tuple[str, Script, Edge, str]]] = []
    done: set[int] = set()
    for start in sorted(out):
        if start in done:
            continue
        cycle = _cycle_from(start, out)
        if cycle:
            done.update(e.source for e in cycle)
            found.append([(*scripts[e.source], e, scripts[e.target][0]) for e in cycle])
    return found


def _cycle_from(start: int, out: dict[int, list[Edge]]) -> list[Edge]:
    """A shortest cycle through ``start`` (breadth first), or []."""
    paths: dict[int, list[Edge]] = {start: []}
    frontier = [start]
    while frontier:
        nxt: list[int] = []
        for node in frontier:
            for edge in out.get(node, []):
                if edge.target == start:
                    return [*paths[node], edge]
                if edge.target not in paths:
                    paths[edge.target] = [*paths[node], edge]
                    nxt.append(edge.target)
        frontier = nxt
    return []


def loop_problems(content: Content) -> list[Problem]:
    """One located problem per endless loop of triggers."""
    problems: list[Problem] = []
    for cycle in loops(content):
        steps = "; ".join(
            f"{label} ({script.location}) {edge.why}, which runs {target}"
            for label, script, edge, target in cycle
        )
        problems.append(
            Problem(
                cycle[0][1].location,
                f"endless loop: {steps}, and so on forever; nothing on the way uses up"
                " a cube, a card, a lot or a site",
            )
        )
    return problems
