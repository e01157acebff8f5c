"""Content that validates cannot fail in play: setup assumptions, amounts and loops at load.

Each case writes a small mod over the default content (or patches a copy of
it) and checks the located problem, or that the content loads and plays.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest
from content_support import problems_of

import baldurs_rules as br
from baldurs_rules import Problem, load_content
from baldurs_rules.content import checks, triggers
from baldurs_rules.content.files import default_content_dir
from baldurs_rules.dsl.bounds import MAX_AMOUNT, MAX_RESOURCE, Interval


@pytest.fixture(autouse=True)
def no_disk_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BALDURS_RULES_CACHE", "0")


def mod(tmp_path: Path, **files: str) -> Path:
    directory = tmp_path / "mod"
    directory.mkdir(exist_ok=True)
    (directory / "mod.yaml").write_text("name: Test\n", "utf-8")
    for name, text in files.items():
        (directory / f"{name}.yaml").write_text(textwrap.dedent(text).lstrip("\n"), "utf-8")
    return directory


def copy(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(default_content_dir(), target)
    return target


def patch(file: Path, old: str, new: str) -> tuple[int, int]:
    raw = file.read_text("utf-8")
    at = raw.index(old)
    file.write_text(raw.replace(old, new, 1), "utf-8")
    return raw.count("\n", 0, at) + 1, at - (raw.rfind("\n", 0, at) + 1) + 1


def located(problems: list[Problem]) -> list[tuple[str, int, int, str]]:
    return [
        (Path(p.location.file).name, p.location.line, p.location.column, p.message)
        for p in problems
        if p.location is not None
    ]


BUILDING = """
buildings:
  - id: test_card
    name: Test Card
    type: market
    cost: 3
    income: "{effect}"
"""


def building(tmp_path: Path, effect: str) -> list[tuple[str, int, int, str]]:
    return located(problems_of(mod(tmp_path, buildings=BUILDING.format(effect=effect))))


# ------------------------------------------------------------------ setup --


def test_two_cubes_are_refused(tmp_path: Path) -> None:
    """The issue's example: setup.cubes 2 started games with negative cubes."""
    assert located(problems_of(mod(tmp_path, game="setup: {cubes: 2}\n"))) == [
        (
            "game.yaml",
            1,
            16,
            "2 cubes are too few: each player puts one on each of the 3 faction tracks and"
            " HQ setup effects can place 1 more, which leaves none to play with; give at least 5",
        )
    ]


def test_the_fewest_cubes_accepted_start_a_game_with_cubes_left(tmp_path: Path) -> None:
    content = load_content(mod(tmp_path, game="setup: {cubes: 5}\n"), cache=False)
    for advanced in (False, True):
        game = br.new_game(players=4, seed=3, advanced=advanced, content=content)
        while game.state.phase == "setup":
            game.apply(game.legal_actions()[0])
        assert min(game.state.cubes) >= 1


def test_hq_setup_effects_that_place_more_need_more_cubes(tmp_path: Path) -> None:
    directory = copy(tmp_path)
    patch(directory / "hqs.yaml", 'setup: "take gate"', 'setup: "repeat 3: take gate"')
    patch(directory / "game.yaml", "cubes: 25", "cubes: 6")
    ((file, _line, _column, message),) = located(problems_of(directory))
    assert file == "game.yaml"
    assert message.startswith("6 cubes are too few: each player puts one on each of the 3")
    assert message.endswith("HQ setup effects can place 3 more, which leaves none to play with;"
                            " give at least 7")  # fmt: skip


def test_players_min_above_max(tmp_path: Path) -> None:
    assert located(problems_of(mod(tmp_path, game="players: {min: 4, max: 3, first: 0}\n"))) == [
        ("game.yaml", 1, 16, "players: min is larger than max")
    ]


def test_too_few_hq_cards_for_the_advanced_draft(tmp_path: Path) -> None:
    found = located(problems_of(mod(tmp_path, game="advanced:\n  extra_hqs: 6\n")))
    assert found == [
        (
            "game.yaml",
            2,
            14,
            "9 HQ cards are too few for 4 players in the advanced setup (4 + extra_hqs 6 = 10)",
        )
    ]


def test_more_lot_tokens_at_setup_than_lots(tmp_path: Path) -> None:
    lots = sum(1 for n in load_content(cache=False).board.nodes if n.kind == "lot")
    found = located(problems_of(mod(tmp_path, game=f"setup:\n  starting_lots: {lots - 8}\n")))
    game = (default_content_dir() / "game.yaml").read_text("utf-8").split("\n")
    line = next(i for i, text in enumerate(game) if "banned_lots: {2: 8" in text)
    assert found == [
        (
            "game.yaml",
            line + 1,
            game[line].index("{2: 8") + 5,
            f"2 players: more tokens drawn at setup than the {lots} lots"
            f" ({lots - 8} starting, 1 face down, 8 banned)",
        )
    ]
    assert load_content(mod(tmp_path, game=f"setup:\n  starting_lots: {lots - 9}\n"), cache=False)


def test_hands_and_offer_larger_than_the_deck(tmp_path: Path) -> None:
    text = "setup:\n  hand: {buildings: 12, agendas: 3}\n  offer: 4\n"
    assert [m for *_, m in located(problems_of(mod(tmp_path, game=text)))] == [
        "48 building cards are too few to deal: 4 players × 12 + 4 in the offer = 52"
    ]


def test_advanced_deals_larger_than_the_decks(tmp_path: Path) -> None:
    text = "advanced:\n  deal: {buildings: 12, agendas: 8}\n  keep: {buildings: 3, agendas: 3}\n"
    assert located(problems_of(mod(tmp_path, game=text))) == [
        (
            "game.yaml",
            2,
            21,
            "48 building cards are too few to deal: 4 players × 12 + 4 in the offer = 52",
        ),
        ("game.yaml", 2, 34, "28 agenda cards are too few to deal: 4 players × 8 = 32"),
    ]


def test_agenda_hands_larger_than_the_agenda_deck(tmp_path: Path) -> None:
    text = "setup:\n  hand: {buildings: 3, agendas: 8}\n"
    assert [m for *_, m in located(problems_of(mod(tmp_path, game=text)))] == [
        "28 agenda cards are too few to deal: 4 players × 8 = 32"
    ]


def test_keeping_more_than_dealt(tmp_path: Path) -> None:
    text = "advanced:\n  keep: {buildings: 6, agendas: 3}\n"
    assert located(problems_of(mod(tmp_path, game=text))) == [
        ("game.yaml", 2, 21, "players keep 6 buildings of the 5 dealt: keep at most what is dealt")
    ]


def test_starting_resources_must_exist(tmp_path: Path) -> None:
    text = "setup:\n  resources: {gold: 6, suply: 1}\n"
    assert located(problems_of(mod(tmp_path, game=text))) == [
        ("game.yaml", 2, 24, "unknown resource 'suply'; did you mean 'supply'?")
    ]


def test_agenda_threshold_past_every_track(tmp_path: Path) -> None:
    text = "scoring:\n  agenda_influence: 11\n"
    assert located(problems_of(mod(tmp_path, game=text))) == [
        (
            "game.yaml",
            2,
            21,
            "agenda_influence 11 is past the top of every faction track (10 spaces):"
            " no agenda could ever score",
        )
    ]


def test_default_content_passes_every_check() -> None:
    content = load_content(cache=False)
    assert triggers.loops(content) == []
    assert {name for name, _, _ in checks.CHECKS} >= {
        "cubes at setup",
        "HQ cards for every seat",
        "lot tokens drawn at setup",
        "building cards dealt at setup",
        "agenda cards dealt at setup",
        "effects that trigger effects",
    }


# ------------------------------------------------------------------ amounts --


def test_draw_999_times_999_is_refused(tmp_path: Path) -> None:
    """The issue's example: `draw 999*999 building` blew past every bound."""
    assert building(tmp_path, "draw 999*999 building") == [
        (
            "buildings.yaml",
            6,
            19,
            f"amount can reach 998001, more than {MAX_AMOUNT}; cap it with min(..., {MAX_AMOUNT})",
        )
    ]


def test_products_of_quantities_are_refused(tmp_path: Path) -> None:
    assert building(tmp_path, "gain gold * supply gold") == [
        (
            "buildings.yaml",
            6,
            19,
            "amount can reach 998001 (gold up to 999, supply up to 999), more than 999;"
            " cap it with min(..., 999)",
        )
    ]


def test_a_capped_product_is_fine(tmp_path: Path) -> None:
    content = load_content(
        mod(tmp_path, buildings=BUILDING.format(effect="gain min(gold * supply, 999) gold")),
        cache=False,
    )
    assert "test_card" in content.buildings


def test_an_amount_inside_a_cost_a_discount_and_influence(tmp_path: Path) -> None:
    effect = (
        "pay count(buildings) * 40 gold: build with discount hand * 30;"
        " gain districts * 200 influence with any faction"
    )
    messages = [m for *_, m in building(tmp_path, effect)]
    assert messages == [
        "amount can reach 1440 (count(buildings) up to 36), more than 999;"
        " cap it with min(..., 999)",
        "amount can reach 1470 (hand up to 49), more than 999; cap it with min(..., 999)",
        "amount can reach 1800 (districts up to 9), more than 999; cap it with min(..., 999)",
    ]


def test_an_agenda_score_is_bounded(tmp_path: Path) -> None:
    agendas = """
    agendas:
      - id: test_agenda
        name: Test Agenda
        score: "gold * 2"
    """
    assert located(problems_of(mod(tmp_path, agendas=agendas))) == [
        (
            "agendas.yaml",
            4,
            13,
            "amount can reach 1998 (gold up to 999), more than 999; cap it with min(..., 999)",
        )
    ]


def test_draws_count_card_by_card_in_the_work_bound(tmp_path: Path) -> None:
    assert building(tmp_path, "repeat 10: draw 200 building") == [
        (
            "buildings.yaml",
            6,
            14,
            "effect can take 2000 steps (each card drawn and each space of influence counted),"
            " more than 1000; draw or gain less",
        )
    ]


def test_each_counts_the_content_s_players(tmp_path: Path) -> None:
    """`each` repeats for players.max players, not a fixed four."""
    effect = "repeat 10: repeat 10: each player: (gain 1 gold; gain 1 supply)"
    assert (
        "test_card"
        in load_content(
            mod(tmp_path, buildings=BUILDING.format(effect=effect)), cache=False
        ).buildings
    )
    eight = mod(tmp_path, buildings=BUILDING.format(effect=effect), game="""
    players: {min: 2, max: 8, first: 0}
    advanced: {extra_hqs: 1, deal: {buildings: 5, agendas: 3}, keep: {buildings: 3, agendas: 3}}
    setup:
      hand: {buildings: 3, agendas: 3}
    """)  # fmt: skip
    messages = [m for *_, m in located(problems_of(eight))]
    assert "effect can take 1700 steps (each card drawn and each space of influence counted),"\
        " more than 1000; draw or gain less" in messages  # fmt: skip


def test_rules_tables_amounts(tmp_path: Path) -> None:
    text = "attack:\n  held_bonus: 400\n  damage_favor: 600\nscoring:\n  network_per_piece: 40\n"
    content = load_content(cache=False)
    nodes = len(content.board.nodes)
    held = max(content.settings["attack"]["strength"]) * 400
    assert located(problems_of(mod(tmp_path, game=text))) == [
        ("game.yaml", 2, 15, f"the prestige of a held attack can reach {held}, more than 999"),
        ("game.yaml", 3, 17, "the favor a trade costs can reach 1203, more than 999"),
        (
            "game.yaml",
            5,
            22,
            f"the prestige of the largest network can reach {nodes * 40}, more than 999",
        ),
    ]


def test_content_ranges_follow_the_content() -> None:
    content = load_content(cache=False)
    ranges = checks.content_ranges(content)
    lots = sum(1 for n in content.board.nodes if n.kind == "lot")
    assert ranges.count("building", None) == Interval(0, lots)
    assert ranges.quantities["gold"] == Interval(0, MAX_RESOURCE)
    assert ranges.quantities["hand"] == Interval(0, len(content.buildings))
    assert ranges.influence["flaming_fist"] == Interval(0, 10)
    assert ranges.quantities["damage"] == Interval(0, checks.ATTACKS_PER_DISTRICT)
    strength = content.settings["attack"]["strength"]
    assert ranges.quantities["strength"] == Interval(min(strength), max(strength))


# ------------------------------------------------------------------ loops --


def test_past_top_that_gains_influence_loops_forever(tmp_path: Path) -> None:
    """The issue's example: this past_top looped forever in play."""
    directory = copy(tmp_path)
    line, column = patch(
        directory / "factions.yaml",
        'past_top: "gain 1 prestige"',
        'past_top: "gain 1 influence with flaming_fist"',
    )
    column += len('past_top: "')  # the effect starts after the quote
    where = f"{directory / 'factions.yaml'}:{line}:{column}"
    ((file, *place, message),) = located(problems_of(directory))
    assert (file, *place) == ("factions.yaml", line, column)
    assert message == (
        f"endless loop: past_top ({where}) gains influence with flaming_fist past the top of its"
        " track, which runs past_top, and so on forever; nothing on the way uses up a cube,"
        " a card, a lot or a site"
    )


def test_past_top_gaining_influence_in_a_choice_or_a_condition_still_loops(
    tmp_path: Path,
) -> None:
    directory = copy(tmp_path)
    patch(
        directory / "factions.yaml",
        'past_top: "gain 1 prestige"',
        'past_top: "choose (gain 1 gold | if gold > 3: gain 1 influence with any faction)"',
    )
    ((_, _, _, message),) = located(problems_of(directory))
    assert message.startswith("endless loop: past_top (")
    assert "gains influence with council_of_four past the top of its track" in message


def test_chains_through_placements_and_rewards_are_finite(tmp_path: Path) -> None:
    """A bonus that places a piece, whose bonus places another...: cubes run out."""
    directory = copy(tmp_path)
    patch(directory / "game.yaml", 'bonus: "gain 1 favor"', 'bonus: "place watchtower"')
    patch(
        directory / "game.yaml",
        '{id: watchtower, name: Watchtower, defense: 1, bonus: "gain 1 prestige"}',
        "{id: watchtower, name: Watchtower, defense: 1,"
        ' bonus: "gain 1 influence with any faction"}',
    )
    content = load_content(directory, cache=False)
    assert triggers.loops(content) == []
    scripts = triggers.labelled_scripts(content)
    edges = triggers.trigger_graph(content, scripts)
    labels = [label for label, _ in scripts]
    inn = labels.index("the inn connection bonus")
    tower = labels.index("the watchtower connection bonus")
    assert triggers.Edge(inn, tower, True, "places a piece") in edges
    past = labels.index("past_top")
    assert any(e.source == tower and e.target == past and not e.finite for e in edges)
    game = br.new_game(players=2, seed=5, content=content)
    for _ in range(300):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])


# ------------------------------------------------------------------ budgets --


def test_effect_text_is_limited_while_parsing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Parsing stops at the effect that passes the budget: no time is spent on the rest."""
    from baldurs_rules.content import build

    default_text = sum(len(s.source) for s in load_content(cache=False).scripts())
    assert default_text * 3 < build.MAX_EFFECT_TEXT  # room for mods three times as wordy
    monkeypatch.setattr(build, "MAX_EFFECT_TEXT", 50)
    parsed: list[str] = []
    real = build.parse_effect

    def counted(text: str, origin: object = None) -> object:
        parsed.append(text)
        return real(text, origin)  # type: ignore[arg-type]

    monkeypatch.setattr(build, "parse_effect", counted)
    found = located(problems_of(mod(tmp_path)))
    assert [m for *_, m in found] == [
        "the effects of this content pass 50 characters in all;"
        " no more are read (write shorter effects, or fewer)"
    ]
    assert found[0][0] == "game.yaml"
    assert sum(map(len, parsed)) <= 50 and len(parsed) < 10


# ------------------------------------------------------------------ RULES B8


def test_an_attack_strength_no_district_can_hold_is_refused(tmp_path: Path) -> None:
    text = "attack:\n  strength: [1, 2, 3, 4, 5, 4]\n"
    assert located(problems_of(mod(tmp_path, game=text))) == [
        (
            "game.yaml",
            2,
            26,
            "attack strength 5 cannot be held: district 'citadel_streets' has 2 fortification"
            " site(s) and the best defense is 2, so at most 4 (RULES B8); lower the strength"
            " or add sites",
        )
    ]


def test_a_stronger_keep_makes_the_same_track_holdable(tmp_path: Path) -> None:
    text = """
    attack:
      strength: [1, 2, 3, 4, 5, 6]
    fortifications:
      - {id: watchtower, name: Watchtower, defense: 1, bonus: "gain 1 prestige"}
      - {id: keep, name: Keep, defense: 3, bonus: "gain 1 prestige"}
      - {id: gate, name: Gate, defense: 0, bonus: "gain 1 prestige"}
    """
    content = load_content(mod(tmp_path, game=text), cache=False)
    assert max(content.settings["attack"]["strength"]) == 6


def test_the_default_content_can_hold_every_attack() -> None:
    content = load_content(cache=False)
    best = max(f.defense for f in content.fortifications if f.id != "gate")
    for district in content.board.districts:
        nodes = content.board.nodes
        sites = sum(1 for n in nodes if n.kind == "fortification" and n.district == district.id)
        assert sites * best >= max(content.settings["attack"]["strength"]), district.id
