"""Silver's kept-card model (the bots' determinizations and estimates) and the thoughtful plan
of the exploit table: both read only what a seat knows, and play as a careful person would."""

from __future__ import annotations

from game.ai.bots import make_bot
from game.ai.exploit import PlanBot
from game.ai.hooks import hooks_for
from game.engine.rng import Rng
from game.games.silver_amulet import ai
from game.games.silver_amulet.thoughtful import Sight, thoughtful
from tests.silver_helpers import act, new_game, rules

LOW_HAND = ["villager", "squire", "squire", "empath", "empath"]


def _kept_low_late(mine: list[str]) -> object:
    """Two players, seat 0 holding `mine` (five cards, slots 1-2 a pair of robbers discarded
    for the deck's first card), seat 1 five low cards it knows and keeps; then twelve turns of
    draws and discards (seven laps with the first draw): seat 0 has seen its own cards, none of seat 1's."""
    deck = ["rascal"] + ["seer", "beholder", "exposer", "revealer", "apprentice_seer", "master"] * 2
    state = new_game(2, [mine, LOW_HAND], "witch", deck=deck)
    act(state, 0, "draw")
    act(state, 0, "exchange 1 2")  # the robbers go, the rascal (4) comes in: four cards
    for uid in state.zones[state.z_village[0]]:
        state.peek(uid, 0)  # seat 0 saw its cards (as with beholders)
    for uid in state.zones[state.z_village[1]]:
        state.peek(uid, 1)  # seat 1 knows its five low cards and kept them
    for _ in range(6):
        for seat in (1, 0):
            act(state, seat, "draw")
            act(state, seat, "discard")
    act(state, 1, "draw")
    act(state, 1, "discard")
    assert state.to_act() == [0] and "call count" in [a.text for a in state.legal_actions(0)]
    return state


def test_an_opponents_kept_cards_are_dealt_low_in_the_search():
    """The determinizer deals the cards seat 1 knows and kept from the unseen ones weighted
    towards the low; seat 0's own knowledge is untouched; uniform dealing prices them higher."""
    state = _kept_low_late(["robber", "robber", "empath", "rascal", "exposer"])
    assert hooks_for("silver_amulet").determinizer is ai.determinizer
    kept = ai.kept_places(state, 0)
    assert set(kept) == set(state.zones[state.z_village[1]])
    draw = ai.determinizer(state, 0)
    tilted = uniform = 0.0
    for seed in range(200):
        det = draw(Rng(seed))
        assert [det.vals[u] for u in state.zones[state.z_village[0]]] == [state.vals[u] for u in state.zones[state.z_village[0]]]
        assert sorted(det.vals) == sorted(state.vals)
        tilted += sum(det.vals[u] for u in kept)
        plain = state.determinize(0, Rng(seed))
        uniform += sum(plain.vals[u] for u in kept)
    assert tilted / 200 < 0.5 * uniform / 200, (tilted / 200, uniform / 200)


def test_the_estimate_counts_kept_cards_at_the_kept_mean_of_the_lap():
    state = _kept_low_late(["robber", "robber", "empath", "rascal", "exposer"])
    r = rules()
    assert ai.lap(state) == 7 and ai.kept_mean(state) == r.kept_mean[7] < 3.5  # fourteen draws, two players
    assert ai.estimate(state, 0, 1, r.mean_value) == 5 * r.kept_mean[7]
    assert ai.estimate(state, 0, 0, r.mean_value) == 4 + 2 + 4 + 5  # rascal in, empath, rascal, exposer
    assert abs(r.kept_tilt[0] - 0.071) < 0.01 and all(a < b for a, b in zip(r.kept_tilt, r.kept_tilt[1:], strict=False))


def test_the_bots_do_not_call_a_middling_village_against_kept_low_cards():
    """Seat 0 knows its 22 points; seat 1 has kept five cards it knows for seven laps (6 points,
    unseen by seat 0). Dealt uniformly from the unseen cards they looked like 30 points and
    the searching bots called; neither the policy nor a searching bot calls now."""
    state = _kept_low_late(["robber", "robber", "seer", "rascal", "exposer"])
    actions = state.legal_actions(0)
    for seed in range(5):
        assert ai.default_move(state.determinize(0, Rng(seed)), 0, actions, Rng(seed)).text != "call count"
    for level in ("medium", "hard"):
        bot = make_bot("ismcts", seed=1, level=level, iterations=300, seconds=None)
        assert bot.choose(state, 0).text != "call count", level


def test_the_bots_call_a_known_low_village_against_kept_cards():
    """With 3 points known against the same kept cards, calling pays and the bots call."""
    state = _kept_low_late(["robber", "robber", "villager", "squire", "squire"])
    actions = state.legal_actions(0)
    assert ai.default_move(state.determinize(0, Rng(0)), 0, actions, Rng(0)).text == "call count"
    bot = make_bot("ismcts", seed=1, level="medium", iterations=300, seconds=None)
    assert bot.choose(state, 0).text == "call count"


# ------------------------------------------------------------------------- the thoughtful plan
def test_the_thoughtful_plan_is_in_the_exploit_table():
    assert hooks_for("silver_amulet").plans["thoughtful"] is thoughtful


def _holding(village: list[str], drawn: str) -> object:
    state = new_game(2, [village, LOW_HAND], "witch", deck=[drawn])
    act(state, 0, "draw")
    return state


def test_the_thoughtful_plan_keeps_a_known_low_card_and_replaces_a_known_high_one():
    # seat 0 peeked slot 1 (a squire, 1) and slot 2 (a robber, 12); it draws an exposer (5)
    state = _holding(["squire", "robber", "seer", "master", "witch"], "exposer")
    choice = thoughtful(state.determinize(0, Rng(1)), 0, state.legal_actions(0), Rng(1))
    assert choice.text == "exchange 2"


def test_the_thoughtful_plan_discards_both_known_equal_cards_at_once():
    state = _holding(["master", "master", "seer", "robber", "witch"], "empath")
    choice = thoughtful(state.determinize(0, Rng(1)), 0, state.legal_actions(0), Rng(1))
    assert choice.text == "exchange 1 2"


def test_the_thoughtful_plan_does_not_swap_a_high_card_for_its_known_low_ones():
    # two known low cards, a drawn robber (12): no exchange gains anything; it uses the power or discards
    state = _holding(["squire", "villager", "seer", "master", "witch"], "robber")
    choice = thoughtful(state.determinize(0, Rng(1)), 0, state.legal_actions(0), Rng(1))
    assert not choice.text.startswith("exchange")


def test_the_thoughtful_plan_looks_at_its_own_unseen_cards_with_a_beholder():
    state = _holding(["squire", "villager", "seer", "master", "witch"], "beholder")
    det = state.determinize(0, Rng(1))
    assert thoughtful(det, 0, state.legal_actions(0), Rng(1)).text == "use"
    act(state, 0, "use")
    choice = thoughtful(state.determinize(0, Rng(1)), 0, state.legal_actions(0), Rng(1))
    assert len(choice.text.split()) == 3 and all(int(w) >= 3 for w in choice.text.split()[1:])


def test_the_thoughtful_plan_calls_low_and_holds_high():
    low = _kept_low_late(["robber", "robber", "villager", "squire", "squire"])
    high = _kept_low_late(["robber", "robber", "master", "witch", "seer"])
    assert thoughtful(low.determinize(0, Rng(0)), 0, low.legal_actions(0), Rng(0)).text == "call count"
    assert thoughtful(high.determinize(0, Rng(0)), 0, high.legal_actions(0), Rng(0)).text != "call count"


def test_the_thoughtful_plan_reads_only_what_its_seat_knows_and_is_deterministic():
    r = rules()
    state = r.new_state(4, seed=9)
    bots = [PlanBot("thoughtful", thoughtful, seed=s) for s in range(4)]
    checked = 0
    while not state.is_over() and checked < 150:
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        a = thoughtful(state.determinize(seat, Rng(1)), seat, actions, Rng(1))
        b = thoughtful(state.determinize(seat, Rng(2)), seat, actions, Rng(3))
        assert a == b and a in actions
        state.apply(seat, bots[seat].choose(state, seat))
        checked += 1
    sight = Sight(state, 0)
    assert all(sight.value(u) is None for u in state.zones[state.z_village[1]] if not state.knowledge()[u] & 1)


def test_the_search_tree_tries_no_exchange_of_unequal_cards_it_knows():
    """Holding a card, the tree's candidates are discard and use, the single exchanges but of
    a known card lower than the one held, and only the multiple exchanges of known equal
    cards (not a gamble on unseen ones)."""
    state = _holding(["master", "master", "seer", "robber", "witch"], "empath")  # peeked: the two masters
    kept = {a.text for a in ai.candidates(state, 0) or []}
    assert kept < set(state.legal_texts(0))  # built from the village, all legal
    assert hooks_for("silver_amulet").candidates is ai.candidates
    assert {"discard", "exchange 1", "exchange 5", "exchange 1 2"} <= kept
    assert "exchange 1 3" not in kept and "exchange 3 4" not in kept and "exchange 1 2 3" not in kept
    act(state, 0, "exchange 1 2")
    act(state, 1, "draw")  # seat 1 peeked its villager and a squire, not its empaths
    kept = {a.text for a in ai.candidates(state, 1) or []}
    assert "exchange 1 2" not in kept and "exchange 4 5" not in kept and "exchange 4" in kept
    held = state.vals[state.zones[state.z_drawn[1]][0]]
    assert ("exchange 1" in kept) == (held <= 0) and ("exchange 2" in kept) == (held <= 1)  # no known lower card out
    act(state, 1, "discard")  # a main step: nothing left out
    assert ai.candidates(state, 0) is None  # the tree tries every legal move
