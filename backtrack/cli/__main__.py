"""``python -m backtrack.cli``: the ``backtrack`` command."""

import sys

from . import main

sys.exit(main())
