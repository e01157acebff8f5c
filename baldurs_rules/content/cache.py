"""The disk cache of loaded content: JSON that cannot run code, verified on every read.

An entry is ``<key>.json`` in ``$XDG_CACHE_HOME/baldurs_rules`` (``~/.cache``
by default; ``BALDURS_RULES_CACHE=0`` turns the cache off). Its first line is a
header (format, version, key, length and SHA-256 of the rest); the rest is the
content encoded by [`codec`][baldurs_rules.content.codec]. The key hashes every
content file's bytes and the library's own code and build
([`code_fingerprint`][baldurs_rules.content.cache.code_fingerprint]), so an
upgrade, an edited module or a compiled build never reuses an old entry.

Reading an entry checks everything: a regular file of bounded size, the
header, the length and hash of the payload, the type of every value while
rebuilding the model through a fixed registry of classes, and finally the
fingerprint, recomputed from what was rebuilt. Anything unreadable, foreign,
truncated or mismatched is ignored and deleted (entries are named by their
key, so the file at that name is ours) and the content is loaded from its
files again: a bad cache costs time, never a crash and never other rules.

Only the standard library is used on this path: a warm start imports neither
the YAML, schema nor grammar libraries.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from baldurs_rules._build import BUILD_TAG, package_files
from baldurs_rules._resources import grammar_path
from baldurs_rules.content import codec
from baldurs_rules.content.chain import FILES
from baldurs_rules.content.model import Content

if TYPE_CHECKING:
    from baldurs_rules.content.chain import Chain

__all__ = [
    "FORMAT",
    "MAX_ENTRY_BYTES",
    "VERSION",
    "cache_dir",
    "code_fingerprint",
    "get",
    "key",
    "put",
]

FORMAT = "baldurs_rules content cache"
"""The ``format`` of an entry's header."""
VERSION = 1
"""The ``version`` of an entry's header; a new layout gets a new number."""
MAX_ENTRY_BYTES = 20_000_000
"""The largest entry read (the default content's is about 0.3 MB)."""

_CODE_SUFFIXES = (".py", ".json", ".lark", ".so", ".pyd")
_PACKAGE = Path(__file__).resolve().parent.parent


def cache_dir() -> Path | None:
    """Where entries live, or None when ``BALDURS_RULES_CACHE=0``."""
    if os.environ.get("BALDURS_RULES_CACHE", "1") == "0":
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "baldurs_rules"


@cache
def code_fingerprint() -> str:
    """A hash of the library's code and build: every module, schema and the grammar.

    Compiled modules (``.so``, ``.pyd``) count too, and the build tag names the
    library version, the cache version and the interpreter
    (``sys.implementation.cache_tag``).
    """
    tag = f"{FORMAT}/{VERSION}/{BUILD_TAG}/{sys.implementation.cache_tag}/{sys.version}"
    digest = hashlib.sha256(tag.encode())
    for relative in package_files(_PACKAGE):
        if relative.endswith(_CODE_SUFFIXES):
            digest.update(f"\0{relative}\0".encode())
            digest.update((_PACKAGE / relative).read_bytes())
    digest.update(b"\0grammar\0" + grammar_path().read_bytes())
    return digest.hexdigest()


def _files(chain: Chain) -> list[str]:
    """The names locations may use, numbered: every file of every layer."""
    return [layer.shown(name) for layer in chain.layers for name in FILES.values()]


def key(chain: Chain) -> str | None:
    """The cache key: every file's bytes and the library's code (None: a file is unreadable)."""
    if any(layer.unreadable for layer in chain.layers):
        return None
    digest = hashlib.sha256(code_fingerprint().encode())
    for depth, layer in enumerate(chain.layers):
        for name in sorted(layer.raw):
            data = layer.raw[name]
            digest.update(f"\0{depth}\0{name}\0{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()


def get(key: str, chain: Chain) -> Content | None:
    """The cached content for ``key``, or None (a bad entry is deleted)."""
    directory = cache_dir()
    if directory is None:
        return None
    path = directory / f"{key}.json"
    try:
        raw = _read(path)
    except FileNotFoundError:
        return None
    except OSError:
        _discard(path)
        return None
    try:
        return _verified(raw, key, chain)
    except (ValueError, TypeError, KeyError, IndexError, RecursionError):
        _discard(path)
        return None


def _read(path: Path) -> bytes:
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY_BYTES:
            raise OSError("not a cache entry")
        chunks: list[bytes] = []
        total = 0
        while total <= MAX_ENTRY_BYTES:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > MAX_ENTRY_BYTES:
            raise OSError("not a cache entry")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _verified(raw: bytes, key: str, chain: Chain) -> Content:
    head, newline, body = raw.partition(b"\n")
    header = json.loads(head)
    expected = {"format": FORMAT, "version": VERSION, "key": key, "bytes": len(body)}
    if not newline or type(header) is not dict:
        raise ValueError("no header")
    if any(header.get(k) != v for k, v in expected.items()):
        raise ValueError("a foreign or stale entry")
    if header.get("sha256") != hashlib.sha256(body).hexdigest():
        raise ValueError("the entry does not match its hash")
    data = json.loads(body, parse_constant=_refuse_constant)
    content = codec.decode(data, _files(chain))
    real = codec.fingerprint(content)
    if real != content.fingerprint:
        raise ValueError("the entry's rules do not match its fingerprint")
    _check_places(content, chain)
    content.sources = tuple(str(d) for d in chain.directories)
    return content


def _check_places(content: Content, chain: Chain) -> None:
    """Every location shows its file's real line, and every span lies inside its source.

    The fingerprint leaves places out (they follow the layout); this makes sure
    an entry cannot point error messages at the wrong place either.
    """
    from baldurs_rules.dsl.ast import walk

    lines: dict[str, list[str]] = {}
    for layer in chain.layers:
        for name, raw in layer.raw.items():
            text = raw.decode("utf-8", errors="replace").removeprefix("\ufeff")
            lines[layer.shown(name)] = text.split("\n")
    for script in content.scripts():
        where = script.location
        if where is not None:
            file = lines.get(where.file, [])
            if not (0 < where.line <= len(file) and file[where.line - 1] == where.source_line):
                raise ValueError("a location that does not show its file")
        for node in walk(script.tree):
            if not 0 <= node.span.start <= node.span.end <= len(script.source):
                raise ValueError("a span outside its source")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _discard(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        return


def put(key: str, content: Content, chain: Chain) -> None:
    """Write an entry for ``key`` atomically; any failure just leaves no entry."""
    directory = cache_dir()
    if directory is None:
        return
    files = _files(chain)
    try:
        data = codec.encode(content, {name: i for i, name in enumerate(files)})
        body = json.dumps(data, separators=(",", ":"), allow_nan=False).encode()
    except (codec.CodecError, TypeError, ValueError, RecursionError):
        return
    header = {
        "format": FORMAT,
        "version": VERSION,
        "key": key,
        "bytes": len(body),
        "sha256": hashlib.sha256(body).hexdigest(),
    }
    _write(directory, key, json.dumps(header).encode() + b"\n" + body)


def _write(directory: Path, key: str, data: bytes) -> None:
    temp = directory / f"{key}.{os.getpid()}.tmp"
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(temp, flags, 0o600)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)
        os.replace(temp, directory / f"{key}.json")
    except OSError:
        _discard(temp)
