"""Command line: ``python -m engine referee ...``."""

import sys

USAGE = "usage: python -m engine referee [FILE ...] [--rules PRESET] [--set KEY=VALUE]"


def main(argv: list[str]) -> int:
    if not argv or argv[0] != "referee":
        sys.stderr.write(USAGE + "\n")
        return 2
    from engine.referee import main as referee_main

    return referee_main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
