"""The generated parts of ``docs/rules.md``: every number and table quoted from the content.

Each table names the content key it comes from, so the page reads as the rules in
our words while every figure is the one the engine plays with. Single numbers in the
prose are ``key:...`` parts (see ``generate.py``); the parts here are the tables and
the phrases that need the effect language turned into English.
"""

from __future__ import annotations

from collections.abc import Mapping

from .common import Part, content, settings, table, value, words


def _english(script: object) -> str:
    from baldurs_rules.present.card_text import script_text

    return script_text(content(), script).rstrip(".")  # type: ignore[arg-type]


def _names() -> dict[str, str]:
    return content().names()  # type: ignore[no-any-return]


def city(old: str) -> str:
    """The districts: their lots, sites and special location (``map.yaml``)."""
    board, names = content().board, _names()
    places = {loc.district: loc.name for loc in content().locations}
    rows = []
    for district in board.districts:
        nodes = [n for n in board.nodes if n.district == district.id]
        lots = [str(n.lot) for n in nodes if n.kind == "lot"]
        count = {
            kind: sum(n.kind == kind for n in nodes) for kind in ("hq", "fortification", "gate")
        }
        rows.append(
            [
                names.get(district.id, district.id),
                ", ".join(lots),
                count["hq"],
                count["fortification"],
                count["gate"] or "",
                places.get(district.id, ""),
            ]
        )
    header = [
        "District",
        "Lots",
        "HQ sites",
        "Fortification sites",
        "Gate sites",
        "Special location",
    ]
    return table(header, rows)


def setup_table(old: str) -> str:
    """Every amount of the setup, with its key in ``game.yaml``."""
    setup, faction_count = settings()["setup"], len(content().factions)
    banned = ", ".join(f"{n} with {players} players" for players, n in setup["banned_lots"].items())
    rows = [
        [
            "`players.min`, `players.max`",
            "players",
            f"{value('players.min')} to {value('players.max')}",
        ],
        ["`players.first`", "the seat that takes the first turn", value("players.first")],
        [
            "`setup.cubes`",
            "cubes per seat (one per faction track, the rest in the supply)",
            f"{setup['cubes']} ({faction_count} on the tracks, "
            f"{setup['cubes'] - faction_count} in the supply)",
        ],
        [
            "`setup.resources`",
            "resources per seat",
            words([f"{n} {r}" for r, n in setup["resources"].items()]),
        ],
        [
            "`setup.hand`",
            "cards dealt per seat",
            words([f"{n} {k}" for k, n in setup["hand"].items()]),
        ],
        ["`setup.offer`", "building cards face up (the offer)", setup["offer"]],
        ["`setup.starting_lots`", "lot tokens drawn at setup", setup["starting_lots"]],
        ["`setup.banned_lots`", "more tokens drawn after setup (banned lots), by players", banned],
    ]
    return table(["Key", "What", "Amount"], rows)


def bonuses(old: str) -> str:
    """Connection bonuses of tiles, the basic HQ side and fortifications; tile piles."""
    c = content()
    rows = [[t.name, _english(t.bonus), f"{t.pile} tiles", f"`tiles` ({t.id})"] for t in c.tiles]
    rows.append(["HQ (basic side)", _english(c.hq_basic.bonus), "", "`hq_basic.bonus`"])
    rows.append(["HQ (advanced side)", "the bonus on its card", "", "`hqs.yaml` `advanced.bonus`"])
    for fort in c.fortifications:
        rows.append([fort.name, _english(fort.bonus), "", f"`fortifications` ({fort.id})"])
    return table(["Structure", "Its owner's bonus", "Pile", "Content key"], rows)


def defenses(old: str) -> str:
    """Defense of each fortification kind."""
    rows = [
        [f.name, f.defense, f"`fortifications` ({f.id}) `defense`"]
        for f in content().fortifications
    ]
    return table(["Fortification", "Defense", "Content key"], rows)


def faction_rewards(old: str) -> str:
    """The reward of every space of every faction track (``factions.yaml``)."""
    factions = content().factions
    spaces = max(len(f.rewards) for f in factions)
    rows = []
    for space in range(spaces):
        cells = [
            _english(f.rewards[space]) if space < len(f.rewards) and f.rewards[space] else ""
            for f in factions
        ]
        rows.append([space + 1, *cells])
    return table(["Space", *(f.name for f in factions)], rows)


def faction_spaces(old: str) -> str:
    """How many spaces each track has above the start."""
    counts = sorted({len(f.rewards) for f in content().factions})
    return words([str(n) for n in counts], "or")


def faction_names(old: str) -> str:
    return words([f.name for f in content().factions])


def past_top(old: str) -> str:
    return _english(content().past_top).lower()


def hq_income(old: str) -> str:
    return _english(content().hq_basic.income).removeprefix("Gain ")


def district_scoring(old: str) -> str:
    """The districts table of the final scoring, one column per district count."""
    points = value("scoring.districts")
    header = ["Districts", *(str(i) for i in range(len(points)))]
    return table(header, [["Prestige", *points]])


def leftovers(old: str) -> str:
    return words([*value("scoring.leftovers"), "building cards in hand"])


def player_count(old: str) -> str:
    return f"{value('players.min')} to {value('players.max')}"


def extra_hqs(old: str) -> str:
    return str(value("advanced.extra_hqs"))


def _cards(counts: Mapping[str, int]) -> str:
    return words([f"{n} {kind}" for kind, n in counts.items()])


def advanced_deal(old: str) -> str:
    deal, keep = value("advanced.deal"), value("advanced.keep")
    return f"dealt {_cards(deal)} and keeps {_cards(keep)}"


PARTS: dict[str, Part] = {
    "city": city,
    "setup-table": setup_table,
    "bonuses": bonuses,
    "defenses": defenses,
    "faction-rewards": faction_rewards,
    "faction-spaces": faction_spaces,
    "faction-names": faction_names,
    "past-top": past_top,
    "hq-income": hq_income,
    "district-scoring": district_scoring,
    "leftovers": leftovers,
    "player-count": player_count,
    "extra-hqs": extra_hqs,
    "advanced-deal": advanced_deal,
}
