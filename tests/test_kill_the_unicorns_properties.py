"""Kill the Unicorns over random games: secrets stay secret, and the bots' hooks play legally."""

from __future__ import annotations

import pytest

from game.engine import registry
from game.engine.rng import Rng
from game.engine.zones import BACK
from game.games.kill_the_unicorns import ai


def random_game(players: int, seed: int, policy=None):
    rules = registry.load("kill_the_unicorns")
    state = rules.new_state(players, seed=seed)
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = policy(state, seat, legal, rng) if policy else legal[rng.randrange(len(legal))]
        assert action in legal
        yield state, seat, action
        state.apply(seat, action)
    yield state, -1, None


@pytest.mark.parametrize("players", [3, 6])
def test_others_bids_and_schemes_under_unicorns_never_show_before_their_reveal(players):
    for state, _, _ in random_game(players, 21):
        peekers = {s for s in range(players) if state.character[s] == "princess"}
        for seat in range(players):
            view = state.view(seat)
            for other in range(players):
                if other != seat:
                    assert all(c == BACK for c in view["zones"]["bid"][other])
                    assert all(c == BACK for c in view["zones"]["scheme_hand"][other])
            for pos, shown in enumerate(view["zones"]["under"]):
                for uid, card in zip(state.zones[state.z_under[pos]], shown, strict=True):
                    mine = state.cards.owner[uid] == seat
                    revealed = state.cards.up[uid]  # a paint scheme waiting for its colour
                    allowed = mine or revealed or (seat in peekers and card != BACK)
                    assert card == (state.card_ids[uid] if allowed else BACK)


def test_public_view_shows_scheme_counts_not_cards():
    for state, _, _ in random_game(4, 3):
        line = state.view(None)["line"]
        assert [u["schemes"] for u in line] == [len(state.zones[z]) for z in state.z_under]
        assert all(set(u) == {"card", "schemes"} for u in line)


def test_the_play_out_policy_is_legal_and_beats_random_seats():
    rules = registry.load("kill_the_unicorns")
    wins = 0.0
    for seed in range(12):
        state = rules.new_state(4, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = ai.rollout_action(state, seat, legal, rng) if seat == 0 else legal[rng.randrange(len(legal))]
            assert action in legal
            state.apply(seat, action)
        if 0 in state.winners():
            wins += 1 / len(state.winners())
    assert wins >= 6  # a random seat would win about 3 of 12


def test_evaluate_is_a_distribution_and_exact_at_the_end():
    for state, _, _ in random_game(4, 8):
        if state.is_over() or state.phase == 5:
            values = ai.evaluate(state)
            assert abs(sum(values) - 1) < 1e-9
            if state.is_over():
                assert all(values[s] > 0 for s in state.winners())


def test_every_log_line_and_refusal_has_a_text_in_both_languages():
    rules = registry.load("kill_the_unicorns")
    keys: set[str] = set()
    for seed in (1, 2):
        state = rules.new_state(6, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            keys.add(state.explain_illegal(seat, "hunt 9 9").key)
            keys.add(state.explain_illegal(seat, "buy fairy_dust pink unicorn 9").key)
            keys.add(state.explain_illegal((seat + 1) % 6, str(legal[0])).key)
            for event in state.apply(seat, legal[rng.randrange(len(legal))]):
                if event.kind == "note":
                    keys.add(f"note.{event.key}")
                elif event.kind == "card_moved" and event.reason:
                    keys.add(f"move.{event.reason}")
                elif event.kind == "phase":
                    keys.add(f"phase.{event.phase}")
    texts = rules.data["text"]
    missing = sorted(k for k in keys if k not in texts["en"] and k not in registry.common_text()["en"])
    assert missing == []
    assert {"note.winner", "move.won", "phase.market", "error.wrong_phase"} <= keys


def test_exploit_plans_do_what_they_say():
    from tests.unicorns_helpers import game, place

    plans = ai.PLANS
    state = game()
    rng = Rng(1)
    place(state, "stinky 4", "stinky 4", "stinky 3")
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    assert str(plans["lowest"](state, seat, legal, rng)) == "hunt 0"  # one card, the lowest
    assert str(plans["cheapest"](state, seat, legal, rng)) == "hunt 0"
    assert str(plans["highest"](state, seat, legal, rng)) == "hunt 3 3 4"  # the hand is 0 1 1 2 2 3 3 4
    assert str(plans["pass_and_shop"](state, seat, legal, rng)) == "pass"
    assert str(plans["never_first"](state, seat, legal, rng)) == "pass"
    for _ in range(4):  # everyone passes every hunt: whole hands at the market
        while state.view(None)["phase"] == "hunt":
            seat = state.to_act()[0]
            state.apply(seat, next(a for a in state.legal_actions(seat) if str(a) == "pass"))
    assert state.view(None)["phase"] == "market"
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    dearest = max(state.rules.market[m]["price"] for m in state.rules.market)
    cheapest = min(state.rules.market[m]["price"] for m in state.rules.market)
    shop = plans["pass_and_shop"](state, seat, legal, rng)
    assert state.rules.market[shop.args[0]]["price"] == dearest
    thrift = plans["cheapest"](state, seat, legal, rng)
    assert state.rules.market[thrift.args[0]]["price"] == cheapest
    assert str(plans["lowest"](state, seat, legal, rng)) == "buy none"
