"""The table's small seams: a caption is a sentence even when a hidden card starts it; whose
hand a card returns to; a caption switches language with the player; a zone tells what it
holds in the game's words and what the player's unsent choice put on it; players who share a
name are never merged into one line; copies of a card revealed together are one sentence."""

from __future__ import annotations

from game.engine import registry
from game.engine.events import CardMoved, CardRevealed
from game.log import LogWriter, display_text
from tests.table_helpers import frames
from tests.test_table_text_size import decision_table


def test_a_caption_starting_with_a_hidden_card_starts_with_a_capital(tmp_path, monkeypatch) -> None:
    """'a card goes from Bastien's village…'"""
    app, scene = decision_table(tmp_path, monkeypatch, "silver_amulet", lang="en", text=1.0)
    witch_out = CardMoved(None, 1, "village", None, "deck", reason="witch_out", actor=2, from_slot=1)
    caption = scene.caption_of(witch_out)
    assert caption.startswith("A card goes from Bruno's village") and "Chloé's witch" in caption


def test_a_card_returns_to_its_players_hand() -> None:
    """'Bastien's Wolf … returns to the hand' (whose hand?)."""
    rules = registry.load("jagdfieber")
    back = CardMoved("wolf", 1, "play", 1, "hand", reason="misses", actor=1)
    assert LogWriter(rules, "en", ["Ann", "Bob", "Cy"], 0).line(back).text == "Bob's Wolf finds nothing and returns to their hand."


def test_the_captions_switch_language_with_the_player(tmp_path, monkeypatch) -> None:
    """'Bastien bets a fish.' stayed English after switching to French."""
    app, scene = decision_table(tmp_path, monkeypatch, "fish_fish", lang="en", text=1.0)
    bet = CardMoved("fish", 1, "fish", 1, "bet", reason="bet", actor=1)
    scene.animator.push([bet])
    frames(app, 2, 0.02)
    assert any(text == "Bruno bets a fish." for text, _, _ in scene.captions)
    app.set_language("fr")
    texts = [text for text, _, _ in scene.captions]
    assert "Bruno bets a fish." not in texts and any(t.startswith("Bruno mise") for t in texts), texts


def test_a_zone_says_what_it_holds_and_what_your_unsent_bid_put_on_it(tmp_path, monkeypatch) -> None:
    """Fish Fish's fish and bets were '0 cards' while the player's bet lay there unsent."""
    app, scene = decision_table(tmp_path, monkeypatch, "fish_fish", lang="en", text=1.0)
    ctx = scene.ctx()
    fish = next(r for r in scene.placements.regions.values() if r.zone == "fish")  # a fish player's school
    held = len(scene.view["zones"]["fish"][fish.seat])
    lines = scene.layout.tooltip(ctx, fish, None)
    assert f"{held} fish" in lines and not any("cards" in line for line in lines), lines
    comp = scene.composer.composer
    if comp is not None and any(getattr(s, "source", "") == "fish" for s in comp.steps()):
        scene.composer.set_count(ctx, 1)
        bet = scene.placements.zone("bet", 0)
        assert app.tr("table.tip_staged", count=1) in scene.layout.tooltip(scene.ctx(), bet, None)


def test_two_players_of_one_name_are_never_merged_into_one_line() -> None:
    rules = registry.load("jagdfieber")
    same = ["Player 1", "Player 1", "Player 1"]
    chosen = [CardMoved(None, s, "hand", s, "play", -1, "choose", s) for s in range(3)]
    lines = LogWriter(rules, "en", same, None).lines(chosen)
    assert [display_text(x) for x in lines] == ["Player 1 chooses a card."] * 3  # never "(×3)"
    alone = LogWriter(rules, "en", ["Ann", "Bob", "Cy"], None).lines([chosen[0]] * 3)
    assert [display_text(x) for x in alone] == ["Ann chooses 3 cards."]  # one player's: counted


def test_one_players_hunt_cards_shown_together_are_one_sentence() -> None:
    """'shows Hunt 0 and Hunt 1.' then 'shows Hunt 1.'"""
    rules = registry.load("kill_the_unicorns")
    writer = LogWriter(rules, "en", ["Ann", "Bob", "Cy"], 0)
    shown = [CardMoved(card, 1, "bid", 1, "played", reason="played", actor=1) for card in ("hunt_0", "hunt_1", "hunt_1")]
    lines = writer.lines(shown)
    assert [x.text for x in lines] == ["Bob shows Hunt 0, Hunt 1 and Hunt 1."]
    revealed = [CardRevealed(card, 1, "bid") for card in ("hunt_2", "hunt_2")]
    assert [x.text for x in writer.lines(revealed)] == ["Bob reveals Hunt 2 and Hunt 2."]
