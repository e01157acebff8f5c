"""The SVG board: well-formed, one group per district, every lot, coloured pieces."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import baldurs_rules as br
from baldurs_rules.bots import RandomBot, play_game
from baldurs_rules.present.board_svg import PLAYER_COLORS, render_svg

NS = {"svg": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def content() -> br.Content:
    return br.load_content()


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("id", ""): g for g in root.iter("{http://www.w3.org/2000/svg}g")}


def advanced_game(content: br.Content, players: int, seed: int, moves: int) -> br.Game:
    game = br.new_game(players, seed, content=content)
    bot = RandomBot(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(bot.choose(game))
    return game


def test_fresh_board_is_valid_svg_with_every_district_and_lot(content: br.Content) -> None:
    root = parse(render_svg(br.new_game(4, 1, content=content)))
    found = groups(root)
    districts = [k for k in found if k.startswith("district-")]
    assert sorted(districts) == sorted(f"district-{d.id}" for d in content.board.districts)
    for district in content.board.districts:
        group = found[f"district-{district.id}"]
        title = group.find("svg:title", NS)
        assert title is not None and title.text and title.text.startswith(district.name)
        assert group.find("svg:polygon", NS) is not None
        assert any(t.text == district.name for t in group.iter("{http://www.w3.org/2000/svg}text"))
    lots = [n.lot for n in content.board.nodes if n.kind == "lot"]
    assert all(f"lot-{n}" in found for n in lots)
    assert len([k for k in found if k.startswith("lot-")]) == len(lots) == 36
    sites = [n for n in content.board.nodes if n.kind != "lot"]
    assert all(f"node-{n.id}" in found for n in sites)
    assert all(f"location-{loc.id}" in found for loc in content.locations)
    assert "legend" in found
    lines = [e for e in root.iter("{http://www.w3.org/2000/svg}line") if e.get("class") == "line"]
    assert len(lines) == len(content.board.lines)


def test_lot_statuses_at_setup(content: br.Content) -> None:
    game = br.new_game(2, 3, content=content)
    found = groups(parse(render_svg(game, seat=0)))
    status = {k: g.get("data-status") for k, g in found.items() if k.startswith("lot-")}
    view = game.view(0)
    assert sum(s == "available" for s in status.values()) == sum(
        lot["status"] == "available" for lot in view["lots"].values()
    )
    assert sum(s == "banned" for s in status.values()) == 8  # two players: 8 banned lots
    assert "final" not in status.values()  # the face-down token stays hidden
    for number, lot in view["lots"].items():
        assert status[f"lot-{number}"] == lot["status"]


def test_pieces_take_their_owners_colour(content: br.Content) -> None:
    game = advanced_game(content, 3, 5, 120)
    svg = render_svg(game, seat=1)
    found = groups(parse(svg))
    built = [
        g for k, g in found.items() if k.startswith("lot-") and g.get("data-status") == "built"
    ]
    assert built, "some buildings after 120 random moves"
    for group in built:
        owner = int(group.get("data-owner", "-1"))
        circle = group.find("svg:circle", NS)
        assert circle is not None and circle.get("stroke") == PLAYER_COLORS[owner]
        cube = group.find("svg:rect", NS)
        assert cube is not None and cube.get("fill") == PLAYER_COLORS[owner]
        assert (
            game.state.owner[game.content.board.node(f"lot_{group.get('id')[4:]}").index] == owner
        )
    hqs = [g for k, g in found.items() if k.endswith("_hq") and g.get("data-owner") is not None]
    assert len(hqs) == 3
    for group in hqs:
        shape = group.find("svg:rect", NS)
        assert (
            shape is not None and shape.get("fill") == PLAYER_COLORS[int(group.get("data-owner"))]
        )
    assert "Seat 1 blue (you)" in svg


def test_workers_damage_and_forts_are_drawn(content: br.Content) -> None:
    game = play_game(4, 2, [RandomBot(s) for s in range(4)], content=content)
    svg = render_svg(game)
    found = groups(parse(svg))
    state = game.state
    for seat, where in enumerate(state.worker):
        if where >= 0:
            group = found[f"location-{content.locations[where].id}"]
            owners = [
                c.get("data-owner")
                for c in group.iter("{http://www.w3.org/2000/svg}circle")
                if c.get("class") == "worker"
            ]
            assert str(seat) in owners
    district_ids = [d.id for d in content.board.districts]
    for loc in content.locations:
        damage = state.damage[district_ids.index(loc.district)]
        assert found[f"location-{loc.id}"].get("data-damage") == str(damage)
    assert any(state.damage), "the game had fallen districts"
    damaged = [g for k, g in found.items() if g.get("data-status") == "damaged"]
    assert len([g for g in damaged if g.get("id", "").startswith("lot-")]) == sum(
        1 for e in game.events if e["kind"] == "damaged"
    )
    for group in damaged:
        if group.get("id", "").startswith("lot-"):
            assert any(p.get("class") == "damaged-mark" for p in group.iter())
    forts = [
        g
        for k, g in found.items()
        if k.startswith("node-") and "fortification" in g.get("class", "")
    ]
    occupied = [g for g in forts if g.get("data-status") == "occupied"]
    expected = sum(
        1 for n in content.board.nodes if n.kind == "fortification" and state.piece[n.index] >= 0
    )
    assert len(occupied) == expected
    assert any(w >= 0 for w in state.worker)
    assert damaged


def test_render_is_deterministic_and_escapes_text(content: br.Content) -> None:
    game = advanced_game(content, 2, 9, 40)
    assert render_svg(game) == render_svg(game.clone())
    assert "<title>" in render_svg(game)
