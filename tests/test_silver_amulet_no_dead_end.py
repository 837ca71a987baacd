"""Silver never leaves a seat without a legal move: the one-card village under the amulet (rules:
../shared/rules/silver_amulet.md, the one-card village decision) and random games with small
villages, where the amulet often protects a village's last cards."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from game.engine import registry
from game.engine.rng import Rng

SOURCE = Path(registry.__file__).resolve().parent.parent / "data" / "silver_amulet.yaml"


def _small_rules(tmp_path: Path, village: int):
    """Silver's own data with villages of `village` cards (a data file like the shipped one)."""
    data = yaml.safe_load(SOURCE.read_text(encoding="utf-8"))
    data["setup"]["village"] = village
    path = tmp_path / "silver_amulet.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return registry.load_file(path, "silver_amulet")


def _holder_with_one_card(tmp_path: Path):
    """Villages of one card: round 1, seat 0 (a villager) calls the count and is lowest, so it
    takes the amulet; round 2 begins with seat 0 (it lost the fewest points), holding it."""
    rules = _small_rules(tmp_path, 1)
    cards = list(rules.deck_ids)
    order = ["villager", "robber"]  # the villages, then the set-aside cards, the discard, the deck
    for card in order:
        cards.remove(card)
    deck = order + cards
    state = rules.new_state(2, seed=1, options={"start_seat": 0, "deck": [deck, deck]})
    for seat in (0, 1):
        act_on(state, seat, "peek 1")
    act_on(state, 0, "call count")
    act_on(state, 1, "draw")
    act_on(state, 1, "discard")
    for seat in (0, 1):
        act_on(state, seat, "peek 1")
    assert state.view(None)["round"] == 2 and state.amulet_holder == 0 and state.to_act() == [0]
    return state


def test_a_one_card_village_under_the_amulet_cannot_take_the_discard(tmp_path):
    state = _holder_with_one_card(tmp_path)
    assert {"amulet 1", "take discard"} <= set(legal_of(state, 0))
    act_on(state, 0, "amulet 1")
    # the taken card's exchange is compulsory and the only card is protected: no take
    assert legal_of(state, 0) == ["draw"]
    assert not state.is_legal(0, "take discard")
    for n in range(20):  # nor does the fast random move draw it
        state._legal_cache = state._checked = None
        assert str(state.sample_action(0, Rng(n))) == "draw"


def test_after_taking_the_discard_the_amulet_may_not_go_on_the_only_card(tmp_path):
    state = _holder_with_one_card(tmp_path)
    act_on(state, 0, "take discard")
    assert legal_of(state, 0) == ["exchange 1"]  # not "amulet 1": the taken card must go in
    state._legal_cache = None
    assert not state.is_legal(0, "amulet 1")
    for n in range(20):
        state._legal_cache = state._checked = None
        assert str(state.sample_action(0, Rng(n))) == "exchange 1"


def act_on(state, seat: int, text: str) -> None:
    state.apply(seat, state.rules.parse_action(state, seat, text))


def legal_of(state, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


@pytest.mark.parametrize("village", [1, 2, 3])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_small_villages_always_leave_a_legal_move(tmp_path, village, players):
    """Random matches (both the listed moves and the fast sampled ones): every seat the state
    says must act has a legal move until the match is over, and a sampled move is a listed one."""
    rules = _small_rules(tmp_path, village)
    amulet_placed = 0
    for seed in range(40 if village == 1 else 15):
        state = rules.new_state(players, seed=seed)
        rng = Rng(seed * 7 + 1)
        steps = 0
        while not state.is_over():
            seats = state.to_act()
            assert seats, f"seed {seed}: nobody to act, the match is not over"
            for seat in seats:
                texts = legal_of(state, seat)
                assert texts, f"seed {seed}, step {steps}: seat {seat} has no legal move ({state.step})"
            seat = seats[0]
            texts = legal_of(state, seat)
            # prefer the amulet when offered, so that it protects a small village's last card often
            amulets = [t for t in texts if t.startswith("amulet")]
            if amulets and rng.random() < 0.7:
                text = amulets[rng.randrange(len(amulets))]
                amulet_placed += 1
            elif steps % 2:
                text = texts[rng.randrange(len(texts))]
            else:
                state._legal_cache = None  # the fast path lists nothing
                text = str(state.sample_action(seat, rng))
                assert text in legal_of(state, seat), f"seed {seed}: sampled {text!r} is not legal"
            act_on(state, seat, text)
            steps += 1
            assert steps < 5000
    assert amulet_placed


def test_the_refusals_say_why_in_both_languages(tmp_path):
    state = _holder_with_one_card(tmp_path)
    act_on(state, 0, "amulet 1")
    assert state.explain_illegal(0, "take discard").key == "error.take_protected"
    state = _holder_with_one_card(tmp_path)
    act_on(state, 0, "take discard")
    assert state.explain_illegal(0, "amulet 1").key == "error.amulet_taken"
    text = registry.load("silver_amulet").data["text"]
    for lang in ("fr", "en"):
        assert text[lang]["error.take_protected"] and text[lang]["error.amulet_taken"]


@pytest.mark.parametrize(("lang", "words"), [("en", "only card of your village"), ("fr", "seule carte de votre village")])
def test_the_rules_screen_and_the_amulet_tooltip_state_the_one_card_village(lang, words):
    from scenes.rules_screen import rules_file

    rules_text = rules_file("silver_amulet", lang)
    rules_text = rules_text.read_text(encoding="utf-8") if isinstance(rules_text, Path) else str(rules_text)
    assert words in rules_text
    tooltip = registry.load("silver_amulet").data["text"][lang]["marker.amulet.rule"]
    assert words in tooltip
