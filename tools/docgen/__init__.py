"""The generators of docs/: every generated part of a page, its pictures and the city map.

Run from the repository root: ``python -m tools.docgen [--check] [PAGE ...]`` writes (or
checks) every generated part of ``docs/``; ``python -m tools.docgen.play_transcript``,
``python -m tools.docgen.make_map`` and ``python -m tools.docgen.screenshots`` (each with
``--check``) and ``python -m tools.docgen.reports`` are the standalone scripts.

Modules:

* ``__main__``: the command line of ``python -m tools.docgen`` (calls ``generate.main``).
* ``generate``: finds the generated parts of each page, runs their generators, writes or checks.
* ``common``: what the generators share: the content, the CLI run in-process, quoting, tables.
* ``session``: a page's scratch directory and namespace; the generic ``python:``/``console:`` parts.
* ``cli``: the command-line page's usage lines and option tables, read from the click commands.
* ``content``: the content page's tables and the ``count:`` parts, counted from the content.
* ``limits``: the security and effect-language pages' limits and the messages at each limit.
* ``modding``: the modding guide's parts that are not plain commands or snippets.
* ``performance``: the performance page's counts of seeded games (never a timing).
* ``quickstart``: the quick start's tables of extras (pyproject.toml) and ``bbg`` commands.
* ``rl``: the reinforcement-learning page's action numbering and observation layout.
* ``rules``: the rules page's tables and phrases, quoted from the content.
* ``samples``: the other pages' sample outputs, the board pictures and the balance chart.
* ``testing``: the testing page's figures, read from the test suite.
* ``screenshots``: the web table's pictures of the play page and their manifest (a script
  needing Chromium; ``python -m tools.docgen --screenshots`` runs it, a plain run checks the
  manifest against the page).
* ``play_transcript``: the play page's real ``bbg play`` transcripts (also a script).
* ``make_map``: builds and checks ``content/map.yaml``, the default city map (a script).
"""
