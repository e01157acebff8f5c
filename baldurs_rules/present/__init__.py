"""How a game is shown to people: what a seat may see, prompts, the story, card text, boards.

Every module here reads a game and writes for a reader; none of them changes a game, and
none is imported by the core at module level (``Game.decision``, ``Game.view``,
``str(game)`` and ``Game._repr_svg_`` import theirs inside the method, as python-chess's
``Board._repr_svg_`` does):

* [`view`][baldurs_rules.present.view]: what one seat may see, as JSON-ready data, and a
  sentence for each legal action;
* [`decisions`][baldurs_rules.present.decisions]: the pending decision as a typed value
  with a prompt that says why it is asked;
* [`narration`][baldurs_rules.present.narration]: the log told in sentences, each with its
  cause, for one seat;
* [`labels`][baldurs_rules.present.labels]: the label of each option a player reads
  (names, cost and card text, district and neighbours), never an id;
* [`card_text`][baldurs_rules.present.card_text]: the rules text of cards and locations,
  rendered from the effect trees the engine runs;
* [`board_text`][baldurs_rules.present.board_text]: the board as text (``print(game)``)
  and as rows a frontend lays out;
* [`board_svg`][baldurs_rules.present.board_svg]: the board as an SVG picture.

Nothing is imported here: import the module you need.
"""
