"""``python -m helpers.report``: the command line of :mod:`helpers.report.cli`."""

import sys

from .cli import main

sys.exit(main())
