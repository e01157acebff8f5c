"""docs/: every generated part and picture is what `python -m tools.docgen` writes, and stays so."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def gen() -> ModuleType:
    from tools.docgen import generate

    return generate


def assert_refused(make: Callable[[str], object], cases: dict[str, str]) -> None:
    """Each input of ``cases`` makes ``make`` exit with a message matching its pattern."""
    for given, message in cases.items():
        with pytest.raises(SystemExit, match=message):
            make(given)


def test_every_page_and_picture_is_what_the_script_writes(gen: ModuleType) -> None:
    stale = gen.run(check=True)
    assert not stale, "run: python -m tools.docgen\n" + "\n".join(map(str, stale))


def test_every_page_with_generated_parts_is_registered(gen: ModuleType) -> None:
    pages, files = gen._registry()
    marked = {p.name for p in (ROOT / "docs").glob("*.md") if gen.MARK.search(p.read_text("utf-8"))}
    assert marked <= set(pages), f"pages with markers but no generator: {marked - set(pages)}"
    assert {"rules.md", "modding.md", "play.md", "index.md", "quickstart.md", "cli.md"} <= marked
    assert {"bots.md", "rl.md", "scenarios.md", "balance.md", "performance.md"} <= set(pages)
    assert {"dsl.md", "security.md", "testing.md", "content.md"} <= marked
    assert set(files) == {"images/board-start.svg", "images/board-late.svg"}


def test_a_hand_edited_number_in_a_generated_part_is_caught(gen: ModuleType) -> None:
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    pages, _ = gen._registry()
    strength = re.search(r"(<!-- generated: key:attack.strength -->)(\d+)", page)
    assert strength is not None
    edited = page.replace(strength.group(0), strength.group(1) + str(int(strength.group(2)) + 1), 1)
    assert edited != page
    stale = gen.stale_parts("rules.md", edited, gen.render("rules.md", edited, pages["rules.md"]))
    assert [str(s) for s in stale] == ["docs/rules.md: part 'key:attack.strength' is stale"]
    table = page.replace("| Prestige | 0 |", "| Prestige | 1 |", 1)
    assert table != page
    stale = gen.stale_parts("rules.md", table, gen.render("rules.md", table, pages["rules.md"]))
    assert [s.part for s in stale] == ["district-scoring"]


def test_the_check_fails_naming_the_part_on_a_copy(
    gen: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    docs = tmp_path / "docs"
    (docs / "images").mkdir(parents=True)
    for name in ("rules.md", "images/board-start.svg", "images/board-late.svg"):
        (docs / name).write_text((ROOT / "docs" / name).read_text("utf-8"), encoding="utf-8")
    rules = docs / "rules.md"
    text = rules.read_text("utf-8")
    turns = re.search(r"<!-- generated: key:limits.max_turns -->(\d+)", text)
    assert turns is not None
    rules.write_text(text.replace(turns.group(0), turns.group(0) + "0", 1), encoding="utf-8")
    monkeypatch.setattr(gen, "DOCS", docs)
    assert gen.main(["--check", "rules.md", "images/board-start.svg"]) == 1
    out = capsys.readouterr()
    assert "docs/rules.md: part 'key:limits.max_turns' is stale" in out.out
    assert "images/board-start.svg" not in out.out  # the picture is up to date
    assert rules.read_text("utf-8") != text  # --check wrote nothing; the edit is still there
    assert gen.main(["rules.md"]) == 0 and rules.read_text("utf-8") == text  # writing repairs it


def test_a_chart_is_checked_by_the_figures_it_carries(
    gen: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tools.docgen import common

    (tmp_path / "images").mkdir()
    chart = tmp_path / "images" / "balance.png"
    good = (ROOT / "docs" / "images" / "balance.png").read_bytes()
    figures = common.png_text(good)["Description"]
    assert figures.count("; ") == 15  # 8 top and 8 bottom rows, as the page's command asks
    monkeypatch.setattr(gen, "DOCS", tmp_path)
    # The same figures with other pixels (another matplotlib) are up to date...
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure = plt.figure(figsize=(2, 1))
    title = common.png_text(good)["Title"]
    figure.savefig(chart, metadata={"Title": title, "Description": figures})
    plt.close(figure)
    assert chart.read_bytes() != good
    assert gen.main(["--check", "images/balance.png"]) == 0
    # ...a chart of other figures is not, and writing replaces it.
    chart.write_bytes(good.replace(b"blushing_mermaid +", b"blushing_mermaid -", 1))
    assert gen.main(["--check", "images/balance.png"]) == 1
    assert "docs/images/balance.png is stale" in capsys.readouterr().out
    assert gen.main(["images/balance.png"]) == 0
    assert common.png_text(chart.read_bytes())["Description"] == figures
    with pytest.raises(SystemExit, match="not a PNG"):
        common.png_text(b"GIF89a")


def test_bad_markers_and_keys_are_refused_with_the_part_named(gen: ModuleType) -> None:
    pages, _ = gen._registry()
    parts = pages["rules.md"]
    with pytest.raises(SystemExit, match=r"no generator for the part 'nonsense'"):
        gen.render("rules.md", "<!-- generated: nonsense -->x<!-- end: nonsense -->", {})
    with pytest.raises(SystemExit, match=r"no place for the parts \[.*'city'"):
        gen.render("rules.md", "prose only", parts)
    bad_key = "<!-- generated: key:attack.strenght -->1<!-- end: key:attack.strenght -->"
    with pytest.raises(SystemExit, match=r"'strenght' is not one of .*'strength'"):
        gen.render("rules.md", bad_key, {})


def test_code_constants_and_defaults_are_quoted_from_the_code(gen: ModuleType) -> None:
    from baldurs_rules.web.protocol import MAX_REQUEST

    name = "code:baldurs_rules.web.protocol.MAX_REQUEST"
    page = f"over <!-- generated: {name} -->1<!-- end: {name} --> characters"
    assert f">{MAX_REQUEST:,}<" in gen.render("play.md", page, {})
    default = "default:baldurs_rules.new_game.advanced"
    page = f"<!-- generated: {default} -->x<!-- end: {default} -->"
    assert ">`False`<" in gen.render("play.md", page, {})
    advanced = "json:baldurs_rules.scenarios.SCENARIO_DEFAULTS.advanced"
    page = f"<!-- generated: {advanced} -->x<!-- end: {advanced} -->"
    assert ">`false`<" in gen.render("scenarios.md", page, {})
    refused = {
        "json:baldurs_rules.scenarios.SCENARIO_DEFAULTS.advance": r"'advance' is not one of .*",
        "code:baldurs_rules.web.protocol.MAX_REQUESTS": r"'MAX_REQUESTS' is not one of .*",
        "code:os.sep": r"only names under baldurs_rules",
        "code:baldurs_rules.new_game": r"is a function, not a number or text",
        "default:baldurs_rules.scenario.spec": r"'spec' of baldurs_rules.scenario has no default",
        "default:baldurs_rules.new_game.seats": r"no parameter 'seats' .*'players'",
    }
    assert_refused(
        lambda part: gen.render("play.md", f"<!-- generated: {part} -->1<!-- end: {part} -->", {}),
        refused,
    )


def test_the_rules_page_quotes_the_content_with_its_keys(gen: ModuleType) -> None:
    import baldurs_rules as br

    settings = br.load_content().settings
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    strength = ", ".join(str(v) for v in settings["attack"]["strength"])
    assert f"<!-- generated: key:attack.strength -->{strength}<!--" in page
    assert "| Prestige | " + " | ".join(map(str, settings["scoring"]["districts"])) + " |" in page
    for key in (
        "setup.cubes",
        "setup.banned_lots",
        "attack.strength",
        "limits.max_turns",
        "scoring.leftovers_divisor",
        "advanced.extra_hqs",
    ):
        assert f"`{key}`" in page, key
    prose = gen.MARK.sub("", page)
    decisions = prose.index("## Decisions we made")
    for number in re.findall(r"(?<![\w.`#-])\d+(?![\w.`])", prose[:decisions]):
        assert number in {"0", "1", "2", "3", "4", "7"}, f"a number typed by hand: {number}"


def test_the_pictures_captions_name_the_commands_that_draw_them(gen: ModuleType) -> None:
    from tools.docgen import samples

    pages = "".join((ROOT / "docs" / p).read_text("utf-8") for p in ("index.md", "cli.md"))
    flat = " ".join(pages.split())
    for name, options in samples.BOARD_PICTURES.items():
        command = f"bbg render {' '.join(options)} --out {Path(name).name}"
        assert command in flat, command
    # The seed, players and moves the captions and their pictures' titles say are the options'.
    for page in ("index.md", "rules.md"):
        text = gen.MARK.sub("", (ROOT / "docs" / page).read_text("utf-8"))
        for caption in re.findall(r"^!\[.*?\n\n\*.*?\*$", text, flags=re.S | re.M):
            picture = re.search(r"\(images/([\w-]+\.svg)\)", caption)
            assert picture is not None, caption
            options = samples.BOARD_PICTURES[f"images/{picture.group(1)}"]
            prose = re.sub(r"`[^`]*`|\([\w/.-]+\.svg\)", "", caption)
            for number in re.findall(r"\d+", prose):
                assert number in options, f"{page}: {number} is not an option of {options}"


def test_the_cli_tables_show_the_real_defaults_and_catch_an_edited_one(gen: ModuleType) -> None:
    from baldurs_rules.cli import main

    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    bots = next(p for p in main.commands["balance"].params if p.name == "bot_names")
    row = f"| `--bots BOTS` | `{bots.default}` |"
    assert row in page and "<!-- generated: usage:tournament -->" in page
    assert f"bbg balance [--games {main.commands['balance'].params[0].default}]" in page
    pages, _ = gen._registry()
    start = page.index("<!-- generated: options:balance -->")  # play's default is the same
    edited = page[:start] + page[start:].replace(row, "| `--bots BOTS` | `random` |", 1)
    stale = gen.stale_parts("cli.md", edited, gen.render("cli.md", edited, pages["cli.md"]))
    assert [s.part for s in stale] == ["options:balance"]
    with pytest.raises(SystemExit, match=r"no command 'bbg simulat'.*'simulate'"):
        gen.render("cli.md", "<!-- generated: usage:simulat -->\n<!-- end: usage:simulat -->", {})


def test_the_extras_table_has_every_extra_and_refuses_one_without_words(gen: ModuleType) -> None:
    from tools.docgen import quickstart

    extras = quickstart.tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    page = (ROOT / "docs" / "quickstart.md").read_text(encoding="utf-8")
    for name in extras["optional-dependencies"]:
        assert f"| `{name}` | " in page, name
    table = page[page.index("<!-- generated: extras -->") : page.index("<!-- end: extras -->")]
    without_web = "\n".join(line for line in table.splitlines() if "| `web` |" not in line)
    with pytest.raises(SystemExit, match=r"no row for 'web'"):
        quickstart.extras(without_web)


TIMING = re.compile(r"(?<![\w`.])\d[\d,.]*\s?(?:ms|µs|us|s|seconds|minutes|games/s)\b")


def test_no_page_types_a_timing(gen: ModuleType) -> None:
    """Timings come from benchmarks on the reader's machine; a page states only targets."""
    for path in sorted((ROOT / "docs").glob("*.md")):
        if path.name == "content.md":  # its report figures belong to the content retune (task K)
            continue
        text = gen.MARK.sub("", path.read_text("utf-8"))
        # a content report's block is its own output (python -m tools.docgen.reports)
        text = re.sub(
            r"<!-- content-report:([\w-]+) -->.*?<!-- /content-report:\1 -->", "", text, flags=re.S
        )
        text = re.sub(r"^```(?:sh|python|yaml)\n.*?^```$", "", text, flags=re.S | re.M)  # input
        prose = re.sub(r"`[^`\n]*`", "", text)
        for line in prose.splitlines():
            if "≤" in line or "think=" in line:  # issue 13's targets; a bot's time budget
                continue
            assert not TIMING.search(line), f"{path.name}: a typed timing: {line.strip()}"


def _caught(gen: ModuleType, page: str, old: str, new: str) -> list[str]:
    """The parts of ``page`` that the check finds stale once ``old`` is replaced by ``new``."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{page} lost {old!r}"
    edited = text.replace(old, new, 1)
    pages, _ = gen._registry()
    return [s.part for s in gen.stale_parts(page, edited, gen.render(page, edited, pages[page]))]


def test_a_hand_edited_limit_schema_maximum_or_message_is_caught(gen: ModuleType) -> None:
    from baldurs_rules.content.files import MAX_BYTES
    from baldurs_rules.dsl.checker import MAX_NUMBER

    assert _caught(
        gen, "security.md", f"| `MAX_BYTES` | {MAX_BYTES:,} |", "| `MAX_BYTES` | 1 |"
    ) == ["constants:content"]
    assert _caught(
        gen, "security.md", "| `map.yaml` | `lines` | 5,000 |", "| `map.yaml` | `lines` | 50 |"
    ) == ["list-maxima"]
    assert _caught(gen, "dsl.md", f"(at most {MAX_NUMBER})` |", "(at most 99)` |") == [
        "limit-messages"
    ]
    assert _caught(gen, "dsl.md", f"| `MAX_NUMBER` | {MAX_NUMBER:,} |", "| `MAX_NUMBER` | 9 |") == [
        "constants:dsl"
    ]


def test_a_constants_table_names_each_constant_and_its_module(gen: ModuleType) -> None:
    def render(rows: str, header: str = "| Limit | Value | Where |") -> str:
        table = f"{header}\n|---|---|---|\n{rows}"
        part = f"<!-- generated: constants:t -->\n{table}<!-- end: constants:t -->"
        return str(gen.render("security.md", part, {}))

    shown = render("| `MAX_NOTATION` | 0 | `baldurs_rules.serialize` |\n")
    from baldurs_rules.serialize import MAX_NOTATION

    assert f"| `MAX_NOTATION` | {MAX_NOTATION:,} | `baldurs_rules.serialize` |" in shown
    refused = {
        "| `MAX_NOTATIONS` | 0 | `baldurs_rules.serialize` |\n": r"'MAX_NOTATIONS' is not one",
        "| MAX_NOTATION | 0 | `baldurs_rules.serialize` |\n": r"names no constant as code",
        "| `MAX_NOTATION` | 0 |\n": r"names no constant as code",
        "| `NOPE` | 0 | `os.path` |\n": r"only names under baldurs_rules",
    }
    assert_refused(render, refused)
    with pytest.raises(SystemExit, match=r"needs a 'Value' and a 'Where' column"):
        render("| `MAX_NOTATION` | 0 | x |\n", header="| Limit | Size | Module |")


def test_a_limit_message_comes_from_an_effect_past_the_limit(gen: ModuleType) -> None:
    from baldurs_rules.dsl.checker import MAX_REPEAT
    from tools.docgen import limits

    rows = (
        "| Message | Cause |\n|---|---|\n| `x` | `MAX_REPEAT` |\n| `kept as written` | a typo |\n"
    )
    assert limits.limit_messages(rows).splitlines()[2:] == [
        f"| `repeat count {MAX_REPEAT + 1} is out of range (1 to {MAX_REPEAT})` | `MAX_REPEAT` |",
        "| `kept as written` | a typo |",
    ]
    with pytest.raises(SystemExit, match=r"no example effect for the limit MAX_LINES"):
        limits.limit_messages("| Message | Cause |\n|---|---|\n| `x` | `MAX_LINES` |\n")
    with pytest.raises(SystemExit, match=r"reaches no limit"):
        limits._checked("gain 1 gold")


def test_the_testing_page_quotes_the_suite_and_catches_an_edited_figure(gen: ModuleType) -> None:
    from hypothesis import settings

    from tools.docgen import testing

    properties = testing.suite_module("core/test_properties")
    games = len(properties.CONFIGS) * properties.CHUNKS * properties.DEFAULT_GAMES_PER_CHUNK
    page = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    assert f"-->{games:,} complete random games (" in page
    ci = settings.get_profile("ci").max_examples
    assert f"| `ci` (the default) | {ci} |" in page
    assert _caught(
        gen, "testing.md", f"| `ci` (the default) | {ci} |", "| `ci` (the default) | 7 |"
    ) == ["hypothesis-profiles"]
    assert _caught(gen, "testing.md", f"-->{games:,} complete", "-->1,000 complete") == [
        "random-games"
    ]
    with pytest.raises(SystemExit, match=r"registers no Hypothesis profile 'nightly'"):
        testing.hypothesis_profiles(
            "| Profile | Examples | Use |\n|---|---|---|\n| `nightly` | 1 | x |\n"
        )
    with pytest.raises(SystemExit, match=r"no test file test_nothing.py"):
        testing.suite_module("test_nothing")
    assert testing.games_phrase(12, "", [(2, False), (4, False)]) == (
        "12 complete games (2 and 4 players, basic)"
    )


def test_the_content_page_counts_the_content_and_catches_an_edited_count(gen: ModuleType) -> None:
    import baldurs_rules as br
    from tools.docgen import content as content_parts

    content = br.load_content()
    page = (ROOT / "docs" / "content.md").read_text(encoding="utf-8")
    lots = content.counts()["lots"]
    assert (
        "| `map.yaml` | " in page
        and f"{len(content.board.districts)} districts, {lots} lots" in page
    )
    assert _caught(gen, "content.md", f"| {len(content.gates)} |\n", "| 99 |\n") == ["components"]
    assert _caught(gen, "content.md", "| Manorborn | yes | 1-4 |", "| Manorborn | yes | 1-5 |") == [
        "city"
    ]
    assert _caught(
        gen,
        "content.md",
        f"-->{len(content.agendas)}<!-- end: count:agendas",
        "-->2<!-- end: count:agendas",
    ) == ["count:agendas"]
    # The content-report blocks are the report's, not parts of this page.
    assert not any(name.startswith("content-report") for name in content_parts.PARTS)
    with pytest.raises(SystemExit, match=r"no count 'lot' of the content: .*'lots'"):
        gen.render("index.md", "<!-- generated: count:lot -->1<!-- end: count:lot -->", {})
    with pytest.raises(SystemExit, match=r"no count for the content file 'rules.yaml'"):
        content_parts.components(
            "| File | What | Count |\n|---|---|---|\n| `rules.yaml` | x | 1 |\n"
        )
    with pytest.raises(SystemExit, match=r"no design intent for the faction 'Council of Four'"):
        content_parts.factions("| Faction | Rewards | Design intent |\n|---|---|---|\n")
    with pytest.raises(SystemExit, match=r"the lots per district differ"):
        content_parts._same("lots per district", [4, 4, 3])


def test_signatures_and_schema_values_are_quoted(gen: ModuleType) -> None:
    def part(name: str) -> str:
        return str(gen.render("testing.md", f"<!-- generated: {name} -->x<!-- end: {name} -->", {}))

    assert ">`effects(content=None, slot=Slot.INCOME)`<" in part(
        "signature:baldurs_rules.testing.effects"
    )
    assert ">80<" in part("schema:mod.properties.name.maxLength")
    refused = {
        "signature:baldurs_rules.runs.parallel.SIGNAL_EXIT_BASE": r"is a int, not a callable",
        "schema:mods.properties": r"no schema 'mods': the schemas are .*'mod'",
        "schema:mod.properties.nam.maxLength": r"'nam' is not one of .*'name'",
        "schema:mod.properties.name": r"is a dict, not a number or text",
    }
    assert_refused(part, refused)


@pytest.mark.parametrize(
    ("page", "sections"),
    [
        ("dsl.md", ["## Limits", "## Error messages"]),
        ("security.md", ["## Limits", "### Limits"]),
        ("content.md", ["## The city", "## The factions"]),
        ("testing.md", ["### Hypothesis profiles", "### Golden records"]),
    ],
)
def test_the_limits_and_counts_sections_type_no_number(
    gen: ModuleType, page: str, sections: list[str]
) -> None:
    """What these sections state of the code and content is all in generated parts."""
    text = gen.MARK.sub("", (ROOT / "docs" / page).read_text("utf-8"))
    for heading in sections:
        start = text.index(heading + "\n")
        end = text.find("\n#", start + len(heading))
        prose = re.sub(r"^```.*?^```$", "", text[start:end], flags=re.S | re.M)
        prose = re.sub(r"`[^`\n]*`", "", prose)
        numbers = re.findall(r"(?<![\w.#-])\d[\d,.]*", prose.replace(heading, ""))
        assert set(numbers) <= {"1"}, f"{page} {heading}: typed by hand: {numbers}"
