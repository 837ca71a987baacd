"""Exchanges counted and ranked without listing them (game/games/silver_amulet/exchanges.py):
`sample_action` must draw exactly what `legal_actions(seat)[rng.randrange(n)]` draws, and
`apply` must accept exactly the listed sets (and the bots' `exchange_action` build exactly
them), in states of random games (long villages with
face-up cards of several values, the amulet, doppelgängers)."""

from __future__ import annotations

from itertools import combinations

import pytest

from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.rng import Rng
from game.games.silver_amulet.exchanges import ExchangeSets, exchange_text
from tests.silver_helpers import rules


def _exchange_states(players: int, seed: int, options: dict | None = None):
    """(state, seat) at every decision of a random game."""
    state = rules().new_state(players, seed=seed, options=options or {})
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        yield state, seat
        state.apply(seat, state.sample_action(seat, rng))


CASES = [(2, 1, None), (3, 2, None), (4, 3, None), (4, 4, {"squire": "public", "rascal": "discard"})]


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_sample_action_draws_what_the_listing_draws(players, seed, options):
    exchange_steps = 0
    for state, seat in _exchange_states(players, seed, options):
        rng = Rng(state.version * 31 + seat)
        fresh = state.clone()
        fresh._legal_cache = None  # no listing to read: the counted path
        drawn = fresh.sample_action(seat, rng.clone())
        listed = state.legal_actions(seat)
        assert drawn == listed[rng.clone().randrange(len(listed))]
        if state._exchange_step(seat):
            exchange_steps += 1
    assert exchange_steps > 20


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_kth_set_is_the_kth_listed_and_only_listed_sets_are_legal(players, seed, options):
    checked = 0
    for state, seat in _exchange_states(players, seed, options):
        if not state._exchange_step(seat):
            continue
        listed = [t for t in state.legal_texts(seat) if t.startswith("exchange ")]
        sets = ExchangeSets(state, seat)
        assert sets.total == len(listed)
        step = max(1, len(listed) // 200)  # long villages: every k-th set is enough
        for k in range(0, len(listed), step):
            assert exchange_text(sets.nth(k)) == listed[k]
        legal = set(state.legal_texts(seat))
        village = len(state.zones[state.z_village[seat]])
        fresh = state.clone()
        fresh._legal_cache = None  # checked directly, not looked up in the listing
        probe = state.clone()
        for size in (1, 2, 3):
            for places in list(combinations(range(village), size))[:60]:
                text = exchange_text(list(places))
                assert fresh.is_legal(seat, text) == (text in legal), text
                action = probe.exchange_action(seat, list(places))  # the bots' way: no text parsed
                assert (action is not None) == (text in legal), text
                if action is not None and size > 1 and checked % 5 == 0:
                    by_text, built = state.clone(), state.clone()
                    by_text.apply(seat, Action(text))
                    built.apply(seat, built.exchange_action(seat, list(places)) or Action(""))
                    assert (built.zones, built.scores(), built.step) == (by_text.zones, by_text.scores(), by_text.step)
        for text in ("discard", "use", "draw", "amulet 1", "empath 1", "exchange"):
            assert fresh.is_legal(seat, text) == (text in legal), text
        checked += 1
    assert checked > 20


def test_apply_refuses_malformed_or_unlisted_exchanges():
    for state, seat in _exchange_states(4, 5):
        if state._exchange_step(seat) and len(state.zones[state.z_village[seat]]) >= 3:
            break
    size = len(state.zones[state.z_village[seat]])
    for text in ("exchange 2 1", "exchange 1 1", "exchange 0", f"exchange {size + 1}", "exchange x", "exchange 01", "exchange"):
        before = state.clone()
        with pytest.raises(IllegalAction):
            state.apply(seat, Action(text))
        assert state.zones == before.zones and state.version == before.version


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_a_quiet_copy_changes_exactly_as_the_game_does(players, seed, options):
    """The play-outs' quiet copy (no events built) goes through the same states: every card
    in the same place, face and knowledge, the same scores, after every action of a game."""
    loud = rules().new_state(players, seed=seed, options=options or {})
    quiet = loud.clone()
    quiet.quiet = True
    rng = Rng(seed)
    moved = 0
    while not loud.is_over():
        seat = loud.to_act()[0]
        action = loud.sample_action(seat, rng)
        events = loud.apply(seat, action)
        moved += sum(e.kind == "card_moved" for e in events)
        assert quiet.apply(seat, action) == []
        assert quiet.zones == loud.zones
        assert (quiet.cards.up, quiet.cards.known, quiet.cards.zone) == (loud.cards.up, loud.cards.known, loud.cards.zone)
        assert (quiet.totals, quiet.pending_guards, quiet.guard_of, quiet.amulet) == (loud.totals, loud.pending_guards, loud.guard_of, loud.amulet)
    assert quiet.is_over() and quiet.winners() == loud.winners()
    assert moved > 100


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_kept_village_facts_are_those_a_fresh_count_gives(players, seed, options):
    """Each village's facts (exchange counts, face-up powers, face-down cards) are kept from
    move to move until the village changes: after every move of a game, the kept ones equal
    facts counted afresh from the cards (a missed change would make them stale)."""
    kept_checked = 0
    for state, _ in _exchange_states(players, seed, options):
        for owner, kept in enumerate(state._village_facts):
            if kept is None:
                continue
            fresh = ExchangeSets(state, owner)
            for field in ExchangeSets.__slots__:
                assert getattr(kept, field) == getattr(fresh, field), (owner, field)
            kept_checked += 1
    assert kept_checked > 100
