"""Every ``--bots`` help lists the registered bots, and the player-facing commands default to
the strong one (``heuristic``)."""

from __future__ import annotations

import click
from click.testing import CliRunner

from baldurs_rules.bots import BOTS, bot_names, bot_summaries
from baldurs_rules.cli import main
from baldurs_rules.cli.common import BotsOption


def bots_options() -> dict[str, click.Option]:
    found = {}
    for name, command in main.commands.items():
        for param in command.params:
            if isinstance(param, click.Option) and "--bots" in param.opts:
                found[name] = param
    return found


def test_the_registry_lists_every_bot_weakest_first() -> None:
    assert bot_names() == ["random", "greedy", "heuristic", "ismcts"]
    assert set(bot_names()) == set(BOTS)
    assert list(bot_summaries()) == bot_names()
    assert all(summary.endswith(".") for summary in bot_summaries().values())


def test_every_bots_option_lists_the_registry() -> None:
    options = bots_options()
    assert {"play", "serve", "simulate", "balance", "tournament"} <= set(options)
    listed = ", ".join(bot_names())
    for name, option in options.items():
        assert isinstance(option, BotsOption), name
        assert listed in (option.help or ""), (name, option.help)


def test_the_help_text_shows_the_list_and_the_heuristic_default() -> None:
    out = " ".join(CliRunner().invoke(main, ["play", "--help"]).output.split())
    assert "cycled (random, greedy, heuristic, ismcts). [default: heuristic]" in out
    served = " ".join(CliRunner().invoke(main, ["serve", "--help"]).output.split())
    assert "[default: heuristic]" in served


def test_a_new_bot_shows_in_the_help_once_registered() -> None:
    option = bots_options()["play"]

    class Tester(BOTS["random"]):  # type: ignore[misc,valid-type]
        name = "tester"
        TIER = 9

    BOTS["tester"] = Tester
    try:
        assert "ismcts, tester)" in (option.help or "")
    finally:
        del BOTS["tester"]
    assert "tester" not in (option.help or "")
