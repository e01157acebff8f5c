"""The content pipeline: safe files, YAML, schemas, the model, checks and the cache.

Where the shipped data lives, installed or in a checkout: the default content, the
bundled mods and the JSON Schemas of the content kinds.

Examples:
    >>> from baldurs_rules.content import bundled_mods, default_content_dir, schema_dir
    >>> (default_content_dir() / "game.yaml").is_file()
    True
    >>> "tuned" in bundled_mods()
    True
    >>> schema_dir().is_dir()
    True
"""

from baldurs_rules._resources import bundled_mods, default_content_dir, schema_dir

__all__ = ["bundled_mods", "default_content_dir", "schema_dir"]
