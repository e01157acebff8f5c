"""Computer players: random, greedy, heuristic and search (ISMCTS) bots, and the game file.

A bot follows the [`Bot`][baldurs_rules.bots.Bot] protocol: a ``name``, a
``choose(game) -> Action`` method, and ``state()``/``restore()`` for its random
state. [`make_bot`][baldurs_rules.bots.make_bot] builds one from a *spec*
(``greedy``, ``ismcts:iterations=400``; see [`baldurs_rules.bots.base`][]).
Every bot sees only what its seat may see (see the [Bots](bots.md) page).

Examples:
    >>> from baldurs_rules.bots import make_bot, play_game
    >>> game = play_game(2, seed=3, bots=[make_bot("random", 1), make_bot("greedy", 2)])
    >>> game.is_over
    True
"""

from __future__ import annotations

from baldurs_rules.bots.base import (
    BOTS,
    Bot,
    BotSpec,
    Option,
    SeededBot,
    bot_names,
    bot_summaries,
    make_bot,
    parse_spec,
    play_game,
    register,
    split_specs,
)
from baldurs_rules.bots.evaluation import HEURISTIC_WEIGHTS, Evaluator
from baldurs_rules.bots.heuristic import HeuristicBot
from baldurs_rules.bots.ismcts import IsmctsBot
from baldurs_rules.bots.simple import WEIGHTS, GreedyBot, RandomBot, evaluate

__all__ = [
    "BOTS",
    "HEURISTIC_WEIGHTS",
    "WEIGHTS",
    "Bot",
    "BotSpec",
    "Evaluator",
    "GreedyBot",
    "HeuristicBot",
    "IsmctsBot",
    "Option",
    "RandomBot",
    "SeededBot",
    "bot_names",
    "bot_summaries",
    "evaluate",
    "make_bot",
    "parse_spec",
    "play_game",
    "register",
    "split_specs",
]
