"""``bbg play``: narrated bot games, a human through stdin, hot seat, save and load, bad input."""

from __future__ import annotations

import io
import itertools
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from rich.console import Console
from rich.text import Text
from rules_support import mod_content

import baldurs_rules as br
from baldurs_rules.bots.game_file import read_game_file
from baldurs_rules.cli import main
from baldurs_rules.cli.compact import compact_screen
from baldurs_rules.cli.screen import (
    FULL_HEIGHT,
    FULL_WIDTH,
    SCREEN_HEIGHT,
    SCREEN_WIDTH,
    SUMMARY_LINES,
    board_screen,
    menu_entries,
    option_text,
    options_view,
)
from baldurs_rules.cli.session import Session, seat_bots


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, ["play", *args], input=input)


def console() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=SCREEN_WIDTH, color_system=None, highlight=False), buffer


class FirstOption:
    """A scripted human: the first legal action, typed as its notation (sometimes in
    capitals, sometimes as the option's number when that needs no second step), and
    Enter at every hot-seat pause. It records what it typed.

    ``extra`` maps the n-th prompt (0 first) to a line typed before the answer.
    """

    def __init__(
        self,
        session: Callable[[], Session],
        extra: dict[int, str] | None = None,
        stop: int | None = None,
    ):
        self.session = session
        self.extra = dict(extra or {})
        self.stop = stop  # type quit at this prompt
        self.typed: list[str] = []
        self.prompts = 0

    def __call__(self, prompt: str) -> str | None:
        line = self.answer(prompt)
        self.typed.append(line)
        return line

    def answer(self, prompt: str) -> str:
        if prompt.startswith("seat") and "press Enter" in prompt:
            return ""
        number = self.prompts
        if number == self.stop:
            return "quit"
        if number in self.extra:
            return self.extra.pop(number)
        self.prompts += 1
        game = self.session().game
        first = game.legal_actions()[0]
        entries = menu_entries(game)
        if number % 3 == 0 and len(entries[0].actions) == 1 and entries[0].actions[0] == first:
            return "1"
        return str(first).upper() if number % 3 == 1 else str(first)


def scripted(
    players: int, humans: int, seed: int, bots: str = "random", extra: dict[int, str] | None = None
) -> tuple[Session, FirstOption, io.StringIO]:
    """A session played to the end by a scripted human (in-process, output kept)."""
    out, buffer = console()
    game = br.new_game(players, seed)
    holder: list[Session] = []
    human = FirstOption(lambda: holder[0], extra)
    session = Session(out, game, seat_bots([bots], players, humans, seed), read=human)
    holder.append(session)
    assert session.run()
    return session, human, buffer


# ---------------------------------------------------------------- bot games
def test_a_bot_game_is_told_from_the_citys_point_of_view() -> None:
    result = run("--players", "4", "--seed", "7")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Builders of Baldur's Gate — 4 players, seed 7: seat 0 heuristic")
    game = br.new_game(4, seed=7)
    bots = seat_bots(["heuristic"], 4, 0, 7)
    told = br.narrate(game, None)  # the setup
    while not game.is_over:
        start = len(game.state.events)
        game.apply(bots[game.current_player].choose(game))
        told += br.narrate(game, None, start)  # told as each action happens
    position = 0
    for line in told:
        position = out.index(line, position)  # every line, in order
    assert "Final scoring" in out[position:] and "Winner: seat" in out[position:]


def test_an_advanced_bot_game_never_prints_a_put_back_card() -> None:
    result = run("--players", "3", "--seed", "2", "--advanced", "--bots", "random")
    assert result.exit_code == 0, result.output
    put_back = re.findall(r".*back under the .* deck.*", result.stdout)
    assert len(put_back) == 3 * 4
    assert all(
        re.search(r"Seat \d puts an? (building|agenda) card back", line) for line in put_back
    )
    assert "discard " not in result.stdout


def test_quiet_prints_only_the_table() -> None:
    result = run("--players", "3", "--seed", "1", "--bots", "random", "--quiet")
    assert result.exit_code == 0, result.output
    assert "builds" not in result.stdout and "Final scoring" in result.stdout


# ---------------------------------------------------------------- seeds
def test_without_a_seed_the_seed_is_random_and_shown_only_in_saves(tmp_path: Path) -> None:
    seeds = []
    for name in ("a.json", "b.json"):
        save = tmp_path / name
        result = run("--players", "2", "--humans", "1", input=f"save {save}\nquit\n")
        assert result.exit_code == 0, result.output
        banner = result.stdout.splitlines()[0]
        assert "a random seed (kept in saves only)" in banner
        seed = json.loads(save.read_text())["seed"]
        assert str(seed) not in result.stdout
        seeds.append(seed)
    assert seeds[0] != seeds[1]


# ---------------------------------------------------------------- a human through stdin
def test_a_scripted_human_plays_a_whole_game_through_stdin() -> None:
    session, human, _ = scripted(3, 1, seed=5)
    final = session.game
    result = run(
        "--players", "3", "--humans", "1", "--seed", "5", "--bots", "random",
        input="\n".join(human.typed) + "\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output[-3000:]
    out = result.stdout
    assert "Final scoring" in out and re.search(r"(Winner|Shared victory)", out)
    assert any(line.isupper() for line in human.typed) and "1" in human.typed
    forced = [line.text for line in br.narration(final, 0) if line.tone == "forced"]
    assert len(forced) > 5
    position = 0
    for text in forced:
        position = out.index(text, position)  # every forced move, in order
    assert "You have one option" in out or "You have no other income ability" in out
    assert out.count("Your turn") >= final.record()["deciders"].count(0) // 10


def test_building_takes_two_steps_card_then_lot() -> None:
    game = br.scenario(
        {
            "players": 2,
            "available": [3, 5],
            "seats": [{"hand": ["ropewalk"], "resources": {"gold": 5}}, {}],
        }
    )
    out, buffer = console()
    lines = iter(["build ropewalk", "back", "build ropewalk 2", "1", "7", "lot 5", "quit"])
    session = Session(out, game, [None, br_bot()], read=lambda prompt: next(lines, None))
    session.run()
    text = buffer.getvalue()
    assert "1 Build The Ropewalk (trading hall, 2 gold): When built: Gain 2 supply" in text
    assert "The Ropewalk: on which lot? (type its number, or back)" in text
    assert "   3 Lot 3 in Manorborn, next to lot 2 (empty), lot 4 (empty)" in text
    assert "   5 Lot 5 in Citadel Streets, next to lot 6 (empty)" in text
    assert "lot 7 is not one of 3, 5: did you mean lot 5?" in text
    assert "'build ropewalk 2' is not an option or a command here; lot 2 is not one of 3," in text
    assert "did you mean lot 3?" in text
    assert "You build The Ropewalk (trading hall) on lot 5 in Citadel Streets for 2 gold." in text


def br_bot() -> object:
    from baldurs_rules.bots import make_bot

    return make_bot("random", 1)


def test_bad_input_is_explained_and_changes_nothing(tmp_path: Path) -> None:
    script = [
        "hlep",
        "99",
        "0",
        "build",
        "xyzzy plugh",
        "explain no_such_card",
        "explain",
        "save",
        "load",
        f"load {tmp_path / 'missing.json'}",
        "undo",
        "INCOME",
        "quit",
    ]
    result = run("--players", "2", "--humans", "1", "--seed", "3", input="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "'hlep' is not an option or a command here; did you mean 'help'?" in out
    assert "there is no option 99: choose 1 to" in out and "there is no option 0" in out
    assert "options starting so: 'build " in out
    assert "'xyzzy plugh' is not an option or a command here" in out
    assert "unknown card or location 'no_such_card'" in out
    assert "explain what?" in out and "save where?" in out and "load what?" in out
    assert "no such file or directory" in out
    assert "seat 0 has no earlier decision" in out
    assert "You take income." in out  # typed in capitals, after all the bad lines
    assert "Traceback" not in out and "bye" in out


def test_help_map_explain_and_log() -> None:
    script = ["help", "map", "explain Elfsong tavern", "income", "log", "quit"]
    result = run("--players", "2", "--humans", "1", "--seed", "3", input="\n".join(script) + "\n")
    out = result.stdout
    assert "Commands:" in out and "Action kinds:" in out
    assert out.count("Agendas (4+ influence)") == 3  # the screen at turn 1, for map, at turn 3
    assert "The Elfsong Tavern — inn, cost 4 gold" in out
    assert out.count("You take income.") == 2  # as it happened and in the log (your own
    # moves are not in the summary of the others' moves)


def test_the_end_of_input_leaves_the_game() -> None:
    result = run("--players", "2", "--humans", "2", input="\n")
    assert result.exit_code == 0 and "end of input: leaving the game" in result.stdout
    result = run("--players", "2", "--humans", "1", input="quit\n")
    assert result.exit_code == 0 and "bye" in result.stdout


# ---------------------------------------------------------------- hot seat
def test_hot_seat_pauses_and_never_shows_another_humans_hand() -> None:
    out, buffer = console()
    game = br.new_game(3, seed=11, advanced=True)
    names = game.content.names()
    holder: list[Session] = []
    human = FirstOption(lambda: holder[0], stop=150)
    segments: list[tuple[int, int, dict[int, list[str]]]] = []  # (seat, start, secrets)

    def read(prompt: str) -> str | None:
        if "press Enter" in prompt:
            seat = int(prompt.split()[1].rstrip(","))
            state = holder[0].game.state
            other = 1 - seat
            secret = [
                names[c]
                for c in state.hand[other] + state.agendas[other]
                if not state.known_by.get(c, 0) >> seat & 1
            ]
            segments.append((seat, len(buffer.getvalue()), {other: secret}))
        return human(prompt)

    session = Session(out, game, seat_bots(["random"], 3, 2, 11), read=read)
    holder.append(session)
    session.run()  # to the end, or quit after 150 decisions
    text = buffer.getvalue()
    assert len(segments) > 20 and {seat for seat, _, _ in segments} == {0, 1}
    assert text.count("Hot seat: pass the keyboard to seat") == len(segments)
    scoring = re.compile(r"The face-down token is lot|scores the agenda")  # all is public then
    last = scoring.search(text, segments[-1][1])
    ends = [start for _, start, _ in segments[1:]] + [last.start() if last else len(text)]
    checked = 0
    for (seat, start, secrets), end in zip(segments, ends, strict=True):
        part = text[start:end]
        for cards in secrets.values():
            for name in cards:
                assert name not in part, f"seat {seat} saw {name}"
                checked += 1
    assert checked > 50


def test_undo_in_hot_seat_waits_for_the_other_human() -> None:
    game = br.new_game(2, seed=3)
    out, buffer = console()
    lines = iter(["", "income", "", "income", "", "undo", "quit"])
    session = Session(out, game, [None, None], read=lambda prompt: next(lines, None))
    session.run()
    assert "another player has decided since your last decision" in buffer.getvalue()


# ---------------------------------------------------------------- save and load
def test_a_loaded_game_continues_exactly_as_the_original(tmp_path: Path) -> None:
    save = tmp_path / "middle.json"
    whole, _, _ = scripted(3, 1, seed=8, extra={40: f"save {save}"})
    assert read_game_file(save).seats is not None
    loaded = read_game_file(save)
    assert loaded.game.actions == whole.game.actions[: len(loaded.game.actions)]
    assert 0 < len(loaded.game.actions) < len(whole.game.actions)

    def finish(fresh_bots: bool) -> br.Game:
        out, _ = console()
        holder: list[Session] = []
        session = Session.loaded(out, br.load_content(), str(save), "random", 1, None)
        if fresh_bots:  # the control: the same seats, without their saved random state
            session.bots = seat_bots(["random"], 3, 1, 8)
        session.read = FirstOption(lambda: holder[0])
        holder.append(session)
        assert session.run()
        return session.game

    resumed = finish(fresh_bots=False)
    assert resumed.actions == whole.game.actions
    assert resumed.result() == whole.game.result()
    assert finish(fresh_bots=True).actions != whole.game.actions  # the test can fail


def test_play_load_replay_and_render_read_the_same_file(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run(
        "--players", "2", "--humans", "1", "--seed", "4", input=f"income\nsave {save}\nquit\n"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(save.read_text())
    assert data["format"] == "baldurs_rules/game@2" and "state" in data
    assert data["seats"][0] == {"human": True} and data["seats"][1]["bot"] == "heuristic"
    assert data["seats"][1]["state"]["bot"] == "heuristic"
    loaded = run("--load", str(save), input="income\nquit\n")
    assert loaded.exit_code == 0, loaded.output
    assert f"loaded {save}: seat 0 you, seat 1 heuristic" in loaded.stdout
    assert "You take income." in loaded.stdout
    replayed = CliRunner().invoke(main, ["replay", str(save)])
    assert replayed.exit_code == 0 and "seat 1 (heuristic)" in replayed.stdout
    picture = tmp_path / "board.svg"
    rendered = CliRunner().invoke(main, ["render", "--record", str(save), "-o", str(picture)])
    assert rendered.exit_code == 0 and picture.read_text().startswith("<svg")
    wrong = run("--load", str(save), "--players", "3")
    assert wrong.exit_code == 2 and "the saved game has 2 players, not 3" in wrong.stderr


def test_load_refuses_a_broken_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "baldurs_rules/game@2", "seats": 3}')
    result = run("--load", str(bad))
    assert result.exit_code == 1 and result.stderr.startswith(f"error: {bad}: ")
    game = br.new_game(2, seed=1)
    data = json.loads(game.to_json())
    data["seats"] = [{"human": True}, {"bot": "greedy", "seed": "x", "state": None}]
    bad.write_text(json.dumps(data))
    result = run("--load", str(bad))
    assert result.exit_code == 1 and "seat 1 must be" in result.stderr


def test_a_simulate_record_can_be_played_on(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    assert (
        CliRunner()
        .invoke(main, ["simulate", "--games", "2", "--players", "2", "--out", str(records)])
        .exit_code
        == 0
    )
    result = run("--load", str(records), "--humans", "1", input="quit\n")
    assert result.exit_code == 0 and "loaded" in result.stdout


# ---------------------------------------------------------------- the screen
@pytest.mark.parametrize(("players", "seed", "advanced"), [(4, 3, False), (2, 5, True)])
def test_the_full_board_fits_160_by_50(players: int, seed: int, advanced: bool) -> None:
    from baldurs_rules.bots import make_bot

    game = br.new_game(players, seed, advanced)
    bots = [make_bot("greedy", s) for s in range(players)]
    checked = 0
    while not game.is_over:
        decision = game.decision
        assert decision is not None
        if decision.kind == "turn" and len(game.actions) % 5 == 0:
            buffer = io.StringIO()
            out = Console(file=buffer, width=FULL_WIDTH, color_system=None)
            labels = ["a long bot name", "you", "human 2", "greedy"][:players]
            out.print(board_screen(game, decision.seat, labels))
            out.print(options_view(game, menu_entries(game), FULL_WIDTH))
            lines = buffer.getvalue().splitlines()
            assert len(lines) <= FULL_HEIGHT and max(map(len, lines)) <= FULL_WIDTH, (
                len(lines),
                len(game.actions),
            )
            checked += 1
        game.apply(bots[game.current_player].choose(game))
    assert checked > 3


class Screens(Session):
    """A session that marks where each board screen starts in its output."""

    marks: list[int]

    def show_board(self, seat: int, full: bool = False, lines: Sequence[Text] = ()) -> None:
        buffer = self.out.file
        assert isinstance(buffer, io.StringIO)
        self.marks.append(len(buffer.getvalue()))
        super().show_board(seat, full, lines)


def turn_screens(
    players: int, seed: int, advanced: bool, content: br.Content | None = None
) -> list[tuple[list[str], list[tuple[str, ...]]]]:
    """Every turn screen (its lines and the prompt typed at) of a hot-seat game whose
    humans type what greedy bots choose (hands and agendas fill up as in real games),
    with what each option must show: its whole text, or in brief its name and cost."""
    from baldurs_rules.bots import make_bot
    from baldurs_rules.present.terse import location_trades, terse_card_text
    from baldurs_rules.rules.lookup import Lookup

    buffer = io.StringIO()
    out = Console(file=buffer, width=120, height=40, color_system=None, highlight=False)
    advisers = [make_bot("greedy", s) for s in range(players)]
    screens: list[tuple[list[str], list[tuple[str, ...]]]] = []

    def shown(game: br.Game, screen: str) -> list[tuple[str, ...]]:
        """Per option, what may show it: its text, or its short form (cost and gain
        kept); by name, type and cost only where the screen says it left the text out."""
        look, wanted = Lookup.of(game.content), []
        for entry in menu_entries(game):
            action = entry.actions[0]
            if action.kind == "visit":
                where = look.location_index[str(action.args[0])]
                name = game.content.locations[where].name.removeprefix("The ")
                wanted.append((f"{name}: {location_trades(game, where)}",))
            elif action.kind == "hq":  # the side in play only, in short form
                wanted.append((option_text(game, entry),))
            elif action.kind == "build" and "cards' text left out" in screen:
                wanted.append((entry.text.removeprefix("Build ").split("): ")[0] + ")",))
            elif action.kind == "build":
                wanted.append((entry.text, "Build " + terse_card_text(entry.text[6:])))
            else:
                wanted.append((entry.text,))
        return wanted

    def read(prompt: str) -> str:
        if "press Enter" in prompt:
            return ""
        game = session.game
        decision = game.decision
        assert decision is not None
        if decision.kind in ("turn", "draft"):
            lines = [*buffer.getvalue()[session.marks[-1] :].splitlines(), prompt]
            screens.append((lines, shown(game, "\n".join(lines))))
            session.marks.append(len(buffer.getvalue()))  # a screen is checked once
        return str(advisers[decision.seat].choose(game))

    game = br.new_game(players, seed, advanced, content)
    session = Screens(out, game, [None] * players, read=read)
    session.marks = [0]
    assert session.run()
    return screens


def assert_fits_and_shows_every_option(
    game_screens: list[tuple[list[str], list[tuple[str, ...]]]],
) -> None:
    assert (SCREEN_WIDTH, SCREEN_HEIGHT) == (120, 40)
    for number, (screen, options) in enumerate(game_screens):
        assert screen[0].startswith("─") and "Turn" in screen[0], number
        assert len(screen) <= SCREEN_HEIGHT, (number, len(screen), "\n".join(screen))
        assert max(map(len, screen)) <= SCREEN_WIDTH, (number, "\n".join(screen))
        read = " ".join(" ".join(screen).split())  # the wrapped lines, read on
        for forms in options:
            seen = any(" ".join(form.split()) in read for form in forms)
            assert seen, (number, forms, "\n".join(screen))


@pytest.mark.parametrize(
    ("players", "seed", "advanced"), [(4, 2, True), (4, 3, False), (2, 5, True), (2, 2, False)]
)
def test_the_whole_turn_screen_fits_120_by_40(players: int, seed: int, advanced: bool) -> None:
    """Board, summary, options uncut and the input line, at every turn of whole games."""
    screens = turn_screens(players, seed, advanced)
    assert len(screens) > 20
    assert_fits_and_shows_every_option(screens)
    texts = ["\n".join(screen) for screen, _ in screens]
    assert sum("Since your last turn:" in text for text in texts) > len(texts) // 2
    visits = sum("favor: " in text and "Place your worker" not in text for text in texts)
    assert visits > len(texts) // 2  # the locations' trades, at today's cost
    assert not any("cards' text left out" in text for text in texts)  # short form at most


def test_no_option_of_any_decision_is_cut_at_120_columns() -> None:
    """Trades, faction choices, sites, income abilities...: each option's whole text
    is on the screen (wrapped when long), at every decision of a whole game."""
    from baldurs_rules.bots import make_bot

    game = br.new_game(3, seed=4, advanced=True)
    bots = [make_bot("greedy", s) for s in range(3)]
    kinds: set[str] = set()
    while not game.is_over:
        decision = game.decision
        assert decision is not None
        if decision.kind not in ("turn", "draft"):
            out, buffer = console()
            entries = menu_entries(game)
            out.print(options_view(game, entries))
            lines = buffer.getvalue().splitlines()
            read = " ".join(" ".join(lines).split())
            assert max(map(len, lines)) <= SCREEN_WIDTH and "…" not in read
            for entry in entries:
                assert " ".join(entry.text.split()) in read, (entry.text, lines)
            kinds.add(decision.kind)
        game.apply(bots[game.current_player].choose(game))
    assert len(kinds) >= 4, kinds


def test_bigger_hands_and_more_agendas_still_fit_120_by_40(tmp_path: Path) -> None:
    """A mod dealing 8 building cards and 7 agendas: the screen collapses the hand and
    the agendas to names, says what it left out and where to read it, at every turn."""
    content = mod_content(tmp_path, game="setup: {hand: {buildings: 8, agendas: 7}}\n")
    screens = turn_screens(4, 3, False, content)
    assert len(screens) > 20
    assert_fits_and_shows_every_option(screens)
    texts = ["\n".join(screen) for screen, _ in screens]
    assert sum("text left out to fit: type hand" in t for t in texts) > 5
    assert sum("cards' text left out to fit: explain CARD" in t for t in texts) > 5
    assert sum("more (type hand)" in t for t in texts) > 5


def test_the_compact_board_names_districts_owners_and_locations() -> None:
    game = br.scenario(
        {
            "players": 2,
            "available": [3, 5],
            "seats": [{"hand": ["ropewalk"], "resources": {"gold": 5}}, {}],
        }
    )
    game.apply("build ropewalk 5")
    names = game.content.names()
    out, buffer = console()
    out.print(compact_screen(game, 1, ["you", "rival"]))
    lines = buffer.getvalue().splitlines()
    citadel = next(line for line in lines if line.startswith("Citadel Streets"))
    assert re.search(r"\b5 TH s0\b", citadel) and "Watch Citadel" in citadel
    assert re.search(r"\b3 open\b", next(line for line in lines if line.startswith("Manorborn")))
    assert any(line.startswith("s1* rival") for line in lines)
    assert any("TH Trading Hall" in line for line in lines)  # the legend
    offer = [line for line in lines if line.startswith("Offer: ")]
    assert len(offer) == 1 and all(names[c] in "".join(lines) for c in game.state.offer)
    assert not any(re.search(r"\b[a-z]+_[a-z_]+\b", line) for line in lines)  # no ids
    assert len(lines) <= SCREEN_HEIGHT and max(map(len, lines)) <= SCREEN_WIDTH


def test_the_screen_shows_only_the_readers_cards() -> None:
    game = br.new_game(3, seed=2)
    out, buffer = console()
    out.print(board_screen(game, 1, ["a", "b", "c"]))
    text = buffer.getvalue()
    names = game.content.names()
    assert all(names[c] in text for c in game.state.hand[1])
    for seat in (0, 2):
        assert not any(names[c] in text for c in game.state.hand[seat] + game.state.agendas[seat])


def test_quit_offers_to_save_first(tmp_path: Path) -> None:
    save = tmp_path / "left.json"
    bad = tmp_path / "no" / "such" / "dir.json"
    result = run("--players", "2", "--humans", "1", "--seed", "4", input=f"quit\n{bad}\n{save}\n")
    assert result.exit_code == 0, result.output
    assert "save the game before you leave?" in result.stdout
    assert "(try another name)" in result.stdout and "saved to" in result.stdout
    assert read_game_file(save).game.state.seed == 4
    assert result.stdout.rstrip().endswith("bye")
    left = run("--players", "2", "--humans", "1", input="quit\n\n")
    assert left.exit_code == 0 and "saved to" not in left.stdout and "bye" in left.stdout


def test_hand_prints_every_card_and_agenda_with_its_whole_text() -> None:
    from baldurs_rules.present.card_text import card_text

    out, buffer = console()
    game = br.new_game(2, seed=1)
    cards = game.state.hand[0] + game.state.agendas[0]
    lines = iter(["hand", "quit", ""])
    Session(out, game, [None, br_bot()], read=lambda prompt: next(lines, None)).run()
    text = buffer.getvalue()
    shown = text[text.index("Your hand (3)") :]
    assert "Your agendas (3)" in shown and len(cards) == 6
    assert all(card_text(game.content, card) in shown for card in cards)


def test_explain_shows_the_card_text_and_the_source_only_when_asked() -> None:
    out, buffer = console()
    game = br.new_game(2, seed=1)
    lines = iter(["explain elfsong_tavern", "explain elfsong_tavern --source", "quit", ""])
    Session(out, game, [None, br_bot()], read=lambda prompt: next(lines, None)).run()
    text = buffer.getvalue()
    first = text.index("The Elfsong Tavern — inn")
    assert text.count("buildings.yaml") == 1 and text.index("buildings.yaml") > first
    assert text.count("The Elfsong Tavern — inn") >= 2


def test_each_turn_prompt_has_a_summary_of_the_moves_since_your_last_turn() -> None:
    _, _, buffer = scripted(3, 1, seed=5)
    text = buffer.getvalue()
    assert text.count("Since your last turn:") >= 5
    block = text.split("Since your last turn:")[3].splitlines()[1:]
    summary = list(itertools.takewhile(lambda line: line.startswith("  "), block))
    assert 1 <= len(summary) <= SUMMARY_LINES
    assert any(line.lstrip().startswith(("Seat 1", "Seat 2")) for line in summary)
    assert block[len(summary)].startswith("Your turn")  # right above the prompt


def test_the_summary_tells_every_other_seats_move_at_almost_every_turn() -> None:
    """Four players at 120x40: each move of the three others since your last turn is on
    the screen (whole, or in a few words): at most one screen in eight leaves some to ``log``."""
    screens = turn_screens(4, 3, False)
    texts = ["\n".join(screen) for screen, _ in screens]
    short = [t for t in texts if "Since your last turn:" in t]
    assert len(short) > 20
    cut = [t for t in short if "earlier move" in t]
    assert len(cut) * 8 <= len(short), cut[0]
    assert all(t.count(" took income") + t.count(" built ") + t.count(" went to ") for t in short)


def test_a_digest_has_one_entry_per_move_of_the_others_whole_and_short() -> None:
    from baldurs_rules.cli.compact import digest
    from baldurs_rules.present.narration import narration

    game = br.new_game(4, seed=3)
    start = len(game.state.events)
    moves = ["income", "build chapel_of_the_morninglord 6", "visit high_hall", "income"]
    for seat, action in enumerate(moves):
        game.apply(action)
        while game.current_player == seat and not game.is_over:  # its trade, its uses
            game.apply(game.legal_actions()[0])
    told = digest(game, narration(game, 0, start), 0)
    assert [move.short.plain for move in told] == [  # seat 0's own move left out
        "Seat 1 built Chapel of the Morninglord on lot 6",
        "Seat 2 went to The High Hall",
        "Seat 3 took income",
    ]
    whole = [move.full.plain for move in told]
    assert whole[0].startswith("Seat 1 builds Chapel of the Morninglord (temple) on lot 6")
    assert whole[1].startswith("Seat 2 places their worker on The High Hall in Manorborn; trades")
    assert whole[2] == "Seat 3 takes income."
