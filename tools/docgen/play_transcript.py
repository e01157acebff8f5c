"""Write the generated parts of ``docs/play.md``: real ``bbg play`` output, never typed by hand.

Each generated part sits between ``<!-- generated: NAME -->`` and ``<!-- end: NAME -->``
in the page; everything else in the page is prose. The parts are produced by
running the game (``bbg play`` through click's runner, or its play loop with a
scripted human whose typed lines are echoed after the prompts), so a change in
the game, the content or the narration shows up here when the script runs again.
``tests/docs/test_docs_play.py`` fails when the page differs from what this script writes.

Usage (from the repository root):  python -m tools.docgen.play_transcript [--check]
        --check: compare, do not write
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from .common import ROOT

PAGE = ROOT / "docs" / "play.md"
MARK = re.compile(r"(<!-- generated: ([\w-]+) -->\n)(.*?)(<!-- end: \2 -->)", re.S)


def _cli(*args: str, input: str | None = None) -> str:
    from click.testing import CliRunner

    from baldurs_rules.cli import main

    result = CliRunner().invoke(main, list(args), input=input)
    if result.exit_code != 0:
        raise SystemExit(f"bbg {' '.join(args)} failed: {result.output[-500:]}")
    return result.stdout


def _console() -> tuple[object, io.StringIO]:
    from rich.console import Console

    from baldurs_rules.cli.screen import SCREEN_WIDTH

    buffer = io.StringIO()
    return Console(file=buffer, width=SCREEN_WIDTH, color_system=None, highlight=False), buffer


Answer = Callable[[object, str], "str | None"]
"""A scripted human: given the session and the prompt, the line to type (None: end of input)."""


def _echoing(
    buffer: io.StringIO, answer: Answer, session: list[object]
) -> Callable[[str], str | None]:
    """A scripted human's input: each line written after its prompt, as a terminal shows it."""

    def read(prompt: str) -> str | None:
        line = answer(session[0], prompt)
        buffer.write(prompt + ("" if line is None else line) + "\n")
        return line

    return read


def _scripted(steps: Sequence[Callable[[object, str], str | None]]) -> Answer:
    """Play ``steps`` in turn, one per prompt, then end the input."""
    queue = iter(steps)

    def answer(session: object, prompt: str) -> str | None:
        step = next(queue, None)
        return None if step is None else step(session, prompt)

    return answer


def _typed(line: str) -> Callable[[object, str], str]:
    return lambda session, prompt: line


def _option(kind: str) -> Callable[[object, str], str]:
    """The first option of a kind (``build``, ``visit``) by its label, else option 1; at the
    lot prompt of a build, its first lot."""

    def choose(session: object, prompt: str) -> str:
        from baldurs_rules.cli.screen import menu_entries

        entries = menu_entries(session.game)  # type: ignore[attr-defined]
        found = next((e for e in entries if e.label.startswith(kind)), None)
        if prompt.startswith("lot"):
            build = next(e for e in entries if len(e.actions) > 1)
            return str(build.actions[0].args[1])
        return "1" if found is None else found.label

    return choose


def _human(args: list[str], answer: Answer) -> str:
    """``bbg play ARGS`` with a scripted human (the play loop, typed lines shown)."""
    import baldurs_rules as br
    from baldurs_rules.cli.play import new_session

    out, buffer = _console()
    options = dict(zip(args[::2], args[1::2], strict=True))
    session = new_session(
        out,  # type: ignore[arg-type]
        br.load_content(),
        int(options["--players"]),
        int(options["--humans"]),
        int(options["--seed"]),
        False,
        options.get("--bots", "greedy"),
    )
    session.read = _echoing(buffer, answer, [session])
    session.run()
    typed = " ".join(args)
    return f"$ bbg play {typed}\n" + _later_screens_cut(buffer.getvalue())


def _later_screens_cut(text: str) -> str:
    """The first board screen in full; later ones cut down to their header and prompt."""
    lines, kept, screens, skipping = text.splitlines(), [], 0, False
    for line in lines:
        if line.startswith("─") and " to decide " in line:
            screens += 1
            skipping = screens > 1
            kept.append(line)
            if skipping:
                kept.append("[... the board again: districts, seats, offer, your cards ...]")
            continue
        if skipping and line.startswith(("Your turn", "Your last turn")):
            skipping = False
        if not skipping:
            kept.append(line)
    return "\n".join(kept) + "\n"


def _block(text: str, language: str = "console") -> str:
    lines = [line.rstrip() for line in text.rstrip("\n").splitlines()]
    return f"```{language}\n" + "\n".join(lines) + "\n```\n"


def bot_game() -> str:
    out = _cli("play", "--players", "4", "--seed", "7").splitlines()
    table = next(i for i, line in enumerate(out) if "Final scoring" in line)
    head, tail = out[:24], out[table - 6 :]
    return _block("\n".join(["$ bbg play --players 4 --seed 7", *head, "...", *tail]))


def options() -> str:
    return _block(_cli("play", "--help"), "text")


def commands() -> str:
    from baldurs_rules.cli.play import COMMANDS

    rows = "\n".join(f"| `{name}` | {meaning} |" for name, meaning in COMMANDS.items())
    return "| Command | Does |\n|---------|------|\n" + rows + "\n"


def human() -> str:
    answer = _scripted(
        [
            _typed("hlep"),
            _option("build"),  # the first card to build, then the first lot
            _option("build"),
            _option("visit"),
            _typed("1"),
            _typed("quit"),
        ]
    )
    args = ["--players", "2", "--humans", "1", "--seed", "3", "--bots", "random"]
    return _block(_human(args, answer))


def hot_seat() -> str:
    steps = [_typed(""), _typed("income"), _typed(""), _typed("quit")]
    text = _human(["--players", "2", "--humans", "2", "--seed", "3"], _scripted(steps))
    lines = text.splitlines()
    second = max(i for i, line in enumerate(lines) if "Hot seat" in line)
    shown = [*lines[:3], "...", *lines[second - 3 : second + 5], "..."]
    return _block("\n".join(shown))


def game_file() -> str:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        script = f"income\nsave {path}\nquit\n"
        _cli("play", "--players", "2", "--humans", "1", "--seed", "3", input=script)
        data = json.loads(path.read_text(encoding="utf-8"))
    data["state"] = {"...": "every field of the state"}
    for seat in data["seats"]:
        if seat.get("state"):
            version, internal, gauss = seat["state"]["rng"]
            seat["state"]["rng"] = [version, [*internal[:2], "... 625 numbers"], gauss]
    return _block(json.dumps(data, indent=2), "json")


def narration() -> str:
    import baldurs_rules as br

    game = br.scenario(
        {
            "players": 3,
            "seats": [{"resources": {"gold": 2}, "hand": ["fishmongers_row"]}, {}, {}],
            "lots": {14: {"building": "marsh_road_caravanserai", "owner": 2}},
            "available": [15],
        }
    )
    start = len(game.state.events)
    game.apply("build fishmongers_row 15")
    code = (
        'game = br.scenario({"players": 3,\n'
        '    "seats": [{"resources": {"gold": 2}, "hand": ["fishmongers_row"]}, {}, {}],\n'
        '    "lots": {14: {"building": "marsh_road_caravanserai", "owner": 2}},\n'
        '    "available": [15]})\n'
        "start = len(game.state.events)\n"
        'game.apply("build fishmongers_row 15")\n'
        "for seat in (0, 2):\n"
        "    for line in br.narrate(game, seat, start):\n"
        "        print(seat, line)\n"
    )
    printed = "\n".join(
        f"{seat} {line}" for seat in (0, 2) for line in br.narrate(game, seat, start)
    )
    return _block(code, "python") + "\n" + _block(printed, "text")


PARTS: dict[str, Callable[[], str]] = {
    "bot-game": bot_game,
    "options": options,
    "commands": commands,
    "human": human,
    "hot-seat": hot_seat,
    "game-file": game_file,
    "narration": narration,
}


def render(page: str) -> str:
    """The page with every generated part written again."""
    found = {match.group(2) for match in MARK.finditer(page)}
    missing = set(PARTS) - found
    if missing:
        raise SystemExit(f"{PAGE}: no place for the parts {sorted(missing)}")
    return MARK.sub(lambda m: m.group(1) + PARTS[m.group(2)]() + m.group(4), page)


def main(argv: list[str]) -> int:
    page = PAGE.read_text(encoding="utf-8")
    new = render(page)
    if "--check" in argv:
        if new != page:
            print(f"{PAGE} differs from what this script writes")
            print("run: python -m tools.docgen.play_transcript")
            return 1
        return 0
    PAGE.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
