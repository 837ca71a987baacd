"""The program's version, shown by `--version` and in the main menu.

pyproject.toml is the one place the number is written. An installed copy (pip install, editable
or not) answers from its package metadata; a source tree that was never installed, and the
frozen executable (which bundles pyproject.toml next to game/), read pyproject.toml itself.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import metadata

from game.resources import app_root

DISTRIBUTION = "tablee"
UNKNOWN = "unknown"


@functools.cache
def version() -> str:
    """The version string, e.g. "0.1.0" ("unknown" rather than a crash if nothing says)."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return pyproject_version()


def pyproject_version() -> str:
    """project.version from the pyproject.toml beside game/ (source tree or frozen bundle)."""
    path = app_root() / "pyproject.toml"
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError):
        return UNKNOWN
    value = data.get("project", {}).get("version")
    return value if isinstance(value, str) and value else UNKNOWN
