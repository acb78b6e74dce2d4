"""``python -m gongzhu``: the command line (see ``gongzhu.cli``)."""

import os
import sys

from .cli import main

try:
    code = main()
    sys.stdout.flush()
except BrokenPipeError:  # the output piped into a reader that stopped (`... | head`): not an error
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush at exit
    code = 0
sys.exit(code)
