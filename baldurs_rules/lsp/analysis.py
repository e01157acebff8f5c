"""What the language server knows, without any protocol: diagnostics, hover, completion, definition.

A [`Workbench`][baldurs_rules.lsp.analysis.Workbench] checks a content or mod
directory as ``bbg validate`` does (the same errors and warnings), with the
editor's unsaved text in place of the files, and keeps the last content that
loaded to answer hover, completion and definition. Nothing here raises on a
half-typed file: a problem it cannot place is reported on the first line.

Positions are 0-based lines and columns counted in UTF-16 code units, as the
Language Server Protocol counts them by default.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from baldurs_rules.content.assemble import assemble, parsed_doc
from baldurs_rules.content.chain import CARD_FILES, FILES, Chain, read_chain
from baldurs_rules.content.lint import chain_warnings
from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.dsl.checker import Vocabulary
from baldurs_rules.errors import ContentError, Location, Problem

__all__ = [
    "CONTENT_FILES",
    "KEYWORDS",
    "Completion",
    "Diagnostic",
    "Place",
    "Workbench",
    "content_directory",
    "utf16_column",
]

CONTENT_FILES = frozenset({"mod.yaml", *FILES.values()})
"""The file names the server checks."""

KEYWORDS = (
    "gain", "pay", "lose", "draw", "choose", "each", "count", "influence", "with", "any",
    "faction", "place", "build", "discount", "take", "gate", "return", "worker", "repeat",
    "if", "else", "and", "or", "not", "per", "min", "max", "here", "in", "from", "nothing",
)  # fmt: skip
"""The words of the effect language (its grammar's keywords)."""

_WORD = re.compile(r"[A-Za-z0-9_]+")
_EFFECT_KEYS = re.compile(
    r"^\s*(?:-\s*)?(?:\{[^}]*\b)?(income|when_built|score|effect|bonus|ability|setup|past_top)"
    r"\s*:\s*['\"]?"
)
_ID_LINE = re.compile(r"(?:^\s*-\s*(?:\{\s*)?|\{\s*)id\s*:\s*([a-z][a-z0-9_]*)")


@dataclass(frozen=True, slots=True)
class Place:
    """A range in a file: 0-based start and end line and UTF-16 column."""

    file: Path
    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A problem placed on a range of a file: ``severity`` is error, warning or information."""

    place: Place
    message: str
    severity: str


@dataclass(frozen=True, slots=True)
class Completion:
    """A word to offer, with what it is."""

    label: str
    detail: str


def content_directory(path: Path) -> Path | None:
    """The content or mod directory a file belongs to (None for any other file)."""
    return path.parent if path.name in CONTENT_FILES else None


def utf16_column(line: str, column: int) -> int:
    """A column in code points as UTF-16 code units (LSP's default position encoding)."""
    return len(line[:column].encode("utf-16-le", "surrogatepass")) // 2


def _code_points(line: str, column: int) -> int:
    """A UTF-16 column back to code points."""
    units = 0
    for i, char in enumerate(line):
        if units >= column:
            return i
        units += 2 if ord(char) > 0xFFFF else 1
    return len(line)


@dataclass
class Workbench:
    """The directories being edited, their unsaved texts, and their last loaded content.

    Attributes:
        texts: The editor's text of each open file, by resolved path.
        loaded: The last content that loaded, by directory.
    """

    texts: dict[Path, str] = field(default_factory=dict)
    loaded: dict[Path, Content] = field(default_factory=dict)

    # ------------------------------------------------------------ diagnostics
    def check(self, directory: Path) -> dict[Path, list[Diagnostic]]:
        """The problems of each content file of a directory (an empty list when it has none)."""
        directory = directory.resolve()
        files = {directory / name for name in CONTENT_FILES}
        found: dict[Path, list[Diagnostic]] = {
            f: [] for f in files if f.exists() or f in self.texts
        }
        for problem in self._problems(directory):
            file = Path(problem.location.file).resolve() if problem.location else None
            if file is None or file not in found:
                file = next((f for f in sorted(found) if f in self.texts), None)
                if file is None:
                    continue
                where = f"{problem.location}: " if problem.location else ""
                problem = Problem(None, where + problem.message, problem.severity)
            found[file].append(self._diagnostic(file, problem))
        return found

    def _overrides(self, directory: Path) -> dict[Path, bytes]:
        """The unsaved texts of a directory's files, as bytes (a lone surrogate stays bad)."""
        return {
            path: text.encode("utf-8", "surrogatepass")
            for path, text in self.texts.items()
            if path.parent == directory
        }

    def _problems(self, directory: Path) -> list[Problem]:
        try:
            chain = read_chain(directory, self._overrides(directory))
            content = assemble(chain)
        except ContentError as exc:
            return list(exc.problems)
        except Exception as exc:  # never let a half-typed file stop the server
            return [Problem(None, f"internal error while checking: {exc!r}")]
        self.loaded[directory] = content
        try:
            base = load_content(chain.layers[-2].directory) if len(chain.layers) > 1 else None
            return chain_warnings(chain, content, base)
        except ContentError:
            return []

    def _diagnostic(self, file: Path, problem: Problem) -> Diagnostic:
        loc = problem.location
        severity = "warning" if problem.is_warning else "error"
        if loc is None:
            severity = "information" if problem.message.startswith("note:") else severity
            return Diagnostic(Place(file, 0, 0, 0, 0), problem.message, severity)
        line = self._line(file, loc.line - 1)
        start = max(loc.column - 1, 0)
        word = _WORD.match(line, start)
        end = word.end() if word else min(start + 1, len(line))
        place = Place(
            file, loc.line - 1, utf16_column(line, start), loc.line - 1, utf16_column(line, end)
        )
        return Diagnostic(place, problem.message, severity)

    def _line(self, file: Path, index: int) -> str:
        text = self.texts.get(file)
        if text is None:
            try:
                text = file.read_text("utf-8", "replace")
            except OSError:
                return ""
        lines = text.split("\n")
        return lines[index].rstrip("\r") if 0 <= index < len(lines) else ""

    # ------------------------------------------------------------ what is under the cursor
    def content_for(self, file: Path) -> Content | None:
        """The last content of the file's directory that loaded (or what it extends)."""
        directory = file.resolve().parent
        if directory not in self.loaded:
            try:
                self.loaded[directory] = load_content(directory)
            except ContentError:
                try:
                    chain = read_chain(directory)
                    base = chain.layers[-2].directory if len(chain.layers) > 1 else None
                    return load_content(base)
                except ContentError:
                    return None
        return self.loaded[directory]

    def _base_for(self, file: Path) -> Content | None:
        """The content a mod extends (a card the mod removes is still described)."""
        try:
            chain = read_chain(file.resolve().parent)
            return load_content(chain.layers[-2].directory) if len(chain.layers) > 1 else None
        except ContentError:
            return None

    def word_at(self, file: Path, line: int, column: int) -> tuple[str, int, int] | None:
        """The word at a position: its text and its start and end columns (code points)."""
        text = self._line(file, line)
        at = _code_points(text, column)
        for match in _WORD.finditer(text):
            if match.start() <= at <= match.end():
                return match.group(), match.start(), match.end()
        return None

    def hover(self, file: Path, line: int, column: int) -> str | None:
        """Markdown for a position: the card an id names, or the card an effect belongs to."""
        from baldurs_rules.present.card_text import card_text

        content = self.content_for(file)
        word = self.word_at(file, line, column)
        if content is None:
            return None
        if word is not None:
            base = self._base_for(file)
            for known in (content, base) if base is not None else (content,):
                text = _described(known, word[0])
                if text is not None:
                    return (
                        text if known is content else f"(in the content this mod extends)\n{text}"
                    )
        if _EFFECT_KEYS.match(self._line(file, line)):
            ident = self._entry_id(file, line)
            if ident is not None:
                try:
                    return f"```text\n{card_text(content, ident)}\n```"
                except KeyError:
                    return None
        return None

    def _entry_id(self, file: Path, line: int) -> str | None:
        """The id of the entry a line belongs to (the nearest ``id:`` at or above it)."""
        for index in range(line, -1, -1):
            found = _ID_LINE.search(self._line(file, index))
            if found:
                return found.group(1)
        return None

    def complete(self, file: Path, line: int, column: int) -> list[Completion]:
        """Words that fit at a position: effect words inside an effect, ids elsewhere."""
        content = self.content_for(file)
        if content is None:
            return []
        text = self._line(file, line)
        key = re.match(r"^\s*(?:-\s*)?(\w+)\s*:", text)
        field_name = key.group(1) if key else ""
        if _EFFECT_KEYS.match(text):
            return _effect_words(content)
        if field_name == "type":
            return [Completion(t.id, f"building type: {t.name}") for t in content.tiles]
        if field_name == "district":
            return [Completion(d.id, f"district: {d.name}") for d in content.board.districts]
        if file.name == "mod.yaml":  # remove: and replace: name the cards of the base
            content = self._base_for(file) or content
        return _card_ids(content)

    def definition(self, file: Path, line: int, column: int) -> Place | None:
        """Where the card, location or faction named at a position is defined."""
        word = self.word_at(file, line, column)
        if word is None:
            return None
        directory = file.resolve().parent
        overrides = {
            p: t.encode("utf-8", "surrogatepass")
            for p, t in self.texts.items()
            if p.parent == directory
        }
        try:
            chain = read_chain(directory, overrides)
        except ContentError:
            return None
        return _defined(chain, word[0])


# ------------------------------------------------------------------ helpers


def _described(content: Content, word: str) -> str | None:
    from baldurs_rules.present.card_text import card_text

    try:
        return f"```text\n{card_text(content, word)}\n```"
    except KeyError:
        pass
    names = content.names()
    if word in names:
        return f"**{names[word]}** (`{word}`)"
    return None


def _effect_words(content: Content) -> list[Completion]:
    vocab = Vocabulary.from_content(content)
    words: dict[str, str] = dict.fromkeys(KEYWORDS, "keyword")
    words.update(dict.fromkeys(sorted(vocab.quantities), "quantity"))
    words.update(dict.fromkeys(sorted(vocab.resources), "resource"))
    words.update(dict.fromkeys(sorted(vocab.factions), "faction"))
    words.update(dict.fromkeys(sorted(vocab.districts), "district"))
    words.update({f"{t}s": "thing to count" for t in sorted(vocab.countable)})
    words.update(dict.fromkeys(sorted(vocab.placeable), "fortification to place"))
    words.update({f"{d}s": "card kind to draw" for d in sorted(vocab.drawable)})
    return [Completion(word, detail) for word, detail in words.items()]


def _card_ids(content: Content) -> list[Completion]:
    found = [Completion(b.id, f"building: {b.name}") for b in content.buildings.values()]
    found += [Completion(g.id, f"gate: {g.name}") for g in content.gates.values()]
    found += [Completion(a.id, f"agenda: {a.name}") for a in content.agendas.values()]
    found += [Completion(h.id, f"HQ: {h.name}") for h in content.hqs.values()]
    found += [Completion(loc.id, f"location: {loc.name}") for loc in content.locations]
    found += [Completion(f.id, f"faction: {f.name}") for f in content.factions]
    return found


def _defined(chain: Chain, ident: str) -> Place | None:
    """The ``id:`` of the last layer that defines ``ident`` (a card, location or faction)."""
    for layer in reversed(chain.layers):
        for kind in (*CARD_FILES, "factions"):
            name = FILES[kind]
            if name not in layer.raw:
                continue
            try:
                doc = parsed_doc(layer.raw[name], layer.shown(name))
            except ContentError:
                continue
            entries = doc.data.get(kind) if isinstance(doc.data, dict) else None
            for i, entry in enumerate(entries if isinstance(entries, list) else []):
                if isinstance(entry, dict) and entry.get("id") == ident:
                    where = doc.location((kind, i, "id"))
                    return _place(where, len(ident), layer.directory / name)
    return None


def _place(loc: Location, length: int, file: Path) -> Place:
    line = loc.source_line
    start = loc.column - 1
    return Place(
        file.resolve(),
        loc.line - 1,
        utf16_column(line, start),
        loc.line - 1,
        utf16_column(line, start + length),
    )
