"""The default content is the seed's game: every number RULES.md Part A states is in it.

Each entry below holds one number (or table) Part A states, the sentence of Part A it comes
from, and where the default content keeps it. The test loads the default content through the
public loader and fails with the key, the content's value and the rule's value on any
difference: balance work moves only Part B numbers (or goes into a mod, like the bundled
``tuned`` mod), never these.

RULES.md lives outside the repository (``../shared/RULES.md`` next to a clone, as CI has it,
or ``/work/shared/RULES.md``; ``BALDURS_RULES_MD`` names another copy). When it is there, a
second test checks that each quoted sentence still appears in its Part A, so a change of the
rules shows here; without it that test skips.

Part A's district scoring says only "count districts": the table of prestige per number of
districts is Part B's (ours), like the attack track after its first space.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import baldurs_rules as br
from baldurs_rules.content.model import Content


@dataclass(frozen=True)
class PartA:
    """One number of RULES.md Part A: where the content keeps it and the sentence it is from."""

    key: str
    rule: Any
    sentence: str
    read: Callable[[Content], Any]


def setting(path: str) -> Callable[[Content], Any]:
    """Reads a dotted key of ``game.yaml`` (``attack.held_bonus``)."""

    def read(content: Content) -> Any:
        value: Any = content.settings
        for part in path.split("."):
            value = value[part]
        return value

    return read


def source(script: Any) -> str | None:
    """An effect's text with its spaces normalised (None for no effect)."""
    return None if script is None else " ".join(script.source.split())


def tile_bonus(tile_id: str) -> Callable[[Content], Any]:
    return lambda c: source(next(t.bonus for t in c.tiles if t.id == tile_id))


def fortification(fort_id: str, field: str) -> Callable[[Content], Any]:
    def read(content: Content) -> Any:
        fort = next(f for f in content.fortifications if f.id == fort_id)
        return source(fort.bonus) if field == "bonus" else getattr(fort, field)

    return read


def lots(content: Content) -> int:
    return sum(1 for node in content.board.nodes if node.kind == "lot")


SETUP_PLAYERS = "2 to 4 noble houses build in Baldur's Gate."
COLOUR = "Each player takes a colour: 25 cubes, a prestige marker, a worker and an HQ tile."
DEAL = "deal 3 face down to each player; lay 4 face up as the offer"
GOODS = "Each player gets 6 gold, 1 supply, 1 favor."
BAG = "Put all 36 lot tokens in the bag. Draw 8"
BANNED = "With 2 players draw 8 more tokens after setup, with 3 players 4 more"
EXAMPLE = "You gain 1 favor, that opponent 1 supply, the keep's owner 1 prestige."
FORT_BONUS = "give 1 prestige whenever a new building or fortification is connected to them"
DEFENSE = "A district's defense = 1 per watchtower + 2 per keep in it (gates 0)."
LEFTOVERS = "add up single gold, supply, favor and building cards in hand; divide by 3, round down"
TIES = (
    "Ties: more buildings in portfolio (HQ not counted); then more fortifications; then more"
    " prestige from agendas"
)
ADVANCED_DEAL = "Deal 5 building cards to each player instead of 3; each keeps 3"

PART_A = [
    PartA("players.min", 2, SETUP_PLAYERS, setting("players.min")),
    PartA("players.max", 4, SETUP_PLAYERS, setting("players.max")),
    PartA("map: districts", 9, "The board has nine districts.", lambda c: len(c.board.districts)),
    PartA(
        "attack.trigger",
        4,
        "a district's fourth token triggers an attack there at once",
        setting("attack.trigger"),
    ),
    PartA("setup.cubes", 25, COLOUR, setting("setup.cubes")),
    PartA(
        "factions: tracks",
        3,
        "One cube of each player on the start space of each of the three faction tracks.",
        lambda c: len(c.factions),
    ),
    PartA("setup.hand.buildings", 3, DEAL, setting("setup.hand.buildings")),
    PartA("setup.offer", 4, DEAL, setting("setup.offer")),
    PartA(
        "setup.hand.agendas",
        3,
        "Shuffle the agenda cards, deal 3 to each player (hidden)",
        setting("setup.hand.agendas"),
    ),
    PartA(
        "setup.resources", {"gold": 6, "supply": 1, "favor": 1}, GOODS, setting("setup.resources")
    ),
    PartA("map: lots", 36, BAG, lots),
    PartA("setup.starting_lots", 8, BAG, setting("setup.starting_lots")),
    PartA(
        "attack.strength[0]",
        1,
        "The attack-strength marker starts at 1 (the first space).",
        lambda c: c.settings["attack"]["strength"][0],
    ),
    PartA("setup.banned_lots[2]", 8, BANNED, lambda c: c.settings["setup"]["banned_lots"]["2"]),
    PartA("setup.banned_lots[3]", 4, BANNED, lambda c: c.settings["setup"]["banned_lots"]["3"]),
    PartA(
        "hq_basic.income",
        "gain 6 gold, 1 supply",
        "the basic side always gives 6 gold and 1 supply",
        lambda c: source(c.hq_basic.income),
    ),
    PartA("tiles.inn.bonus", "gain 1 favor", EXAMPLE, tile_bonus("inn")),
    PartA("tiles.trading_hall.bonus", "gain 1 supply", EXAMPLE, tile_bonus("trading_hall")),
    PartA("fortifications.keep.bonus", "gain 1 prestige", EXAMPLE, fortification("keep", "bonus")),
    *(
        PartA(
            f"fortifications.{kind}.bonus",
            "gain 1 prestige",
            FORT_BONUS,
            fortification(kind, "bonus"),
        )
        for kind in ("watchtower", "keep", "gate")
    ),
    *(
        PartA(f"fortifications.{kind}.defense", value, DEFENSE, fortification(kind, "defense"))
        for kind, value in (("watchtower", 1), ("keep", 2), ("gate", 0))
    ),
    PartA(
        "attack.held_bonus",
        1,
        "the player with the largest defense contribution gains it once more",
        setting("attack.held_bonus"),
    ),
    PartA(
        "attack.damage_favor",
        1,
        "each of its trades now costs 1 more favor",
        setting("attack.damage_favor"),
    ),
    PartA(
        "scoring.agenda_influence",
        4,
        "for each faction where you have at least 4 influence, score one agenda card",
        setting("scoring.agenda_influence"),
    ),
    PartA(
        "scoring.network_per_piece",
        2,
        "2 prestige per piece in that one group.",
        setting("scoring.network_per_piece"),
    ),
    PartA("scoring.leftovers_divisor", 3, LEFTOVERS, setting("scoring.leftovers_divisor")),
    PartA(
        "scoring.leftovers", ["gold", "supply", "favor"], LEFTOVERS, setting("scoring.leftovers")
    ),
    PartA(
        "scoring.tie_breaks",
        ["portfolio_buildings", "fortifications", "agenda_prestige"],
        TIES,
        setting("scoring.tie_breaks"),
    ),
    PartA(
        "advanced.extra_hqs",
        1,
        "Lay out n+1 HQ cards advanced side up (n = players).",
        setting("advanced.extra_hqs"),
    ),
    PartA("advanced.deal.buildings", 5, ADVANCED_DEAL, setting("advanced.deal.buildings")),
    PartA("advanced.keep.buildings", 3, ADVANCED_DEAL, setting("advanced.keep.buildings")),
    PartA(
        "advanced.deal.agendas",
        5,
        "Likewise deal 5 agendas; keep 3",
        setting("advanced.deal.agendas"),
    ),
    PartA(
        "advanced.keep.agendas",
        3,
        "Likewise deal 5 agendas; keep 3",
        setting("advanced.keep.agendas"),
    ),
]


def plain(value: Any) -> Any:
    """Content values as plain lists and dicts (the settings may hold read-only views)."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def mismatch(number: PartA, content: Content) -> str | None:
    """What is wrong with the content's value of one Part A number (None when it agrees)."""
    value = plain(number.read(content))
    if value == number.rule:
        return None
    return (
        f"{number.key}: the content has {value!r}, RULES.md Part A says {number.rule!r}"
        f" ({number.sentence!r}); tune Part B numbers or a mod instead"
    )


@pytest.mark.parametrize("number", PART_A, ids=[n.key for n in PART_A])
def test_default_content_holds_the_number_part_a_states(number: PartA) -> None:
    problem = mismatch(number, br.load_content())
    assert problem is None, problem


def test_a_changed_number_is_reported_with_its_key_and_both_values(tmp_path: Path) -> None:
    (tmp_path / "mod.yaml").write_text("name: Raised\nextends: default\n")
    (tmp_path / "game.yaml").write_text(
        "attack: {held_bonus: 3}\nscoring: {network_per_piece: 3}\n"
    )
    content = br.load_content(tmp_path)
    problems = [p for p in (mismatch(n, content) for n in PART_A) if p]
    assert [p.split(" (")[0] for p in problems] == [
        "attack.held_bonus: the content has 3, RULES.md Part A says 1",
        "scoring.network_per_piece: the content has 3, RULES.md Part A says 2",
    ]


def rules_md() -> Path | None:
    """RULES.md beside the clone (as CI has it), or the shared copy, or $BALDURS_RULES_MD."""
    root = Path(__file__).resolve().parents[2]
    named = os.environ.get("BALDURS_RULES_MD")
    candidates = [Path(named)] if named else []
    candidates += [root.parent / "shared" / "RULES.md", Path("/work/shared/RULES.md")]
    return next((path for path in candidates if path.is_file()), None)


def part_a_text(path: Path) -> str:
    """Part A of RULES.md, with every run of white space made one space."""
    text = path.read_text(encoding="utf-8")
    start = text.index("## Part A")
    end = text.index("## Part B", start)
    return " ".join(text[start:end].split())


def test_every_quoted_sentence_is_in_part_a() -> None:
    path = rules_md()
    if path is None:
        pytest.skip("RULES.md is not beside this clone (../shared/RULES.md)")
    part_a = part_a_text(path)
    missing = sorted({n.sentence for n in PART_A if " ".join(n.sentence.split()) not in part_a})
    assert not missing, f"{path}: Part A no longer says: {missing}"
