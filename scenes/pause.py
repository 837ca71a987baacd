"""The pause menu over the table: resume, the rules, the settings, or save and quit to the menu.

The match is autosaved after every action, so "Save and quit" only flushes the last save and
closes the table; "Continue" on the main menu brings it back. While the pause menu is open the
table below receives no input and no update: bots and animations wait.
"""

from __future__ import annotations

from typing import Any

from scenes.ui.dialog import PanelDialog
from scenes.ui.widgets import Button


class PauseScene(PanelDialog):
    """Opened by the table's "Menu" button or Escape; Escape (or "Resume") closes it."""

    width = 620  # "Enregistrer et quitter vers le menu" uncut

    def __init__(self, app: Any, game_id: str) -> None:
        tr = app.tr
        self.game_id = game_id
        self.resume_button = Button(lambda: tr("pause.resume"), app.pop, primary=True)
        self.rules_button = Button(lambda: tr("menu.rules"), lambda: app.push(app.scene("rules", game_id=game_id)))
        self.settings_button = Button(lambda: tr("menu.settings"), lambda: app.push(app.scene("settings")))
        self.quit_button = Button(lambda: tr("pause.save_quit"), self.save_and_quit)
        super().__init__(app, self.buttons())

    def buttons(self) -> list[Button]:
        """The menu's buttons, top to bottom (a lesson's menu has its own: scenes/table/lesson.py)."""
        return [self.resume_button, self.rules_button, self.settings_button, self.quit_button]

    def title(self) -> str:
        return self.app.tr("pause.title")

    def save_and_quit(self) -> None:
        """Back to the main menu; the table's exit flushes the autosave and stops the bots."""
        self.app.main_menu()
