"""A language server for content and mods (``bbg lsp``), built on pygls.

Diagnostics as ``bbg validate`` gives them, on every open and change; hover
(the card's English text), completion (effect words, ids) and go-to-definition.
The analysis ([`analysis`][baldurs_rules.lsp.analysis]) works without pygls;
the server ([`server`][baldurs_rules.lsp.server]) needs the extra
``baldurs_rules[lsp]``. Tests: ``tests/lsp/``.
"""
