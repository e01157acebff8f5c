"""What the docs generators share: the content, the CLI run in-process, code blocks, quoting.

Every figure a page quotes comes from :func:`content` (the default content, as
``load_content()`` loads it) or from running the real command (:func:`cli`).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
"""The repository root (this package is ``tools/docgen/`` in it)."""

Part = Callable[[str], str]
"""A generator: the part's current text (its input, if it keeps one) -> the new text."""

SCREEN = {"COLUMNS": "80", "LINES": "40"}
"""The terminal the outputs are shown on (click's help and rich's tables wrap to it)."""

INSTALLED = "<site-packages>/baldurs_rules/_data/content"
"""What the docs print for the built-in content's directory, which differs per install."""


@cache
def content() -> Any:
    """The default content (loaded once per run)."""
    import baldurs_rules as br

    return br.load_content()


def settings() -> Mapping[str, Any]:
    """The tables of the default ``game.yaml``, as the engine reads them."""
    return content().settings  # type: ignore[no-any-return]


def value(key: str) -> Any:
    """The value of a dotted content key of ``game.yaml`` (``attack.strength``).

    Raises:
        SystemExit: No such key (the message names the keys there are).
    """
    node: Any = settings()
    for step in key.split("."):
        if isinstance(node, Mapping):
            match = next((k for k in node if str(k) == step), None)
            if match is None:
                raise SystemExit(
                    f"no content key {key!r}: {step!r} is not one of {sorted(map(str, node))}"
                )
            node = node[match]
        else:
            raise SystemExit(f"no content key {key!r}: {step!r} is below a value")
    return node


def words(items: Sequence[object], last: str = "and") -> str:
    """``a, b and c``."""
    texts = [str(i) for i in items]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + f" {last} " + texts[-1]


def amounts(mapping: Mapping[Any, Any]) -> str:
    """``6 gold, 1 supply and 1 favor`` from ``{gold: 6, supply: 1, favor: 1}``."""
    return words([f"{n} {name}" for name, n in mapping.items()])


def quote_key(key: str) -> str:
    """A content value as prose: a number, a list ``1, 2, 3``, or ``6 gold and 1 supply``."""
    found = value(key)
    if isinstance(found, Mapping):
        if all(isinstance(v, int) for v in found.values()) and all(
            isinstance(k, str) for k in found
        ):
            return amounts(found)
        return ", ".join(f"{k}: {v}" for k, v in found.items())
    if isinstance(found, list):
        return ", ".join(str(v) for v in found)
    return str(found)


def _code_object(dotted: str) -> Any:
    """The object a dotted name of the package names (``baldurs_rules.web.server.MAX_FRAME``).

    Raises:
        SystemExit: Not a name of ``baldurs_rules`` (the message names what is there).
    """
    import importlib

    if not dotted.startswith("baldurs_rules."):
        raise SystemExit(f"no code name {dotted!r}: only names under baldurs_rules are quoted")
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):  # the longest importable module first
        try:
            node: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for step in parts[cut:]:  # public names only (a package may export them lazily)
            if isinstance(node, Mapping):  # a key of a table of the code
                names = sorted(map(str, node))
                if step not in names:
                    raise SystemExit(f"no code name {dotted!r}: {step!r} is not one of {names}")
                node = node[step]
                continue
            names = sorted(n for n in dir(node) if not n.startswith("_"))
            if step not in names:
                raise SystemExit(f"no code name {dotted!r}: {step!r} is not one of {names}")
            node = getattr(node, step)
        return node
    raise SystemExit(f"no code name {dotted!r}: no such module")


def quote_code(dotted: str) -> str:
    """A constant of the code as prose: ``4,096`` (an integer with its thousands marked)."""
    found = _code_object(dotted)
    if isinstance(found, bool) or not isinstance(found, (int, float, str)):
        raise SystemExit(f"code name {dotted!r} is a {type(found).__name__}, not a number or text")
    return f"{found:,}" if isinstance(found, int) else str(found)


def quote_schema(dotted: str) -> str:
    """A value of a content schema as prose, by its file and JSON path:
    ``mod.properties.name.maxLength`` -> ``80``.

    Raises:
        SystemExit: No such schema file, or no such key in it (the message names those there).
    """
    import json

    from baldurs_rules.content import schema_dir

    kind, *path = dotted.split(".")
    file = schema_dir() / f"{kind}.json"
    if not file.is_file():
        there = sorted(p.stem for p in schema_dir().glob("*.json"))
        raise SystemExit(f"no schema {kind!r}: the schemas are {there}")
    node: Any = json.loads(file.read_text(encoding="utf-8"))
    for step in path:
        if not isinstance(node, Mapping) or step not in node:
            keys = sorted(node) if isinstance(node, Mapping) else []
            raise SystemExit(f"no schema key {dotted!r}: {step!r} is not one of {keys}")
        node = node[step]
    if isinstance(node, bool) or not isinstance(node, (int, float, str)):
        raise SystemExit(f"schema key {dotted!r} is a {type(node).__name__}, not a number or text")
    return f"{node:,}" if isinstance(node, int) else str(node)


def quote_json(dotted: str) -> str:
    """A value of the code as JSON, as code: ``...SCENARIO_DEFAULTS.advanced`` -> `` `false` ``."""
    import json

    return "`" + json.dumps(_code_object(dotted)) + "`"


def quote_default(dotted: str) -> str:
    """The default of a parameter, as Python writes it, as code: ``...Env.players`` -> `` `4` ``.

    Raises:
        SystemExit: No such callable or parameter, or the parameter has no default.
    """
    import inspect

    owner, _, name = dotted.rpartition(".")
    parameters = inspect.signature(_code_object(owner)).parameters
    if name not in parameters:
        raise SystemExit(f"no parameter {name!r} of {owner}: it has {list(parameters)}")
    default = parameters[name].default
    if default is inspect.Parameter.empty:
        raise SystemExit(f"the parameter {name!r} of {owner} has no default")
    return "`" + repr(default).replace("'", '"') + "`"


def _as_python(default: object) -> str:
    """A default as its code writes it: ``None``, ``300``, ``Slot.INCOME`` (not its repr)."""
    import enum

    if isinstance(default, enum.Enum):
        return f"{type(default).__name__}.{default.name}"
    return repr(default)


def quote_signature(dotted: str) -> str:
    """A callable's parameters and defaults, as code: `` `games(players=None, max_steps=300)` ``.

    Raises:
        SystemExit: Not a callable of the package.
    """
    import inspect

    found = _code_object(dotted)
    if not callable(found):
        raise SystemExit(f"code name {dotted!r} is a {type(found).__name__}, not a callable")
    shown, starred = [], False
    for parameter in inspect.signature(found).parameters.values():
        if parameter.kind is parameter.KEYWORD_ONLY and not starred:
            shown.append("*")
        starred = starred or parameter.kind in (parameter.KEYWORD_ONLY, parameter.VAR_POSITIONAL)
        text = str(parameter.replace(annotation=parameter.empty, default=parameter.empty))
        if parameter.default is not parameter.empty:
            text += "=" + _as_python(parameter.default)
        shown.append(text)
    return f"`{dotted.rpartition('.')[2]}({', '.join(shown)})`"


def png_text(data: bytes) -> dict[str, str]:
    """The text metadata (``tEXt`` chunks) of a PNG file's bytes.

    Raises:
        SystemExit: Not a PNG.
    """
    import struct

    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise SystemExit("not a PNG file")
    found: dict[str, str] = {}
    at = 8
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        if kind == b"tEXt":
            key, _, value = data[at + 8 : at + 8 + length].partition(b"\0")
            found[key.decode("latin-1")] = value.decode("latin-1")
        at += 12 + length  # length, type, data, CRC
    return found


def block(text: str, language: str = "console") -> str:
    """A fenced code block of ``text``, trailing spaces cut."""
    lines = [line.rstrip() for line in text.rstrip("\n").splitlines()]
    return f"```{language}\n" + "\n".join(lines) + "\n```\n"


def portable(text: str) -> str:
    """Output with the machine's own paths replaced by what a reader would see."""
    from baldurs_rules.content import default_content_dir

    return text.replace(str(default_content_dir()), INSTALLED)


def cli(args: Sequence[str], input: str | None = None, ok: bool | None = True) -> str:
    """What ``bbg ARGS`` prints, run in-process: its stdout, and when it fails its stderr too
    (in order). A successful command's stderr is its progress bar, with timings: left out.

    Raises:
        SystemExit: ``ok`` and the command failed (or ``ok is False`` and it succeeded;
            ``ok is None``: any exit status), or the command crashed with a traceback.
    """
    from click.testing import CliRunner

    from baldurs_rules.cli import main

    result = CliRunner(env=SCREEN).invoke(
        main, list(args), input=input, prog_name="bbg", terminal_width=80
    )
    crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
    if (ok is not None and (result.exit_code == 0) != ok) or crashed:
        raise SystemExit(f"bbg {' '.join(args)} exited {result.exit_code}: {result.output[-800:]}")
    return portable(result.output if result.exit_code else result.stdout)


@contextlib.contextmanager
def inside(folder: Path) -> Iterator[Path]:
    """Run with ``folder`` as the working directory, as a reader's shell would."""
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield folder
    finally:
        os.chdir(before)


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def cells(line: str) -> list[str]:
    """The cells of a Markdown table row ``| a | b |`` -> ``['a', 'b']``."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


CODE_NAME = re.compile(r"`[\w.]+`")
"""A dotted name written as code: `` `baldurs_rules.serialize` ``."""


def constants_table(old: str) -> str:
    """A table of constants of the code with its ``Value`` column written again.

    The part keeps the table as its input: the first column names each constant as
    code (`` `MAX_BYTES` ``), the ``Where`` column its module (`` `baldurs_rules.content.files` ``);
    every other column is prose and is kept. A value is written as :func:`quote_code` does.

    Examples:
        >>> print(constants_table(
        ...     "| Limit | Value | Where |\\n|---|---|---|\\n"
        ...     "| `MAX_REQUEST` | 1 | `baldurs_rules.web.protocol` |\\n"
        ... ), end="")
        | Limit | Value | Where |
        |---|---|---|
        | `MAX_REQUEST` | 4,096 | `baldurs_rules.web.protocol` |

    Raises:
        SystemExit: No ``Value`` or ``Where`` column, a row that does not name its
            constant as code, or a name that is not a constant of the code.
    """
    lines = old.rstrip("\n").splitlines()
    header = cells(lines[0]) if lines else []
    if "Value" not in header or "Where" not in header:
        raise SystemExit(f"a constants table needs a 'Value' and a 'Where' column, not {header}")
    value, where = header.index("Value"), header.index("Where")
    rows = [lines[0], lines[1]]
    for line in lines[2:]:
        row = cells(line)
        named = len(row) == len(header) and all(CODE_NAME.fullmatch(row[i]) for i in (0, where))
        if not named:
            raise SystemExit(f"a row of a constants table names no constant as code: {line}")
        name, module = row[0].strip("`"), row[where].strip("`")
        row[value] = quote_code(f"{module}.{name}")
        rows.append("| " + " | ".join(row) + " |")
    return "\n".join(rows) + "\n"


def results_table(script_name: str) -> str:
    """The table a benchmark script (``benchmarks/<script_name>.py``) makes of the results
    file its last full run wrote.

    Raises:
        SystemExit: The script has not been run (no results file).
    """
    import importlib.util
    import json

    script = ROOT / "benchmarks" / f"{script_name}.py"
    spec = importlib.util.spec_from_file_location(script_name, script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not module.RESULTS.exists():
        raise SystemExit(f"no {module.RESULTS}: run python benchmarks/{script_name}.py first")
    results = json.loads(module.RESULTS.read_text(encoding="utf-8"))
    return str(module.table(results))
