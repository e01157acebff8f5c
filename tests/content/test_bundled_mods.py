"""Bundled mods: content shipped inside the package and loaded by name (``tuned``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import baldurs_rules as br
from baldurs_rules.cli import main
from baldurs_rules.content import bundled_mods
from baldurs_rules.content.files import content_directory, default_content_dir


def test_tuned_is_the_default_with_the_raised_numbers() -> None:
    default, tuned = br.load_content(), br.load_content("tuned")
    assert tuned.settings["attack"]["held_bonus"] == 3
    assert tuned.settings["scoring"]["network_per_piece"] == 3
    changed = {
        f"{table}.{key}"
        for table in default.settings
        if isinstance(default.settings[table], dict)
        for key in default.settings[table]
        if default.settings[table][key] != tuned.settings[table][key]
    }
    assert changed == {"attack.held_bonus", "scoring.network_per_piece", "scoring.districts"}
    assert tuned.settings["scoring"]["districts"] == [0, 3, 7, 11, 15, 19, 23, 27, 31, 35]
    assert tuned.fingerprint != default.fingerprint
    assert tuned.buildings.keys() == default.buildings.keys()
    assert tuned.summary() == default.summary()


def test_names_and_paths_both_work() -> None:
    assert sorted(bundled_mods()) == ["tuned"]
    assert content_directory(None) == default_content_dir() == content_directory("default")
    assert content_directory("tuned") == bundled_mods()["tuned"]
    assert br.load_content("default") is br.load_content()
    assert br.load_content(bundled_mods()["tuned"]).fingerprint == (
        br.load_content("tuned").fingerprint
    )


def test_a_directory_of_that_name_here_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "tuned"
    mine.mkdir()
    (mine / "mod.yaml").write_text("name: Mine\nextends: default\n")
    (mine / "game.yaml").write_text("attack: {held_bonus: 2}\n")
    monkeypatch.chdir(tmp_path)
    assert br.load_content("tuned").settings["attack"]["held_bonus"] == 2


def test_a_bad_name_lists_the_bundled_names() -> None:
    with pytest.raises(br.ContentError) as caught:
        br.load_content("tunde")
    message = str(caught.value)
    assert "no content directory 'tunde' here" in message
    assert "(bundled: default, tuned); did you mean 'tuned'?" in message
    with pytest.raises(br.ContentError, match=r"\(bundled: default, tuned\)$"):
        br.load_content("zzz")


def test_a_missing_path_is_still_a_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(br.ContentError, match="content directory not found"):
        br.load_content(tmp_path / "nowhere")


def test_every_command_takes_a_bundled_name() -> None:
    runner = CliRunner()
    validated = runner.invoke(main, ["validate", "tuned"])
    assert validated.exit_code == 0 and validated.stdout.startswith("ok: 36 lots")
    played = runner.invoke(
        main,
        [
            "play",
            "--players",
            "2",
            "--seed",
            "3",
            "--bots",
            "random",
            "--quiet",
            "--content",
            "tuned",
        ],
    )
    assert played.exit_code == 0, played.output
    wrong = runner.invoke(main, ["play", "--content", "tunde"])
    assert wrong.exit_code == 2
    assert "(bundled: default, tuned); did you mean 'tuned'?" in wrong.output
    helped = runner.invoke(main, ["simulate", "--help"])
    assert "bundled mod's name (tuned)" in " ".join(helped.output.split())
