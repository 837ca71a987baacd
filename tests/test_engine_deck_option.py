"""The `deck` option every game understands: the deck's card texts, top first, instead of a
shuffle (a lesson's prepared deal, a test's stacked deck), refused unless it is exactly the
game's deck. A game whose deal shuffles nothing (Jagdfieber's equal hands, Fish Fish's fisher
cards) takes an empty list and refuses any card."""

from __future__ import annotations

import pytest

from game.engine import registry
from game.engine.errors import OptionError
from game.engine.rules import deck_word, stacked_deck

SHIPPED_PLAYERS = {"wolf_and_hound": 4}  # its 4-player deal has no ghost; three players elsewhere


def players(game_id: str) -> int:
    rules = registry.load(game_id)
    return max(rules.min_players, min(rules.max_players, SHIPPED_PLAYERS.get(game_id, 3)))


def game_deck(game_id: str) -> list[str]:
    rules = registry.load(game_id)
    n = players(game_id)
    return rules.game_deck(rules.check_options({}, n), n)


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_every_game_declares_the_deck_option(game_id):
    decl = registry.load(game_id).option_decls["deck"]
    assert decl["type"] == "list" and decl["default"] is None


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_a_stacked_deck_deals_the_same_whatever_the_seed(game_id):
    """The seed decides nothing the stacked deck decides: two seeds, one deal."""
    rules = registry.load(game_id)
    deck = list(reversed(game_deck(game_id)))
    options = {"deck": deck, "start_seat": 0}
    if game_id == "kill_the_unicorns":  # its other shuffled parts have their own options
        options["characters"] = ["princess", "knight", "huntress"]
    one = rules.new_state(players(game_id), seed=1, options=options)
    two = rules.new_state(players(game_id), seed=2, options=options)
    public_zones = ("village", "discard", "line", "hand", "played", "deck")
    for zone in public_zones:
        if zone in one.view(None)["zones"]:
            assert one.view(0)["zones"][zone] == two.view(0)["zones"][zone], zone


def test_silver_deals_the_deck_top_first():
    """Villages seat by seat, each left to right, from the top; then the set-aside cards and
    the first discard (3 players: 5 set aside)."""
    rules = registry.load("silver_amulet")
    deck = sorted(game_deck("silver_amulet"), key=lambda c: (rules.value[c], c))
    state = rules.new_state(3, seed=9, options={"deck": deck, "start_seat": 0})
    view = state.view(None)
    ids = state.card_ids
    for seat in range(3):
        village = [ids[u] for u in state.zones[state.z_village[seat]]]
        assert village == deck[seat * 5:seat * 5 + 5]
    assert view["discard"] == [deck[15 + 5]]


def test_silver_takes_one_deck_per_round():
    rules = registry.load("silver_amulet")
    deck = game_deck("silver_amulet")
    checked = rules.check_options({"deck": [deck, list(reversed(deck))]}, 3)["deck"]
    assert checked == [deck, list(reversed(deck))]
    with pytest.raises(OptionError, match="at most one per round"):
        rules.check_options({"deck": [deck] * 5}, 3)


def test_wolf_and_hound_deals_hands_from_the_top():
    rules = registry.load("wolf_and_hound")
    deck = sorted(game_deck("wolf_and_hound"))
    state = rules.new_state(4, seed=5, options={"deck": deck})
    size = rules.hand_size
    for seat in range(4):
        assert sorted(state.view(seat)["zones"]["hand"][seat]) == sorted(deck[seat * size:(seat + 1) * size])


def test_wolf_and_hound_meat_and_bone_has_its_own_deck():
    rules = registry.load("wolf_and_hound")
    base = game_deck("wolf_and_hound")
    with pytest.raises(OptionError, match="Meat & Bone deck"):
        rules.check_options({"deck": base, "meat_and_bone": True}, 4)


def test_the_unicorn_line_comes_from_the_top_of_the_deck():
    rules = registry.load("kill_the_unicorns")
    deck = sorted(game_deck("kill_the_unicorns"))
    state = rules.new_state(3, seed=4, options={"deck": deck})
    line = [c for c in state.view(None)["zones"]["line"] if c is not None]
    assert line == deck[:len(line)] and line


def test_the_unicorn_deck_is_stacked_by_one_option_only():
    rules = registry.load("kill_the_unicorns")
    with pytest.raises(OptionError, match="deck and unicorns"):
        rules.check_options({"deck": game_deck("kill_the_unicorns"), "unicorns": ["pink 1"]}, 3)


@pytest.mark.parametrize("game_id", ["jagdfieber", "fish_fish"])
def test_a_deal_without_shuffle_takes_an_empty_deck(game_id):
    rules = registry.load(game_id)
    assert rules.check_options({"deck": []}, 3)["deck"] == []
    with pytest.raises(OptionError, match="shuffles no cards"):
        rules.check_options({"deck": ["wolf"]}, 3)


@pytest.mark.parametrize("game_id", ["wolf_and_hound", "silver_amulet", "kill_the_unicorns"])
def test_a_deck_that_is_not_the_games_is_refused_with_what_is_wrong(game_id):
    rules = registry.load(game_id)
    n = players(game_id)
    deck = game_deck(game_id)
    with pytest.raises(OptionError, match=r"missing: .+ x1; too many: none"):
        rules.check_options({"deck": deck[1:]}, n)
    with pytest.raises(OptionError, match=r"too many: .+ x1"):
        rules.check_options({"deck": deck[1:] + [deck[-1]]}, n)
    with pytest.raises(OptionError, match="is not a card of"):
        rules.check_options({"deck": ["no such card"] + deck[1:]}, n)
    with pytest.raises(OptionError, match="must be a list"):
        rules.check_options({"deck": "abc"}, n)


def test_card_texts_are_read_the_way_people_write_them():
    assert deck_word(" Apprentice_Seer ") == deck_word("apprentice  seer") == "apprentice seer"
    assert stacked_deck(["Pink 1", "pink_1"], ["pink_1", "pink_1"]) == ["pink_1", "pink_1"]
    with pytest.raises(OptionError, match="did you mean 'seer'"):
        stacked_deck(["seeer"], ["seer"])
