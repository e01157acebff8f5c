"""The figures of the content page, counted from the default content (``load_content()``).

Parts: the table of files and their counts (``components``: its prose column is kept, the
counts written again), the table of the city (``city``, every cell from the map, the
locations and the HQs), the faction rewards (``factions``), and inline counts that any page
may quote (``count:<name>``, see ``COUNTS``). The blocks
the content report writes (``<!-- content-report:NAME -->``) are not parts of this page.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .common import Part, cells, content, table, words


def _same(what: str, values: Sequence[int]) -> int:
    """The one value all of ``values`` share.

    Raises:
        SystemExit: They differ, so the page's "each has N" no longer holds.
    """
    if len(set(values)) != 1:
        raise SystemExit(f"the {what} differ ({sorted(Counter(values).items())}): reword the page")
    return values[0]


def _lots(district: str) -> list[int]:
    return sorted(
        n.lot for n in content().board.nodes if n.kind == "lot" and n.district == district
    )


def _per_district(kind: str) -> int:
    board = content().board
    found = Counter(n.district for n in board.nodes if n.kind == kind)
    return _same(f"{kind} sites per district", [found[d.id] for d in board.districts])


def _per_type() -> int:
    kinds = Counter(b.type for b in content().buildings.values())
    return _same(
        "building cards per tile type", [kinds[t["id"]] for t in content().settings["tiles"]]
    )


def _spaces() -> int:
    return _same("faction track lengths", [len(f.rewards) for f in content().factions])


def _trades() -> int:
    return sum(len(location.trades) for location in content().locations)


def _building_costs() -> str:
    costs = Counter(b.cost for b in content().buildings.values())
    each = [
        f"{n} {'card' if n == 1 else 'cards'} at {cost}" if i == 0 else f"{n} at {cost}"
        for i, (cost, n) in enumerate(sorted(costs.items()))
    ]
    return f"costing {min(costs)} to {max(costs)} gold ({', '.join(each)})"


def _influence_spaces() -> str:
    """The spaces whose reward grants influence, as ``Council space 7``."""
    from baldurs_rules.dsl import ast as A

    found = [
        f"{faction.name.split(' of ')[0]} space {space}"
        for faction in content().factions
        for space, reward in enumerate(faction.rewards, start=1)
        if reward is not None and any(isinstance(n, A.InfluenceAmount) for n in A.walk(reward.tree))
    ]
    return words(found) if found else "no space"


def _gained(effect: Any) -> str:
    """What a plain gain gives, in words: ``gain 6 gold, 1 supply`` -> ``6 gold and 1 supply``.

    Raises:
        SystemExit: The effect is more than a gain, so the page's sentence no longer fits.
    """
    from baldurs_rules.dsl import ast as A

    if not isinstance(effect.tree, A.Gain):
        raise SystemExit(f"{effect.source!r} is not a plain gain: reword the page")
    return _trade_text(effect).removeprefix("gain ")


def _income_total() -> int:
    """The resources one turn of the basic HQ's income gives."""
    from baldurs_rules.dsl import ast as A

    _gained(content().hq_basic.income)  # a plain gain, or the page is wrong
    gain = content().hq_basic.income.tree
    return sum(item.value.value for item in gain.items if isinstance(item.value, A.Number))


def _built_prestige() -> str:
    """How many default building cards gain prestige in their own when-built effect."""
    import re

    cards = content().buildings.values()
    first_gain = [(b.when_built.source.split(";")[0] if b.when_built else "") for b in cards]
    paying = sum(
        1
        for text in first_gain
        if text.startswith("gain") and re.search(r"\b[1-9]\d* prestige", text)
    )
    return f"all {len(cards)}" if paying == len(cards) else f"{paying} of the {len(cards)}"


def _district_step() -> str:
    """What one more district occupied pays on average after the first (the mean step)."""
    after_first: list[int] = content().settings["scoring"]["districts"][1:]
    return f"{(after_first[-1] - after_first[0]) / (len(after_first) - 1):g}"


COUNTS: dict[str, Callable[[], object]] = {
    "districts": lambda: len(content().board.districts),
    "wall-districts": lambda: sum(d.wall for d in content().board.districts),
    "lots": lambda: content().counts()["lots"],
    "lots-per-district": lambda: _same(
        "lots per district", [len(_lots(d.id)) for d in content().board.districts]
    ),
    "forts-per-district": lambda: _per_district("fortification"),
    "buildings": lambda: len(content().buildings),
    "buildings-per-type": _per_type,
    "building-costs": _building_costs,
    "gates": lambda: len(content().gates),
    "agendas": lambda: len(content().agendas),
    "hqs": lambda: len(content().hqs),
    "spaces": _spaces,
    "influence-spaces": _influence_spaces,
    "held-multiple": lambda: 1 + content().settings["attack"]["held_bonus"],
    "district-step": _district_step,
    "built-prestige": _built_prestige,
    "hq-income": lambda: _gained(content().hq_basic.income),
    "hq-bonus": lambda: _gained(content().hq_basic.bonus),
    "income-total": _income_total,
    "income-as-leftovers": lambda: (
        _income_total() // content().settings["scoring"]["leftovers_divisor"]
    ),
}
"""The inline counts of the page, by part name (``count:lots``)."""


def _files() -> dict[str, str]:
    """The count column of the components table, by file."""
    c = content()
    return {
        "game.yaml": "-",
        "map.yaml": f"{len(c.board.districts)} districts, {c.counts()['lots']} lots, "
        f"{len(c.board.lines)} lines",
        "buildings.yaml": f"{len(c.buildings)} ({_per_type()} of each type)",
        "gates.yaml": str(len(c.gates)),
        "agendas.yaml": str(len(c.agendas)),
        "hqs.yaml": str(len(c.hqs)),
        "locations.yaml": f"{len(c.locations)} ({_trades()} trades)",
        "factions.yaml": f"{len(c.factions)} ({_spaces()} spaces each)",
    }


def components(old: str) -> str:
    """The files table: ``File`` and ``What it holds`` kept, ``Count`` written again.

    Raises:
        SystemExit: A row names a file that is not counted here.
    """
    counts = _files()
    lines = old.rstrip("\n").splitlines()
    rows = []
    for line in lines[2:]:
        file, what, _ = cells(line)
        name = file.strip("`")
        if name not in counts:
            raise SystemExit(
                f"no count for the content file {name!r}: counted are {sorted(counts)}"
            )
        rows.append([file, what, counts[name]])
    if [r[0].strip("`") for r in rows] != list(counts):
        raise SystemExit(f"the components table must list the files {list(counts)}, in order")
    return table(cells(lines[0]), rows)


def _trade_text(effect: Any) -> str:
    """``Draw 1 agenda card. Then gain 1 supply.`` -> ``draw 1 agenda card, then gain 1 supply``."""
    from baldurs_rules.dsl.render import to_text

    text = to_text(effect.tree, content().names()).rstrip(".").replace(". Then ", ", then ")
    return text[0].lower() + text[1:]


def _span(lots: list[int]) -> str:
    contiguous = lots == list(range(lots[0], lots[-1] + 1))
    return f"{lots[0]}-{lots[-1]}" if contiguous else ", ".join(map(str, lots))


def city(old: str) -> str:
    """A row per district: wall, lots, its special location's trades with their favor cost,
    and its HQ card."""
    c = content()
    places = {location.district: location for location in c.locations}
    hqs = {hq.district: hq.name for hq in c.hqs.values()}
    rows = []
    for district in c.board.districts:
        place = places[district.id]
        trades = "; ".join(f"{_trade_text(t.effect)} ({t.cost})" for t in place.trades)
        wall = "yes" if district.wall else "no"
        rows.append(
            [
                district.name,
                wall,
                _span(_lots(district.id)),
                f"{place.name}: {trades}",
                hqs[district.id],
            ]
        )
    header = ["District", "Wall", "Lots", "Special location: trades (favor cost)", "HQ card"]
    return table(header, rows)


def factions(old: str) -> str:
    """A row per faction track: every space's reward (by space number), and the design
    intent, kept from the part as written (by the faction's name).

    Raises:
        SystemExit: A faction of the content has no row to take its intent from.
    """
    intents = {cells(line)[0]: cells(line)[-1] for line in old.rstrip("\n").splitlines()[2:]}
    rows = []
    for faction in content().factions:
        if faction.name not in intents:
            raise SystemExit(f"no design intent for the faction {faction.name!r}: add its row")
        rewards = [
            f"{space}: {_trade_text(reward)}"
            for space, reward in enumerate(faction.rewards, start=1)
            if reward is not None
        ]
        rows.append([faction.name, "; ".join(rewards), intents[faction.name]])
    return table(["Faction", "Rewards (space: reward)", "Design intent"], rows)


def count(name: str) -> str:
    """The count ``name`` of the default content (a ``count:<name>`` part on any page).

    Raises:
        SystemExit: No such count (the message names those there are).
    """
    if name not in COUNTS:
        raise SystemExit(f"no count {name!r} of the content: the counts are {sorted(COUNTS)}")
    return str(COUNTS[name]())


PARTS: Mapping[str, Part] = {"components": components, "city": city, "factions": factions}
"""The parts of docs/content.md."""
