"""``python -m helpers.classroom [NN]``: the notebooks in classroom mode (see :mod:`helpers.classroom`)."""

import sys

from helpers.classroom import main

sys.exit(main())
