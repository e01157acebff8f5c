"""Which build of baldurs_rules runs: the modules compiled by mypyc, or pure Python.

A wheel built where a C compiler is found ships extension modules (compiled by
mypyc from the very same sources) beside the ``.py`` files, and Python imports an
extension module before a source file of the same name. This module looks at what
the import system will load (or has loaded) for each module of the package, so it
reports what actually runs, whatever the install said it built. The content cache
keys its entries by [`BUILD_TAG`][baldurs_rules._build.BUILD_TAG], so a compiled and
a pure install never share one.

Examples:
    >>> from baldurs_rules import _build
    >>> _build.BUILD in (_build.COMPILED, _build.PURE)
    True
    >>> (_build.BUILD == _build.COMPILED) == bool(_build.compiled_modules())
    True
"""

from __future__ import annotations

import json
import os
import sys
from functools import cache
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

VERSION = "0.2.0"
"""The package's version (``pyproject.toml`` reads it from here; ``br.__version__``)."""

PURE = "pure Python"
"""What [`BUILD`][baldurs_rules._build.BUILD] says when no module is compiled."""

COMPILED = "compiled (mypyc)"
"""What [`BUILD`][baldurs_rules._build.BUILD] says when mypyc-compiled modules run."""

_PACKAGE = Path(__file__).resolve().parent
_NOTE = _PACKAGE / "_build_note.json"


@cache
def package_files(package: Path = _PACKAGE) -> tuple[str, ...]:
    """Every file of the package (``__pycache__`` left out), as sorted relative POSIX paths.

    Read once per process: it says which modules run compiled and feeds the content
    cache's [`code_fingerprint`][baldurs_rules.content.cache.code_fingerprint].

    Examples:
        >>> "engine/machine.py" in package_files()
        True
    """
    found: list[str] = []
    for directory, subdirectories, names in os.walk(package):
        subdirectories[:] = [d for d in subdirectories if d != "__pycache__"]
        relative = Path(directory).relative_to(package).as_posix()
        prefix = "" if relative == "." else relative + "/"
        found.extend(prefix + name for name in names)
    return tuple(sorted(found))


def compiled_modules(package: Path = _PACKAGE) -> tuple[str, ...]:
    """The modules of the package that run as extension modules, sorted by name.

    A module already imported from this directory counts by the file it was loaded
    from; any other by the files beside its source (an extension file for this
    interpreter wins, as it does for the import system).

    Args:
        package: The package directory (the installed ``baldurs_rules``).

    Examples:
        >>> import tempfile
        >>> from importlib.machinery import EXTENSION_SUFFIXES
        >>> with tempfile.TemporaryDirectory() as scratch:
        ...     package = Path(scratch) / "baldurs_rules"
        ...     (package / "engine").mkdir(parents=True)
        ...     _ = (package / "engine" / "machine.py").write_text("")
        ...     _ = (package / "engine" / f"machine{EXTENSION_SUFFIXES[0]}").write_bytes(b"")
        ...     compiled_modules(package)
        ('baldurs_rules.engine.machine',)
    """
    files = package_files(package)
    present = set(files)
    found = []
    for relative in files:
        if relative.endswith(".py"):
            stem = relative[: -len(".py")]
            parts = (package.name, *stem.split("/"))
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            if _runs_compiled(name, package / relative, stem, present):
                found.append(name)
    return tuple(sorted(found))


def _runs_compiled(name: str, source: Path, stem: str, present: set[str]) -> bool:
    loaded = getattr(sys.modules.get(name), "__file__", None)
    if loaded and Path(loaded).resolve().parent == source.parent:  # imported from here
        return str(loaded).endswith(tuple(EXTENSION_SUFFIXES))
    return any(stem + suffix in present for suffix in EXTENSION_SUFFIXES)


def install_note(note: Path | None = None) -> str:
    """Why an installed wheel is pure Python, as its build recorded it ("" if not said).

    Args:
        note: The note a wheel build writes (by default the package's own, absent in
            a checkout or an editable install).

    Examples:
        >>> install_note(Path("/nonexistent/_build_note.json"))
        ''
    """
    try:
        recorded = json.loads((note or _NOTE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    reason = recorded.get("reason", "") if isinstance(recorded, dict) else ""
    return reason if isinstance(reason, str) else ""


def describe(build: str | None = None, note: Path | None = None) -> str:
    """One line for ``bbg --version``: the build, and why it is pure when a wheel said so.

    Args:
        build: The build to describe (by default the one that runs).
        note: The build note to read (by default the package's own).

    Examples:
        >>> describe().startswith((COMPILED, PURE))
        True
        >>> describe(COMPILED)
        'compiled (mypyc)'
    """
    build = build or str(_worked_out()["BUILD"])
    reason = install_note(note) if build == PURE else ""
    return f"{build} (the compiled build was skipped: {reason})" if reason else build


COMPILED_MODULES: tuple[str, ...]
"""The package's modules that run compiled (empty for the pure-Python build)."""

BUILD: str
"""``"compiled (mypyc)"`` or ``"pure Python"``: which build runs."""

BUILD_TAG: str
"""A short tag of the build for cache keys: ``"mypyc"`` or ``"pure"``."""


@cache
def _worked_out() -> dict[str, Any]:
    """The values of the names above, worked out once (it walks the package)."""
    modules = compiled_modules()
    return {
        "COMPILED_MODULES": modules,
        "BUILD": COMPILED if modules else PURE,
        "BUILD_TAG": "mypyc" if modules else "pure",
    }


def __getattr__(name: str) -> Any:
    """``COMPILED_MODULES``, ``BUILD`` and ``BUILD_TAG``, worked out on first use (PEP 562),
    so that importing this module for [`VERSION`][baldurs_rules._build.VERSION] stays cheap."""
    values = _worked_out()
    if name not in values:
        raise AttributeError(f"module 'baldurs_rules._build' has no attribute {name!r}")
    globals().update(values)
    return values[name]
