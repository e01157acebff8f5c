"""Samples (filled below)."""
from collections.abc import Callable, Mapping
from docgen_common import Part
PAGES: dict[str, Mapping[str, Part]] = {}
FILES: dict[str, Callable[[], str]] = {}
