"""The directories of one load and the bytes of their files, read once.

A load reads a content directory, and for a mod (a directory holding ``mod.yaml``)
every directory it ``extends``, down to a complete content: the
[`Chain`][baldurs_rules.content.chain.Chain], base first. Every later stage (the
cache key, parsing, merging) reads the bytes kept here, so each file is read once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from baldurs_rules.content.files import (
    default_content_dir,
    directory_problem,
    display_name,
    read_content_file,
    real_directory,
)
from baldurs_rules.errors import ContentError, Problem

if TYPE_CHECKING:
    from baldurs_rules.content.yamlio import YamlDoc

__all__ = ["CARD_FILES", "FILES", "MAX_LAYERS", "Chain", "Layer", "read_chain", "shown_name"]

FILES = {
    "game": "game.yaml",
    "map": "map.yaml",
    "factions": "factions.yaml",
    "buildings": "buildings.yaml",
    "gates": "gates.yaml",
    "agendas": "agendas.yaml",
    "hqs": "hqs.yaml",
    "locations": "locations.yaml",
}
"""The file of each content kind."""

CARD_FILES = ("buildings", "gates", "agendas", "hqs", "locations")
"""Kinds whose entries a mod adds or replaces by id."""

MAX_LAYERS = 8
"""The most directories one load may stack (a content and the mods over it)."""


def shown_name(directory: Path, name: str) -> str:
    """How a content file is named in messages.

    Files of the installed default content are named so that the user can open
    them from where they are (see
    [`display_name`][baldurs_rules.content.files.display_name]); any other file
    by the path the user gave.
    """
    if directory == default_content_dir():
        return display_name(directory / name)
    return str(directory / name)


@dataclass
class Layer:
    """One directory of a load and the bytes of its files.

    Attributes:
        directory: The directory as given (or as ``extends`` names it).
        raw: The bytes of each file present, by file name.
        unreadable: The problem of each file present that could not be read.
        manifest: The parsed ``mod.yaml`` of a mod.
    """

    directory: Path
    raw: dict[str, bytes] = field(default_factory=dict)
    unreadable: dict[str, Problem] = field(default_factory=dict)
    manifest: YamlDoc | None = None

    def shown(self, name: str) -> str:
        """How this layer's file ``name`` is named in messages."""
        return shown_name(self.directory, name)

    @property
    def is_mod(self) -> bool:
        """Whether the directory holds a ``mod.yaml``."""
        return "mod.yaml" in self.raw or "mod.yaml" in self.unreadable


@dataclass
class Chain:
    """The layers of one load, base content first, each file read once.

    Attributes:
        layers: The directories with their files' bytes.
    """

    layers: list[Layer]

    @property
    def directories(self) -> list[Path]:
        """The directories, base first."""
        return [layer.directory for layer in self.layers]


def read_chain(root: Path, overrides: Mapping[Path, bytes] | None = None) -> Chain:
    """Read the files of a content directory and of every directory its mods extend.

    Args:
        root: The content or mod directory.
        overrides: Bytes to use instead of a file's, by the file's resolved path
            (an editor's unsaved text); a path that does not exist is a file present.

    Raises:
        ContentError: The directory does not exist, or a ``mod.yaml`` is
            unreadable, invalid, or extends something that is not a content
            directory (or forms a cycle, or stacks more than ``MAX_LAYERS``).
    """
    real_directory(root)
    layers = [_read_layer(root, overrides or {})]
    seen = {root.resolve()}
    while layers[0].is_mod:
        top = layers[0]
        top.manifest = _manifest(top)
        base = _base(top, top.manifest, seen, len(layers))
        layers.insert(0, _read_layer(base, overrides or {}))
    return Chain(layers)


def _read_layer(directory: Path, overrides: Mapping[Path, bytes]) -> Layer:
    layer = Layer(directory)
    real = directory.resolve() if overrides else directory
    for name in ("mod.yaml", *FILES.values()):
        if real / name in overrides:
            layer.raw[name] = overrides[real / name]
            continue
        try:
            data = read_content_file(directory, name, layer.shown(name))
        except ContentError as exc:
            layer.unreadable[name] = exc.problems[0]
            continue
        if data is not None:
            layer.raw[name] = data
    return layer


def _manifest(layer: Layer) -> YamlDoc:
    from baldurs_rules.content.build import At
    from baldurs_rules.content.schema import schema_problems
    from baldurs_rules.content.yamlio import parse_yaml_bytes

    if "mod.yaml" in layer.unreadable:
        raise ContentError(layer.unreadable["mod.yaml"])
    manifest = parse_yaml_bytes(layer.raw["mod.yaml"], layer.shown("mod.yaml"))
    problems = schema_problems("mod", At(manifest, ()))
    if problems:
        raise ContentError(problems)
    return manifest


def _base(layer: Layer, manifest: YamlDoc, seen: set[Path], depth: int) -> Path:
    """The directory a mod extends, checked."""
    data: Any = manifest.data or {}
    extends = data.get("extends", "default")
    base = default_content_dir() if extends == "default" else layer.directory / extends
    real, why = directory_problem(base)
    where = manifest.location(("extends",))
    if real is None and why != "not found":
        raise ContentError(Problem(where, f"mod extends {extends!r}, which is {why}"))
    if real is None or real in seen:
        message = f"mod extends {extends!r}, which is not a content directory (or forms a cycle)"
        raise ContentError(Problem(where, message))
    if depth >= MAX_LAYERS:
        message = f"mod extends {extends!r}: at most {MAX_LAYERS} directories may be stacked"
        raise ContentError(Problem(where, message))
    seen.add(real)
    return base
