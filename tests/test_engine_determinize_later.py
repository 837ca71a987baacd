"""The engine's deferred determinization (`State.determinize_later` / `State.settle`): the
unseen cards of a zone a game declares are not arranged by `determinize` (a zone that is its own
pool keeps its true order; a zone sharing a pool lets determinize deal the pool's other places
first) and are shuffled from the state's own generator when the game first reads the zone. Its
contract, on the engine's small test table and on Kill the Unicorns' decks (which use it)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import registry
from game.engine.errors import TableeError
from game.engine.rng import Rng
from game.engine.state import State
from game.engine.zones import BACK
from tests.test_engine_cards import TinyRules, TinyState

PERMUTATIONS_OF_3 = 6
SEEDS = 1200


class DeferringState(TinyState):
    """The small table, whose first `under` zone (its own pool) is shuffled only when drawn from."""

    def determinize_later(self) -> tuple[int, ...]:
        return (self.zone_index(None, "under", 0),)

    def draw(self) -> int:
        """The top card of the deferred zone, as a game draws it: settle first."""
        self.settle()
        return self.zone(None, "under", 0)[-1]


class DeferringRules(TinyRules):
    state_class = DeferringState


class HandDeferringState(TinyState):
    """Seat 2's hand (`pool: card_owner`, the pool of seat 2's cards wherever they lie) is
    shuffled only when drawn from; in the variant, seat 1's hand too."""

    both = False

    def determinize_later(self) -> tuple[int, ...]:
        hands = (self.zone_index(2, "hand"),)
        return (self.zone_index(1, "hand"), *hands) if self.both else hands


class HandDeferringRules(TinyRules):
    state_class = HandDeferringState


def lent(rules: TinyRules) -> State:
    """Seat 2 lent its third card to seat 1: seat 2's pool spans both hands."""
    state = rules.new_state(3, seed=1)
    state.move(state.zone(2, "hand")[2], state.zone_index(1, "hand"))
    return state


def pile(rules: TinyRules) -> State:
    """Seat 2's four cards (c1-c4) in the first `under` zone (nobody sees it); seat 0 saw the
    second one from the bottom, seats 1 and 2 saw all four."""
    state = rules.new_state(3, seed=1)
    under = state.zone_index(None, "under", 0)
    for uid in state.zone(2, "hand")[:]:
        state.move(uid, under)
    for uid in state.zone(None, "under", 0):
        state.peek(uid, 1)
    state.peek(state.zone(None, "under", 0)[1], 0)
    return state


def order(state: State) -> tuple[int, ...]:
    return tuple(state.zone(None, "under", 0))


def test_a_deferred_zone_keeps_its_true_order_until_settled_then_only_unseen_cards_move():
    state = pile(DeferringRules())
    true, seen = order(state), state.zone(None, "under", 0)[1]
    orders = set()
    for seed in range(30):
        guess = state.determinize(0, Rng(seed))
        assert order(guess) == true and guess.unsettled == 0
        top = guess.draw()
        assert guess.unsettled is None and top == order(guess)[-1]
        assert sorted(order(guess)) == sorted(true) and order(guess)[1] == seen  # what seat 0 saw stays
        assert all(guess.cards.zone[u] == state.cards.zone[u] for u in true)
        settled, rng_state = order(guess), guess.rng.state
        guess.settle()  # once only: a second call draws nothing and moves nothing
        assert guess.rng.state == rng_state and order(guess) == settled
        orders.add(settled)
    assert len(orders) == PERMUTATIONS_OF_3  # every order of the three unseen cards turns up
    assert order(state) == true and state.unsettled is None  # the true state is never touched
    state.settle()
    assert order(state) == true


def test_without_deferral_determinize_shuffles_at_once_and_settle_does_nothing():
    state = pile(TinyRules())
    true = order(state)
    guesses = [state.determinize(0, Rng(seed)) for seed in range(30)]
    assert all(g.unsettled is None for g in guesses)
    assert len({order(g) for g in guesses}) > 1 and all(order(g)[1] == true[1] for g in guesses)
    for guess in guesses:
        before, rng_state = order(guess), guess.rng.state
        guess.settle()
        assert order(guess) == before and guess.rng.state == rng_state


def test_the_deferred_shuffle_is_distributed_as_the_immediate_one():
    now, later = pile(TinyRules()), pile(DeferringRules())
    immediate = Counter(order(now.determinize(0, Rng(seed))) for seed in range(SEEDS))
    deferred: Counter[tuple[int, ...]] = Counter()
    for seed in range(SEEDS):
        guess = later.determinize(0, Rng(seed))
        guess.draw()
        deferred[order(guess)] += 1
    assert set(immediate) == set(deferred) and len(deferred) == PERMUTATIONS_OF_3
    expected = SEEDS / PERMUTATIONS_OF_3  # 200 each; a binomial's deviation is ~13
    for permutation in deferred:
        assert abs(immediate[permutation] - expected) < 60 and abs(deferred[permutation] - expected) < 60


def test_no_view_shows_the_true_order_of_a_deferred_zone():
    state = pile(DeferringRules())
    true_ids = state.view(1)["zones"]["under"][0]  # seat 1 saw every card
    assert BACK not in true_ids
    seen_by_1 = set()
    for seed in range(30):
        guess = state.determinize(0, Rng(seed))
        assert guess.view(0) == state.view(0)  # the searching seat's view: its one card, backs
        assert guess.unsettled is None  # a view settles first...
        seen_by_1.add(tuple(guess.view(1)["zones"]["under"][0]))  # ...so another seat's is shuffled
    assert len(seen_by_1) > 1


def test_a_deferred_determinization_is_reproducible_from_its_seed():
    state = pile(DeferringRules())
    first, second = state.determinize(0, Rng(7)), state.determinize(0, Rng(7))
    first.draw()
    second.draw()
    assert first.zones == second.zones and first.rng.state == second.rng.state
    twin = state.determinize(0, Rng(7)).clone()  # a clone of an unsettled determinization settles alike
    twin.draw()
    assert twin.zones == first.zones


def test_a_pool_with_a_deferred_zone_deals_its_other_places_now_and_the_rest_on_settle():
    now, later = lent(TinyRules()), lent(HandDeferringRules())
    lent_place = (later.zone_index(1, "hand"), 4)  # seat 1's fifth card: seat 2's
    seat_2_cards = sorted(later.zone(2, "hand") + [later.zones[lent_place[0]][lent_place[1]]])
    immediate: Counter[tuple[int, ...]] = Counter()
    deferred: Counter[tuple[int, ...]] = Counter()
    for seed in range(SEEDS * 2):
        guess = now.determinize(0, Rng(seed))
        immediate[(guess.zone(1, "hand")[4], *guess.zone(2, "hand"))] += 1
        guess = later.determinize(0, Rng(seed))
        assert guess.unsettled == 0 and sorted(guess.zone(1, "hand")[:4]) == sorted(later.zone(1, "hand")[:4])
        guess.settle()
        arrangement = (guess.zone(1, "hand")[4], *guess.zone(2, "hand"))
        assert sorted(arrangement) == seat_2_cards  # seat 2's cards stay among its places
        assert all(guess.cards.zone[u] == guess.zone_index(2, "hand") for u in guess.zone(2, "hand"))
        deferred[arrangement] += 1
    assert len(immediate) == len(deferred) == 24  # 4 cards, every order
    expected = SEEDS * 2 / 24  # 100 each; a binomial's deviation is ~10
    assert all(abs(immediate[a] - expected) < 45 and abs(deferred[a] - expected) < 45 for a in deferred)


def test_a_pool_may_hold_only_one_deferred_zone():
    rules = HandDeferringRules()
    state = lent(rules)
    state.both = True  # type: ignore[attr-defined]
    with pytest.raises(TableeError, match="one deferred zone per pool"):
        state.determinize(0, Rng(1))
    state.determinize(1, Rng(1))  # seat 1 sees its own hand: seat 2's pool has one deferred zone


# ------------------------------------------------------------ Kill the Unicorns' deck
def to_next_round(state, rng: Rng) -> None:
    start = state.round_no
    while not state.is_over() and state.round_no == start:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


def test_unicorn_and_scheme_decks_are_shuffled_when_a_determinization_starts_the_next_round():
    rules = registry.load("kill_the_unicorns")
    state = rules.new_state(4, seed=3)
    deck = state.zones[state.z_deck][:]
    true_next_line = deck[-4:][::-1]  # drawn from the top (the zone's end), one per slot
    schemes_1 = set(state.zones[state.z_sdeck[1]]) | set(state.zones[state.z_shand[1]])
    lines, drawn = [], []
    for seed in range(12):
        guess = state.determinize(0, Rng(seed))
        assert guess.zones[guess.z_deck] == deck and guess.unsettled == 0  # not shuffled yet
        own = state.zones[state.z_sdeck[0]]
        assert sorted(guess.zones[guess.z_sdeck[0]]) == sorted(own)  # its own schemes stay its own
        to_next_round(guess, Rng(100 + seed))
        assert guess.unsettled is None
        lines.append(tuple(guess.zones[guess.z_line]))
        drawn.append(tuple(sorted(guess.zones[guess.z_shand[1]])))
        assert set(drawn[-1]) <= schemes_1  # seat 1 draws its own schemes
    assert len(set(lines)) > 1 and any(line != tuple(true_next_line) for line in lines)
    assert all(set(line) <= set(deck) for line in lines)
    assert len(set(drawn)) > 1
    assert state.zones[state.z_deck] == deck  # the true deck never moved


@pytest.mark.parametrize("game_id", ["kill_the_unicorns", "jagdfieber", "fish_fish", "wolf_and_hound", "silver_amulet"])
def test_a_determinizer_draws_what_determinize_draws(game_id):
    """The search's `state.determinizer(seat)` (pools found once) gives the very states that
    `determinize` gives from the same draws, for every game (Silver's own determinize too)."""
    rules = registry.load(game_id)
    state = rules.new_state(rules.min_players, seed=4)
    rng = Rng(4)
    for _ in range(9):  # a few moves in: some cards seen, some hidden
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    seat = state.to_act()[0] if state.to_act() else 0
    make = state.determinizer(seat)
    for seed in range(6):
        drawn, made = make(Rng(seed)), state.determinize(seat, Rng(seed))
        assert drawn.zones == made.zones and list(drawn.card_ids) == list(made.card_ids)
        assert drawn.cards.known == made.cards.known and drawn.rng.state == made.rng.state
        assert drawn.view(seat) == state.view(seat)
