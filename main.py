"""Start Tablée from a source tree: `python main.py` (the app) or `python main.py COMMAND`.

The program itself is scenes/main.py (the `tablee` command of an installed copy); this file only
starts it, here and in the standalone build (build_exe.spec).
"""

from __future__ import annotations

import sys

from scenes.main import main

if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # the bots' worker process (game/botworker.py) in a frozen build
    sys.exit(main())
