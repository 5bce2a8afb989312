"""``python -m retro.cli ARGS`` is ``retro ARGS``."""

import sys

from retro.cli import main

sys.exit(main())
