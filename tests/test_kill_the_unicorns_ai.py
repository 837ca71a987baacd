"""Kill the Unicorns' search play-out (`ai.playout`, on a quiet state) against the engine-wide
rollout it replaces: the same moves from the same draws, the same end state and values."""

from __future__ import annotations

import dataclasses

import pytest

from game.ai import ismcts
from game.ai.hooks import hooks_for
from game.engine import registry
from game.engine.rng import Rng
from game.games.kill_the_unicorns import ai

FIELDS = ("phase", "round_no", "hunt_pos", "actor", "first", "winner", "power_used", "colour", "base", "attached")


def snapshot(state) -> tuple:
    cards = state.cards
    return (
        [z[:] for z in state.zones], cards.known[:], cards.up[:], cards.zone[:],
        [getattr(state, f) for f in FIELDS], state.scores(), state.rng.state,
    )


def positions(players: int, seed: int, every: int = 4):
    """States along a random game (the search starts from such states)."""
    rules = registry.load("kill_the_unicorns")
    state = rules.new_state(players, seed=seed)
    rng = Rng(seed)
    step = 0
    while not state.is_over():
        if step % every == 0:
            yield state.clone()
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        step += 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_playout_plays_as_the_engine_rollout_with_the_policy(players):
    hooks = hooks_for("kill_the_unicorns")
    assert hooks.playout is ai.playout
    loud_hooks = dataclasses.replace(hooks, playout=None)  # rollout_action + rollout_done + evaluate
    checked = 0
    for i, state in enumerate(positions(players, 40 + players)):
        seat = state.to_act()[0] if state.to_act() else 0
        det = state.determinize(seat, Rng(i))
        quiet, loud = det.clone(), det.clone()
        values = ai.playout(quiet, Rng(1000 + i))
        expected = ismcts.rollout(loud, Rng(1000 + i), loud_hooks)
        assert values == expected
        assert snapshot(quiet) == snapshot(loud)
        checked += 1
    assert checked > 10


def test_a_quiet_state_changes_exactly_what_a_loud_one_does():
    rules = registry.load("kill_the_unicorns")
    for players, seed in ((3, 1), (6, 2)):
        loud = rules.new_state(players, seed=seed, options={"powers": True})
        quiet = loud.clone()
        quiet.quiet = True
        rng = Rng(seed)
        notes = 0
        while not loud.is_over():
            seat = loud.to_act()[0]
            legal = loud.legal_actions(seat)
            assert [str(a) for a in quiet.legal_actions(seat)] == [str(a) for a in legal]
            action = legal[rng.randrange(len(legal))]
            quiet.play(seat, action)
            notes += len(loud.apply(seat, action))
            assert snapshot(quiet) == snapshot(loud)
        assert notes > 0 and quiet.is_over() and quiet.winners() == loud.winners()


def reference_bid(state, seat, actions, rng, aggression=1.0):
    """The play-out's bid as first written: every listed hunt scored (the policy now scores one
    per total; it must choose the same)."""
    rules = state.rules
    pos = state.hunt_pos
    value = ai.unicorn_value(state, seat, state.zones[state.z_line][pos])
    for scheme in state.zones[state.z_under[pos]]:
        if state.sees(seat, scheme):
            sid = state.card_ids[scheme]
            value += 2 if sid in ai.HELPS else -3 if sid in ai.HURTS else 0
    first = actions[0]
    if first.kind == "peek":
        return first
    hand = state._hand_values(seat)
    wallet = sum(hand)
    budget = wallet / max(1, rules.line_size - pos)
    if value <= 0 or (value < 2 and rng.random() < 0.5):
        return first
    target = min(wallet, aggression * budget * (0.6 + 0.25 * value) + rng.random() * 2)
    costly_boost = 0.5 if value < 4 else 0.0
    best, best_score = first, -1e9
    for action in actions:
        if action.kind != "hunt":
            continue
        cards, boost = action.args
        total = sum(cards) + rules.power_params["boost"] if boost else sum(cards)
        score = -abs(total - target) - 0.3 * len(cards) - (costly_boost if boost else 0)
        score += 0.8 * (total % 2)
        if score > best_score:
            best, best_score = action, score
    return best


@pytest.mark.parametrize("players", [3, 6])
def test_the_bid_policy_chooses_as_when_it_scored_every_listed_hunt(players):
    compared = 0
    for state in positions(players, 70 + players, every=1):
        if state.phase != 2:  # hunts only
            continue
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        for k in range(4):
            for aggression in (0.8, 1.0, 1.4):
                assert ai._bid_action(state, seat, legal, Rng(k), aggression) is reference_bid(state, seat, legal, Rng(k), aggression)
                compared += 1
    assert compared > 100


@pytest.mark.parametrize("players", [3, 6])
def test_scores_are_the_sums_of_the_score_details(players):
    seen = set()
    for state in positions(players, 90 + players, every=1):
        details = [state.score_details(s) for s in range(players)]
        assert state.scores() == [sum(v for _, v in d) for d in details]
        seen.update(part for d in details for part, v in d if v)
    assert {"unicorns", "bonuses", "collections"} <= seen


def test_the_search_buys_at_the_black_market_when_a_purchase_adds_points() -> None:
    """A purchase costs nothing (the hunt cards that pay stay in hand): where one adds points,
    the tree tries only such purchases, and a medium bot buys (it bought nothing in a quarter
    of such market turns when `buy none`, listed first, won the ties among fifty purchases)."""
    from game.ai.bots import make_bot

    assert hooks_for("kill_the_unicorns").candidates is ai.candidates
    rules = registry.load("kill_the_unicorns")
    checked = 0
    for seed in range(100, 112):
        state, rng = rules.new_state(4, seed=seed), Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            tried = ai.candidates(state, seat)
            if actions[0].text == "buy none" and tried is not None and tried[0].text != "buy none":
                counts = state.colour_counts(seat)
                base = sum(state.collection_bonus(counts)[:2])
                assert all(a in actions and ai._purchase_gain(state, seat, a, counts, base) > 0 for a in tried)
                assert "buy none" not in {a.text for a in tried}
                if checked < 6:
                    bot = make_bot("ismcts", seed=seed, level="medium", iterations=120, seconds=None)
                    assert bot.choose(state, seat).text != "buy none"
                checked += 1
            state.apply(seat, ai.rollout_action(state, seat, actions, rng))
    assert checked >= 6


def test_the_search_tries_no_move_that_only_loses_points() -> None:
    """No hunt of a unicorn worth less than nothing to the seat when it may pass, no purchase
    that adds nothing, no own scheme slid or moved under a unicorn worth less than nothing to
    every seat (the Pigicorn) while another place is open."""
    rules = registry.load("kill_the_unicorns")
    seen = {"hunt": 0, "market": 0, "scheme": 0}
    for seed in range(40):
        state, rng = rules.new_state(3 + seed % 4, seed=seed, options={"powers": True}), Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            tried = ai.candidates(state, seat)
            kinds = {a.kind for a in actions}
            if tried is not None:
                assert tried and all(a in actions for a in tried)
            if "hunt" in kinds and "pass" in kinds and ai.known_worth(state, seat, state.hunt_pos) < 0:
                assert {a.kind for a in tried} <= {"pass", "peek"}
                seen["hunt"] += 1
            if actions[0].text == "buy none":
                counts = state.colour_counts(seat)
                base = sum(state.collection_bonus(counts)[:2])
                paying = {a.text for a in actions[1:] if ai._purchase_gain(state, seat, a, counts, base) > 0}
                assert {a.text for a in tried or actions} == (paying or {"buy none"})
                seen["market"] += not paying
            if "scheme" in kinds or "move" in kinds:
                line = state.zones[state.z_line]
                lost = {p for p, u in enumerate(line) if u >= 0 and all(ai.unicorn_value(state, o, u) < 0 for o in range(state.num_players))}
                places = {a.args[1] for a in actions if a.kind in ("scheme", "move")}
                if lost and places - lost:
                    for a in tried or actions:
                        if a.kind == "scheme":
                            assert a.args[1] not in lost
                    seen["scheme"] += "scheme" in kinds
            state.apply(seat, ai.rollout_action(state, seat, actions, rng))
    assert min(seen.values()) > 0, seen


def test_the_levels_search_the_tree_at_the_game_s_own_budgets() -> None:
    """Every level searches the tree at this game's budget for it (LEVEL_ITERATIONS: past about
    150 iterations its search gets no stronger, so the levels are spread below), scaled when
    other iterations are asked of a bot as the engine's are (tests, benchmarks). No level
    searches flat, and hard's move is one the candidates allow wherever they narrow the choice."""
    hooks = hooks_for("kill_the_unicorns")
    assert hooks.iterations == {"easy": 30, "medium": 80, "hard": 500} and not hooks.flat_levels
    state = next(s for s in positions(4, 11, every=7) if len(s.legal_actions(s.to_act()[0])) > 1)
    seat = state.to_act()[0]
    for level, asked, searched in (("easy", None, 30), ("medium", None, 80), ("hard", None, 500), ("medium", 250, 40), ("hard", 100, 20)):
        bot = ismcts.ISMCTSBot(5, level=level, iterations=asked, seconds=None)
        assert bot.choose(state, seat) in state.legal_actions(seat)
        assert bot.last_budget == searched and bot.last_iterations == searched, (level, asked)
    bot = ismcts.ISMCTSBot(5, level="hard", iterations=100, seconds=None)
    checked = 0
    for state in positions(4, 11, every=7):
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        if len(actions) < 2:
            continue
        move = bot.choose(state, seat)
        assert move in actions
        tried = ai.candidates(state, seat)
        if tried is not None and len(tried) > 1:
            assert move in tried and bot.last_iterations == bot.last_budget == 20
            checked += 1
    assert checked
