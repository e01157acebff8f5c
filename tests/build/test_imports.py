"""The floors hold: a static scan of every import of the package, and the import contract.

The scan reads every ``import`` of every module, at module level and inside functions
(``if TYPE_CHECKING:`` blocks apart: they name types and never run), and finds no cycle,
no import of another module's ``_private`` name and no module importing the package root.
``lint-imports`` checks the layers written in ``pyproject.toml``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import baldurs_rules

PACKAGE = Path(baldurs_rules.__file__).resolve().parent
ROOT = PACKAGE.parent


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of a package by dotted name (a package by the name of its ``__init__``)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            for inner in node.body:
                skipped.update(id(n) for n in ast.walk(inner))
    return skipped


def imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, str]]:
    """(module imported, name imported or "") for every import that runs in a module."""
    tree = ast.parse(path.read_text("utf-8"))
    skipped = _type_checking_nodes(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ""
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield (full, "") if full in known else (base, alias.name)


def graph(known: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the modules of the package it imports (the nearest module of a dotted name)."""
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for target, _ in imports(name, path, known):
            while target not in known and "." in target:
                target = target.rpartition(".")[0]
            if target in known and target != name:
                edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


KNOWN = modules()
EDGES = graph(KNOWN)


def test_the_scan_finds_a_cycle_through_a_function_level_import(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("def f():\n    from pkg.a import x\n")
    (pkg / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.a\n"
    )
    known = modules(pkg)
    edges = graph(known)
    assert cycles(edges) == [["pkg.a", "pkg.b"]]
    assert "pkg.a" not in edges["pkg.c"], "an import for type checking never runs"


def test_no_module_takes_part_in_an_import_cycle() -> None:
    assert len(KNOWN) > 100
    assert cycles(EDGES) == []


def test_no_module_imports_another_modules_private_names() -> None:
    found = [
        f"{name} imports {imported}.{what}"
        for name, path in KNOWN.items()
        for imported, what in imports(name, path, KNOWN)
        if what.startswith("_") and not what.startswith("__") and imported != name
    ]
    assert found == []


def test_no_module_imports_the_package_root() -> None:
    importers = sorted(name for name, targets in EDGES.items() if "baldurs_rules" in targets)
    assert importers == []


def test_the_root_holds_few_modules_and_every_package_says_what_it_holds() -> None:
    root = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(root) <= 8, root
    for package in sorted(p for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()):
        doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text("utf-8")))
        assert doc and len(doc.splitlines()[0]) > 20, f"{package.name}/ has no docstring"


LINT = Path(sys.executable).with_name("lint-imports")


@pytest.mark.skipif(
    not LINT.exists() or not (ROOT / "pyproject.toml").exists(),
    reason="needs import-linter (dev extra) and the package's sources in a checkout",
)
def test_the_import_contract_is_kept() -> None:
    done = subprocess.run(
        [str(LINT), "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert "2 kept, 0 broken" in done.stdout
