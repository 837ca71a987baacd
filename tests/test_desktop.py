"""Tablée shows up on a desktop: the shipped desktop entry and AppStream metainfo are valid and
agree with the package (names, programs, licence, screenshots), and `tablee --install-desktop`
puts the entry, the metainfo and the icons in the user's data folder with an Exec that starts
this very program, which `--uninstall-desktop` takes away again.

The validators come from Debian's desktop-file-utils and appstream packages; CI installs only
what the project's files install, so those checks skip where the tools are absent."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game import desktop
from game.desktop import APP_ID, HICOLOR_SIZES

ROOT = Path(__file__).resolve().parent.parent
ENTRY = ROOT / "assets" / "desktop" / f"{APP_ID}.desktop"
METAINFO = ROOT / "assets" / "desktop" / f"{APP_ID}.metainfo.xml"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

needs_linux = pytest.mark.skipif(sys.platform in desktop.UNSUPPORTED, reason="freedesktop.org desktops only")


def pyproject() -> dict:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def entry_keys(path: Path) -> dict[str, str]:
    parser = configparser.RawConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def validate_entry(path: Path) -> None:
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip("desktop-file-validate is not installed (Debian: desktop-file-utils)")
    done = subprocess.run([tool, str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_the_desktop_entry_is_valid() -> None:
    validate_entry(ENTRY)


def test_the_metainfo_is_valid() -> None:
    tool = shutil.which("appstreamcli")
    if tool is None:
        pytest.skip("appstreamcli is not installed (Debian: appstream)")
    done = subprocess.run([tool, "validate", "--no-net", str(METAINFO)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    # Errors and warnings fail; infos are allowed (older validators do not know <developer>).
    assert not re.search(r"^[EW]:", done.stdout, re.MULTILINE), done.stdout


def test_the_entry_starts_the_window_program_with_the_shipped_icon() -> None:
    keys = entry_keys(ENTRY)
    assert keys["Exec"] == keys["TryExec"] == desktop.WINDOW_SCRIPT
    assert desktop.WINDOW_SCRIPT in pyproject()["project"]["gui-scripts"]
    assert keys["Icon"] == keys["StartupWMClass"] == APP_ID
    assert keys["Name"] == "Tablée" and keys["Terminal"] == "false"
    assert {"Game", "CardGame"} <= set(keys["Categories"].strip(";").split(";"))
    assert keys["Comment[fr]"] and keys["GenericName[fr]"]


def test_the_metainfo_agrees_with_the_package() -> None:
    root = ET.parse(METAINFO).getroot()
    project = pyproject()["project"]
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == ENTRY.name
    assert root.findtext("project_license") == project["license"]
    assert {b.text for b in root.iter("binary")} == set(project["scripts"]) | set(project["gui-scripts"])
    assert root.find("content_rating").get("type") == "oars-1.1"
    urls = {u.get("type"): u.text for u in root.findall("url")}
    assert urls == {"homepage": project["urls"]["Homepage"], "bugtracker": project["urls"]["Issues"]}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert project["urls"]["Releases"] in readme and project["urls"]["Releases"].startswith(urls["homepage"])
    for image in root.iter("image"):
        assert image.text.startswith(urls["homepage"].replace("github.com", "raw.githubusercontent.com") + "/main/")
    for tag in ("summary", "name"):
        assert {e.get(XML_LANG) for e in root.findall(tag)} <= {None, "fr"}
    assert any(p.get(XML_LANG) == "fr" for p in root.find("description").findall("p"))


def test_every_screenshot_is_a_picture_of_the_repository() -> None:
    from pygame.image import load

    images = list(ET.parse(METAINFO).getroot().iter("image"))
    assert len(images) == 5
    for image in images:
        name = image.text.rsplit("/", 1)[-1]
        picture = load(str(ROOT / "docs" / "screenshots" / name))
        assert picture.get_size() == (int(image.get("width")), int(image.get("height"))), name


def test_exec_quoting_follows_the_specification() -> None:
    assert desktop.exec_value(["/usr/bin/tablee-gui"]) == "/usr/bin/tablee-gui"
    assert desktop.exec_value(["/home/a b/tablee-gui"]) == '"/home/a b/tablee-gui"'
    # $ is escaped inside the quotes, then the string rule doubles the backslash.
    assert desktop.exec_value(["/opt/$x/Tablee"]) == '"/opt/\\\\$x/Tablee"'
    assert desktop.exec_value(["/opt/100%/Tablee"]) == "/opt/100%%/Tablee"
    assert desktop.exec_value(["/usr/bin/python3", "/src/main.py"]) == "/usr/bin/python3 /src/main.py"


def test_the_data_folder_follows_xdg() -> None:
    assert desktop.data_home({"XDG_DATA_HOME": "/x/share", "HOME": "/h"}) == Path("/x/share")
    assert desktop.data_home({"XDG_DATA_HOME": "relative", "HOME": "/h"}) == Path("/h/.local/share")
    assert desktop.data_home({"HOME": "/h"}) == Path("/h/.local/share")


def tablee(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    script = Path(sysconfig.get_path("scripts")) / "tablee"
    command = [str(script)] if script.is_file() else [sys.executable, str(ROOT / "main.py")]
    env = {**os.environ, "XDG_DATA_HOME": str(data), "TABLEE_HOME": str(data.parent / "home")}
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=120, env=env, cwd=data.parent)


@needs_linux
def test_install_desktop_puts_every_file_in_place_and_undo_removes_them(tmp_path: Path) -> None:
    data = tmp_path / "share"
    done = tablee("--install-desktop", data=data)
    assert done.returncode == 0, done.stderr
    expected = {data / "applications" / ENTRY.name, data / "metainfo" / METAINFO.name,
                data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"}
    expected |= {data / "icons" / "hicolor" / f"{s}x{s}" / "apps" / f"{APP_ID}.png" for s in HICOLOR_SIZES}
    assert {p for p in data.rglob("*") if p.is_file()} == expected
    for path in expected:
        assert str(path) in done.stdout
    installed = data / "applications" / ENTRY.name
    keys = entry_keys(installed)
    program = Path(keys["TryExec"])
    assert program.is_absolute() and program.is_file() and os.access(program, os.X_OK)
    assert program.name in (desktop.WINDOW_SCRIPT, "main.py") or keys["Exec"].endswith("main.py")
    assert keys["Icon"] == APP_ID
    validate_entry(installed)

    again = tablee("--install-desktop", data=data)  # installing twice is fine
    assert again.returncode == 0, again.stderr
    done = tablee("--uninstall-desktop", data=data)
    assert done.returncode == 0, done.stderr
    assert not [p for p in data.rglob("*") if p.is_file()]
    done = tablee("--uninstall-desktop", data=data)
    assert done.returncode == 0 and "was not in the desktop's menu" in done.stdout


@needs_linux
def test_install_desktop_leaves_other_files_alone(tmp_path: Path) -> None:
    data = tmp_path / "share"
    other = data / "applications" / "other.desktop"
    other.parent.mkdir(parents=True)
    other.write_text("[Desktop Entry]\n", encoding="utf-8")
    desktop.install(data, ["/opt/Tablee/Tablee"])
    assert "Exec=/opt/Tablee/Tablee" in (data / "applications" / ENTRY.name).read_text(encoding="utf-8")
    desktop.uninstall(data)
    assert [p for p in data.rglob("*") if p.is_file()] == [other]


@needs_linux
def test_an_unwritable_data_folder_is_one_error_line(tmp_path: Path) -> None:
    blocker = tmp_path / "share"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    done = tablee("--install-desktop", data=blocker)
    assert done.returncode == 1
    assert done.stderr.startswith("error: ") and "Traceback" not in done.stderr


def test_install_desktop_goes_alone(tmp_path: Path) -> None:
    done = tablee("--install-desktop", "validate", data=tmp_path / "share")
    assert done.returncode == 2 and "go alone" in done.stderr


def test_the_window_is_named_after_the_desktop_entry(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("TABLEE_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", os.path.basename(sys.argv[0]))  # as `import pygame` sets it
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    from scenes.app import create_app

    create_app(headless=True)
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == APP_ID
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "mine")
    create_app(headless=True)
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "mine"
