"""``bbg serve``: its options, its links, its refusals (the server itself is not started here)."""

from __future__ import annotations

import re
import socket
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import baldurs_rules.web.server
from baldurs_rules.cli import main
from baldurs_rules.web.protocol import CODES, MAX_REQUEST
from baldurs_rules.web.server import MAX_FRAME
from baldurs_rules.web.tokens import Tokens, tokens_path

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Instead of serving, record what would be served."""
    calls: list[dict[str, Any]] = []

    def serve(table: Any, host: str, port: int, delay: float, allowed: Any) -> None:
        calls.append({"table": table, "host": host, "port": port, "delay": delay, "hosts": allowed})

    monkeypatch.setattr(baldurs_rules.web.server, "serve", serve)
    return calls


def bbg(*args: str) -> Result:
    return CliRunner().invoke(main, ["serve", *args])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_new_table_prints_one_link_per_human_and_one_for_spectators(
    served: list[dict[str, Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    port = free_port()
    result = bbg("--players", "3", "--humans", "2", "--bots", "random", "--port", str(port))
    assert result.exit_code == 0, result.output
    assert "3 players: seat 0 human, seat 1 human, seat 2 random" in result.output
    saved = re.search(r"saved to (table-\d{8}-\d{6}\.json) after every move", result.output)
    assert saved is not None and (tmp_path / saved.group(1)).exists()
    keys = Tokens.load(tokens_path(tmp_path / saved.group(1)), 3, [0, 1])
    base = f"http://127.0.0.1:{port}"
    assert f"seat 0 (red):  {base}/#seat=0&token={keys.seats[0]}" in result.output
    assert f"seat 1 (blue): {base}/#seat=1&token={keys.seats[1]}" in result.output
    assert f"spectators:    {base}/#seat=spectator&token={keys.spectator}" in result.output
    assert "seed" not in result.output  # a random seed, kept secret
    (call,) = served
    assert (call["host"], call["port"], call["delay"]) == ("127.0.0.1", port, 0.3)
    assert call["hosts"] == ["localhost", "127.0.0.1"]  # loopback: only its own names
    assert "plain HTTP" not in result.output


def test_any_other_address_is_explicit_and_warned_about(
    served: list[dict[str, Any]], tmp_path: Path
) -> None:
    save = str(tmp_path / "t.json")
    result = bbg("--host", "0.0.0.0", "--port", str(free_port()), "--save", save)
    assert result.exit_code == 0, result.output
    assert "anyone who can reach it can load the page" in result.output
    assert "plain HTTP (not encrypted)" in result.output
    assert served[0]["hosts"] is None
    url = bbg("--url", "https://table.example/", "--save", str(tmp_path / "u.json"))
    assert "https://table.example/#seat=0&token=" in url.output


def test_resume_continues_with_the_same_links(served: list[dict[str, Any]], tmp_path: Path) -> None:
    save, port = str(tmp_path / "t.json"), str(free_port())
    first = bbg("--humans", "2", "--seed", "3", "--save", save, "--port", port)
    table = served[0]["table"]
    table.act(_income(table))
    again = bbg("--resume", save, "--port", port)
    assert again.exit_code == 0, again.output
    assert "(move 1, turn 1)" in again.output
    links = [line for line in first.output.splitlines() if "#seat=" in line]
    assert links and all(line in again.output for line in links)
    assert served[1]["table"].game == table.game


def _income(table: Any) -> Any:
    from baldurs_rules.web.protocol import Request

    return Request("act", 0, table.tokens.seats[0], "income", 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "7"], "Invalid value for '--players': must be 2 to 4, not 7"),
        (["--humans", "5"], "Invalid value for '--humans': must be 0 to 4, not 5"),
        (["--bots", "gredy"], "unknown bot 'gredy'; did you mean 'greedy'?"),
        (["--port", "0"], "Invalid value for '--port'"),
        (["--bot-delay", "-1"], "Invalid value for '--bot-delay'"),
        (["--resume", "nope.json"], "File 'nope.json' does not exist"),
    ],
)
def test_bad_options_are_refused_in_one_line(
    served: list[dict[str, Any]], args: list[str], message: str
) -> None:
    result = bbg(*args)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert served == []


def test_a_resumed_game_keeps_its_seats_and_an_existing_file_is_never_overwritten(
    served: list[dict[str, Any]], tmp_path: Path
) -> None:
    save = tmp_path / "t.json"
    assert bbg("--save", str(save), "--port", str(free_port())).exit_code == 0
    before = save.read_bytes()
    again = bbg("--save", str(save))
    assert again.exit_code == 2
    assert f"{save} exists; continue it with --resume {save}" in again.output
    clash = bbg("--resume", str(save), "--players", "3")
    assert clash.exit_code == 2
    assert "--players cannot change a resumed game (it comes from the file)" in clash.output
    nowhere = bbg("--save", str(tmp_path / "no" / "t.json"))
    assert nowhere.exit_code == 2 and "no folder" in nowhere.output
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    bad = bbg("--resume", str(broken))
    assert bad.exit_code == 1 and "broken.json: not valid JSON" in bad.output
    assert save.read_bytes() == before and len(served) == 1


def test_a_busy_port_is_refused_before_any_link_is_printed(
    served: list[dict[str, Any]], tmp_path: Path
) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = bbg("--port", str(port), "--save", str(tmp_path / "t.json"))
    assert result.exit_code == 1
    assert f"cannot listen on 127.0.0.1:{port}: address already in use" in result.output
    assert "#seat=" not in result.output and served == []


def test_without_the_web_extra_the_command_says_what_to_install(
    served: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "baldurs_rules.web.server", None)
    result = bbg()
    assert result.exit_code == 1
    assert "bbg serve needs the web extra" in result.output
    assert "pip install 'baldurs_rules[web]'" in result.output


def test_the_docs_show_the_real_help() -> None:
    """docs/play.md and docs/cli.md quote ``bbg serve --help`` and ``bbg --help`` as they are."""
    page = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    shown = re.search(r"<!-- web-generated: serve-help -->\n```text\n(.*?)```", page, re.S)
    assert shown is not None, "docs/play.md lost its bbg serve --help block"
    assert shown.group(1) == CliRunner().invoke(main, ["serve", "--help"]).output
    codes = re.search(r"<!-- web-generated: codes -->\n(.*?)<!-- end: codes -->", page, re.S)
    assert codes is not None
    rows = "| Code | Means |\n|------|-------|\n"
    rows += "".join(f"| `{code}` | {means} |\n" for code, means in CODES.items())
    assert codes.group(1) == rows
    for name, value in (("protocol.MAX_REQUEST", MAX_REQUEST), ("server.MAX_FRAME", MAX_FRAME)):
        part = f"code:baldurs_rules.web.{name}"  # written by python -m tools.docgen, checked there
        assert f"<!-- generated: {part} -->{value:,}<!-- end: {part} -->" in page
    listing = CliRunner().invoke(main, ["--help"]).output
    line = next(line for line in listing.splitlines() if line.strip().startswith("serve"))
    assert line in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


def test_the_advanced_setup_and_a_given_seed(served: list[dict[str, Any]], tmp_path: Path) -> None:
    args = ["--players", "2", "--humans", "2", "--advanced", "--seed", "5"]
    result = bbg(*args, "--save", str(tmp_path / "a.json"), "--port", str(free_port()))
    assert result.exit_code == 0, result.output
    game = served[0]["table"].game
    assert game.state.advanced and game.state.seed == 5 and game.decision.kind == "draft"
