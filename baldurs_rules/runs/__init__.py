"""Long runs of many games: parallel play, the streamed record file, and what is measured.

* [`parallel`][baldurs_rules.runs.parallel]: the engine of long runs: a plan of jobs played
  in this process, in worker processes or as Ray tasks, streamed to a file, stopped on a
  signal and resumed;
* [`record_file`][baldurs_rules.runs.record_file]: the JSON Lines file a run streams its
  games to;
* [`simulate`][baldurs_rules.runs.simulate]: many bot games and their summary;
* [`balance`][baldurs_rules.runs.balance]: per-card balance reports;
* [`content_report`][baldurs_rules.runs.content_report]: does a content play (coverage,
  layers of prestige, game lengths), with its Markdown page;
* [`tournament`][baldurs_rules.runs.tournament]: bots against each other, with ratings.

Nothing is imported here: import the module you need.
"""
