"""Wolf & Hound: options, refused actions with their reasons, texts, data validation, best of 5."""

from __future__ import annotations

import re
import shutil

import pytest

from game.engine import registry
from game.engine.errors import IllegalAction, OptionError
from game.engine.events import CardMoved, MarkerChanged, Note
from game.engine.rng import Rng
from game.engine.schema import DataError
from game.resources import data_path
from tests.test_wolf_and_hound_rulebook import RULES, new_game, stacked_deck


# ------------------------------------------------------------------------------ options
def test_defaults_first_game_setup():
    state = RULES.new_state(4, seed=2)
    assert state.animal_ids == ("wolf_01", "hound_01")
    assert state.sheep == [3, 3, 3, 3]
    assert state.view(None)["animals"] == [
        {"id": "wolf_01", "seat": 0, "side": "front", "kind": "wolf"},
        {"id": "hound_01", "seat": 0, "side": "front", "kind": "hound"},
    ]
    assert state.view(0)["hand_sizes"] == [4, 4, 4, 4] and state.view(0)["deck_size"] == 16


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"animals": ["wolf_7"]}, "unknown entry 'wolf_7'; did you mean 'wolf_0"),
        ({"animals": ["wolf_01", "wolf_01"]}, "twice"),
        ({"animals": []}, "at least one"),
        ({"sheep": [3, 3, 3]}, "4 whole numbers"),
        ({"sheep": [3, 0, 3, 3]}, "from 1 to 9"),
        ({"start_seat": 1}, "start_seat"),
        ({"best_of": 3}, "best_of"),
        ({"deck": ["black 3"] * 32}, "missing: black 1 x4"),
        ({"deck": ["blak 3"]}, "did you mean 'black 3'"),
        ({"deck": stacked_deck()[:-1]}, "missing: white 4 x1"),
        ({"deck": stacked_deck(), "meat_and_bone": True}, "Meat & Bone deck"),
        ({"colour": 1}, "no option 'colour'"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(options, message):
    with pytest.raises(OptionError, match=re.escape(message)):
        RULES.new_state(4, seed=1, options=options)


def test_sheep_option_overrides_the_tables_and_caps_the_hounds():
    state = RULES.new_state(3, seed=1, options={"sheep": [5, 1, 2, 3], "animals": ["wolf_01", "wolf_02", "hound_01"]})
    assert state.sheep == [5, 1, 2, 3] and state.start_sheep == [5, 1, 2, 3]


def test_stacked_deck_deals_four_per_seat_in_seat_order_and_keeps_the_rest_top_first():
    deck = stacked_deck((("white 4",) * 4, ("black 4",) * 3, (), ()), draw=("black 2", "white 1"))
    state = RULES.new_state(4, seed=1, options={"deck": deck})
    ids = state.card_ids
    assert [ids[u] for u in state.zones[state.hand[0]]] == ["white 4"] * 4
    assert [ids[u] for u in state.zones[state.hand[1]]][:3] == ["black 4"] * 3
    assert [ids[u] for u in state.zones[state.deck]][:2] == ["black 2", "white 1"]


# ------------------------------------------------------------------------------ refused actions
def test_refused_actions_say_why_and_leave_the_state_unchanged():
    state = new_game(hands=(("white 1", "white 2", "white 3", "white 4"), (), (), ()))
    before = state.view(None)
    cases = [
        (1, "play black 1", "error.not_your_turn"),
        (0, "play purple 3", "error.no_such_card"),
        (0, "play black 3", "error.not_in_hand"),
        (0, "skip", "error.cannot_skip"),
        (0, "ghost keep", "error.no_ghost_decision"),
        (0, "dance", "error.expected_play"),
    ]
    for seat, text, key in cases:
        with pytest.raises(IllegalAction) as err:
            RULES.parse_action(state, seat, text)
        assert err.value.key == key, text
        assert RULES.has_text(key)
    assert state.view(None) == before


def test_an_illegal_action_object_is_refused_by_apply():
    state = new_game(hands=(("white 1",) * 4, (), (), ()))
    with pytest.raises(IllegalAction):
        state.apply(0, RULES.plays["black 4"])
    assert len(state.zones[state.hand[0]]) == 4


def test_after_the_game_every_action_is_refused():
    state = new_game()
    state.final_round = True
    from tests.test_wolf_and_hound_rulebook import begin_turn

    begin_turn(state, 0, pos={"wolf_01": 1, "hound_01": 1})
    with pytest.raises(IllegalAction) as err:
        RULES.parse_action(state, 0, "play black 1")
    assert err.value.key == "error.game_over"


# ------------------------------------------------------------------------------ best of 5
def test_best_of_five_plays_games_until_a_team_has_three_wins():
    rng = Rng(11)
    for seed in range(6):
        state = RULES.new_state(4, seed=seed, options={"best_of": 5})
        games = 0
        while not state.is_over():
            (seat,) = state.to_act()
            legal = state.legal_actions(seat)
            events = state.apply(seat, legal[rng.randrange(len(legal))])
            games += sum(1 for e in events if isinstance(e, Note) and e.key.startswith("game_won_"))
        view = state.view(None)
        assert 3 <= games == len(view["score_sheet"]) <= 5
        assert max(view["wins"].values()) == 3 and min(view["wins"].values()) < 3
        assert sorted(state.card_ids) == sorted(state.card_ids[u] for z in state.zones for u in z)
        winners = state.winners()
        assert winners in ([0, 2], [1, 3])
        assert all(state.scores()[s] == 3 for s in winners)
        assert view["tiebreak"] == ""


# ------------------------------------------------------------------------------ texts
def test_every_event_option_preset_and_card_has_texts_in_both_languages():
    rng = Rng(4)
    keys = set()
    ids = list(RULES.animal_order)
    for seed in range(40):
        animals = sorted({ids[rng.randrange(len(ids))] for _ in range(4)})
        state = RULES.new_state(2 + seed % 3, seed=seed, options={"animals": animals, "meat_and_bone": seed % 2 == 0})
        while not state.is_over():
            (seat,) = state.to_act()
            legal = state.legal_actions(seat)
            for e in state.apply(seat, legal[rng.randrange(len(legal))]):
                if isinstance(e, CardMoved):
                    keys.add(f"move.{e.reason}")
                elif isinstance(e, Note):
                    keys.add(f"note.{e.key}")
                elif isinstance(e, MarkerChanged):
                    keys.add(f"marker.{e.marker}.{e.value['reason']}")
    assert {"move.play", "move.draw", "note.final_round", "marker.animal.play", "marker.sheep.lost"} <= keys
    keys |= {f"option.{name}" for name in RULES.option_decls}
    keys |= {f"preset.{p['id']}" for p in RULES.data["presets"]}
    keys |= {f"card.{c}" for c in RULES.card_order}
    keys |= {f"animal.{a}" for a in RULES.animal_order} | {f"animal.{a}.desc" for a in RULES.animal_order}
    keys |= {"rules.summary", "sheet.row", "score.win", "tiebreak.nearest_zero", "tiebreak.equal_sheep"}
    texts = RULES.data["text"]
    missing = sorted(k for k in keys if k not in texts["en"] or k not in texts["fr"])
    assert missing == []


# ------------------------------------------------------------------------------ data validation
def broken_copy(tmp_path, old: str, new: str):
    source = data_path("wolf_and_hound.yaml")
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "wolf_and_hound.yaml"
    shutil.copy(source, path)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    return path, line


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("half_steps: {}, lose_sheep", "halve_steps: {}, lose_sheep", "unknown effect primitive 'halve_steps' (expected one of: moved_by,"),
        ("half_steps: {}, lose_sheep", "halve_steps: {}, lose_sheep", "; did you mean 'half_steps'?)"),
        ("add_steps: {add: 1}", "add_steps: {ad: 1}", "unknown parameter 'ad' for effect 'add_steps' (expected: add; did you mean 'add'?)"),
        ("target: {who: left}", "target: {who: lfet}", "did you mean 'left'?"),
        ("add_steps: {add: 1}", "add_steps: {add: one}", "parameter 'add' of effect 'add_steps' is 'one' (expected a whole number)"),
        ("forbid_value: {value: 3}", "forbid_value: {}", "effect 'forbid_value' has no 'value'"),
        ("kind: sheep, effects", "kind: shep, effects", "kind is 'shep' (expected one of: sheep, wolf, hound; did you mean 'sheep'?)"),
    ],
)
def test_an_animal_card_with_a_bad_primitive_is_reported_at_its_line(tmp_path, old, new, message):
    path, line = broken_copy(tmp_path, old, new)
    with pytest.raises(DataError) as err:
        registry.load_file(path)
    problems = [str(p) for p in err.value.problems]
    assert any(p.startswith(f"{path}:{line}:") and message in p for p in problems), problems


def test_a_new_animal_card_from_existing_primitives_needs_no_python(tmp_path):
    card = (
        "  wolf_07:\n    group: wolf\n    wolf_card: true\n"
        "    front: {kind: wolf, effects: [moved_by: {colors: [white]}, times_steps: {factor: 2}, target: {who: opposite}, lose_sheep: {amount: 2}]}\n"
    )
    path, _ = broken_copy(tmp_path, "  wolf_02:  #", card + "  wolf_02:  #")
    text = path.read_text(encoding="utf-8").replace("      - wolf_01\n", "      - wolf_01\n      - wolf_07\n", 1)
    text = text.replace('    animal.wolf_01: "Wolf 01"\n', '    animal.wolf_01: "Wolf 01"\n    animal.wolf_07: "Wolf 07"\n    animal.wolf_07.desc: "Test"\n')
    text = text.replace('    animal.wolf_01: "Loup 01"\n', '    animal.wolf_01: "Loup 01"\n    animal.wolf_07: "Loup 07"\n    animal.wolf_07.desc: "Test"\n')
    path.write_text(text, encoding="utf-8")
    rules = registry.load_file(path)
    state = rules.new_state(4, seed=1, options={"animals": ["wolf_07", "hound_01"], "deck": stacked_deck((("white 1",), (), (), ()))})
    state.apply(0, rules.plays["white 1"])  # 2 steps clockwise
    assert state.pos[state.animal_ids.index("wolf_07")] == 2


def _game_deck(**options) -> list[str]:
    return RULES.game_deck(RULES.check_options(options, 4), 4)


def test_a_stacked_deck_deals_hands_from_the_top():
    deck = sorted(_game_deck())
    state = RULES.new_state(4, seed=5, options={"deck": deck})
    size = RULES.hand_size
    for seat in range(4):
        assert sorted(state.view(seat)["zones"]["hand"][seat]) == sorted(deck[seat * size:(seat + 1) * size])


def test_meat_and_bone_stacks_its_own_deck():
    with pytest.raises(OptionError, match="Meat & Bone deck"):
        RULES.check_options({"deck": _game_deck(), "meat_and_bone": True}, 4)
