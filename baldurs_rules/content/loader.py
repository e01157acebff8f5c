"""Load content: default, a full content directory, or a mod over another content.

Pipeline: read each file safely ([`files`][baldurs_rules.content.files]) →
parse its YAML → validate it against its JSON Schema (every error) → merge a mod
over its base → build the model, parsing and checking every effect →
cross-reference, setup, bound and loop checks
([`assemble`][baldurs_rules.content.assemble]). All problems of all stages and
all files are raised together in one
[`ContentError`][baldurs_rules.errors.ContentError], sorted by file and line; a
file that cannot be parsed hides only the checks that need it.

A directory holding ``mod.yaml`` is a mod: its files add or replace entries
(by id) of the content it ``extends`` (the default content unless it names a
directory), and ``remove`` drops entries. Any other directory is a complete
content.

A load whose files, grammar, schemas and library code are unchanged is served
from memory, or from a verified JSON cache on disk
([`cache`][baldurs_rules.content.cache]) without importing the YAML, schema or
grammar libraries at all.

Examples:
    >>> from baldurs_rules import load_content
    >>> content = load_content()
    >>> content.buildings["elfsong_tavern"].type
    'inn'
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from baldurs_rules.content import cache as disk
from baldurs_rules.content.chain import Chain, read_chain
from baldurs_rules.content.files import content_directory, default_content_dir
from baldurs_rules.content.model import Content

__all__ = ["clear_memory_cache", "default_content_dir", "load_content", "separate_memory_cache"]

_MEMORY: dict[str, Content] = {}


def load_content(path: str | os.PathLike[str] | None = None, *, cache: bool = True) -> Content:
    """Load content from a directory (the default content when ``path`` is None).

    Args:
        path: A content directory, a mod directory (with ``mod.yaml``), or the
            name of a bundled mod (``"tuned"``; ``"default"`` is the default
            content).
        cache: Reuse a previous load of the same files (in memory and on disk,
            keyed by a hash of every file and of the library's code;
            ``BALDURS_RULES_CACHE=0`` turns the disk cache off).

    Returns:
        The checked content.

    Raises:
        ContentError: Every problem found, each with ``file:line:column``; a
            name that is neither a directory nor a bundled mod lists the bundled
            names.

    Examples:
        >>> load_content("tuned").settings["attack"]["held_bonus"]
        3
    """
    root = content_directory(path)
    chain = read_chain(root)
    key = disk.key(chain)
    if key is None:  # some file could not be read: report it with everything else
        return _load(chain)
    if cache and key in _MEMORY:
        return _MEMORY[key]
    content = disk.get(key, chain) if cache else None
    if content is None:
        content = _load(chain)
        if cache:
            disk.put(key, content, chain)
    if cache:
        _MEMORY[key] = content
    return content


def _load(chain: Chain) -> Content:
    """Parse, validate, build and check (imports the YAML, schema and grammar libraries)."""
    from baldurs_rules.content.assemble import assemble

    return assemble(chain)


def clear_memory_cache() -> None:
    """Forget every content loaded in this process; the disk cache is kept.

    The next ``load_content`` of the same files reads the disk cache (or the files),
    as a new process would: benchmarks time it, and a content loaded from another
    working directory (whose problems name files relative to it) is loaded afresh.

    Examples:
        >>> with separate_memory_cache():  # this process's own cache stays as it is
        ...     first = load_content()
        ...     clear_memory_cache()
        ...     load_content() is first
        False
    """
    _MEMORY.clear()


@contextmanager
def separate_memory_cache() -> Iterator[None]:
    """Load with an empty memory cache inside the block; the process's own is put back after.

    Examples:
        >>> outside = load_content()
        >>> with separate_memory_cache():
        ...     load_content() is outside
        False
        >>> load_content() is outside
        True
    """
    saved = dict(_MEMORY)
    _MEMORY.clear()
    try:
        yield
    finally:
        _MEMORY.clear()
        _MEMORY.update(saved)
