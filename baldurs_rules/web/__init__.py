"""A web table: ``bbg serve`` plays one game in the browser, for 2 to 4 players and bots.

The server is authoritative: pages send moves, the server checks and plays
them and sends each seat only what it may see. The parts:

- [`baldurs_rules.web.table`][]: the game, its keys, its checks and its file;
- [`baldurs_rules.web.messages`][]: what each reader is sent;
- [`baldurs_rules.web.protocol`][]: what a page may send, and the errors;
- [`baldurs_rules.web.tokens`][]: the secret key of each seat;
- [`baldurs_rules.web.server`][]: the Starlette app (needs the ``web`` extra:
  ``pip install 'baldurs_rules[web]'``) and the page it serves.
"""

__all__: list[str] = []
