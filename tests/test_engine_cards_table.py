"""The table's animator and log panel take the new card events (a private look, a card turned
face down) without breaking, and captions never name a card the seat did not see."""

from __future__ import annotations

from game.engine.events import ALL_SEATS, CardConcealed, CardSeen
from tests.table_helpers import frames, make_app, make_table, settle


def test_animator_and_log_take_card_seen_and_card_concealed(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = make_table(app, "hbb")
    settle(app, scene)
    looked_by_other = CardSeen("wolf", 1, "hand", 2, 1 << 2)  # Chloé looks at Bruno's wolf
    turned = CardConcealed("rabbit", 0, "easy_prey", ALL_SEATS)
    scene.animator.push([looked_by_other, turned])
    for _ in range(400):
        frames(app, 1, 0.05)
        if not scene.animator.busy:
            break
    assert not scene.animator.busy
    panel = scene.records.panel
    panel.add_events([looked_by_other, turned])
    frames(app, 1)
    text = " ".join(line.text for line in panel.lines()[-2:])
    assert "Chloé" in text and "Bruno" in text  # the look is public ...
    assert "Loup" not in text and "wolf" not in text  # ... the card only for Chloé (seat 2)
    assert "Lapin" in text  # everyone saw the rabbit before it turned
