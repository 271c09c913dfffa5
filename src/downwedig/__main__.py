"""``python -m downwedig``: the same as the ``downwedig`` command."""

from .cli import main

raise SystemExit(main())
