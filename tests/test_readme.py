"""The README's two commands stay what CI and a new player run: the test command is `.ci/run`'s
line, word for word, and installs the pinned tools; the play command starts the installed
`tablee` command; every document the README points to exists."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def commands() -> list[str]:
    """The README's indented command lines that set up a fresh checkout (each is also written
    for Windows, one command a line: see windows_commands)."""
    return [line.strip() for line in README.splitlines() if line.startswith("    python3 -m venv .venv")]


def windows_commands() -> list[list[str]]:
    """The README's Windows blocks: the indented lines from `py -m venv .venv` to a blank line."""
    blocks: list[list[str]] = []
    current: list[str] | None = None
    for line in README.splitlines():
        if line.startswith("    py -m venv .venv"):
            current = []
            blocks.append(current)
        if current is not None:
            if line.startswith("    ") and line.strip():
                current.append(line.strip())
            else:
                current = None
    return blocks


def test_the_readme_has_exactly_a_play_and_a_test_command() -> None:
    found = commands()
    assert len(found) == 2, found
    play, test = found
    assert play.endswith("&& .venv/bin/tablee") and "pip install -q -e ." in play
    assert test.endswith(".venv/bin/python -m pytest")


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    ci_lines = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines() if "-m venv" in line]
    assert ci_lines == [commands()[-1]]


def test_the_test_command_installs_every_tool_at_a_pinned_version() -> None:
    test = commands()[-1]
    match = re.search(r"-c (\S+)", test)
    assert match, "the test command must use the constraints file"
    pins = {}
    for line in (ROOT / match.group(1)).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            requirement = Requirement(line)
            (spec,) = requirement.specifier
            assert spec.operator == "==", line
            pins[requirement.name.lower().replace("_", "-")] = spec.version
    with (ROOT / "pyproject.toml").open("rb") as handle:
        project = tomllib.load(handle)["project"]
    wanted = project["dependencies"] + project["optional-dependencies"]["dev"]
    for text in wanted:
        requirement = Requirement(text)
        name = requirement.name.lower().replace("_", "-")
        assert name in pins, f"{name} is not pinned in {match.group(1)}"
        assert requirement.specifier.contains(pins[name]), f"{name}=={pins[name]} breaks pyproject's {requirement}"


def test_the_play_command_starts_the_installed_command() -> None:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        scripts = tomllib.load(handle)["project"]["scripts"]
    assert "tablee" in scripts
    assert ".venv/bin/tablee" in README and ".venv\\Scripts\\tablee" in README


def test_every_linked_file_exists() -> None:
    links = re.findall(r"\]\(([^)#]+)\)", README)
    assert links
    for link in links:
        assert (ROOT / link).exists(), link
    for doc in (ROOT / "docs").glob("*.md"):
        for link in re.findall(r"\]\(([^)#:]+)\)", doc.read_text(encoding="utf-8")):
            assert (doc.parent / link).exists(), f"{doc.name}: {link}"


def test_the_windows_commands_work_in_windows_powershell_and_the_command_prompt() -> None:
    """Windows PowerShell 5.1 rejects `&&` and the Command Prompt keeps single quotes: each
    Windows command is one line, quoted with double quotes, doing what its POSIX twin does."""
    play, test = windows_commands()
    posix_play, posix_test = commands()
    assert play == ["py -m venv .venv", ".venv\\Scripts\\pip install -q -e .", ".venv\\Scripts\\tablee"]
    assert test[1] == '.venv\\Scripts\\pip install -q -e ".[dev]" -c .ci\\constraints.txt'
    assert test[-1] == ".venv\\Scripts\\python -m pytest" and posix_test.endswith(".venv/bin/python -m pytest")
    assert posix_play.endswith(".venv/bin/tablee")
    for doc in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        for line in doc.read_text(encoding="utf-8").splitlines():
            if "\\Scripts\\" in line or line.strip().startswith("py "):
                assert "&&" not in line and "'" not in line.split("#")[0], f"{doc.name}: {line.strip()}"


def test_the_dependencies_doc_counts_and_names_every_dependency() -> None:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        project = tomllib.load(handle)["project"]
    names = [Requirement(r).name for r in project["dependencies"]]
    doc = (ROOT / "docs" / "dependencies.md").read_text(encoding="utf-8")
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    assert f"needs {words[len(names)]} packages" in doc
    for name in names + [Requirement(r).name for r in project["optional-dependencies"]["dev"]]:
        assert f"**{name}**".lower() in doc.lower(), name
