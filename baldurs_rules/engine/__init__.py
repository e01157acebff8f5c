"""The generic engine: random generator, decision stack machine and effect interpreter.

Nothing here knows Builders of Baldur's Gate: the game's procedures live in
[`baldurs_rules.rules`][baldurs_rules.rules] and plug into the
[`Machine`][baldurs_rules.engine.machine.Machine] as frame handlers and effect
atoms.
"""
