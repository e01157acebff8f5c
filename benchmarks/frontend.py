"""Benchmarks of what a frontend calls: run ``python benchmarks/frontend.py`` and read the figures.

Prints medians (one core, this process) over a finished 4-player greedy game (seed 7):

* ``br.narrate`` of the whole log, for a spectator and for one seat;
* ``br.narrate`` of one action's events, as a frontend calls it after each action;
* ``game.decision`` (the typed decision with its prompt) at every decision of the game;
* ``str(game)`` (the text board) and the ``bbg play`` screen drawn into a 160-column console.

Absolute times on shared machines are noisy; what matters is that each is far below what a
person notices (a tenth of a second) and small next to one ``apply`` of a bot's move.
"""

from __future__ import annotations

import io
import itertools
import statistics
import time
from collections.abc import Callable

from rich.console import Console

import baldurs_rules as br
from baldurs_rules.bots import make_bot
from baldurs_rules.cli.screen import SCREEN_WIDTH, board_screen, menu_entries, options_view


def median_time(fn: Callable[[], object], repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    game = br.new_game(4, seed=7)
    bots = [make_bot("greedy", s) for s in range(4)]
    marks, positions = [], []
    while not game.is_over:
        marks.append(len(game.state.events))
        if len(marks) % 25 == 0:
            positions.append(game.clone())
        game.apply(bots[game.current_player].choose(game))
    events, actions = len(game.state.events), len(marks)
    print(f"game: {actions} actions, {events} events")
    whole = median_time(lambda: br.narrate(game, None))
    print(
        f"narrate, whole log, spectator: {whole * 1e3:.1f} ms ({whole / events * 1e6:.1f} us/event)"
    )
    seat = median_time(lambda: br.narrate(game, 0))
    print(f"narrate, whole log, seat 0:    {seat * 1e3:.1f} ms")
    pairs = list(itertools.pairwise(marks))
    step = median_time(lambda: [br.narrate(game, 0, m, n) for m, n in pairs], 3)
    print(f"narrate, one action's events:  {step / actions * 1e6:.0f} us per action")
    prompts = median_time(lambda: [p.decision for p in positions], 3)
    print(f"game.decision with its prompt: {prompts / len(positions) * 1e6:.0f} us")
    text = median_time(lambda: [str(p) for p in positions], 3)
    print(f"str(game), the text board:     {text / len(positions) * 1e3:.2f} ms")

    def screens() -> None:
        out = Console(file=io.StringIO(), width=SCREEN_WIDTH, color_system="truecolor")
        for p in positions:
            out.print(board_screen(p, p.current_player, ["a", "b", "c", "d"]))
            out.print(options_view(p, menu_entries(p)))

    screen = median_time(screens, 3)
    print(f"bbg play screen (160 columns): {screen / len(positions) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
