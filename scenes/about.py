"""About Tablée: its version and licence, the original games' designers and publishers, the
credits of the shipped material (assets/CREDITS.md), and that Tablée is an unofficial adaptation.

Every sentence is a text of assets/locale/<lang>/about.yaml, but each game's credit, which is the
`credits:` section of the game's own YAML. The page is a small Markdown document shown like the
rules.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import registry
from game.version import version
from scenes.rules_screen import DocumentScene, RulesDocument
from scenes.ui.widgets import Button, Form, Row

CREDITS = ("twemoji", "dejavu", "pictures", "sounds")  # the items of assets/CREDITS.md


def about_text(app: Any) -> str:
    """The About page in the app's language, as the rules' Markdown subset."""
    tr, lang = app.tr, app.settings.language
    lines = [f"# {tr('about.title')}", tr("about.version", version=version()), "", tr("about.unofficial"), ""]
    lines += [f"## {tr('about.games')}", ""]
    for entry in registry.available():
        if entry.rules is not None:
            credits = entry.rules.credits(lang)
            lines.append(f"- **{entry.rules.name(lang)}**" + (f" — {credits}" if credits else ""))
    lines += ["", f"## {tr('about.credits')}", ""]
    lines += [f"- {tr(f'about.credit.{item}')}" for item in CREDITS]
    lines += ["", f"## {tr('about.licence_title')}", "", tr("about.licence")]
    return "\n".join(lines)


class AboutScene(DocumentScene):
    """Read-only page; Back (or Escape) returns to the main menu."""

    keys_text = "about.keys"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.back = Button(lambda: app.tr("common.back"), app.pop, primary=True)
        self.form = Form(app, [Row(None, [self.back])])
        self.form.focus = self.back

    def resize(self, size: tuple[int, int]) -> None:
        width = self.place(size, self.form)
        self.document = RulesDocument(self.app, about_text(self.app), width)
        self._clamp()

    def handle(self, event: pygame.event.Event) -> bool:
        return self.handle_document(event) or self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.form.draw(surface)
        self.draw_document(surface)
