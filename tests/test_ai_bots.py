"""Bots: they never read what their seat may not know, they are reproducible from their seed,
and they always return a legal action, in every registered game."""

from __future__ import annotations

import pytest

from game.ai import make_bot
from game.ai.bots import BOT_NAMES, LEVELS, parse_bot_spec
from game.ai.ismcts import ISMCTSBot, Node
from game.engine import registry
from game.engine.errors import TableeError
from game.engine.rng import Rng

SMALL = {"iterations": 40, "seconds": None}  # iteration budgets keep bots exact and fast


def jagdfieber(seed: int = 2, start_seat: int = 0):
    return registry.load("jagdfieber").new_state(4, seed=seed, options={"start_seat": start_seat})


def play(state, seat: int, card: str) -> None:
    state.apply(seat, state.rules.parse_action(state, seat, f"play {card}"))


def advance(state, rounds: int, seed: int) -> None:
    """Some whole rounds of random play, so hands, prey and lodges differ from the start."""
    rng = Rng(seed)
    for _ in range(rounds):
        for seat in state.to_act():
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randrange(len(actions))])


class ObserverOnly:
    """What a seat may ask of a state: whose turn it is, its own legal actions, and
    determinizations for itself. Anything else (zones, cards, clone, apply...) fails the test."""

    def __init__(self, state, seat: int) -> None:
        self._state, self._seat = state, seat
        self.rules, self.num_players = state.rules, state.num_players

    def to_act(self):
        return self._state.to_act()

    def legal_actions(self, seat: int):
        assert seat == self._seat, "a bot asked another seat's legal actions"
        return self._state.legal_actions(seat)

    def determinize(self, seat: int, rng: Rng):
        assert seat == self._seat, "a bot determinized for another seat"
        return self._state.determinize(seat, rng)

    def determinizer(self, seat: int):
        """Determinizations for itself, many from one state (a search)."""
        assert seat == self._seat, "a bot determinized for another seat"
        return self._state.determinizer(seat)

    def __getattr__(self, name: str):
        raise AssertionError(f"a bot read state.{name}, beyond what its seat may know")


def hidden_variants():
    """Pairs of states that differ only in cards hidden from seat 0: other seats already chose
    a different card face down (at the start of the game and in the middle of a day)."""
    pairs = []
    for rounds, seed in ((0, 2), (3, 5), (6, 9)):
        a, b = jagdfieber(seed), jagdfieber(seed)
        advance(a, rounds, seed)
        advance(b, rounds, seed)
        cards_a = [str(x).split()[1] for x in a.legal_actions(1)]
        cards_b = [str(x).split()[1] for x in b.legal_actions(2)]
        play(a, 1, cards_a[0])
        play(b, 1, cards_a[-1])
        play(a, 2, cards_b[-1])
        play(b, 2, cards_b[0])
        assert a.view(0) == b.view(0)  # seat 0 cannot tell them apart...
        assert a.zone(1, "play") != b.zone(1, "play") or a.card_ids != b.card_ids  # ...but they differ
        pairs.append((a, b))
    return pairs


@pytest.mark.parametrize("name", BOT_NAMES)
def test_a_bot_chooses_the_same_whatever_the_others_chose_face_down(name: str) -> None:
    options = SMALL if name == "ismcts" else {}
    for a, b in hidden_variants():
        for seed in range(4):
            choice_a = make_bot(name, seed=seed, level="easy", **options).choose(a, 0)
            choice_b = make_bot(name, seed=seed, level="easy", **options).choose(b, 0)
            assert choice_a == choice_b


def test_ismcts_reads_nothing_but_its_seat_knowledge() -> None:
    """The bot works through a state that only answers what seat 0 may know; the whole action
    distribution over seeds is the same for both hidden variants."""
    for a, b in hidden_variants():
        choices_a = [ISMCTSBot(seed, **SMALL).choose(ObserverOnly(a, 0), 0) for seed in range(6)]
        choices_b = [ISMCTSBot(seed, **SMALL).choose(ObserverOnly(b, 0), 0) for seed in range(6)]
        assert choices_a == choices_b


def test_search_statistics_of_a_simultaneous_step_are_decoupled() -> None:
    """All seats of a simultaneous choice pick at the same node from their own statistics, in
    every iteration, whatever the others pick: no seat's statistics sit below another seat's
    same-step choice."""
    state = jagdfieber()
    bot = ISMCTSBot(3, iterations=60, seconds=None)
    root = Node()
    bot.search(state, 0, root, Rng(1))
    assert sorted(root.stats) == [0, 1, 2, 3]
    for seat in range(4):
        entries = root.stats[seat].values()
        assert sum(e[0] for e in entries) == 60  # every iteration chose a move for every seat
    for key in root.children:  # children follow the revealed round, never a half-made choice
        assert key[0] == (0, 1, 2, 3)


def test_same_seed_same_state_same_choice_and_the_state_is_untouched() -> None:
    state = jagdfieber(seed=11)
    advance(state, 4, 11)
    play(state, 3, str(state.legal_actions(3)[0]).split()[1])
    before = (state.view(None), [state.view(s) for s in range(4)], [z[:] for z in state.zones])
    first = [ISMCTSBot(seed, **SMALL).choose(state, 0) for seed in range(5)]
    again = [ISMCTSBot(seed, **SMALL).choose(state, 0) for seed in range(5)]
    assert first == again
    assert before == (state.view(None), [state.view(s) for s in range(4)], [z[:] for z in state.zones])


def test_a_seat_with_nothing_to_choose_is_refused() -> None:
    state = jagdfieber()
    play(state, 2, "wolf")
    with pytest.raises(TableeError, match="nothing to choose"):
        ISMCTSBot(1, **SMALL).choose(state, 2)


def random_states(rules, seed: int):
    """A few states along one random game, at every player count."""
    for n in range(rules.min_players, rules.max_players + 1):
        state = rules.new_state(n, seed=seed + n)
        rng = Rng(seed + n)
        steps = 0
        while not state.is_over():
            if steps % 7 == 3:
                yield state
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randrange(len(actions))])
            steps += 1
            if steps > 60:
                break


@pytest.mark.parametrize("entry", [e for e in registry.available() if e.rules is not None], ids=lambda e: e.game_id)
def test_every_bot_plays_legal_actions_in_every_game(entry) -> None:
    for state in random_states(entry.rules, seed=21):
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            for name in BOT_NAMES:
                for level in LEVELS:
                    options = {"iterations": 12, "seconds": None} if name == "ismcts" else {}
                    action = make_bot(name, seed=seat, level=level, **options).choose(state, seat)
                    assert action in legal, f"{name}:{level} chose {action} (legal: {legal})"


def test_bot_specs_and_bad_names() -> None:
    assert parse_bot_spec("ismcts:hard") == ("ismcts", "hard")
    assert parse_bot_spec(" random ") == ("random", "medium")
    with pytest.raises(TableeError, match="bots: random, ismcts"):
        make_bot("alphazero")
    with pytest.raises(TableeError, match="levels: easy, medium, hard"):
        make_bot("ismcts", level="expert")


def test_the_tree_begins_no_iteration_that_would_end_past_its_clock(monkeypatch):
    """One unit of a fake clock per iteration: with 3.5 units, three iterations (a fourth would
    end at 4); the search stops on time, never past it."""
    import game.ai.ismcts as ismcts

    clock = [0.0]
    monkeypatch.setattr(ismcts.time, "perf_counter", lambda: clock[0])
    real = ismcts.ISMCTSBot.iterate

    def timed(self, *args):
        clock[0] += 1.0
        return real(self, *args)

    monkeypatch.setattr(ismcts.ISMCTSBot, "iterate", timed)
    state = jagdfieber(4)
    bot = ISMCTSBot(3, iterations=1000, seconds=3.5)
    assert bot.search(state, 0, ismcts.Node(), Rng(1)) == 3
    # A whole decision keeps a reserve of its clock for what follows the search: with 4 units,
    # a fourth iteration would end on the clock itself, so choose stops after three.
    clock[0] = 0.0
    bot = ISMCTSBot(3, iterations=1000, seconds=4.0)
    seat = state.to_act()[0]
    bot.choose(state, seat)
    assert bot.last_iterations == 3 and clock[0] <= 4.0 * (1 - ismcts.CLOCK_RESERVE)
