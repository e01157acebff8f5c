"""``bbg``: validate content, play, simulate, explain cards, replay and render games.

Every command imports the library lazily, so ``bbg --help`` stays quick. Errors
print one line, ``error: ...``, on stderr and exit with status 2 for a usage
error and 1 otherwise; ``bbg validate`` prints every content problem in
compiler style (``file:line:col: message``, the source line and a caret).

Examples:
    >>> from click.testing import CliRunner
    >>> result = CliRunner().invoke(main, ["validate"])
    >>> result.exit_code, result.output.startswith("ok: ")
    (0, True)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from baldurs_rules.cli.common import fail, one_line

__all__ = ["cli", "main"]


# ---------------------------------------------------------------- errors
_NO_ARGS_IS_HELP: Any = getattr(click.exceptions, "NoArgsIsHelpError", ())


class _Cli(click.Group):
    """A group whose every error ends in one ``error: ...`` line, never a traceback."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        from baldurs_rules.errors import RulesError

        try:
            value = super().main(args, prog_name, complete_var, False, **extra)
        except _NO_ARGS_IS_HELP as exc:  # click >= 8.2: bare ``bbg`` shows the help
            click.echo(exc.ctx.get_help() if exc.ctx else exc.format_message())
            value = 0
        except click.UsageError as exc:
            hint = ""
            if exc.ctx is not None:
                hint = f" (see '{exc.ctx.command_path} --help')"
            fail(exc.format_message().splitlines()[0] + hint, 2)
        except click.ClickException as exc:
            fail(exc.format_message(), exc.exit_code)
        except click.Abort:
            fail("aborted", 1)
        except (RulesError, OSError) as exc:
            fail(one_line(exc), 1)
        except KeyboardInterrupt:
            from baldurs_rules.runs.parallel import SIGNAL_EXIT_STATUS

            fail("interrupted", SIGNAL_EXIT_STATUS["SIGINT"])
        if not standalone_mode:
            return value
        sys.exit(value if isinstance(value, int) else 0)


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``bbg --version``: the version and which build runs (compiled or pure Python)."""
    if not value or ctx.resilient_parsing:
        return
    from baldurs_rules._build import VERSION, describe

    click.echo(f"bbg, version {VERSION}, {describe()}")
    ctx.exit()


# ---------------------------------------------------------------- the group
@click.group(cls=_Cli, name="bbg", context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show the version and the build that runs (compiled (mypyc) or pure Python).",
)
def cli() -> None:
    """Builders of Baldur's Gate, played from rules kept as data."""


main = cli
"""The ``bbg`` entry point (``baldurs_rules.cli:main``)."""


@click.command(name="lsp")
def _lsp() -> None:
    """Run the language server for content and mods over stdio (for an editor to start).

    Needs the extra baldurs_rules[lsp] (pygls). See the modding guide's "Editor setup".
    """
    try:
        from baldurs_rules.lsp.server import serve
    except ImportError as exc:
        raise click.ClickException(
            f"bbg lsp needs pygls: pip install 'baldurs_rules[lsp]' ({exc})"
        ) from None
    serve()


def _register() -> None:
    """Add the commands of the submodules to the group (they import the helpers above)."""
    from baldurs_rules.cli import balance, content, games, play, serve, tournament

    cli.add_command(_lsp)

    for command in (
        content.validate,
        content.content_group,
        play.play,
        serve.serve,
        content.explain,
        games.simulate,
        games.replay,
        games.render,
        balance.balance,
        tournament.tournament,
    ):
        cli.add_command(command)


_register()

if __name__ == "__main__":  # pragma: no cover
    main()
