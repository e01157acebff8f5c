"""The generated parts of ``docs/modding.md`` that are not plain commands or snippets.

The guide's commands and snippets are ``console:`` and ``python:`` parts, run in page
order in a scratch directory where the guide's example files are written as the page
reaches them (see ``session.py``); ``tests/docs/test_docs_modding.py`` walks the
page the same way with the real ``bbg`` executable.
"""

from __future__ import annotations

from .common import Part, block, cli, content, table

HOLDS = {
    "game.yaml": "player counts, setup amounts, resources, building types and their bonuses, "
    "fortifications, the basic HQ side, the attack track, scoring tables, the turn limit",
    "map.yaml": "districts, lots and sites (the network nodes), the solid lines, "
    "drawing coordinates",
    "factions.yaml": "the faction tracks and their rewards, `past_top`",
    "buildings.yaml": "the building cards",
    "gates.yaml": "the gate cards",
    "agendas.yaml": "the agenda cards",
    "hqs.yaml": "the HQ cards (their district and advanced side)",
    "locations.yaml": "the special locations and their trades",
}
"""What each default content file holds (prose); the counts are the content's."""

COUNTED = {
    "map.yaml": "lots",
    "factions.yaml": "factions",
    "buildings.yaml": "buildings",
    "gates.yaml": "gates",
    "agendas.yaml": "agendas",
    "hqs.yaml": "HQs",
    "locations.yaml": "locations",
}


def files(old: str) -> str:
    """The table of the default content's files, with how many entries each has."""
    from baldurs_rules.content import default_content_dir

    counts = content().counts()
    present = sorted(p.name for p in default_content_dir().glob("*.yaml"))
    unknown = sorted(set(present) - set(HOLDS))
    if unknown:
        raise SystemExit(f"docs/modding.md: say what {unknown} hold (HOLDS in {__file__})")
    rows = []
    for name, holds in HOLDS.items():
        kind = COUNTED.get(name)
        rows.append([f"`{name}`", holds, counts[kind] if kind else ""])
    return table(["File", "Holds", "How many"], rows)


def nothieves(old: str) -> str:
    """``bbg validate nothieves``: its first two problems and the count."""
    lines = cli(["validate", "nothieves"], ok=False).rstrip("\n").splitlines()
    return block("\n".join(["$ bbg validate nothieves", *lines[:6], "...", lines[-1]]))


def bundled(name: str) -> Part:
    """The files of the bundled mod ``name``, each as a YAML block under its path."""

    def make(old: str) -> str:
        from baldurs_rules.content import bundled_mods

        mods = bundled_mods()
        if name not in mods:
            raise SystemExit(f"no bundled mod {name!r}: the bundled mods are {sorted(mods)}")
        parts = []
        for path in sorted(mods[name].glob("*.yaml"), key=lambda p: p.name != "mod.yaml"):
            parts.append(f"`mods/{name}/{path.name}`:\n\n" + block(path.read_text(), "yaml"))
        return "\n".join(parts)

    return make


PARTS: dict[str, Part] = {"files": files, "nothieves": nothieves, "bundled:tuned": bundled("tuned")}
