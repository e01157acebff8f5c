"""The web table over the wire (uvicorn, real WebSockets): every refusal, and the server goes on."""

from __future__ import annotations

import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_support import Page, error, four_seat_table, running, state, websockets_client
from websockets.exceptions import ConnectionClosed, InvalidStatus

from baldurs_rules.web.protocol import MAX_REQUEST
from baldurs_rules.web.server import MAX_FRAME
from baldurs_rules.web.table import Table


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Table, str]]:
    table = four_seat_table(tmp_path / "game.json")
    with running(table, allowed_hosts=["127.0.0.1", "localhost"]) as address:
        yield table, address


def get(url: str, host: str | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def key(table: Table, seat: int) -> str:
    found = table.tokens.seats[seat]
    assert found is not None
    return found


def unchanged(table: Table, before: tuple[int, bytes]) -> bool:
    return (table.version, table.path.read_bytes()) == before


def test_the_page_its_files_and_its_headers(served: tuple[Table, str]) -> None:
    _, address = served
    status, headers, body = get(f"http://{address}/")
    assert status == 200 and b"<title>Builders of Baldur's Gate" in body
    assert "script-src 'self'" in headers["content-security-policy"]
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-content-type-options"] == "nosniff"
    status, headers, body = get(f"http://{address}/static/app.js")
    assert status == 200 and b'send({ type: "join", seat, token })' in body
    assert get(f"http://{address}/static/style.css")[0] == 200
    assert get(f"http://{address}/static/../table.py")[0] == 404
    assert get(f"http://{address}/nothing")[0] == 404


def test_another_host_name_is_refused_on_loopback(served: tuple[Table, str]) -> None:
    """A site that rebinds its own name to 127.0.0.1 cannot load the page or open the socket."""
    _, address = served
    assert get(f"http://{address}/", host="evil.example")[0] == 400
    assert get(f"http://{address}/", host=f"localhost:{address.split(':')[1]}")[0] == 200
    host, port = address.split(":")
    with (
        socket.create_connection((host, int(port))) as raw,
        pytest.raises(InvalidStatus, match="HTTP 400"),
        websockets_client.connect("ws://evil.example/ws", sock=raw, open_timeout=5),
    ):
        pass


def test_a_view_needs_the_seats_own_key(served: tuple[Table, str]) -> None:
    table, address = served
    page = Page(address)
    for seat, token, code in [
        (0, "", "unauthorized"),
        (0, "x" * 43, "unauthorized"),
        (0, key(table, 1), "wrong_seat"),
        (1, table.tokens.spectator, "wrong_seat"),
        ("spectator", key(table, 0), "wrong_seat"),
        (2, key(table, 0), "wrong_seat"),  # a bot's seat has no key at all
    ]:
        page.send({"type": "join", "seat": seat, "token": token})
        answer = page.receive()
        assert error(answer) and answer["code"] == code, answer
    page.send({"type": "sync"})
    answer = page.receive()
    assert answer["code"] == "not_joined"
    assert page.drain() == []  # no table was sent to this page
    first = page.join(0, key(table, 0))  # and the server still answers
    assert first["viewer"] == 0 and first["view"]["hand"] == table.game.state.hand[0]
    watcher = Page(address)
    public = watcher.join("spectator", table.tokens.spectator)
    assert public["view"]["hand"] == [] and public["decision"]["mine"] is False
    page.close()
    watcher.close()


def test_moves_refused_over_the_socket_change_nothing(served: tuple[Table, str]) -> None:
    table, address = served
    zero, one = Page(address), Page(address)
    shown = zero.join(0, key(table, 0))
    one.join(1, key(table, 1))
    version = shown["version"]
    assert table.game.current_player == 0
    before = (table.version, table.path.read_bytes())
    move = {"type": "act", "seat": 0, "token": key(table, 0), "action": "income"}
    cases = [
        ({**move, "token": "", "version": version}, zero, "unauthorized"),
        ({**move, "token": "nope" * 10, "version": version}, zero, "unauthorized"),
        ({**move, "token": key(table, 1), "version": version}, one, "wrong_seat"),
        ({**move, "token": table.tokens.spectator, "version": version}, one, "wrong_seat"),
        ({**move, "seat": 1, "token": key(table, 1), "version": version}, one, "not_your_turn"),
        ({**move, "version": version + 5}, zero, "stale"),
        ({**move, "action": "build a_palace 99", "version": version}, zero, "illegal"),
        ({k: v for k, v in move.items() if k != "token"} | {"version": version}, zero, "malformed"),
    ]
    for message, page, code in cases:
        page.send(message)
        answer = page.until(error)
        assert answer["code"] == code, (message, answer)
        assert answer["version"] == version
        assert unchanged(table, before), code
        if code == "stale":  # the page is brought up to date
            assert page.until(state)["version"] == version
    zero.send({**move, "version": version})  # and the server still plays a good move
    after = zero.until(lambda m: state(m) and m["version"] > version)
    assert after["log"]["lines"][0][0] == "You take income."
    assert table.game.actions[version] == "income"


def test_malformed_and_oversized_messages_get_an_error_and_the_server_goes_on(
    served: tuple[Table, str],
) -> None:
    table, address = served
    page = Page(address)
    page.join(0, key(table, 0))
    before = (table.version, table.path.read_bytes())
    for frame, code in [
        ("not json", "malformed"),
        (b"\x00\x01binary", "malformed"),
        ("[1, 2, 3]", "malformed"),
        ('{"type": "act"}', "malformed"),
        ('{"type": "dance"}', "malformed"),
        ("{" + " " * MAX_REQUEST + "}", "too_large"),
    ]:
        page.send(frame)
        answer = page.until(error)
        assert answer["code"] == code, (frame[:20], answer)
    assert unchanged(table, before)
    page.send({"type": "sync"})
    assert page.until(state)["log"]["start"] == 0  # this socket still works
    page.send("x" * (MAX_FRAME + 1))  # past what the server reads at all: this socket closes
    with pytest.raises(ConnectionClosed) as closed:
        page.until(state, timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    other = Page(address)  # and the server still serves
    assert other.join(0, key(table, 0))["version"] == table.version
    assert unchanged(table, before)


def test_two_tabs_acting_at_once_one_wins_the_other_is_told(served: tuple[Table, str]) -> None:
    table, address = served
    first, second = Page(address), Page(address)
    version = first.join(0, key(table, 0))["version"]
    assert second.join(0, key(table, 0))["version"] == version
    move = {"type": "act", "seat": 0, "token": key(table, 0), "action": "income"}
    first.send({**move, "version": version})
    second.send({**move, "version": version})
    for page in (first, second):
        page.received.clear()
        page.until(lambda m: state(m) and m["version"] > version)
        page.drain(0.5)
    refused = [m for page in (first, second) for m in page.received if error(m)]
    assert len(refused) == 1 and refused[0]["code"] == "stale", refused
    assert "your move was not played" in refused[0]["message"]
    record = table.game.record()
    by_zero = [a for a, d in zip(record["actions"], record["deciders"], strict=True) if d == 0]
    assert by_zero == ["income"]  # played once, by the tab that came first
    loser = first if any(error(m) for m in first.received) else second
    after = loser.received[loser.received.index(refused[0]) + 1 :]
    assert any(state(m) and m["version"] > version for m in after)  # brought up to date


def test_bots_play_server_side_and_a_returning_page_gets_the_whole_story(
    served: tuple[Table, str],
) -> None:
    table, address = served
    page = Page(address)
    shown = page.join(0, key(table, 0))
    told = len(shown["log"]["lines"])
    one = Page(address)
    one.join(1, key(table, 1))
    page.send({"type": "act", "seat": 0, "token": key(table, 0), "action": "income", "version": 0})
    one.until(lambda m: state(m) and m["decision"]["mine"])
    one.send({"type": "act", "seat": 1, "token": key(table, 1), "action": "income", "version": 1})
    versions = []
    while True:
        message = page.until(state)
        assert message["log"]["start"] == told  # each push carries only the new lines
        told += len(message["log"]["lines"])
        versions.append(message["version"])
        if message["decision"]["mine"]:  # back to seat 0: the bots have played
            break
    assert versions == list(range(1, versions[-1] + 1)) and versions[-1] == table.version > 2
    assert set(table.game.record()["deciders"]) == {0, 1, 2, 3}
    again = Page(address)
    back = again.join(0, key(table, 0))
    assert back["log"]["start"] == 0 and back["log"]["lines"] == table.lines(0)
    assert len(back["log"]["lines"]) == told
    for opened in (page, one, again):
        opened.close()
