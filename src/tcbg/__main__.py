"""``python -m tcbg``: the ``tcbg`` command line (tcbg.cli)."""

import sys

if __name__ == "__main__":
    try:
        from tcbg.cli import command
    except KeyboardInterrupt:  # Ctrl-C while the command itself loads: the same one line and status as later
        print("tcbg: interrupted", file=sys.stderr)
        sys.exit(130)
    sys.exit(command())
