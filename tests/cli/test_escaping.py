"""Text from files never drives the terminal: Rich markup is shown as typed, and control
characters (an ESC sequence in a record's bot label, a content name) are replaced."""

from __future__ import annotations

import io
import json
from pathlib import Path

from click.testing import CliRunner, Result
from rich.console import Console
from rich.text import Text

import baldurs_rules as br
from baldurs_rules.cli import main
from baldurs_rules.cli.common import escaped, guarded, printable
from baldurs_rules.cli.session import Session
from baldurs_rules.runs.simulate import simulate

ESC = "\x1b]0;pwned\x07\x1b[2J\x1b[31m"
"""A window title, a cleared screen and red text, if it reached a terminal."""


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def record_file(tmp_path: Path, bots: list[str]) -> Path:
    record = simulate(1, players=2, bots=["random"], seed=5)[0]
    record["bots"] = bots
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    return path


def test_a_bot_label_in_rich_markup_is_shown_as_written(tmp_path: Path) -> None:
    result = run("replay", str(record_file(tmp_path, ["[/oops]", "b"])))
    assert result.exit_code == 0, result.output
    assert "seat 0 ([/oops]): " in result.stdout
    assert "Final scoring" in result.stdout and "[/oops]" in result.stdout.split("Final")[1]


def test_an_escape_sequence_in_a_record_never_reaches_the_terminal(tmp_path: Path) -> None:
    result = run("replay", str(record_file(tmp_path, [ESC, "[bold]b"])))
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "\ufffd]0;pwned\ufffd\ufffd[2J" in result.stdout
    assert "seat 1 ([bold]b): " in result.stdout


def test_the_play_screen_is_guarded_too() -> None:
    buffer = io.StringIO()
    out = guarded(Console(file=buffer, width=160, color_system="standard", highlight=False))
    game = br.new_game(2, seed=1)
    lines = iter(["map", "quit"])
    session = Session(out, game, [None, None], read=lambda prompt: next(lines, None))
    session.labels = [f"you{ESC}", "[/x]"]  # as if they came from a file
    session.run()
    shown = buffer.getvalue()
    assert "\x1b]0" not in shown and "\x1b[2J" not in shown
    assert "you\ufffd]0;pwned" in shown and "[/x]" in shown
    assert "\x1b[1m" in shown  # Rich's own styles still pass


def test_printable_and_escaped() -> None:
    assert printable("a\x1bb\x9bc\x7fd\n") == "a\ufffdb\ufffdc\ufffdd\n"
    assert printable("one\ntwo", newlines=False) == "one\ufffdtwo"
    assert escaped("[red]x\x1b") == "\\[red]x\ufffd"
    buffer = io.StringIO()
    out = guarded(Console(file=buffer, width=40, color_system=None))
    out.print(Text("bell\x07 and ESC\x1b[2J"), escaped("[/oops]"))
    assert buffer.getvalue() == "bell and ESC\ufffd[2J [/oops]\n"  # Rich drops a bell itself
