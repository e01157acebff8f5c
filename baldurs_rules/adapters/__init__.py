"""Adapters of the game to other frameworks, and what they share.

* [`codec`][baldurs_rules.adapters.codec]: the fixed numbering of every action;
* [`observation`][baldurs_rules.adapters.observation]: the observation vector,
  written straight from the state;
* [`pettingzoo`][baldurs_rules.adapters.pettingzoo]: the PettingZoo AEC
  environment (extra ``rl``);
* [`vector`][baldurs_rules.adapters.vector]: n games stepped together with a
  batch of actions (extra ``rl``);
* [`openspiel`][baldurs_rules.adapters.openspiel]: the game registered with
  OpenSpiel (extra ``openspiel``);
* [`common`][baldurs_rules.adapters.common]: the checks made at creation and the
  final rewards.

Nothing is imported here, so each adapter needs only its own extra;
[`baldurs_rules.rl`][] is the public RL namespace.
"""
