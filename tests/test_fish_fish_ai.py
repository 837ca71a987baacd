"""Fish Fish bot hooks: styles read only public facts, play like their names, beat random."""

from __future__ import annotations

from game.ai import make_bot
from game.ai.hooks import hooks_for
from game.ai.ismcts import rollout
from game.engine import registry
from game.engine.rng import Rng
from game.games.fish_fish import ai


def new_game(players: int = 4, start_seat: int = 0, seed: int = 1):
    return registry.load("fish_fish").new_state(players, seed=seed, options={"start_seat": start_seat})


def act(state, seat: int, text: str) -> None:
    state.apply(seat, state.rules.parse_action(state, seat, text))


def line(state, card: str, value: int, bets: list[int]) -> None:
    act(state, state.fisher, f"line {card} {value}")
    for count in bets:
        act(state, state.to_act()[0], f"bet {count}")


class SeatOnly:
    """What a bot may ask: to_act, its own legal actions, determinizations for itself, rules."""

    def __init__(self, state, seat: int) -> None:
        self._state, self._seat = state, seat
        self.rules, self.num_players = state.rules, state.num_players

    def to_act(self):
        return self._state.to_act()

    def legal_actions(self, seat: int):
        assert seat == self._seat
        return self._state.legal_actions(seat)

    def determinize(self, seat: int, rng: Rng):
        assert seat == self._seat
        return self._state.determinize(seat, rng)

    def determinizer(self, seat: int):
        assert seat == self._seat
        return self._state.determinizer(seat)

    def __getattr__(self, name: str):
        raise AssertionError(f"a bot read state.{name}")


def test_catch_chance_counts_every_unrevealed_card_even_one_spent_face_down():
    state = new_game()
    act(state, 0, "line empty 2")
    assert ai.catch_chance(state) == 2 / 5
    for count in (0, 0, 0):
        act(state, state.to_act()[0], f"bet {count}")
    line(state, "catch", 3, [1, 0, 0])
    act(state, 0, "line empty 4")
    assert ai.catch_chance(state) == 1 / 4  # the face-down discard may still be the other catch
    for count in (0, 0, 0):
        act(state, state.to_act()[0], f"bet {count}")
    line(state, "catch", 3, [0, 0, 0])
    act(state, 0, "line empty 5")
    assert ai.catch_chance(state) == 1 / 4  # two face-down discards: either may be the catch


def test_a_fish_bets_the_same_whatever_the_hidden_card_on_the_line():
    for card in ("catch", "empty"):
        state = new_game()
        act(state, 0, f"line {card} 4")
        bets = []
        for seed in range(40):
            for style in ai.STYLES.values():
                bets.append(str(style(state.clone(), 1, state.legal_actions(1), Rng(seed))))
        if card == "catch":
            under_catch = bets
    assert bets == under_catch


def average_bet(style_name: str, games: int = 40) -> float:
    """Fish seats play the style against the same fisher (the play-out policy)."""
    rules = registry.load("fish_fish")
    policy = ai.STYLES[style_name]
    bets = []
    for seed in range(games):
        state = rules.new_state(4, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            if seat == state.fisher:
                action = ai.rollout_action(state, seat, actions, rng)
            else:
                action = policy(state.determinize(seat, rng), seat, actions, rng)
                if len(actions) > 1:
                    bets.append(action.count)
            state.apply(seat, action)
    return sum(bets) / len(bets)


def test_a_cautious_fish_bets_fewer_fish_per_line_than_a_bold_one():
    assert average_bet("cautious") < 0.85 * average_bet("bold")


def test_a_cautious_fish_keeps_its_fish_when_both_catches_may_be_on_a_small_bait():
    state = new_game()
    act(state, 0, "line catch 2")
    choices = {str(ai.STYLES["cautious"](state.clone(), 1, state.legal_actions(1), Rng(s))) for s in range(30)}
    assert choices <= {"bet 0", "bet 1"}


def test_a_fish_spreads_its_fish_before_the_forced_last_line():
    state = new_game()
    for card, value in (("empty", 2), ("empty", 3), ("catch", 3)):
        line(state, card, value, [0, 0, 0])
    act(state, 0, "line empty 4")  # line 4 of 5, a catch may remain: do not wait for line 5
    bets = [ai.STYLES["cautious"](state.clone(), 1, state.legal_actions(1), Rng(s)).count for s in range(30)]
    assert sum(b >= 2 for b in bets) >= 25  # a few random slips aside


def test_the_fisher_lures_with_catches_under_the_biggest_bait():
    state = new_game()
    lures = {"catch top": 0, "catch low": 0}
    for seed in range(200):
        action = ai.STYLES["bold"](state.clone(), 0, state.legal_actions(0), Rng(seed))
        if action.card == "catch":
            lures["catch top" if action.value == 5 else "catch low"] += action.value == 5 or action.value == 2
    assert lures["catch top"] > lures["catch low"]


def test_style_bots_are_selectable_play_legal_moves_and_read_only_their_seat():
    rules = registry.load("fish_fish")
    bots = [make_bot("cautious", seed=1), make_bot("bold", seed=2, level="hard"), make_bot("cautious", seed=3, level="easy")]
    state = rules.new_state(3, seed=4)
    while not state.is_over():
        seat = state.to_act()[0]
        action = bots[seat].choose(SeatOnly(state, seat), seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert hooks_for("fish_fish").styles.keys() == {"cautious", "bold"}


def test_style_bots_are_reproducible_from_their_seed():
    def play(seed: int) -> list[str]:
        state = registry.load("fish_fish").new_state(4, seed=9)
        bots = [make_bot("bold", seed=seed + s) for s in range(4)]
        texts = []
        while not state.is_over():
            seat = state.to_act()[0]
            action = bots[seat].choose(state, seat)
            texts.append(str(action))
            state.apply(seat, action)
        return texts

    assert play(5) == play(5)


def test_style_bots_beat_random_players():
    rules = registry.load("fish_fish")
    for style in ("cautious", "bold"):
        share = 0.0
        for seed in range(120):
            state = rules.new_state(4, seed=seed)
            bots = [make_bot(style, seed=seed, level="hard")] + [make_bot("random", seed=seed + s) for s in (1, 2, 3)]
            while not state.is_over():
                seat = state.to_act()[0]
                state.apply(seat, bots[seat].choose(state, seat))
            winners = state.winners()
            share += 1 / len(winners) if 0 in winners else 0.0
        assert share / 120 > 0.32, style  # random seats win 0.25 each


def test_playouts_stop_at_the_end_of_the_round_and_value_the_score_sheet():
    hooks = hooks_for("fish_fish")
    state = new_game()
    start = state.clone()
    rng = Rng(1)
    steps = 0
    while not hooks.rollout_done(start, state):
        seat = state.to_act()[0]
        state.apply(seat, hooks.rollout_action(state, seat, state.legal_actions(seat), rng))
        steps += 1
    assert state.round_no == 2 and len(state.sheet) == 1 and steps > 0
    values = hooks.evaluate(state)
    assert abs(sum(values) - 1.0) < 1e-9
    leader = max(range(4), key=lambda s: state.scores()[s])
    assert values[leader] == max(values)


def test_evaluate_is_exact_at_the_end_of_the_game():
    state = new_game(2)
    for _ in range(4):
        line(state, "empty", 2, [4])
    assert state.is_over() and state.scores() == [16, 16]
    assert ai.evaluate(state) == [0.5, 0.5]


def test_ismcts_searches_fish_fish_with_these_hooks():
    state = new_game(4, seed=3)
    bot = make_bot("ismcts", seed=1, iterations=60, seconds=None)
    for _ in range(6):
        seat = state.to_act()[0]
        action = bot.choose(SeatOnly(state, seat), seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_a_playout_plays_the_round_through_the_rules_and_stops_at_its_end():
    hooks = hooks_for("fish_fish")
    assert hooks.playout is None  # the rules themselves, on the search's quiet copy
    det = new_game(4, seed=2)
    values = rollout(det, Rng(3), hooks)
    assert det.stopped and det.round_no == 1 and len(det.sheet) == 1  # scored, nothing dealt
    assert abs(sum(values) - 1.0) < 1e-9 and all(0.0 < v < 1.0 for v in values)
    assert values == hooks.evaluate(det)
    over = new_game(2)
    for _ in range(4):
        line(over, "empty", 2, [4])
    assert rollout(over, Rng(1), hooks) == [0.5, 0.5]


def test_easy_errs_on_purpose_and_medium_and_hard_never(monkeypatch):
    """The search's bets and lines are as good at 80 iterations as at 2,500 (docs/bots.md), so
    Fish Fish's easy level plays a move at random instead of searching now and then
    (LEVEL_SLIPS); medium and hard never do. A slip is drawn from the bot's own generator: it
    reads nothing of the state but the seat's legal moves."""
    import dataclasses

    from game.ai import hooks as hooks_module

    slips = hooks_for("fish_fish").slips
    assert 0.0 < slips["easy"] < 1.0 and not slips.get("medium") and not slips.get("hard")
    sure = dataclasses.replace(hooks_for("fish_fish"), slips={"easy": 1.0})
    monkeypatch.setitem(hooks_module._cache, "fish_fish", sure)
    state = new_game(4, seed=3)
    chosen = set()
    for seed in range(12):
        easy = make_bot("ismcts", seed=seed, level="easy", iterations=40, seconds=None)
        chosen.add(str(easy.choose(SeatOnly(state, 0), 0)))
        assert easy.last_iterations == 0  # no search: the slip's move
    assert len(chosen) > 2 and chosen <= {str(a) for a in state.legal_actions(0)}
    hard = make_bot("ismcts", seed=1, level="hard", iterations=40, seconds=None)
    hard.choose(SeatOnly(state, 0), 0)
    assert hard.last_iterations == hard.last_budget > 0  # searched its whole budget


def test_hard_reads_a_line_as_the_balanced_fisher_lays_it():
    """The tree's levels lay their lines as the balanced fisher (`fisher_odds`): a catch under
    a big bait, an empty card under a small one. On a round's first line two of the five cards
    are catches; hard's fish take a 5 for a catch nine times in ten and a 2 fewer than four
    times in ten, from public facts only: the same whatever the card on the line."""
    chances = {}
    for card in ("catch", "empty"):
        for value in (2, 5):
            state = new_game(4, seed=5)
            act(state, 0, f"line {card} {value}")
            chances[card, value] = ai.line_catch_chance(state)
    assert chances["catch", 5] == chances["empty", 5] > 0.8
    assert chances["catch", 2] == chances["empty", 2] < 0.4


def test_hard_bets_by_expected_points_and_never_on_a_first_line_lure():
    """Hard's fish bet by `hard_fish_bet` (its flat search values every bet alike, so the bet
    stands): nothing on a first line under the biggest bait, whatever the line's hidden card;
    some fish on a 4 once one catch is out: the balanced fisher keeps its last catch back, since
    it ends the round and the fish left eat its biggest bait."""
    for card in ("catch", "empty"):
        state = new_game(4, seed=5)
        act(state, 0, f"line {card} 5")
        seat = state.to_act()[0]
        for seed in range(4):
            bot = make_bot("ismcts", seed=seed, level="hard", iterations=300, seconds=None)
            assert bot.choose(SeatOnly(state, seat), seat).count == 0
    state = new_game(4, seed=5)
    line(state, "catch", 2, [1, 1, 1])
    line(state, "empty", 3, [0, 0, 0])
    act(state, 0, "line empty 4")
    seat = state.to_act()[0]
    assert ai.line_catch_chance(state) < 0.1
    bot = make_bot("ismcts", seed=1, level="hard", iterations=300, seconds=None)
    assert bot.choose(SeatOnly(state, seat), seat).count > 0


def test_hard_fish_do_not_all_wait_for_the_forced_last_line():
    """Fish that all wait are met by a fisher who lays its empty cards first and keeps its
    catches for the last lines, where every fish left must bet. After a first line nobody bet
    on, hard's fish bet on a small bait and still keep off a big one (which the balanced fisher
    lays over a catch)."""
    counts = {}
    for value in (2, 4):
        state = new_game(4, seed=5)
        line(state, "empty", 3, [0, 0, 0])
        act(state, 0, f"line empty {value}")
        seat = state.to_act()[0]
        bot = make_bot("ismcts", seed=1, level="hard", iterations=300, seconds=None)
        counts[value] = bot.choose(SeatOnly(state, seat), seat).count
    assert counts[2] > 0 and counts[4] == 0


def test_hard_fisher_searches_flat_within_its_budget():
    """Hard's fisher plays the tree's balanced draw unless its flat search finds a clearly
    better line; it plays a legal line and searches its worlds."""
    state = new_game(4, seed=5)
    bot = make_bot("ismcts", seed=1, level="hard", iterations=250, seconds=None)
    move = bot.choose(SeatOnly(state, 0), 0)
    assert str(move) in {str(a) for a in state.legal_actions(0)}
    assert bot.last_budget == 24 and 0 < bot.last_iterations <= 24


def test_a_kept_fish_pays_the_fisher_if_its_later_line_is_a_catch():
    """Hard weighs a fish kept against the line on the table: it earns a later bait if its line
    is empty and gives the fisher its share if that line is a catch. Once a catch is out under
    the 2, a 5 the balanced fisher rarely lays over the last catch is worth every fish (keeping
    them risks the catch still to come), not half of them."""
    state = new_game(4, seed=5)
    line(state, "catch", 2, [1, 0, 0])
    act(state, 0, "line empty 5")
    seat = state.to_act()[0]
    actions = state.legal_actions(seat)
    assert ai.line_catch_chance(state) < 0.3
    assert ai.hard_fish_bet(state, seat, actions, Rng(1)) == actions[-1]


def test_the_late_catch_plan_lays_its_empty_cards_first_under_the_smallest_bait():
    """The plan that once beat hard's waiting fish (`late_catch`, in the exploit table): as
    fisher, an empty card under its smallest bait while it has one; as a fish, a legal bet."""
    plan = hooks_for("fish_fish").plans["late_catch"]
    state = new_game(4, seed=5)
    move = plan(state, 0, state.legal_actions(0), Rng(1))
    assert move.card not in state.rules.takes_bets
    assert move.value == min(a.value for a in state.legal_actions(0))
    state.apply(0, move)
    seat = state.to_act()[0]
    assert plan(state, seat, state.legal_actions(seat), Rng(1)) in state.legal_actions(seat)


def test_the_fish_seen_waiting_are_those_that_kept_every_fish_past_the_first_line():
    """Hard's fisher reads a fish as waiting once a line has passed and it kept all its fish
    (public: fish in hand and on the line); on the first line no fish is read so."""
    state = new_game(4, seed=5)
    assert ai.waiting_fish(state) == set()
    line(state, "empty", 3, [1, 0, 0])
    act(state, 0, "line empty 2")
    fish = list(state.order)
    assert ai.waiting_fish(state) == set(fish[1:])


def waited_round_to_line_four():
    """A round where the fish bet nothing on the first three lines (a catch under the 5 spent,
    empty cards under the 4 and a 3): the fisher holds a catch and an empty card, a 3 and a 2."""
    state = new_game(4, seed=5)
    line(state, "catch", 5, [0, 0, 0])
    line(state, "empty", 4, [0, 0, 0])
    line(state, "empty", 3, [0, 0, 0])
    return state


def test_hard_fisher_keeps_its_catch_for_the_forced_line_when_the_fish_wait():
    """Against fish that kept all their fish through three lines, hard's fisher lays its empty
    card on line 4 and keeps its catch for the last line, where every fish left must bet."""
    state = waited_round_to_line_four()
    fisher = state.fisher
    assert {a.card for a in state.legal_actions(fisher)} == {"catch", "empty"}
    for seed in range(3):
        bot = make_bot("ismcts", seed=seed, level="hard", iterations=1000, seconds=None)
        assert bot.choose(SeatOnly(state, fisher), fisher).card == "empty"


def test_hard_fish_bet_half_on_the_line_before_the_forced_one_after_waiting():
    """On line 4 of a round where nothing was revealed, a fisher that keeps a catch for the
    forced last line makes betting here better (`keeper_margin` > 0), one that kept both catches
    makes it worse: hard's fish bet half their fish. On line 3 the margin is not read."""
    state = waited_round_to_line_four()
    act(state, state.fisher, "line empty 2")
    seat = state.to_act()[0]
    actions = state.legal_actions(seat)
    later = [state.bait_value[u] for u in state.zones[state.z_baits[state.fisher]]]
    cost = state.rules.fisher_points / (state.num_players - 1)
    assert ai.keeper_margin(state, later, cost) > 0
    assert ai.hard_fish_bet(state, seat, actions, Rng(1)).count == len(actions) // 2
    early = new_game(4, seed=5)
    line(early, "catch", 5, [0, 0, 0])
    line(early, "empty", 4, [0, 0, 0])
    act(early, early.fisher, "line empty 2")
    later = [early.bait_value[u] for u in early.zones[early.z_baits[early.fisher]]]
    assert ai.keeper_margin(early, later, cost) == 0.0


def test_the_lure_and_keep_and_one_then_wait_plans_do_what_they_say():
    """`lure_and_keep` (fisher): a catch under the 5 on the first line, then an empty card under
    its biggest bait. `one_then_wait` (fish): one fish on the first line, then none."""
    plans = hooks_for("fish_fish").plans
    state = new_game(4, seed=5)
    fisher = state.fisher
    move = plans["lure_and_keep"](state, fisher, state.legal_actions(fisher), Rng(1))
    assert (move.card, move.value) == ("catch", 5)
    state.apply(fisher, move)
    seat = state.to_act()[0]
    assert plans["one_then_wait"](state, seat, state.legal_actions(seat), Rng(1)).count == 1
    for _ in range(3):
        act(state, state.to_act()[0], "bet 0")
    move = plans["lure_and_keep"](state, fisher, state.legal_actions(fisher), Rng(1))
    assert (move.card, move.value) == ("empty", 4)
    state.apply(fisher, move)
    seat = state.to_act()[0]
    assert plans["one_then_wait"](state, seat, state.legal_actions(seat), Rng(1)).count == 0
