"""docs/play.md shows exactly the web table's pictures of their manifest, each at its viewport's
size (no browser: ``tests/web/test_web_screenshots.py`` replays the manifest's game)."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shots() -> ModuleType:
    from tools.docgen import screenshots

    return screenshots


def test_the_page_shows_exactly_the_manifests_pictures(shots: ModuleType) -> None:
    assert shots.stale_references() == [], "run: python -m tools.docgen --screenshots"
    manifest = shots.read_manifest()
    files = [p["file"] for p in manifest["pictures"]]
    assert files == [s.file for s in shots.SHOTS]
    assert manifest["command"] == "bbg serve " + " ".join(shots.ARGS)
    for picture, shot in zip(manifest["pictures"], shots.SHOTS, strict=True):
        assert picture["viewport"] == [shot.width, shot.height]
        assert shots.png_size(ROOT / "docs" / "images" / shot.file) == (shot.width, shot.height)
        assert picture["decision"] == shot.decision and picture["title"]
    assert {(s.width, s.height) for s in shots.SHOTS} == {(1400, 900), (390, 844)}
    assert manifest["pictures"][-1]["winners"] and manifest["pictures"][-1]["totals"]


def test_a_missing_reference_or_a_wrong_size_is_caught(
    shots: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    images = tmp_path / "images"
    shutil.copytree(ROOT / "docs" / "images", images)
    page = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    edited = tmp_path / "play.md"
    edited.write_text(page.replace("(images/web-phone.png)", "(images/web-other.png)"), "utf-8")
    shutil.copy(images / "web-phone.png", images / "web-table.png")  # a phone-sized picture
    monkeypatch.setattr(shots, "PAGE", edited)
    monkeypatch.setattr(shots, "IMAGES", images)
    assert shots.stale_references() == [
        "docs/play.md does not show images/web-phone.png",
        "docs/play.md shows images/web-other.png, not in the manifest",
        "docs/images/web-table.png is (390, 844), not [1400, 900]",
    ]
    (images / "web-scores.png").unlink()
    assert "docs/images/web-scores.png is missing" in shots.stale_references()


def test_docgen_reports_the_pictures_it_cannot_write(
    shots: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tools.docgen import generate

    monkeypatch.setattr(shots, "IMAGES", tmp_path)  # no picture at all
    stale = generate.stale_picture_references()
    assert stale and all(s.page == "docs/play.md" and "--screenshots" in str(s) for s in stale)


def test_a_picture_whose_page_changed_is_named_with_what_changed(shots: ModuleType) -> None:
    old = shots.read_manifest()
    assert shots.differences(old, old) == []
    table = dict(old["pictures"][0], options=[*old["pictures"][0]["options"][:-1], "Lot 99"])
    new = dict(old, pictures=[table, *old["pictures"][1:]])
    [found] = shots.differences(old, new)
    assert found.startswith("docs/images/web-table.png: options: ") and "'Lot 99'" in found
    shorter = dict(old, actions=old["actions"][:-1])
    assert shots.differences(old, shorter) == [
        f"web-shots.json: the game ended after {len(old['actions']) - 1} moves of seat 0"
    ]
    assert shots.differences(old, dict(new, command="bbg serve --seed 8")) == [
        f"web-shots.json: another game ({old['command']})"
    ]
