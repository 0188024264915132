"""``python -m tcbg``: the ``tcbg`` command line (tcbg.cli)."""

import sys

from tcbg.cli import main

if __name__ == "__main__":
    sys.exit(main())
