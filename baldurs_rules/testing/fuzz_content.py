"""Hostile content for the fuzzer: files, numbers, unicode, loops, setup amounts, a bad cache.

Each class builds a whole mod directory over the default content (or corrupts
the disk cache) from a seeded generator. A mod must load, or be refused with a
located [`ContentError`][baldurs_rules.errors.ContentError]; a mod that loads
must then *play*: a seeded random game on it may end in no exception at all
(issue 14: content that validates cannot fail in play). A cache entry, however
corrupted, must give back exactly the rules of the files.

Examples:
    >>> import random, tempfile
    >>> from pathlib import Path
    >>> hostile = HostileContent(random.Random(1))
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     label = hostile.make("numbers", Path(tmp) / "mod")
    >>> label.startswith("numbers:")
    True
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

from baldurs_rules.content.files import MAX_BYTES, default_content_dir
from baldurs_rules.content.yamlio import MAX_NODES

__all__ = ["CLASSES", "HostileContent", "PlayFailureError", "play"]

CLASSES = ("files", "numbers", "unicode", "cycles", "setup")
"""The kinds of hostile mods (the cache is corrupted by the fuzzer itself)."""

PLAY_STEPS = 300
"""Random actions played on every mod that loads."""


class PlayFailureError(Exception):
    """Content that loaded failed in play, or a cache served other rules (never a RulesError)."""


_NUMBERS = [
    "3.0", "1e3", "true", "false", ".inf", "-.inf", ".nan", "-1", "0", "999", "1000",
    "99999999999999999999", "0x7fffffffffffffff", "²", "٣", "'7'", "~", "[]", "{}",
]  # fmt: skip
_EFFECTS = [
    "draw 999*999 building",
    "gain gold * gold gold",
    "gain gold * supply * favor prestige",
    "gain count(buildings) * count(buildings) * 2 favor",
    "repeat 10: draw 200 building",
    "repeat 10: repeat 10: each player: gain 5 gold",
    "gain min(gold * gold, 999) gold",
    "lose 999 gold; gain 999 prestige",
    "draw 999 agenda",
    "build with discount 999 * 999",
    "pay gold * gold gold: gain 1 prestige",
    "gain 999 influence with any faction",
]
_CYCLE_EFFECTS = [
    "gain 1 influence with any faction",
    "gain 1 influence with flaming_fist",
    "choose (gain 1 gold | gain 1 influence with thieves_guild)",
    "if gold > 2: gain 2 influence with council_of_four",
    "place watchtower",
    "take gate",
    "build",
    "choose (build with discount 2 | gain 1 influence with any faction)",
    "each opponent: gain 1 influence with any faction",
    "gain 1 prestige",
    "repeat 3: gain 1 influence with any faction",
]
_UNICODE = [
    "\\n", "\\t", "\\e[31m", "\\0", "\\a", "\\x85", "\\u202E", "\\u2066", "²", "٣", "\\u00A0",
    "\\u200B", "é", "☃", "\\U0001F600", "\\r",
]  # fmt: skip
_SETUP = {
    "cubes": (0, 210),
    "offer": (0, 22),
    "starting_lots": (0, 40),
    "hand_buildings": (0, 20),
    "hand_agendas": (0, 12),
    "extra_hqs": (0, 9),
    "deal_buildings": (0, 20),
    "keep_buildings": (0, 20),
    "min": (0, 9),
    "max": (0, 9),
    "trigger": (0, 21),
    "held_bonus": (0, 1000),
}


class HostileContent:
    """Builds hostile mod directories from a seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.texts = {p.name: p.read_text("utf-8") for p in default_content_dir().glob("*.yaml")}

    def make(self, kind: str, directory: Path) -> str:
        """Write one hostile mod of class ``kind`` into ``directory``; a label of what it is."""
        directory.mkdir(parents=True)
        (directory / "mod.yaml").write_text("name: Fuzz\n", "utf-8")
        what: str = getattr(self, f"_{kind}")(directory)
        return f"{kind}: {what}"

    # ------------------------------------------------------------ files
    def _files(self, d: Path) -> str:
        name = self.rng.choice(list(self.texts))
        target = d / name
        choice = self.rng.randrange(13)
        if choice == 0:
            target.symlink_to(self.rng.choice(["/proc/self/environ", "/etc/hostname", "/dev/zero"]))
        elif choice == 1:
            (d.parent / "outside.yaml").write_text(self.texts[name], "utf-8")
            target.symlink_to(Path("..") / "outside.yaml")
        elif choice == 2:
            (d / "inner").mkdir()
            (d / "inner" / name).write_text(self.texts[name], "utf-8")
            target.symlink_to(Path("inner") / name)
        elif choice == 3:
            target.symlink_to(name)  # a link to itself
        elif choice == 4:
            target.symlink_to("missing.yaml")
        elif choice == 5:
            os.mkfifo(target)
        elif choice == 6:
            target.mkdir()
        elif choice == 7:
            with open(target, "wb") as handle:
                handle.truncate(self.rng.choice([MAX_BYTES + 1, 1 << 30]))
        elif choice == 8:
            target.write_bytes(b"#" * (MAX_BYTES - 1) + b"\n")
        elif choice == 9:
            count = self.rng.randint(MAX_NODES // 2, MAX_NODES * 3)
            target.write_text(f"{name[:-5]}: [" + ", ".join(["1"] * count) + "]\n", "utf-8")
        elif choice == 10:
            count = self.rng.randint(MAX_NODES // 2, MAX_NODES * 3)
            target.write_text(f"{name[:-5]}:\n" + "  - x\n" * count, "utf-8")
        elif choice == 11:
            (d / "loop").symlink_to("loop")
            (d / "mod.yaml").write_text("name: Fuzz\nextends: loop\n", "utf-8")
        else:
            (d / "mod.yaml").write_text(
                "name: Fuzz\nextends: " + self.rng.choice(["/proc/self", "/dev", ".", ".."]) + "\n",
                "utf-8",
            )
        return f"{name} case {choice}"

    # ------------------------------------------------------------ numbers
    def _numbers(self, d: Path) -> str:
        if self.rng.random() < 0.5:
            effect = self.rng.choice(_EFFECTS)
            _write_card(d, "income", effect)
            return effect
        name = self.rng.choice(["game.yaml", "buildings.yaml", "locations.yaml", "map.yaml"])
        text = self.texts[name]
        spots = list(re.finditer(r"(?<=: )-?\d+(?=[ ,}\n])", text))
        spot = self.rng.choice(spots)
        value = self.rng.choice(_NUMBERS)
        (d / name).write_text(text[: spot.start()] + value + text[spot.end() :], "utf-8")
        return f"{name}: {spot.group()} -> {value}"

    # ------------------------------------------------------------ unicode
    def _unicode(self, d: Path) -> str:
        name = self.rng.choice(["buildings.yaml", "agendas.yaml", "hqs.yaml", "gates.yaml"])
        text = self.texts[name]
        spots = list(
            re.finditer(r'(?:id|name|income|when_built|score): (?:"[^"\n]*"|[^"\n]+)', text)
        )
        spot = self.rng.choice(spots)
        extra = self.rng.choice(_UNICODE)
        value = spot.group().split(": ", 1)[1].strip('"')
        at = self.rng.randint(0, len(value))
        changed = f'{spot.group().split(": ")[0]}: "{value[:at]}{extra}{value[at:]}"'
        (d / name).write_text(text[: spot.start()] + changed + text[spot.end() :], "utf-8")
        return f"{name}: {changed[:60]!r}"

    # ------------------------------------------------------------ cycles
    def _cycles(self, d: Path) -> str:
        effect = self.rng.choice(_CYCLE_EFFECTS)
        where = self.rng.randrange(3)
        if where == 0:
            text = self.texts["factions.yaml"]
            (d / "factions.yaml").write_text(
                text.replace('past_top: "gain 1 prestige"', f'past_top: "{effect}"'), "utf-8"
            )
            return f"past_top: {effect}"
        if where == 1:
            text = self.texts["game.yaml"]
            bonuses = list(re.finditer(r'bonus: "[^"]+"', text))
            spot = self.rng.choice(bonuses)
            (d / "game.yaml").write_text(
                text[: spot.start()] + f'bonus: "{effect}"' + text[spot.end() :], "utf-8"
            )
            return f"bonus: {effect}"
        _write_card(d, "when_built", effect)
        return f"when built: {effect}"

    # ------------------------------------------------------------ setup
    def _setup(self, d: Path) -> str:
        picks = {k: self.rng.randint(*r) for k, r in _SETUP.items() if self.rng.random() < 0.4}
        game: dict[str, Any] = {}
        section = {"offer": "setup", "cubes": "setup", "starting_lots": "setup"}
        for key, value in picks.items():
            if key in section:
                game.setdefault("setup", {})[key] = value
            elif key.startswith("hand_"):
                hand = game.setdefault("setup", {}).setdefault(
                    "hand", {"buildings": 3, "agendas": 3}
                )
                hand[key[5:]] = value
            elif key in ("min", "max"):
                game.setdefault("players", {"min": 2, "max": 4, "first": 0})[key] = value
            elif key in ("trigger", "held_bonus"):
                game.setdefault("attack", {})[key] = value
            else:
                advanced = game.setdefault("advanced", {})
                if key == "extra_hqs":
                    advanced[key] = value
                else:
                    part, what = key.split("_")
                    advanced.setdefault(part, {"buildings": 3, "agendas": 3})[what] = value
        (d / "game.yaml").write_text(json.dumps(game) + "\n", "utf-8")  # JSON is YAML
        return json.dumps(game)


def _write_card(d: Path, slot: str, effect: str) -> None:
    card = (
        "buildings:\n  - id: fuzz_card\n    name: Fuzz Card\n    type: market\n    cost: 3\n"
        f"    {slot}: {json.dumps(effect)}\n"
    )
    (d / "buildings.yaml").write_text(card, "utf-8")


def play(content: Any, seed: int, steps: int = PLAY_STEPS) -> None:
    """A seeded random game on a content that loaded: any exception is a PlayFailureError.

    Raises:
        PlayFailureError: Setting up or playing raised anything at all.
    """
    from baldurs_rules.game import Game, new_game

    rng = random.Random(seed)
    low, high = content.settings["players"]["min"], content.settings["players"]["max"]
    try:
        game = new_game(
            players=rng.randint(low, high), seed=seed, advanced=rng.random() < 0.5, content=content
        )
        for _ in range(steps):
            if game.is_over:
                return
            game.apply(rng.choice(game.legal_actions()))
        Game.from_json(game.to_json(), content)
    except Exception as exc:
        raise PlayFailureError(
            f"content that loaded failed in play: {type(exc).__name__}: {exc}"
        ) from exc
