"""Silver's log names who used a power and whose card it acted on, for every power that may act
on another seat's card, in both languages and for every reader: the player who used it, the
owner of the card, a third player and the public view ("Player 1 turns Empath face up" was
said when Player 2's revealer turned Player 1's card)."""

from __future__ import annotations

import re

import pytest

from game.engine.events import CardMoved, CardRevealed, CardSeen
from game.log import LogWriter
from tests.silver_helpers import act, new_game, rules

NAMES = ["Ana", "Bruno", "Chloé"]
VILLAGES = [["squire", "squire", "empath", "bodyguard", "rascal"], ["empath", "squire", "exposer", "bodyguard", "rascal"],
            ["rascal", "squire", "empath", "bodyguard", "empath"]]
# the power's card, its action (Bruno uses it on Ana's card in slot 3, an Empath)
POWERS = [("revealer", "turn 0 3"), ("apprentice_seer", "look 0 3"), ("seer", "look 0 3"), ("witch", "swap 0 3"),
          ("robber", "rob 2 0 3")]
YOU = {"en": r"\b([Yy]ou|[Yy]our|yours)\b", "fr": r"\b([Vv]ous|[Vv]otre|vôtre)\b"}


def power_lines(card: str, text: str, lang: str, reader: int | None, seat: int = 0) -> list[str]:
    state = new_game(3, VILLAGES, "villager", [card], start=1)  # Bruno starts and draws the power
    act(state, 1, "draw")
    act(state, 1, "use")
    writer = LogWriter(rules(), lang, NAMES, reader)
    on_seat = [e for e in act(state, 1, text)  # what the power did to `seat`'s village (Ana's)
               if (isinstance(e, CardMoved) and seat in (e.from_seat, e.to_seat)) or (isinstance(e, (CardRevealed, CardSeen)) and e.seat == seat)]
    return [line.text for line in writer.lines(on_seat)]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("card", "text"), POWERS)
def test_a_power_on_another_seats_card_names_its_user_and_the_cards_owner(card, text, lang) -> None:
    for reader in (None, 2):  # the public, and a third player: both names
        told = power_lines(card, text, lang, reader)
        assert told and all("Bruno" in line and "Ana" in line for line in told), (reader, told)
    told = power_lines(card, text, lang, 1)  # Bruno used it: "you", and Ana's name
    assert told and all("Ana" in line and re.search(YOU[lang], line) for line in told), told
    told = power_lines(card, text, lang, 0)  # Ana's card: Bruno's name and "your" card
    assert told and all("Bruno" in line and re.search(YOU[lang], line) for line in told), told
    assert all(line[:1].isupper() for r in (None, 0, 1, 2) for line in power_lines(card, text, lang, r))  # sentences


def test_the_revealer_line_reads_as_each_seat_sees_it() -> None:
    assert power_lines("revealer", "turn 0 3", "en", None) == ["Bruno turns Empath face up in Ana's village, slot 3."]
    assert power_lines("revealer", "turn 0 3", "en", 0) == ["Bruno turns Empath face up in your village, slot 3."]
    assert power_lines("revealer", "turn 0 3", "en", 1) == ["You turn Empath face up in Ana's village, slot 3."]
    assert power_lines("revealer", "turn 0 3", "fr", 2) == ["Bruno retourne Empathe face visible dans le village d'Ana, place 3."]
    own = power_lines("revealer", "turn 1 3", "en", 2, seat=1)  # on his own card: his village
    assert own[0] == "Bruno turns Exposer face up in their own village, slot 3."
