"""What the commands print to a terminal: texts read from files made harmless, and errors.

Shared by every command (game/cli.py, game/net/serve.py, scenes/main.py) and importing nothing
of the program but game.textclean, so that printing an error never loads the engine, the bots
or the network stack, and the commands do not import one another to reach these helpers.
"""

from __future__ import annotations

import re
import sys

from game.textclean import no_surrogates

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """`text` without control characters: names and values read from files must not drive the
    terminal (escape sequences, bells, cursor moves); a lone surrogate becomes U+FFFD."""
    return no_surrogates(_CONTROL.sub("?", str(text)))


def safe_output() -> None:
    """Print what a terminal cannot show as replacement characters instead of raising
    (a lone surrogate from a file, a name in a script the console's encoding lacks)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


def fail(message: str) -> int:
    """Print one `error: ...` line on stderr; the command returns the exit status given back."""
    print(f"error: {printable(message)}", file=sys.stderr)
    return 1
