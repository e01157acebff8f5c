"""The generated parts of ``docs/modding.md`` (filled below)."""
from docgen_common import Part
PARTS: dict[str, Part] = {}
