"""Game files: one JSON file that a game is saved to and read back from, seats included.

A *game file* is what [`Game.to_json`][baldurs_rules.game.Game.to_json] writes
(the record: ``format``, ``content``, ``players``, ``seed``, ``advanced``,
``actions``, ``deciders``; and the ``state``) plus ``seats``, one entry per
seat saying who plays it:

```json
"seats": [{"human": true}, {"bot": "greedy", "seed": 1, "state": {"bot": "greedy", "rng": [...]}}]
```

A bot's ``state`` is [`Bot.state`][baldurs_rules.bots.Bot.state] (its random
generator), so a loaded game continues exactly as the original would have.
`bbg play --load`, `bbg replay` and `bbg render --record` read a game file, a
record without state (it is replayed), or a JSON Lines file of `bbg simulate
--out` (record K, replayed).

Examples:
    >>> import tempfile, pathlib, baldurs_rules as br
    >>> from baldurs_rules.bots import make_bot
    >>> game, bots = br.new_game(2, seed=3), [None, make_bot("random", 1)]
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
    >>> write_game_file(path, game, bots)
    >>> loaded = read_game_file(path)
    >>> loaded.game == game, [s.human for s in loaded.seats]
    (True, [True, False])
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from baldurs_rules.errors import RulesError, StateError, quoted

if TYPE_CHECKING:
    from baldurs_rules.bots import Bot
    from baldurs_rules.content.model import Content
    from baldurs_rules.game import Game

__all__ = ["GameFile", "Seat", "read_game_file", "read_record", "write_game_file"]


@dataclass(frozen=True)
class Seat:
    """Who plays a seat, as a game file says.

    Attributes:
        human: A person at the keyboard (the other fields are unused).
        bot: The bot's spec (``greedy``, ...).
        seed: The bot's seed.
        state: The bot's random state ([`Bot.state`][baldurs_rules.bots.Bot.state]).
    """

    human: bool
    bot: str = ""
    seed: int = 0
    state: dict[str, Any] | None = None

    def to_data(self) -> dict[str, Any]:
        """The seat's entry in a game file."""
        if self.human:
            return {"human": True}
        return {"bot": self.bot, "seed": self.seed, "state": self.state}

    def make_bot(self) -> Bot:
        """The bot of this seat, its random state restored.

        Raises:
            RulesError: The bot is unknown, or its saved state does not fit it.
        """
        from baldurs_rules.bots import make_bot

        bot = make_bot(self.bot, self.seed)
        if self.state is not None:
            bot.restore(self.state)
        return bot

    @classmethod
    def of(cls, bot: Bot | None) -> Seat:
        """The seat of a human (None) or of a bot, with the bot's state now."""
        if bot is None:
            return cls(True)
        return cls(False, bot.name, int(getattr(bot, "seed", 0)), bot.state())


@dataclass(frozen=True)
class GameFile:
    """A game read from a file.

    Attributes:
        game: The game, at the point where it was saved (or at the record's end).
        seats: Who plays each seat, or None when the file does not say (a record).
        labels: A name for each seat: ``human``, the bot's spec, or the simulate
            record's bot names; ``player N`` when nothing says.
        kind: ``save`` (a state), ``record`` (replayed) or ``records`` (line K of
            a JSON Lines file, replayed).
        together: The moves played as one answer (a web table's "use all"), as
            ``(start, end)`` ranges of the record's actions: ``actions[start:end]``.
    """

    game: Game
    seats: list[Seat] | None
    labels: list[str]
    kind: str
    together: tuple[tuple[int, int], ...] = ()


def write_game_file(
    path: str | os.PathLike[str],
    game: Game,
    bots: Sequence[Bot | None],
    together: Sequence[tuple[int, int]] = (),
) -> None:
    """Save a game and its seats (None for a human) to ``path``, atomically.

    The file is written next to ``path`` and moved over it, so an interrupted
    save leaves the old file whole. ``together`` lists the ``(start, end)`` ranges
    of actions that were one answer (kept as ``"together"``, only when there are some).

    Raises:
        RulesError: Not one entry per seat.
        OSError: The file cannot be written.
    """
    if len(bots) != game.state.players:
        raise RulesError(f"need one seat entry per seat: {game.state.players} seats, {len(bots)}")
    data = json.loads(game.to_json())
    data["seats"] = [Seat.of(bot).to_data() for bot in bots]
    if together:
        data["together"] = [[start, end] for start, end in together]
    target = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or ".")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(json.dumps(data, separators=(",", ":")))  # one shot: the C encoder
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_record(path: str | os.PathLike[str], index: int = 0) -> dict[str, Any]:
    """The record of game ``index`` of a file: a game file's own record, or line K of a
    JSON Lines file of records.

    Raises:
        StateError: Not JSON, not a game record, or no game ``index`` (with ``file:line``).
        OSError: The file cannot be read.
    """
    data, _ = _read(Path(path), index)
    return data


def read_game_file(
    path: str | os.PathLike[str], content: Content | None = None, index: int = 0
) -> GameFile:
    """Read a game file, a record, or record ``index`` of a JSON Lines file of records.

    Raises:
        StateError: The file is not a game (with the file and, for a records file,
            the line); or its seats are malformed.
        IllegalActionError: A replayed record has an action that is not legal.
        OSError: The file cannot be read.
    """
    from baldurs_rules.content.loader import load_content
    from baldurs_rules.game import Game

    file = Path(path)
    data, where = _read(file, index)
    content = content or load_content()
    try:
        game = Game.from_json(json.dumps(data), content)
    except RulesError as exc:
        raise type(exc)(f"{where}: {exc.message}") from None
    seats = _seats(data.get("seats"), game.state.players, where)
    kind = "save" if data.get("state") is not None else ("records" if "run" in data else "record")
    labels = _labels(data, seats, game.state.players)
    together = _together(data.get("together", []), len(game.actions), where)
    return GameFile(game, seats, labels, kind, together)


def _read(file: Path, index: int) -> tuple[dict[str, Any], str]:
    """The JSON object of game ``index`` of the file, and where it is (``file[:line]``)."""
    text = file.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except ValueError as exc:
        if not isinstance(exc, json.JSONDecodeError) or exc.msg != "Extra data":
            raise StateError(f"{file}: not valid JSON ({exc})") from None
        return _line(file, text, index)
    if index != 0:
        raise StateError(f"{file} holds one game; there is no game {index}")
    if not isinstance(data, dict):
        raise StateError(f"{file}: a game file must be a JSON object, not {type(data).__name__}")
    return data, str(file)


def _line(file: Path, text: str, index: int) -> tuple[dict[str, Any], str]:
    found = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        if found == index:
            try:
                data = json.loads(line)
            except ValueError as exc:
                raise StateError(f"{file}:{number}: not valid JSON ({exc})") from None
            if not isinstance(data, dict):
                raise StateError(f"{file}:{number}: a record must be a JSON object")
            return data, f"{file}:{number}"
        found += 1
    raise StateError(f"{file} has {found} record{'s' if found != 1 else ''}; no game {index}")


def _seats(value: Any, players: int, where: str) -> list[Seat] | None:
    """The ``seats`` of a game file, checked (None when absent)."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != players:
        raise StateError(f"{where}: 'seats' must list one entry per seat ({players})")
    seats = []
    for number, entry in enumerate(value):
        if isinstance(entry, dict) and entry == {"human": True}:
            seats.append(Seat(True))
            continue
        ok = (
            isinstance(entry, dict)
            and set(entry) == {"bot", "seed", "state"}
            and isinstance(entry["bot"], str)
            and type(entry["seed"]) is int
            and (entry["state"] is None or isinstance(entry["state"], dict))
        )
        if not ok:
            raise StateError(
                f"{where}: seat {number} must be {{'human': true}} or"
                f" {{'bot': spec, 'seed': n, 'state': {{...}}}}, not {quoted(entry)}"
            )
        seats.append(Seat(False, entry["bot"], entry["seed"], entry["state"]))
    return seats


def _together(value: Any, moves: int, where: str) -> tuple[tuple[int, int], ...]:
    """The ``together`` ranges of a game file, checked: increasing, apart, within the moves."""
    ranges: list[tuple[int, int]] = []
    last = 0
    for entry in value if isinstance(value, list) else [value]:
        ok = (
            isinstance(entry, list)
            and len(entry) == 2
            and all(type(n) is int for n in entry)
            and last <= entry[0] < entry[1] <= moves
        )
        if not ok:
            raise StateError(
                f"{where}: 'together' must list [start, end] ranges of its {moves} moves,"
                f" in order and apart, not {quoted(entry)}"
            )
        ranges.append((entry[0], entry[1]))
        last = entry[1]
    return tuple(ranges)


def _labels(data: dict[str, Any], seats: list[Seat] | None, players: int) -> list[str]:
    if seats is not None:
        return ["human" if seat.human else seat.bot for seat in seats]
    bots = data.get("bots")
    if isinstance(bots, list) and len(bots) == players and all(isinstance(b, str) for b in bots):
        return list(bots)
    return [f"player {seat}" for seat in range(players)]
