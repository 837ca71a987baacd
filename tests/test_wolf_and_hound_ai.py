"""Wolf & Hound bots play for their team: the search hooks value a position by team, a team win
counts for both partners, and the search beats random play."""

from __future__ import annotations

import math

from game.ai import make_bot
from game.ai.hooks import hooks_for
from game.engine import registry
from game.engine.rng import Rng
from game.games.wolf_and_hound import ai, policy
from tests.test_engine_quiet import follow_with_a_quiet_twin

RULES = registry.load("wolf_and_hound")
ANIMALS = ["wolf_01", "wolf_06", "hound_01", "sheep_01"]


def _random_game(players: int, seed: int, options: dict | None = None):
    state = RULES.new_state(players, seed=seed, options=options or {"animals": ANIMALS})
    rng = Rng(seed)
    while not state.is_over():
        for seat in state.to_act():
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randrange(len(actions))])
    return state


def test_the_hooks_are_found_by_the_search() -> None:
    hooks = hooks_for("wolf_and_hound")
    assert hooks.module == "game.games.wolf_and_hound.ai"
    assert hooks.evaluate is ai.evaluate and hooks.rollout_done is ai.rollout_done


def test_a_team_win_names_both_partners_and_values_them_alike() -> None:
    teams = [set(seats) for seats in RULES.teams.values()]
    for seed in range(12):
        state = _random_game(4, seed)
        assert set(state.winners()) in teams
        values = ai.evaluate(state)
        assert sorted(values) == [0.0, 0.0, 1.0, 1.0]
        assert all(values[s] == 1.0 for s in state.winners())
    # 3 players: the ghost's partner (seat 1) alone against seats 0 and 2
    for seed in range(6):
        state = _random_game(3, seed)
        values = ai.evaluate(state)
        assert values[0] == values[2] == 1.0 - values[1]


def test_an_unfinished_position_is_valued_by_the_teams_sheep() -> None:
    state = RULES.new_state(4, seed=3, options={"animals": ANIMALS})
    even = ai.evaluate(state)
    assert even[0] == even[2] and even[1] == even[3]
    assert abs(even[0] + even[1] - 1.0) < 1e-9
    weaker = state.clone()
    weaker.sheep[2] -= 2  # seat 2 (blue, seat 0's partner) lost two sheep
    after = ai.evaluate(weaker)
    assert after[0] < even[0] and after[2] == after[0] and after[1] > even[1]
    # the weakest pasture matters more than the total: a seat near 0 sheep endangers its team
    spread = state.clone()
    spread.sheep[:] = [1, 2, 3, 2]  # blue total 4 (weakest 1) against yellow total 4 (weakest 2)
    assert ai.evaluate(spread)[0] < 0.5


def test_simulations_stop_a_few_turns_on() -> None:
    start = RULES.new_state(4, seed=5, options={"animals": ANIMALS})
    state = start.clone()
    rng = Rng(2)
    steps = 0
    while not ai.rollout_done(start, state) and not state.is_over():
        for seat in state.to_act():
            actions = state.legal_actions(seat)
            state.apply(seat, ai.rollout_action(state, seat, actions, rng))
        steps += 1
    assert state.is_over() or state.turn_no - start.turn_no >= ai.HORIZON
    assert steps <= ai.HORIZON + 1


def test_the_search_wins_more_often_than_random_play_for_its_team() -> None:
    wins = 0
    games = 6
    for seed in range(games):
        state = RULES.new_state(4, seed=100 + seed, options={"animals": ANIMALS})
        bots = {s: make_bot("ismcts", seed=seed * 4 + s, iterations=120, seconds=None) for s in (0, 2)}
        rng = Rng(seed)
        while not state.is_over():
            for seat in state.to_act():
                if seat in bots:
                    action = bots[seat].choose(state, seat)
                else:
                    actions = state.legal_actions(seat)
                    action = actions[rng.randrange(len(actions))]
                state.apply(seat, action)
        wins += 0 in state.winners()
    assert wins >= 5, wins  # two search bots as a team against two random players


def _deck(first: list[str]) -> list[str]:
    from collections import Counter

    counts = Counter({c: d["base"] for c, d in RULES.data["cards"].items() if d["base"]})
    for card in first:
        counts[card] -= 1
    return first + [c for c, n in sorted(counts.items()) for _ in range(n)]


def test_the_playout_policy_sends_wolves_to_the_next_opponent_and_keeps_hounds_home(monkeypatch) -> None:
    # Wolf 01 and Hound 01 stand before seat 0, which holds black 1 and white 1 (rulebook 5, 6-3):
    # black 1 puts the wolf before seat 1 (an opponent, next to activate): good for seat 0's team;
    # white 1 would give seat 1 a hound: bad.
    deck = _deck(["black 1", "white 1", "black 4", "white 4"])
    state = RULES.new_state(4, seed=1, options={"animals": ["wolf_01", "hound_01"], "deck": deck})
    assert ai.landing_score(state, 0, "black 1") == 1.0
    assert ai.landing_score(state, 0, "white 1") == -1.0
    assert ai.landing_score(state, 0, "black 4") == 0.0  # the wolf goes round, back to seat 0
    monkeypatch.setattr(ai, "EPSILON", 0.0)
    actions = state.legal_actions(0)
    assert {str(ai.rollout_action(state, 0, actions, Rng(s))) for s in range(10)} == {"play black 1"}


def test_the_playout_policy_alone_beats_random_play_by_far() -> None:
    wins = 0
    games = 150
    for seed in range(games):
        state = RULES.new_state(4, seed=seed, options={"animals": ANIMALS})
        rng = Rng(seed)
        while not state.is_over():
            for seat in state.to_act():
                actions = state.legal_actions(seat)
                policy = seat in (0, 2)
                state.apply(seat, ai.rollout_action(state, seat, actions, rng) if policy else actions[rng.randrange(len(actions))])
        wins += 0 in state.winners()
    assert wins / games > 0.75, wins  # random teams: about one in two


# Animal sets that use every primitive between them (delayed, drifting, flipping, twins, company).
SIM_SETS = [
    ["wolf_01", "wolf_06", "hound_01", "sheep_01"],
    ["wolf_02", "wolf_03", "hound_02", "sheep_02", "metamorphic_01"],
    ["wolf_04", "wolf_05", "hound_03", "metamorphic_02", "metamorphic_03", "extra_01"],
    ["wolf_01", "hound_04", "metamorphic_04", "extra_02", "designer_01"],
    ["designer_02_1", "designer_02_2", "designer_02_3", "wolf_01", "hound_01"],
]


def test_a_quiet_copy_plays_every_animal_card_as_the_game_does() -> None:
    """The play-outs run the rules on a quiet copy: with every primitive (ghosts, Meat & Bone
    and best of 5 included), a quiet twin goes through the game's own states, and stops where a
    game of a match is won instead of dealing the next (tests/test_engine_quiet.py)."""
    stops = 0
    for i, animals in enumerate(SIM_SETS):
        for players in (2, 3, 4):
            options = {"animals": animals, "meat_and_bone": bool(i % 2), "best_of": 5 if players != 3 else 1}
            state = RULES.new_state(players, seed=i * 10 + players, options=options)
            stops += follow_with_a_quiet_twin(state, Rng(i + players))[1]
    assert stops > 10


def test_a_pastures_last_sheep_is_worth_the_game() -> None:
    worth = [policy.sheep_worth(n) for n in range(5)]
    assert worth == sorted(worth)  # more sheep, more worth
    steps = [b - a for a, b in zip(worth, worth[1:], strict=False)]
    assert steps == sorted(steps, reverse=True)  # the last sheep is worth the most


def test_the_team_player_sends_the_wolf_to_a_nearly_empty_pasture_first() -> None:
    # Wolf 01 and Hound 01 before seat 0; seat 0 holds black 1 and black 2. Black 1 puts the wolf
    # before seat 1 (next to activate: it loses a sheep at once), black 2 before seat 2 (its own
    # partner). With seat 1 at its last sheep, black 1 wins the game.
    deck = _deck(["black 1", "black 2", "white 4", "white 3"])
    state = RULES.new_state(4, seed=1, options={"animals": ["wolf_01", "hound_01"], "deck": deck})
    assert policy.best_card(state, 0, ["black 2", "black 1"])[0] == "black 1"
    low = state.clone()
    low.sheep[1] = 1
    assert policy.card_score(low, 0, "black 1") - policy.card_score(low, 0, "white 3") > policy.card_score(
        state, 0, "black 1") - policy.card_score(state, 0, "white 3")  # the last sheep: worth far more
    assert ai.team_action(state, 0, state.legal_actions(0)).text == "play black 1"


def test_the_careful_player_reads_only_what_its_seat_knows() -> None:
    """The default move of medium and hard (and the `thoughtful` plan) counts the unseen cards:
    two deals that differ only in the other seats' hands give it the same choices."""
    deck = _deck(["black 1", "white 2", "black 3", "white 4"])
    a = RULES.new_state(4, seed=1, options={"animals": ["wolf_01", "hound_01"], "deck": deck})
    other = deck[:4] + deck[4:20][::-1] + deck[20:]  # seats 1-3 hold other cards
    b = RULES.new_state(4, seed=1, options={"animals": ["wolf_01", "hound_01"], "deck": other})
    assert a.zones[a.hand[1]] != b.zones[b.hand[1]] or a.card_ids != b.card_ids
    unseen_a, unseen_b = policy.unseen_counts(a, 0), policy.unseen_counts(b, 0)
    assert unseen_a == unseen_b and sum(unseen_a.values()) == 32 - 4
    for card in ("black 1", "white 2", "black 3", "white 4"):
        assert policy.counted_score(a, 0, card, unseen_a) == policy.counted_score(b, 0, card, unseen_b)
    assert ai.default_move(a, 0, a.legal_actions(0), Rng(1)) == ai.default_move(b, 0, b.legal_actions(0), Rng(2))


def test_hard_searches_flat_with_a_lookahead_of_the_next_turns() -> None:
    hooks = hooks_for("wolf_and_hound")
    assert hooks.flat_levels == {"hard": ai.FLAT_LEVELS["hard"]} and hooks.flat_playout is ai.flat_playout
    state = RULES.new_state(4, seed=2)
    for _ in range(3):
        seat = state.to_act()[0]
        state.apply(seat, ai.team_action(state, seat, state.legal_actions(seat)))
    values = ai.flat_playout(state.clone(), Rng(1))
    assert values[0] == values[2] == 1.0 - values[1] and 0.0 <= values[0] <= 1.0
    bot = make_bot("ismcts", seed=3, level="hard", iterations=250, seconds=None)
    seat = state.to_act()[0]
    assert bot.choose(state, seat) in state.legal_actions(seat) and bot.last_budget == 19  # a tenth of 192 worlds
    # the search's value of a won game of a best of 5 is the games won
    match = RULES.new_state(4, seed=4, options={"best_of": 5})
    det = match.clone().quietly()
    while not det.stopped:
        seat = det.to_act()[0]
        det.apply(seat, ai.team_action(det, seat, det.legal_actions(seat)))
    winner = next(t for t, won in det.wins.items() if won)
    assert abs(ai.team_values(det)[winner] - 1.0 / (1.0 + math.exp(-ai.W_GAMES))) < 1e-12
