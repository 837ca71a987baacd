"""At 150 % text (French, 1280x720, the largest text size) nothing on the table is cut or said
twice: a decision's help shrinks into its area whole, and the top bar's hint is not repeated at
the top of the log column while the table shows that help."""

from __future__ import annotations

import pytest

from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from tests.table_helpers import frames, make_app

GAMES = ("jagdfieber", "wolf_and_hound", "fish_fish", "silver_amulet", "kill_the_unicorns")


def decision_table(tmp_path, monkeypatch, game: str, size=(1280, 720), lang: str = "fr", text: float = 1.5):
    """A table at Ana's first decision after the opening moves (her first legal move played)."""
    from scenes.table.scene import TableScene

    app = make_app(tmp_path, monkeypatch, size=size)
    app.set_language(lang)
    app.settings.text_size = text
    app.settings.extra["tours_seen"] = list(GAMES)
    app.relayout()
    seats = [SeatConfig(name, HUMAN if i == 0 else BOT) for i, name in enumerate(["Ana", "Bruno", "Chloé", "Didier"])]
    config = MatchConfig(game, seats, seed=7, options={})
    scene = TableScene(app, config, Match(config, think_seconds=0.0, threaded=False))
    app.push(scene)
    played = 0
    for _ in range(20000):
        frames(app, 1, 0.05)
        seat = scene.active_seat()
        if seat is not None and not scene.animator.busy:
            if played == 1:
                break
            scene.submit(str(scene.match.state.legal_actions(seat)[0]))
            played += 1
    frames(app, 2, 0.05)
    return app, scene


@pytest.mark.parametrize("game", GAMES)
def test_at_150_percent_the_help_is_whole_and_the_hint_is_not_said_twice(tmp_path, monkeypatch, game) -> None:
    """Fish Fish: the help at the bottom right was cut, and the hint was shown a second time at
    the top of the log."""
    app, scene = decision_table(tmp_path, monkeypatch, game)
    app.dirty = True
    frames(app, 1)
    offered = scene.composer.composer is not None and any(t.confirm and t.confirm.help for t in scene.composer.composer.templates)
    if offered:
        assert scene.records.hint_height == 0  # the help on the table says it: not again in the log column
    ctx = scene.ctx()
    helps = scene.composer.helps(ctx)
    assert all(whole for *_, whole in helps), [lines for _, _, lines, _ in helps]
    for rect, font, lines, _ in helps:
        assert len(lines) * font.get_linesize() <= rect.h and all(font.size(line)[0] <= rect.w for line in lines)
