"""Keep docs/dsl.md honest: its examples parse and render exactly as the page says.

Conventions of the page (documented in it):

* a ```` ```dsl ```` block is an effect, a ```` ```dsl expression ```` block an expression;
  the line right after the closing fence starts with ``> `` and is the rendering
  (``to_text`` / ``describe_expr`` with the default content's display names);
* a ```` ```dsl error ```` block does not parse; the next ```` ```text ```` block is the error;
* ```` ```yaml title="mymod/<file>" ```` blocks form a mod; the ```` ```text ```` block after
  the last of them is the error that loading it reports.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from baldurs_rules import load_content
from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl import checker, parser
from baldurs_rules.dsl.parser import parse_effect, parse_expression
from baldurs_rules.dsl.render import describe_expr, to_text
from baldurs_rules.errors import ContentError, DslSyntaxError

ROOT = Path(__file__).resolve().parents[2]
DOC_PATH = ROOT / "docs" / "dsl.md"
GRAMMAR = (ROOT / "grammar" / "effects.lark").read_text(encoding="utf-8")


@dataclass(frozen=True)
class Block:
    info: str
    body: str
    start: int  # 0-based line of the opening fence
    after: int  # 0-based line right after the closing fence


def blocks(text: str) -> list[Block]:
    lines = text.split("\n")
    found: list[Block] = []
    i = 0
    while i < len(lines):
        if lines[i].startswith("```"):
            info = lines[i][3:].strip()
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            assert j < len(lines), f"unclosed fence at line {i + 1}"
            found.append(Block(info, "\n".join(lines[i + 1 : j]), i, j + 1))
            i = j + 1
        else:
            i += 1
    return found


DOC = DOC_PATH.read_text(encoding="utf-8")
LINES = DOC.split("\n")
BLOCKS = blocks(DOC)
NAMES = load_content().names()
DSL = [b for b in BLOCKS if b.info in ("dsl", "dsl expression")]


def test_the_page_has_examples() -> None:
    assert len(DSL) >= 40
    assert {b.info for b in BLOCKS} >= {"dsl", "dsl expression", "dsl error", "text"}


def test_every_fence_is_known() -> None:
    allowed = {"dsl", "dsl expression", "dsl error", "text"}
    for b in BLOCKS:
        assert b.info in allowed or b.info.startswith('yaml title="'), (b.start + 1, b.info)


@pytest.mark.parametrize("block", DSL, ids=lambda b: f"line{b.start + 1}")
def test_example_parses_and_renders_as_stated(block: Block) -> None:
    if block.info == "dsl":
        rendered = to_text(parse_effect(block.body), NAMES)
    else:
        rendered = describe_expr(parse_expression(block.body), NAMES)
    assert block.after < len(LINES), "a rendering line must follow the block"
    stated = LINES[block.after]
    assert stated.startswith("> "), f"line {block.after + 1} must state the rendering"
    assert stated[2:] == rendered


def _next_text_block(after: int) -> Block:
    later = [b for b in BLOCKS if b.start >= after]
    assert later and later[0].info == "text", f"a ```text block must follow line {after}"
    between = LINES[after : later[0].start]
    assert all(not line.strip() for line in between), "only blank lines between the blocks"
    return later[0]


@pytest.mark.parametrize(
    "block", [b for b in BLOCKS if b.info == "dsl error"], ids=lambda b: f"line{b.start + 1}"
)
def test_error_example(block: Block) -> None:
    with pytest.raises(DslSyntaxError) as info:
        parse_effect(block.body)
    assert str(info.value) == _next_text_block(block.after).body


def test_mod_error_example(tmp_path: Path) -> None:
    files = [b for b in BLOCKS if b.info.startswith('yaml title="mymod/')]
    assert {b.info for b in files} >= {'yaml title="mymod/mod.yaml"'}
    for b in files:
        name = b.info.removeprefix('yaml title="').removesuffix('"')
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(b.body + "\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(tmp_path / "mymod", cache=False)
    reported = str(info.value).replace(f"{tmp_path}/", "")
    assert reported == _next_text_block(files[-1].after).body
    assert len(info.value.problems) >= 2


# ------------------------------------------------------------------ coverage of the language


def _grammar_aliases() -> set[str]:
    return set(re.findall(r"->\s*([a-z_]+)", GRAMMAR))


def _grammar_literals() -> set[str]:
    return set(re.findall(r'"([^"\s]+)"', GRAMMAR))


def test_the_grammar_is_read() -> None:
    assert {"paid", "when_else", "take_gate", "cond_expr", "or_", "not_"} <= _grammar_aliases()
    assert {"gain", "pay", "choose", ";", "|", ">="} <= _grammar_literals()
    assert {w for w in _grammar_literals() if w.isalpha()} == parser.keywords()


@pytest.mark.parametrize("alias", sorted(_grammar_aliases()))
def test_every_grammar_alternative_is_documented(alias: str) -> None:
    assert f"`{alias}`" in DOC, f"grammar alternative {alias!r} is not in docs/dsl.md"


@pytest.mark.parametrize("literal", sorted(_grammar_literals()))
def test_every_grammar_literal_is_documented(literal: str) -> None:
    if literal.isalpha():
        # every keyword is used in at least one example
        used = any(re.search(rf"\b{literal}\b", b.body) for b in DSL)
        assert used, f"keyword {literal!r} appears in no example of docs/dsl.md"
    else:
        assert f"`{literal}`" in DOC or any(literal in b.body for b in DSL), literal


def _nodes(node: Any) -> list[Any]:
    return A.walk(node)


def _features(node: Any) -> set[str]:
    """The node class, plus the variant for nodes with several forms."""
    name = type(node).__name__
    if isinstance(node, (A.Op, A.Extreme, A.BoolOp)):
        return {name, f"{name}:{node.op}"}
    if isinstance(node, (A.When, A.CondExpr)):
        return {name, f"{name}:{'else' if node.otherwise is not None else 'plain'}"}
    if isinstance(node, A.InfluenceAmount):
        return {name, f"{name}:{'any' if node.faction is None else 'named'}"}
    if isinstance(node, A.Draw):
        return {name, f"{name}:{'from' if node.source is not None else 'plain'}"}
    if isinstance(node, A.Build):
        return {name, f"Build:{node.kind is not None}:{node.discount is not None}"}
    return {name}


def test_examples_cover_every_construct() -> None:
    seen: set[str] = set()
    for b in DSL:
        tree = parse_effect(b.body) if b.info == "dsl" else parse_expression(b.body)
        for node in _nodes(tree):
            seen |= _features(node)
    node_classes = {
        name
        for name in A.__all__
        if isinstance(getattr(A, name), type) and name not in ("Span", "Name")
    }
    variants = {
        "Op:+",
        "Op:-",
        "Op:*",
        "Op:per",
        "Extreme:min",
        "Extreme:max",
        "BoolOp:and",
        "BoolOp:or",
        "When:else",
        "When:plain",
        "CondExpr:else",
        "CondExpr:plain",
        "InfluenceAmount:any",
        "InfluenceAmount:named",
        "Draw:from",
        "Draw:plain",
        "Build:False:False",
        "Build:True:True",
    }
    assert node_classes | variants <= seen, sorted(node_classes | variants - seen)


@pytest.mark.parametrize("op", [">=", "<=", "==", "!=", ">", "<"])
def test_every_comparison_is_documented(op: str) -> None:
    assert f"`{op}`" in DOC


# ------------------------------------------------------------------ stated facts


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("MAX_SOURCE", parser.MAX_SOURCE),
        ("MAX_DEPTH", parser.MAX_DEPTH),
        ("MAX_NUMBER", checker.MAX_NUMBER),
        ("MAX_REPEAT", checker.MAX_REPEAT),
        ("MAX_WORK", checker.MAX_WORK),
    ],
)
def test_limits_table(name: str, value: int) -> None:
    rows = [line for line in LINES if line.startswith(f"| `{name}` |")]
    assert len(rows) == 1, name
    assert rows[0].split("|")[2].strip() == f"{value:,}"


def test_every_quantity_is_documented() -> None:
    vocab = checker.Vocabulary.minimal()
    for word in vocab.quantities | vocab.structures | vocab.targets | vocab.placeable:
        assert f"`{word}`" in DOC, word
    for slot in checker.Slot:
        assert slot.value.split(" (")[0] in DOC, slot
