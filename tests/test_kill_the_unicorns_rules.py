"""Kill the Unicorns against the rules text (../shared/rules/kill_the_unicorns.md), stacked games."""

from __future__ import annotations

import pytest

from game.engine.errors import IllegalAction, OptionError
from game.engine.zones import BACK
from tests.unicorns_helpers import (
    HUNTRESS,
    KNIGHT,
    PRINCESS,
    act,
    collection,
    game,
    hunt,
    place,
    top,
)


def test_setup_deals_hands_starters_line_market_and_two_schemes():
    state = game()
    view = state.view(0)
    assert view["hand"] == [0, 1, 1, 2, 2, 3, 3, 4]
    assert [u["card"] for u in view["line"]] == ["pink 2", "blue 2", "green 2", "yellow 2"]
    assert [c[0]["card"] for c in view["collections"]] == ["pink 1", "blue 1", "green 1"]
    assert view["schemes"] == ["athletic", "stinky"]
    assert view["market"]["fake_horn"] == ["fake_horn"] * 3
    assert sorted(view["market"]["pate"]) == ["pate_2", "pate_3", "pate_4"]
    assert len(view["market"]["cotton_candy"]) == 4 and len(view["market"]["fairy_dust"]) == 4
    assert view["first_player"] == 0 and view["round"] == 1 and view["phase"] == "schemes"


def test_a_scheme_goes_under_a_unicorn_unseen_and_the_other_is_discarded_face_up():
    state = game()
    act(state, 0, "scheme keep athletic under 2")
    view1 = state.view(1)
    assert view1["line"][1]["schemes"] == 1
    assert view1["zones"]["under"][1] == [BACK]
    assert state.view(0)["zones"]["under"][1] == ["athletic"]
    assert view1["zones"]["discarded"][0] == ["stinky"]


def test_at_most_two_schemes_per_unicorn():
    state = game()
    place(state, "athletic 1", "athletic 1")
    legal = [str(a) for a in state.legal_actions(2)]
    assert "scheme keep athletic under 1" not in legal and "scheme keep athletic under 2" in legal
    with pytest.raises(IllegalAction) as err:
        act(state, 2, "scheme keep athletic under 1")
    assert err.value.key == "error.full_unicorn"


def test_bids_stay_hidden_until_everyone_has_played_then_the_best_total_wins():
    state = game()
    place(state, "athletic 4", "athletic 4", "athletic 3")
    act(state, 0, "hunt 1 3")
    other = state.view(1)
    assert other["zones"]["bid"][0] == [BACK, BACK]
    assert all(c == BACK for c in other["zones"]["hand"][0])
    assert state.legal_actions(1) and all(len(str(a).split()) in (1, 3) for a in state.legal_actions(1))
    hunt(state, "2 3", "0 1")
    assert [u["card"] for u in collection(state, 1)] == ["blue 1", "pink 2"]
    assert state.view(None)["first_player"] == 1
    assert state.view(2)["zones"]["hand"][0] == ["hunt_0", "hunt_1", "hunt_2", "hunt_2", "hunt_3", "hunt_4"]


def test_ties_cancel_and_the_next_best_total_wins():
    state = game()
    place(state, "athletic 4", "athletic 4", "athletic 3")
    hunt(state, "1 3", "2 2", "0 1")  # 4, 4 cancel: 1 wins
    assert [u["card"] for u in collection(state, 2)] == ["green 1", "pink 2"]
    assert state.view(None)["first_player"] == 2


def test_a_full_tie_lets_the_unicorn_run_away_and_the_first_player_stays():
    state = game()
    place(state, "athletic 4", "athletic 4", "athletic 3")
    hunt(state, "1 3", "2 2", "0 4")
    assert all(len(c) == 1 for c in state.view(None)["collections"])
    assert state.view(None)["zones"]["discard"] == ["pink_2"]
    assert state.view(None)["first_player"] == 0


def test_a_first_player_who_passes_hands_the_token_left_and_cannot_win():
    state = game()
    place(state, "athletic 4", "athletic 4", "athletic 3")
    act(state, 0, "pass")
    assert state.view(None)["first_player"] == 1 and state.to_act() == [1]
    hunt(state, "1", "0")
    assert state.view(None)["first_player"] == 1
    assert len(collection(state, 1)) == 2


def test_everyone_passing_as_first_player_lets_the_unicorn_run_away():
    state = game()
    place(state, "athletic 4", "athletic 4", "athletic 3")
    hunt(state, "pass", "pass", "pass")
    assert state.view(None)["zones"]["discard"] == ["pink_2"] and state.view(None)["hunt"] == 2


def test_a_player_without_enough_cards_must_pass():
    state = game()
    place(state, "athletic 4", "athletic 4", "athletic 3")
    hunt(state, "2 3 4", "pass", "pass")  # seat 0 wins hunt 1 with 9
    hunt(state, "1 2 3", "pass", "pass")
    hunt(state, "0 1")
    hunt(state, "pass", "pass")  # seat 0 wins hunt 3 with an empty hand left
    assert state.view(0)["hand"] == []
    assert [str(a) for a in state.legal_actions(0)] == ["pass"]


def test_the_winner_reveals_the_single_scheme_and_athletic_stays_with_plus_two():
    state = game()
    place(state, "athletic 1", "stinky 4", "stinky 3")
    hunt(state, "4", "3", "2")
    won = collection(state, 0)[1]
    assert won["schemes"] == ["athletic"] and won["points"] == 4
    assert state.view(1)["zones"]["kept"][0] == ["athletic"]


def test_two_schemes_the_winner_picks_one_blind_the_other_is_discarded_face_up():
    state = game()
    place(state, "athletic 1", "stinky 1", "athletic 3")
    hunt(state, "4", "3", "2")
    assert state.view(None)["phase"] == "choose" and state.to_act() == [0]
    assert [str(a) for a in state.legal_actions(0)] == ["reveal 1", "reveal 2"]
    act(state, 0, "reveal 2")  # the knight's stinky unicorn
    won = collection(state, 0)[1]
    assert won["schemes"] == ["stinky"] and won["points"] == 0
    assert state.view(2)["zones"]["discarded"][0] == ["stinky", "athletic"]


@pytest.mark.parametrize(("scheme", "points"), [("stinky", 0), ("trophy", 5), ("curse", -1)])
def test_point_schemes_stay_on_the_unicorn(scheme, points):
    characters = {"stinky": "princess", "trophy": "huntress", "curse": "shaman"}
    decks = {"stinky": top(PRINCESS, "stinky"), "trophy": top(HUNTRESS, "trophy"), "curse": None}
    chars = ("princess", "knight", characters[scheme]) if scheme != "stinky" else ("princess", "knight", "huntress")
    options = {}
    if scheme == "curse":
        from tests.unicorns_helpers import SHAMAN

        options["schemes"] = [PRINCESS, KNIGHT, top(SHAMAN, "curse")]
    elif scheme == "trophy":
        options["schemes"] = [PRINCESS, KNIGHT, decks["trophy"]]
    state = game(chars, **options)
    first = "stinky 1" if scheme == "stinky" else "athletic 4"
    place(state, first, "athletic 4", f"{scheme} 1" if scheme != "stinky" else "athletic 3")
    hunt(state, "4", "3", "2")
    won = collection(state, 0)[1]
    assert won["points"] == points and won["schemes"] == [scheme]


def test_escape_lets_the_unicorn_run_away():
    state = game(schemes=[top(PRINCESS, "escape"), KNIGHT, HUNTRESS])
    place(state, "escape 1", "athletic 4", "athletic 3")
    hunt(state, "pass", "3", "2")
    assert len(collection(state, 1)) == 1 and state.view(None)["zones"]["discard"] == ["pink_2"]
    assert state.view(None)["zones"]["discarded"][0] == ["athletic", "escape"]


def test_trap_gives_the_unicorn_to_the_next_best_untied_total():
    state = game(schemes=[top(PRINCESS, "trap"), KNIGHT, HUNTRESS])
    place(state, "trap 1", "athletic 4", "athletic 3")
    hunt(state, "4", "3", "2")
    assert len(collection(state, 0)) == 1 and len(collection(state, 1)) == 2
    assert state.view(None)["first_player"] == 1


def test_lucky_returns_the_winners_highest_played_card():
    state = game(schemes=[top(PRINCESS, "lucky"), KNIGHT, HUNTRESS])
    place(state, "lucky 1", "athletic 4", "athletic 3")
    hunt(state, "1 4", "1 3", "0 2")
    assert state.view(0)["hand"] == [0, 1, 2, 2, 3, 3, 4]


def test_encore_returns_two_played_cards():
    from tests.unicorns_helpers import BARD

    state = game(("princess", "knight", "bard"), schemes=[PRINCESS, KNIGHT, top(BARD, "encore")])
    place(state, "athletic 4", "athletic 4", "encore 1")
    hunt(state, "1 3 4", "0 1 3", "0 1 2")
    assert state.view(0)["hand"] == [0, 1, 2, 2, 3, 3, 4]


def test_paint_lets_the_winner_choose_the_colour():
    state = game(schemes=[top(PRINCESS, "paint"), KNIGHT, HUNTRESS])
    place(state, "paint 1", "athletic 4", "athletic 3")
    hunt(state, "4", "3", "2")
    assert state.view(None)["phase"] == "paint" and state.to_act() == [0]
    act(state, 0, "paint green")
    won = collection(state, 0)[1]
    assert won["colour"] == "green" and won["schemes"] == ["paint"]


def test_royal_claim_gives_the_unicorn_to_its_owner_if_they_hunted():
    state = game(schemes=[top(PRINCESS, "royal_claim"), KNIGHT, HUNTRESS])
    place(state, "royal_claim 1", "athletic 4", "athletic 3")
    hunt(state, "0", "4", "3")
    assert len(collection(state, 0)) == 2 and state.view(None)["first_player"] == 0


def test_royal_claim_does_nothing_if_its_owner_passed():
    state = game(schemes=[top(PRINCESS, "royal_claim"), KNIGHT, HUNTRESS], start_seat=1)
    place(state, "athletic 4", "athletic 3", "royal_claim 1")
    hunt(state, "4", "3", "pass")
    assert len(collection(state, 1)) == 2


def test_chivalry_gives_the_unicorn_to_the_lowest_untied_total():
    state = game(schemes=[PRINCESS, top(KNIGHT, "chivalry"), HUNTRESS])
    place(state, "athletic 4", "chivalry 1", "athletic 3")
    hunt(state, "4", "3", "0")
    assert len(collection(state, 2)) == 2 and state.view(None)["first_player"] == 2


def test_polymorph_turns_the_unicorn_into_a_pigicorn():
    from tests.unicorns_helpers import WIZARD

    state = game(("princess", "knight", "wizard"), schemes=[PRINCESS, KNIGHT, top(WIZARD, "polymorph")])
    place(state, "athletic 4", "athletic 4", "polymorph 1")
    hunt(state, "4", "3", "2")
    won = collection(state, 0)[1]
    assert won["points"] == -2 and won["colour"] is None


def _to_market(state):
    place(state, "stinky 4", "stinky 4", "stinky 3")
    hunt(state, "4", "3", "2")  # seat 0 wins pink 2
    hunt(state, "3", "4", "pass")  # seat 1 wins blue 2, leads
    hunt(state, "3", "pass", "pass")  # seat 1 wins green 2 (+stinky, -2 = 0)
    hunt(state, "2", "3", "pass")  # seat 2's 3 beats seat 1's 2
    act(state, 2, "reveal 1")  # two stinky schemes under unicorn 4
    assert state.view(None)["phase"] == "market"


def test_market_buys_are_paid_with_the_cards_left_in_hand_and_attach_at_once():
    state = game()
    _to_market(state)
    first = state.view(None)["first_player"]
    seat = state.to_act()[0]
    assert seat == first
    wallet = sum(state.view(seat)["hand"])
    legal = [str(a) for a in state.legal_actions(seat)]
    assert ("buy fairy_dust pink unicorn 1" in legal) == (wallet >= 7)
    act(state, seat, "buy fake_horn unicorn 1")
    assert collection(state, seat)[0]["tokens"] == ["fake_horn"] and collection(state, seat)[0]["points"] == 3
    assert len(state.view(None)["market"]["fake_horn"]) == 2


def test_cotton_candy_recolours_and_its_colour_token_is_gone():
    state = game()
    _to_market(state)
    seat = state.to_act()[0]
    act(state, seat, "buy cotton_candy yellow unicorn 1")
    assert collection(state, seat)[0]["colour"] == "yellow"
    assert "cotton_candy_yellow" not in state.view(None)["market"]["cotton_candy"]
    nxt = state.to_act()[0]
    assert not any("cotton_candy yellow" in str(a) for a in state.legal_actions(nxt))


def test_pate_discards_the_unicorn_with_what_is_on_it_for_the_top_token():
    state = game()
    place(state, "athletic 1", "stinky 4", "stinky 3")
    hunt(state, "4", "3", "2")  # seat 0: pink 2 with athletic
    hunt(state, "3", "pass", "pass")
    hunt(state, "3", "pass", "pass")
    hunt(state, "pass", "pass", "pass")
    assert state.to_act() == [0]
    before = state.scores()[0]
    act(state, 0, "buy pate unicorn 2")
    assert [u["card"] for u in collection(state, 0)] == ["pink 1", "blue 2", "green 2"]
    assert "athletic" in state.view(None)["zones"]["discard"] or "athletic" in state.view(None)["zones"]["discard"][0:]
    assert state.view(None)["score_details"][0]["pate"] == 4
    assert state.scores()[0] == before - 4 - 2 + 4


def test_a_seat_too_poor_is_told_the_price():
    state = game()
    place(state, "stinky 4", "stinky 4", "stinky 3")
    hunt(state, "2 3 4", "pass", "pass")
    hunt(state, "0 1 3", "pass", "pass")
    hunt(state, "1 2", "pass", "pass")
    hunt(state, "pass", "pass", "pass")
    assert state.to_act() == [0] and state.view(0)["hand"] == []
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "buy fake_horn unicorn 1")
    assert err.value.key == "error.too_poor"


def test_the_shaman_pays_two_less():
    state = game(("shaman", "knight", "huntress"), powers=True)
    assert state.view(None)["prices"][0]["fairy_dust"] == 5 and state.view(None)["prices"][1]["fairy_dust"] == 7


def test_collections_score_2_5_8_12_and_a_sixth_starts_a_new_one():
    state = game()
    values = [state.collection_bonus([c, 0, 0, 0])[0] for c in range(8)]
    assert values == [0, 0, 2, 5, 8, 12, 12, 14]


def test_collections_cap_option_scores_nothing_more_after_five():
    state = game(collections="cap")
    assert [state.collection_bonus([c, 0, 0, 0])[0] for c in (5, 6, 7)] == [12, 12, 12]


def test_the_rainbow_split_that_scores_most_is_chosen():
    state = game()
    assert state.collection_bonus([1, 1, 1, 1]) == (0, 8, 1)
    assert state.collection_bonus([3, 1, 1, 1]) == (2, 8, 1)  # 2 + 8 beats 5
    assert state.collection_bonus([4, 4, 1, 1]) == (10, 8, 1)  # 5 + 5 + 8 beats 8 + 8
    assert state.collection_bonus([2, 2, 1, 1]) == (0, 8, 1)  # 8 beats 2 + 2
    assert state.collection_bonus([5, 5, 1, 1]) == (24, 0, 0)  # 12 + 12 ties 8 + 8 + 8: no split needed


def test_a_second_rainbow_wins_at_once():
    state = game()
    deck = state.zones[state.z_deck]
    by_id = {}
    for uid in deck:
        by_id.setdefault(state.card_ids[uid], []).append(uid)
    for card in ("pink_1", "pink_1", "blue_1", "green_1", "yellow_1", "yellow_3", "blue_3", "green_3"):
        state.move(by_id[card].pop(), state.z_coll[0])
    place(state, "stinky 4", "stinky 4", "stinky 3")
    events = hunt(state, "4", "3", "2")
    assert state.is_over() and state.winners() == [0]
    assert any(getattr(e, "key", "") == "second_rainbow" for e in events)
    sheet = state.view(None)["sheet"]
    assert sheet["tiebreak"] == "rainbow" and len(sheet["rows"]) == 1  # the round it ended in
    assert sheet["totals"] == state.scores()


def test_final_tie_goes_to_the_most_unicorns_else_shared():
    state = game()
    state.phase = 6  # OVER: look at winners() on a stacked end
    assert sorted(state.winners()) == [0, 1, 2]  # 1 point each, one unicorn each: shared
    assert state.view(None)["tiebreak"] == "shared"
    uid = next(u for u in state.zones[state.z_deck] if state.card_ids[u] == "pigicorn")
    state.move(uid, state.z_coll[1])
    uid = next(u for u in state.zones[state.z_deck] if state.card_ids[u] == "yellow_3")
    state.move(uid, state.z_coll[1])
    state.move(next(u for u in state.zones[state.z_deck] if state.card_ids[u] == "yellow_1"), state.z_coll[2])
    # seat 1: 1 - 2 + 3 = 2, three unicorns; seat 2: 1 + 1 = 2, two unicorns
    assert state.scores()[1] == state.scores()[2] == 2
    assert state.winners() == [1]
    assert state.view(None)["tiebreak"] == "unicorns"


def test_the_score_sheet_has_a_row_per_round_adding_up_to_the_final_count():
    from game.engine.rng import Rng

    state = game(("princess", "knight", "huntress", "wizard"), powers=True)
    rng = Rng(11)
    rounds_seen = []
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        rounds_seen.append(len(state.view(None)["sheet"]["rows"]))
    sheet = state.view(None)["sheet"]
    assert len(sheet["rows"]) == state.round_no  # a row per round played, the last one too
    assert rounds_seen == sorted(rounds_seen) and rounds_seen[0] == 0  # a row when a round ends
    assert sheet["totals"] == state.scores()
    for seat in range(4):  # each part's gains add up to that part of the final count
        final = dict(state.score_details(seat))
        for part, points in final.items():
            assert sum(row["details"][seat][part] for row in sheet["rows"]) == points
    assert sheet["winners"] == state.winners() and sheet["label"] == "sheet.row"


def test_a_full_game_lasts_four_rounds_and_names_winners():
    from game.engine.rng import Rng

    state = game(("princess", "knight", "huntress", "wizard", "shaman", "bard"), powers=True)
    rng = Rng(3)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert state.view(None)["round"] in (1, 2, 3, 4) and state.winners()


def test_a_short_match_ends_with_the_final_count_after_its_last_market():
    """Option rounds (a short match, the lesson's one round): the market of the last round is
    still played, then the count is the final one, as after the rulebook's four."""
    state = game(rounds=1)
    assert state.view(None)["rounds"] == 1 and game().view(None)["rounds"] == 4
    place(state, "athletic 1", "athletic 2", "athletic 3")
    for card in ("4", "3", "3", "2"):
        hunt(state, card, "pass", "pass")  # seat 0 sets one card and wins each time
    assert state.view(None)["phase"] == "market" and not state.is_over()
    events = [e for seat in (0, 1, 2) for e in act(state, seat, "buy none")]
    assert state.is_over() and state.round_no == 1 and state.winners() == [0]
    finals = [e for e in events if type(e).__name__ == "ScoreChanged"]
    assert [e.total for e in finals] == state.scores() and all(e.details for e in finals)
    assert len(state.view(None)["sheet"]["rows"]) == 1
    with pytest.raises(OptionError):
        game(rounds=5)  # never longer than the rulebook's match


def test_options_are_checked():
    with pytest.raises(OptionError):
        game(characters=("princess", "princess", "knight"))
    with pytest.raises(OptionError):
        game(unicorns=["purple 9"])
    with pytest.raises(OptionError):
        game(schemes=[KNIGHT, KNIGHT, HUNTRESS])


# --------------------------------------------------------------------- powers
def test_princess_peeks_at_the_schemes_under_the_hunted_unicorn():
    state = game(powers=True)
    place(state, "athletic 4", "stinky 1", "athletic 3")
    assert state.view(0)["zones"]["under"][0] == [BACK]
    act(state, 0, "peek")
    assert state.view(0)["zones"]["under"][0] == ["stinky"]
    assert state.view(2)["zones"]["under"][0] == [BACK]
    assert "peek" not in [str(a) for a in state.legal_actions(0)]


def test_knight_boosts_a_hunt_by_two():
    state = game(powers=True)
    place(state, "athletic 4", "athletic 4", "athletic 3")
    hunt(state, "3")
    act(state, 1, "hunt 2 boost")  # 4 beats 3
    hunt(state, "1")
    assert len(collection(state, 1)) == 2
    assert not any("boost" in str(a) for a in state.legal_actions(1))


def test_huntress_places_one_card_more_once_per_round():
    state = game(powers=True)
    place(state, "athletic 4", "athletic 4", "athletic 3")
    hunt(state, "4", "3")
    act(state, 2, "hunt 0 2")
    assert len(collection(state, 0)) == 2  # 4 vs 3 vs 2
    assert state.view(None)["power_used"][2]


def test_wizard_moves_a_scheme_after_the_schemes_are_placed():
    from tests.unicorns_helpers import WIZARD

    state = game(("princess", "knight", "wizard"), powers=True, schemes=[PRINCESS, KNIGHT, WIZARD])
    place(state, "athletic 1", "athletic 2", "athletic 3")
    assert state.to_act() == [2] and state.view(None)["phase"] == "wizard"
    act(state, 2, "move 1 to 4")
    assert [u["schemes"] for u in state.view(None)["line"]] == [0, 1, 1, 1]
    assert state.view(0)["zones"]["under"][3] == ["athletic"]


def test_bard_takes_back_a_card_after_a_lost_hunt():
    state = game(("princess", "knight", "bard"), powers=True)
    place(state, "athletic 4", "athletic 4", "athletic 3")
    hunt(state, "4", "3", "2")
    assert state.view(2)["hand"] == [0, 1, 1, 2, 2, 3, 3, 4]
    hunt(state, "3", "pass", "1")
    assert state.view(2)["hand"] == [0, 1, 2, 2, 3, 3, 4]  # once per round only


# ------------------------------------------------------------------------ the deck option
def _unicorn_deck() -> list[str]:
    rules = game().rules
    return rules.game_deck(rules.check_options({}, 3), 3)


def test_a_stacked_deck_lays_the_line_from_its_top():
    rules = game().rules
    deck = sorted(_unicorn_deck())
    state = rules.new_state(3, seed=4, options={"deck": deck})
    line = [c for c in state.view(None)["zones"]["line"] if c is not None]
    assert line == deck[:len(line)] and line


def test_the_unicorn_deck_is_stacked_by_one_option_only():
    with pytest.raises(OptionError, match="deck and unicorns"):
        game().rules.check_options({"deck": _unicorn_deck(), "unicorns": ["pink 1"]}, 3)
