"""Jagdfieber's search hooks: play-outs of a few rounds through the rules, a valuation of the rest
of the day, and every seat's search meets the others choosing at once."""

from __future__ import annotations

from game.ai.hooks import hooks_for
from game.ai.ismcts import ISMCTSBot, Node, rollout
from game.engine import registry
from game.engine.rng import Rng
from game.games.jagdfieber import ai

RULES = registry.load("jagdfieber")


def play(state, seat: int, card: str) -> None:
    state.apply(seat, RULES.parse_action(state, seat, f"play {card}"))


def test_values_are_chances_that_sum_to_one() -> None:
    ahead = ai.sheet_values([[20, 10, 10, 10]], days_left=3)
    assert abs(sum(ahead) - 1) < 1e-9 and ahead[0] > ahead[1] == ahead[2]
    late = ai.sheet_values([[20, 10, 10, 10]] * 3, days_left=1)
    assert late[0] > ahead[0]  # the same lead is worth more with fewer days left
    # ties on totals are broken by the best single day (rulebook), then shared
    assert ai.final_values([[10, 5], [0, 5]], 2) == [1.0, 0.0]
    assert ai.final_values([[5, 5], [5, 5]], 2) == [0.5, 0.5]


def test_a_playout_plays_a_few_rounds_through_the_rules_then_values_the_day() -> None:
    hooks = hooks_for("jagdfieber")
    assert hooks.playout is None and hooks.evaluate is ai.evaluate and hooks.determinizer is ai.determinizer
    state = RULES.new_state(4, seed=5, options={"start_seat": 0})
    det = state.clone()
    values = rollout(det, Rng(2), hooks)
    assert det.round_no == 1 + ai.ROUNDS and det.quiet  # the search's own quiet copy
    assert values == ai.evaluate(det) and abs(sum(values) - 1) < 1e-9
    # a day that ends within the play-out is scored, and nothing of the next is dealt
    late = RULES.new_state(4, seed=5, options={"start_seat": 0})
    rng = Rng(3)
    while min(len(late.zones[late.hand[s]]) for s in range(4)) > 1:
        for seat in late.to_act():
            late.apply(seat, late.sample_action(seat, rng))
    values = rollout(late, Rng(4), hooks)
    assert late.stopped and len(late.sheet) == 1 and late.day == 1
    assert values == ai.sheet_values(late.sheet, 3)


def test_the_day_is_valued_from_the_prey_piles_the_lodges_and_the_cards_left() -> None:
    state = RULES.new_state(3, seed=1, options={"start_seat": 0})
    even = ai.day_estimates(state)
    assert even[0] == even[1] == even[2]  # the same hands, nothing caught yet
    # seat 0's wolf catches seat 1's rabbit (first clockwise from seat 0); seat 2 plays a carrot
    play(state, 0, "wolf")
    play(state, 1, "rabbit")
    play(state, 2, "carrot")
    pile = [sum(RULES.prey_points[state.card_ids[u]] for u in state.zones[state.pile[s]]) for s in range(3)]
    assert pile[0] == RULES.prey_points["rabbit"] and pile[1] == 0
    after = ai.day_estimates(state)
    assert after[0] > after[1]
    values = ai.evaluate(state)
    assert values[0] == max(values) and abs(sum(values) - 1) < 1e-9


def test_the_others_face_down_choices_are_taken_back_in_each_determinization() -> None:
    state = RULES.new_state(4, seed=2, options={"start_seat": 0})
    play(state, 0, "hunter")
    play(state, 1, "wolf")
    draw = ai.determinizer(state, 2)
    for i in range(20):
        det = draw(Rng(i))
        assert sorted(det.to_act()) == [0, 1, 2, 3]  # every seat chooses again, alike
        for seat in (0, 1):  # the whole hand back, public as it was before the choice
            assert not det.zones[det.play[seat]] and len(det.zones[det.hand[seat]]) == 10
            assert all(det.sees(2, u) for u in det.zones[det.hand[seat]])
    assert state.to_act() == [2, 3]  # the true state is only read


def test_least_squares_recovers_exact_weights() -> None:
    rows = [([1.0, float(x), float(x * x % 7)], 2.0 + 3.0 * x - 0.5 * (x * x % 7)) for x in range(20)]
    weights = ai.least_squares(rows)
    assert [round(w, 6) for w in weights] == [2.0, 3.0, -0.5]


def test_a_search_from_the_start_of_a_day_plays_a_legal_card() -> None:
    state = RULES.new_state(5, seed=9)
    bot = ISMCTSBot(seed=1, iterations=40, seconds=None)
    root = Node()
    assert bot.search(state, 0, root, Rng(1)) == 40
    assert bot.choose(state, 0) in state.legal_actions(0)
