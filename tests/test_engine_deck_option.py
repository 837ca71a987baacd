"""The `deck` option every game understands: the deck's card texts, top first, instead of a
shuffle (a lesson's prepared deal, a test's stacked deck), refused unless it is exactly the
game's deck. A game whose deal shuffles nothing (Jagdfieber's equal hands, Fish Fish's fisher
cards) takes an empty list and refuses any card. What a stacked deck deals in one game is that
game's own test (Silver's villages, Wolf & Hound's hands, the unicorn line)."""

from __future__ import annotations

import pytest

from game.engine import registry
from game.engine.errors import OptionError
from game.engine.rules import deck_word, stacked_deck

COUNTS = [(game_id, n) for game_id in sorted(registry.GAMES)
          for n in range(registry.load(game_id).min_players, registry.load(game_id).max_players + 1)]


def game_deck(game_id: str, n: int) -> list[str]:
    rules = registry.load(game_id)
    return rules.game_deck(rules.check_options({}, n), n)


SHUFFLED = [(game_id, n) for game_id, n in COUNTS if game_deck(game_id, n)]
UNSHUFFLED = [(game_id, n) for game_id, n in COUNTS if not game_deck(game_id, n)]


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_every_game_declares_the_deck_option(game_id):
    decl = registry.load(game_id).option_decls["deck"]
    assert decl["type"] == "list" and decl["default"] is None


@pytest.mark.parametrize(("game_id", "n"), SHUFFLED)
def test_a_stacked_deck_deals_the_same_whatever_the_seed(game_id, n):
    """The seed decides nothing the stacked deck decides: every place a card of the deck is
    dealt to (the places another order of the deck changes) holds the same card whatever the
    seed. What other options shuffle (a game's characters) may differ."""
    rules = registry.load(game_id)
    deck = list(reversed(game_deck(game_id, n)))
    other = deck[1:] + deck[:1]

    def places(seed, cards):
        state = rules.new_state(n, seed=seed, options={"deck": cards, "start_seat": 0})
        return {(z, i): state.card_ids[u] for z, zone in enumerate(state.zones) for i, u in enumerate(zone)}

    one, two, moved = places(1, deck), places(2, deck), places(1, other)
    dealt = [place for place, card in one.items() if moved.get(place) != card]
    assert dealt
    assert [one[place] for place in dealt] == [two.get(place) for place in dealt]


@pytest.mark.parametrize(("game_id", "n"), UNSHUFFLED)
def test_a_deal_without_shuffle_takes_an_empty_deck(game_id, n):
    rules = registry.load(game_id)
    assert rules.check_options({"deck": []}, n)["deck"] == []
    card = next(iter(rules.card_attrs), "card")
    with pytest.raises(OptionError, match="shuffles no cards"):
        rules.check_options({"deck": [card]}, n)


@pytest.mark.parametrize(("game_id", "n"), SHUFFLED)
def test_a_deck_that_is_not_the_games_is_refused_with_what_is_wrong(game_id, n):
    rules = registry.load(game_id)
    deck = game_deck(game_id, n)
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
