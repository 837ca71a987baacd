"""The program's version, shown by `--version`, in the main menu and on the About screen.

This is the one place the number is written. pyproject.toml takes it from here
(`[tool.setuptools.dynamic]`, read without importing the package), so the wheel's metadata, the
standalone build (build_exe.spec) and the running program always agree; CHANGELOG.md and the
AppStream metainfo list it among their releases (tests/test_release.py checks that they do).
A constant rather than a metadata lookup: `tablee --version` then needs no importlib.metadata,
and a source tree that was never installed knows its version too.
"""

from __future__ import annotations

VERSION = "0.1.0"


def version() -> str:
    """The version string, e.g. "0.1.0"."""
    return VERSION
