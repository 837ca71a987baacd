"""Silver's log says which place of which village a move changed: an exchange (the card that
leaves, the card that comes in), a witch's or robber's swap, a card turned face up, a look at
your card; in French and English, for the player and for the others."""

from __future__ import annotations

import pytest

from game.log import LogWriter
from tests.silver_helpers import act, new_game, rules
from tests.test_silver_table_powers import VILLAGES

NAMES = ["Ana", "Bruno", "Chloé"]


def lines(events, viewer: int | None, lang: str = "en") -> list[str]:
    """The log's lines for one action, as the table's log panel tells them (game/log.py)."""
    return [line.text for line in LogWriter(rules(), lang, NAMES, viewer).lines(events)]


def test_an_exchange_names_the_place_left_and_filled() -> None:
    state = new_game(3, VILLAGES, "beholder", ["robber"])
    act(state, 0, "draw")
    events = act(state, 0, "exchange 3")
    assert "Ana discards a card from slot 3 of their village." not in lines(events, 1)
    public = lines(events, 1)
    assert any("slot 3" in t and "Empath" in t for t in public), public  # the card leaving, face up
    assert any("slot 3" in t and "puts" in t for t in public), public  # the new card, its place
    assert any("place 3" in t for t in lines(events, 1, "fr")), lines(events, 1, "fr")
    assert any("slot 3" in t and t.startswith("You") for t in lines(events, 0))


@pytest.mark.parametrize(("lang", "word"), [("en", "slot"), ("fr", "place")])
def test_a_robbers_and_a_witchs_swap_name_both_places(lang, word) -> None:
    state = new_game(3, VILLAGES, "beholder", ["robber"])
    act(state, 0, "draw")
    act(state, 0, "use")
    events = act(state, 0, "rob 5 1 4")
    told = [t for t in lines(events, 1, lang) if "(" in t]  # both places, as they stood before the swap
    assert len(told) == 2 and all(f"{word} 5" in t and f"{word} 4" in t for t in told), told

    state = new_game(3, VILLAGES, "beholder", ["witch", "doppelganger"])
    act(state, 0, "draw")
    act(state, 0, "use")
    events = act(state, 0, "swap 2 3")
    told = lines(events, 2, lang)  # the card that comes in and the one that leaves: the same place
    assert sum(f"{word} 3" in t for t in told) == 2, told
    assert not any(f"{word} 4" in t for t in told), told  # never the place as shifted mid-swap


def test_two_matching_cards_discarded_name_their_own_places() -> None:
    state = new_game(2, [["rascal", "empath", "rascal", "squire", "villager"], ["robber", "robber", "witch", "witch", "witch"]],
                     "villager", ["squire"])
    act(state, 0, "draw")
    told = lines(act(state, 0, "exchange 1 3"), 1)
    assert "Ana discards Rascal from slot 1 of their village." in told
    assert "Ana discards Rascal from slot 3 of their village." in told, told  # not slot 2, as the row closed up
    assert "Ana puts a card into slot 1 of their village." in told


def test_a_card_turned_face_up_names_its_place() -> None:
    state = new_game(3, VILLAGES, "beholder", ["revealer"])
    act(state, 0, "draw")
    act(state, 0, "use")
    events = act(state, 0, "turn 1 5")
    assert any("slot 5" in t for t in lines(events, 1)), lines(events, 1)


def test_the_tables_captions_name_the_places_as_the_row_stood(tmp_path, monkeypatch) -> None:
    from tests.silver_helpers import stacked
    from tests.table_helpers import settle
    from tests.test_silver_table_powers import PEEKS, table

    villages = [["rascal", "empath", "rascal", "squire", "villager"], VILLAGES[1], VILLAGES[2]]
    app, scene = table(tmp_path, monkeypatch, stacked(3, villages, "beholder", ["squire"]), [*PEEKS, (0, "draw")])
    told: list[str] = []
    real = scene.say
    monkeypatch.setattr(scene, "say", lambda text, error=False, **kw: (told.append(text), real(text, error, **kw)))
    scene.submit("exchange 1 3")
    settle(app, scene)
    assert "You discard Rascal from slot 3 of your village." in told, told
    assert "You discard Rascal from slot 2 of your village." not in told
