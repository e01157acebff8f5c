"""``python -m baldurs_rules.runs.content_report``: simulate and print (or write) the report.

See [`main`][baldurs_rules.runs.content_report.markdown.main] for the options.
"""

from baldurs_rules.runs.content_report.markdown import main

raise SystemExit(main())
