"""The engine's card table, zones with slots and arrays, determinize pools and the secrets API
(game/engine/cards.py), on a small table built here, plus the rule that no game writes knowledge."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

from game.engine import registry
from game.engine.events import (
    ALL_SEATS,
    CardConcealed,
    CardMoved,
    CardRevealed,
    CardSeen,
    event_to_dict,
    redact,
)
from game.engine.rng import Rng
from game.engine.rules import Rules
from game.engine.state import State
from game.engine.zones import BACK, EMPTY
from game.log import LogWriter
from tests.test_engine_core import line_of, problems_for, write_bad

ZONES: dict[str, dict[str, Any]] = {
    "hand": {"per_seat": True, "visible_to": "owner", "face": "down", "pool": "card_owner"},
    "row": {"per_seat": True, "visible_to": "none", "face": "down", "pool": "owner", "slots": True},
    "under": {"per_seat": False, "visible_to": "none", "face": "down", "pool": "zone", "count": 3},
    "deck": {"per_seat": False, "visible_to": "none", "face": "down", "pool": "shared"},
    "open": {"per_seat": False, "visible_to": "all", "face": "up", "pool": "owner"},
}


class TinyState(State):
    def to_act(self) -> list[int]:
        return []

    def is_over(self) -> bool:
        return False

    def scores(self) -> list[int]:
        return [0] * self.num_players


class TinyRules(Rules):
    """Three seats; each owns four numbered cards dealt to its hand; a deck of six."""

    state_class = TinyState

    def __init__(self) -> None:
        data = {
            "version": 1, "players": {"min": 3, "max": 3}, "zones": ZONES, "options": {},
            "text": {"en": {}, "fr": {}}, "name": {"en": "Tiny", "fr": "Mini"},
        }
        super().__init__("tiny", data, Path("tiny.yaml"), registry.common_text())
        self.card_attrs = {f"c{v}": {"value": v} for v in range(1, 5)}
        self.card_attrs["d"] = {"colour": "black"}

    def setup(self, state: State) -> None:
        for seat in range(state.num_players):
            for v in range(1, 5):
                state.add_card(f"c{v}", state.zone_index(seat, "hand"), owner=seat)
        for i in range(6):
            state.add_card("d", state.zone_index(None, "deck"), attrs={"number": i} if i == 0 else None)


@pytest.fixture
def state() -> State:
    return TinyRules().new_state(3, seed=1)


def uid_in(state: State, seat: int | None, zone: str, i: int = 0, pos: int | None = None) -> int:
    return state.zone(seat, zone, pos)[i]


# ------------------------------------------------------------------ the card table
def test_card_table_holds_id_owner_attributes_face_and_knowledge(state):
    uid = uid_in(state, 1, "hand", 2)
    card = state.cards[uid]
    assert (card.id, card.owner, dict(card.attrs), card.up, card.known) == ("c3", 1, {"value": 3}, False, 0)
    assert card.zone == state.zone_index(1, "hand")
    first_deck = uid_in(state, None, "deck")
    assert dict(state.cards.attrs[first_deck]) == {"colour": "black", "number": 0}  # per-copy attribute added
    assert state.cards.attrs[uid] is state.rules.card_attrs["c3"]  # shared with the rules, not copied
    values = state.cards.column("value", 0)
    assert [values[u] for u in state.zone(0, "hand")] == [1, 2, 3, 4]
    assert values[first_deck] == 0


def test_clone_shares_static_parts_and_copies_the_rest(state):
    twin = state.clone()
    assert twin.cards.ids is state.cards.ids and twin.cards.attrs is state.cards.attrs
    assert twin.cards.owner is state.cards.owner
    twin.reveal(uid_in(twin, 0, "hand"))
    twin.move(uid_in(twin, 1, "hand"), twin.zone_index(None, "open"))
    assert state.cards.known[uid_in(state, 0, "hand")] == 0
    assert len(state.zone(1, "hand")) == 4 and state.zone(None, "open") == []
    with pytest.raises(TypeError):
        state.cards.ids[0] = "x"  # frozen after setup: shared safely
    deep = copy.deepcopy(state)  # main.py bench compares clone() with deepcopy
    assert deep.view(0) == state.view(0)


def test_reserved_attribute_names_are_refused():
    rules = TinyRules()
    state = rules.state_class(rules, 3, 0, {})
    with pytest.raises(ValueError, match="reserved"):
        state.add_card("c1", state.zone_index(0, "hand"), attrs={"owner": 2})


# ----------------------------------------------------------------- slots and arrays
def test_a_slotted_zone_keeps_places_and_empty_slots(state):
    row = state.zone_index(0, "row")
    a, b, c = state.zone(0, "hand")[:3]
    assert state.move(a, row).to_slot == 0
    assert state.move(b, row, slot=3).to_slot == 3
    assert state.zone(0, "row") == [a, EMPTY, EMPTY, b]
    assert state.move(c, row).to_slot == 1  # the first empty slot
    event = state.move(a, state.zone_index(0, "hand"))
    assert (event.from_slot, event.to_slot) == (0, None)
    assert state.zone(0, "row") == [EMPTY, c, EMPTY, b]  # the others keep their place
    with pytest.raises(ValueError, match="taken"):
        state.move(a, row, slot=1)
    assert state.cards.zone[a] == state.zone_index(0, "hand") and a in state.zone(0, "hand")  # unchanged
    assert state.view(1)["zones"]["row"][0] == [None, BACK, None, BACK]
    assert state.view(0)["zones"]["row"][0] == [None, "c3", None, "c2"]  # seat 0 saw them leave its hand
    assert state.view(1)["cards"]["row"][0][0] is None
    for seat in range(3):  # the bots' observation reads the zones by the same rule as the view
        assert state.seen_zones(seat) == tuple(tuple(state.seen_ids(seat, i)) for i in range(len(state.zones)))


def test_a_zone_array_is_several_zones_of_one_name(state):
    uid = uid_in(state, None, "deck")
    event = state.move(uid, state.zone_index(None, "under", 2))
    assert (event.to_zone, event.to_pos, event.from_pos) == ("under", 2, None)
    assert state.view(None)["zones"]["under"] == [[], [], [BACK]]
    back = state.move(uid, state.zone_index(None, "under", 0))
    assert (back.from_pos, back.to_pos) == (2, 0)
    with pytest.raises(KeyError):
        state.zone_index(None, "under")  # an array needs its position


# ------------------------------------------------------------------- determinize pools
def test_determinize_keeps_the_view_with_slots_and_card_owner_pools(state):
    row = state.zone_index(2, "row")
    first, second = state.zone(2, "hand")[:2]
    state.move(first, row, slot=1)
    state.move(second, row, slot=4)
    stray = state.zone(2, "hand")[0]
    state.move(stray, state.zone_index(1, "hand"))  # seat 1 now holds a card of seat 2
    owners = [[state.cards.owner[u] for u in state.zone(s, "hand")] for s in (1, 2)]
    assert owners == [[1, 1, 1, 1, 2], [2]]
    for seed in range(20):
        guess = state.determinize(0, Rng(seed))
        assert guess.view(0) == state.view(0)  # owners are public: the pool must keep them
        assert [[guess.cards.owner[u] for u in guess.zone(s, "hand")] for s in (1, 2)] == owners
        assert [u == EMPTY for u in guess.zone(2, "row")] == [True, False, True, True, False]
        assert all(guess.cards.zone[u] == i for i, z in enumerate(guess.zones) for u in z if u >= 0)
    assert len({tuple(state.determinize(0, Rng(seed)).zone(1, "hand")) for seed in range(20)}) > 1


def test_zone_pool_exchanges_cards_only_within_the_zone(state):
    deck = state.zone(None, "deck")[:]
    for i, uid in enumerate(deck[:4]):
        state.move(uid, state.zone_index(None, "under", i % 2))
    before = [sorted(state.zone(None, "under", p)) for p in range(3)]
    for seed in range(10):
        guess = state.determinize(1, Rng(seed))
        assert [sorted(guess.zone(None, "under", p)) for p in range(3)] == before


# ---------------------------------------------------------------------- secrets API
def test_reveal_shows_a_card_to_everyone(state):
    uid = uid_in(state, 1, "hand")
    assert not state.sees(0, uid) and state.sees(1, uid)
    event = state.reveal(uid)
    assert event == CardRevealed("c1", 1, "hand", ALL_SEATS, info=(("owner", 1), ("value", 1)))
    assert state.sees(None, uid) and state.sees(0, uid) and state.cards.up[uid]
    assert redact(event, 2).card == "c1"


def test_a_card_event_carries_its_attributes_only_to_who_sees_its_id(state):
    uid = uid_in(state, 1, "hand")
    event = state.move(uid, state.zone_index(None, "deck"))
    assert event.info == (("owner", 1), ("value", 1))  # what the table animates (a bait's value)
    assert redact(event, 1).info == event.info
    assert redact(event, 0).card is None and redact(event, 0).info == ()


def test_peek_tells_only_the_looking_seat(state):
    uid = uid_in(state, None, "deck")
    event = state.peek(uid, 2)
    assert isinstance(event, CardSeen) and (event.viewer, event.seat, event.zone) == (2, None, "deck")
    assert state.sees(2, uid) and not state.sees(0, uid) and not state.sees(None, uid)
    assert redact(event, 2).card == "d"
    assert redact(event, 0).card is None and redact(event, None).card is None
    assert event_to_dict(redact(event, 1))["kind"] == "card_seen"
    assert state.view(2)["zones"]["deck"][0] == "d" and state.view(0)["zones"]["deck"][0] == BACK
    names = ["Ann", "Bob", "Cy"]
    rules = state.rules
    assert LogWriter(rules, "en", names, 2).line(event).text == "Cy looks at d (deck)."
    assert LogWriter(rules, "en", names, 0).line(event).text == "Cy looks at a card (deck)."
    assert "une carte" in LogWriter(rules, "fr", names, 0).line(event).text
    assert "Cy" in LogWriter(rules, "fr", names, 1).line(event).text


def test_conceal_turns_a_face_up_card_down_and_forgets(state):
    uid = uid_in(state, 0, "hand")
    state.reveal(uid)
    events = state.conceal(uid)
    assert len(events) == 1 and isinstance(events[0], CardConcealed) and events[0].card == "c1"
    assert not state.cards.up[uid] and not state.sees(1, uid) and state.sees(0, uid)
    assert state.conceal(uid) == []  # already face down: only memories go, nothing to show
    state.deduce([uid])
    assert state.sees(1, uid) and not state.cards.up[uid]
    assert state.conceal(uid) == [] and not state.sees(1, uid)
    assert "face down" in LogWriter(state.rules, "en", ["A", "B", "C"], 1).line(events[0]).text


def test_forget_is_conceal_for_face_down_cards_and_refuses_a_face_up_one(state):
    hand = state.zone(0, "hand")[:2]
    state.deduce(hand)  # a hand the others could track
    twin = state.clone()
    state.forget(hand)
    assert all(twin.conceal(u) == [] for u in hand)
    assert state.cards.known == twin.cards.known and state.cards.up == twin.cards.up
    assert state.sees(0, hand[0]) and not state.sees(1, hand[0])
    state.reveal(hand[1])
    with pytest.raises(ValueError):
        state.forget(hand)


def test_shuffle_draws_as_next64_does():
    inlined, stepwise = Rng(42), Rng(42)
    items = list(range(30))
    inlined.shuffle(items)
    expected = list(range(30))
    for i in range(len(expected) - 1, 0, -1):  # Fisher-Yates on the generator's own draws
        j = (stepwise.next64() * (i + 1)) >> 64
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and inlined.state == stepwise.state


def test_random_and_randrange_draw_as_next64_does():
    inlined, stepwise = Rng(7), Rng(7)
    for n in (1, 2, 6, 38, 1 << 40):
        for _ in range(20):
            assert inlined.randrange(n) == (stepwise.next64() * n) >> 64
            assert inlined.random() == (stepwise.next64() >> 11) * (1.0 / 9007199254740992.0)
    assert inlined.state == stepwise.state


def test_move_faces_decide_who_knows_the_card_afterwards(state):
    uid = uid_in(state, 0, "hand")
    kept = state.move(uid, state.zone_index(None, "deck"))
    assert isinstance(kept, CardMoved) and kept.visible == 1  # seat 0 saw it leave its hand
    assert state.sees(0, uid) and not state.sees(1, uid)  # and still knows it in the deck
    hidden = state.move(uid, state.zone_index(1, "hand"), face="down")
    assert hidden.visible == 0b10  # only who sees one of the zones; seat 0 loses track
    assert state.sees(1, uid) and not state.sees(0, uid)
    shown = state.move(uid, state.zone_index(None, "deck"), face="up")
    assert shown.visible == ALL_SEATS and state.sees(2, uid) and state.cards.up[uid]
    many = state.move_many(state.zone(2, "hand")[2:], state.zone_index(None, "open"), reason="show")
    assert [e.card for e in many] == ["c3", "c4"] and all(e.visible == ALL_SEATS for e in many)
    assert [state.cards.zone[u] for u in state.zone(None, "open")] == [state.zone_index(None, "open")] * 2


def test_view_cards_give_face_owner_and_attributes_of_seen_cards_only(state):
    state.move(uid_in(state, 1, "hand"), state.zone_index(None, "open"))
    view = state.view(0)
    assert view["cards"]["open"] == [{"face": "up", "owner": 1, "value": 1}]
    assert view["cards"]["hand"][1][0] == {"face": "down", "owner": 1}  # attributes hidden
    assert view["cards"]["hand"][0][0] == {"face": "down", "owner": 0, "value": 1}


# ------------------------------------------------------------------------ validation
def test_new_zone_keys_are_validated_with_their_line(tmp_path):
    path = write_bad(tmp_path, "pool: owner}\n  play:", "pool: card_ownr, slots: maybe}\n  play:")
    problems = problems_for(path)
    line = line_of(path, "card_ownr")
    assert any(f":{line}:" in p and "did you mean 'card_owner'" in p for p in problems)
    assert any(f":{line}:" in p and "slots" in p and "true or false" in p for p in problems)
    path = write_bad(tmp_path, "easy_prey:   {per_seat: true, visible_to: all", "easy_prey:   {per_seat: true, count: 0, visible_to: all")
    line = line_of(path, "count: 0")
    assert any(f":{line}:" in p and "count" in p for p in problems_for(path))
    path = write_bad(tmp_path, "easy_prey:   {per_seat: true, visible_to: all", "easy_prey:   {per_seat: true, visible_to: owner")
    line = line_of(path, "easy_prey:")
    assert [p for p in problems_for(path) if f":{line}:" in p and "face up but visible_to owner" in p]
    ok = write_bad(tmp_path, "pool: owner}\n  play:", "pool: card_owner, slots: true}\n  play:")
    assert problems_for(ok) == []


# -------------------------------------------------------------- knowledge in one place
# A knowledge mask written (state.known = ..., known[u] |= ...), the card table's per-state lists
# touched, or the old move(..., known=...) form.
WRITES = re.compile(r"\.known\b\s*(\[[^\]]*\])?\s*[|&]?=(?!=)|\bknown\[[^\]]*\]\s*[|&]?=(?!=)|\.cards\.(known|up|zone)\b|\bknown=")


def test_no_game_module_writes_knowledge_itself():
    root = Path(__file__).resolve().parents[1] / "game"
    offenders = []
    for path in sorted((root / "games").rglob("*.py")) + [root / "records.py", root / "log.py", root / "ai" / "ismcts.py"]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if WRITES.search(line):
                offenders.append(f"{path.relative_to(root.parent)}:{number}: {line.strip()}")
    assert offenders == [], "games must use reveal/peek/conceal/move/deduce:\n" + "\n".join(offenders)
    assert WRITES.search("self.known[uid] = ALL_SEATS") and WRITES.search("known[u] |= bit")
    assert WRITES.search("self.known = [0] * n") and not WRITES.search("known = rules.by_text.get(text)")


def test_deal_places_cards_silently_and_nobody_remembers_them(state):
    hand = state.zone(0, "hand")[:]
    state.reveal(hand[0])
    deck = state.zone_index(None, "deck")
    order = [hand[2], hand[0], state.zone(None, "deck")[0]]
    state.deal(order, deck)
    assert state.zone(None, "deck")[-3:] == order and len(state.zone(None, "deck")) == 8
    assert state.zone(0, "hand") == [hand[1], hand[3]]
    assert not any(state.sees(s, hand[0]) for s in range(3)) and not state.cards.up[hand[0]]
    assert all(state.cards.zone[u] == deck for u in order)


# ------------------------------------------------------- moves without events (bots' copies)
def table_state(state: State) -> tuple:
    cards = state.cards
    return [z[:] for z in state.zones], cards.known[:], cards.up[:], cards.zone[:]


@pytest.mark.parametrize("face", [None, "up", "down"])
def test_relocate_and_relocate_many_change_what_move_and_move_many_do(state, face):
    loud, quiet = state.clone(), state.clone()
    loud.peek(uid_in(loud, 1, "hand", 1), 0)
    quiet.peek(uid_in(quiet, 1, "hand", 1), 0)
    steps = [
        (uid_in(state, 1, "hand", 1), state.zone_index(None, "open"), None),  # a card seen by seat 0
        (uid_in(state, 2, "hand", 0), state.zone_index(2, "row"), 3),  # into a slotted zone
        (uid_in(state, None, "deck", 5), state.zone_index(None, "under", 1), None),
    ]
    for uid, zone, slot in steps:
        loud.move(uid, zone, slot, face)
        quiet.relocate(uid, zone, slot, face)
        assert table_state(quiet) == table_state(loud)
    for uids, zone in (
        (state.zone(0, "hand")[:], state.zone_index(None, "open")),  # a whole zone
        (state.zone(None, "deck")[-2:], state.zone_index(1, "hand")),  # the top of one
        (state.zone(None, "deck")[:2], state.zone_index(None, "under", 0)),  # from its middle
        ([uid_in(state, 1, "hand", 0), state.zone(None, "deck")[2]], state.zone_index(None, "open")),  # two zones
    ):
        loud.move_many(uids, zone, face)
        quiet.relocate_many(uids, zone, face)
        assert table_state(quiet) == table_state(loud)
    assert quiet.view(0) == loud.view(0) and quiet.view(None) == loud.view(None)
