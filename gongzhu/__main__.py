"""``python -m gongzhu``: the command line (see ``gongzhu.cli``)."""

import sys

from .cli import main

sys.exit(main())
