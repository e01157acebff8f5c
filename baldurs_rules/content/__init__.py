"""The content pipeline: safe files, YAML, schemas, the model, checks and the cache.

Examples:
    >>> from baldurs_rules.content import default_content_dir
    >>> (default_content_dir() / "game.yaml").is_file()
    True
"""

from baldurs_rules._resources import default_content_dir

__all__ = ["default_content_dir"]
