"""What the table adds around its animation steps, kept out of the scene (scenes/table/scene.py):

- the log panel tells an action's events as the table shows them, never ahead of the animation
  (the animator's `on_shown` releases the held events; when it is idle, everything is told);
- the scoring moment (scenes/table/tally.py): each scored seat's breakdown on the table, then
  the score sheet opens by itself; keys typed ahead for the table neither close it nor carry
  over into the next round (scenes/ui/guard.py, scenes/table/hold.py);
- a score change's points rising from the name plate;
- the seats' teams (name and colour) for the name plates.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.events import ScoreChanged
from scenes.table.anim import Step
from scenes.table.tally import (
    TALLY,
    SeatTally,
    TallyPainter,
    build_tally,
    ends_match,
    sheet_as_shown,
)


class TableMoments:
    """One table's log pacing, scoring moments and team plates; the scene calls `update()`
    after the animator's, `draw_step()` for the step being shown and `teams()` for the plates."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.tally_painter = TallyPainter(scene.app, scene.painter)
        self._tally: tuple[Step, list[SeatTally], dict[int, pygame.Rect]] | None = None
        self.sheet_due = False
        scene.animator.on_shown = self._on_shown

    def _on_shown(self, step: Step, shown: bool) -> None:
        scene = self.scene
        scene.records.panel.release(len(step.events))
        if (shown and step.kind == TALLY and scene.layout.sheet_after_scoring and scene.seats.local_seats
                and not ends_match(scene.animator.queue)):  # (a table of bots only, a demo, runs on)
            self.sheet_due = True

    def update(self) -> None:
        """After the animator's update: tell what is left when it is idle; open a due sheet."""
        scene = self.scene
        if not scene.animator.busy:
            scene.records.panel.release()
        if self.sheet_due:
            self.sheet_due = False
            if scene.privacy_for is None:
                self.open_sheet()

    def open_sheet(self) -> None:
        """The score sheet up to the scoring just shown (bots may have played on since); what
        was typed before it opened is dropped and does not close it."""
        from scenes.results import ScoreSheetScene

        scene = self.scene
        names = [scene.name(s) for s in range(scene.seats.num_seats)]
        view = sheet_as_shown(scene.seats.view(None), list(scene.view.get("scores") or []))
        scene.hold.boundary()  # nothing typed before the sheet acts after it (on it or on the table)
        scene.app.push(ScoreSheetScene(scene.app, scene.rules, view, names, guarded=True))

    # ------------------------------------------------------------------ drawing
    def tallies(self, step: Step) -> tuple[list[SeatTally], dict[int, pygame.Rect]]:
        """The seats' counts of a tally step and where their boxes go (computed once a step)."""
        scene = self.scene
        if self._tally is None or self._tally[0] is not step:
            found = build_tally(step, scene.view, scene.layout, scene.game_text, scene.rules.has_text, scene.placements)
            rects = self.tally_painter.rects(found, scene.placements, scene.rect, scene.layout, scene.view)
            self._tally = (step, found, rects)
        return self._tally[1], self._tally[2]

    def draw_step(self, surface: pygame.Surface, step: Step) -> None:
        scene = self.scene
        if step.kind == TALLY:
            found, rects = self.tallies(step)
            teams = self.teams(scene.seats.num_seats)

            def title(seat: int) -> str:  # "Bruno · Yellow team" in a team game
                team = teams[seat] if seat < len(teams) else None
                return f"{scene.name(seat)} · {team[0]}" if team else scene.name(seat)

            self.tally_painter.draw(surface, found, rects, title, step.progress)
            return
        for event in step.events:
            if isinstance(event, ScoreChanged):  # the points rise from the name plate
                panel = scene.placements.panel(event.seat)
                if panel is not None:
                    lift = int(panel.rect.h * 0.6 * step.progress)
                    scene.painter.badge(surface, f"{event.delta:+d}", (panel.rect.right - panel.rect.h, panel.rect.y - lift + panel.rect.h))

    def teams(self, seats: int) -> list[tuple[str, tuple[int, int, int]] | None]:
        """Each seat's team for its name plate: the game's `team.<key>` text and colour."""
        scene = self.scene
        out: list[tuple[str, tuple[int, int, int]] | None] = []
        for seat in range(seats):
            team = scene.layout.seat_team(scene.view, seat)
            if team is None:
                out.append(None)
                continue
            name = scene.game_text(f"team.{team}") if scene.rules.has_text(f"team.{team}") else team
            out.append((name, scene.art.color("team_colors", team, (140, 140, 140))))
        return out
