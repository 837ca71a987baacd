"""The engine protocol's promises, checked the same way on every registered game.

Seeded random games at every player count, with random option values drawn from each game's
own option declarations. At every step: every legal action applies to a clone; every card is in
exactly one place; no view shows a card id its seat could not have learnt, nor a hidden card's
attributes in its `cards`; determinize keeps each seat's view (its `cards` too); a refused action
changes nothing; a card event hides a card's owner and attributes wherever it hides its id. Over whole games: clones are independent,
and the same seed and action texts give the same events.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from game.engine import registry
from game.engine.errors import OptionError, TableeError
from game.engine.events import event_to_dict, redact
from game.engine.rng import Rng
from game.engine.zones import BACK

SEEDS = (11, 12)
CHECK_EVERY = 3  # the costly checks (determinize, clone-apply) run on every third step


def game_cases() -> list[Any]:
    cases = []
    for game_id in registry.GAMES:
        rules = registry.load(game_id)
        for players in range(rules.min_players, rules.max_players + 1):
            for seed in SEEDS:
                cases.append(pytest.param(game_id, players, seed, id=f"{game_id}-{players}p-{seed}"))
    return cases


CASES = game_cases()


def random_options(rules: Any, rng: Rng) -> dict[str, Any]:
    """Option values drawn from the game's declarations (lists without choices keep their default)."""
    options: dict[str, Any] = {}
    for name, decl in rules.option_decls.items():
        kind = decl["type"]
        if kind == "bool":
            options[name] = rng.randrange(2) == 1
        elif kind == "choice":
            options[name] = decl["choices"][rng.randrange(len(decl["choices"]))]
        elif kind == "list" and decl.get("choices"):
            choices = decl["choices"]
            options[name] = sorted({choices[rng.randrange(len(choices))] for _ in range(1 + rng.randrange(5))})
    return options


def new_game(game_id: str, players: int, seed: int) -> tuple[Any, Any, dict[str, Any]]:
    rules = registry.load(game_id)
    options = random_options(rules, Rng(seed * 31 + players))
    try:
        state = rules.new_state(players, seed=seed, options=options)
    except OptionError:
        options = {}
        state = rules.new_state(players, seed=seed)
    return rules, state, options


def placed_uids(state: Any) -> list[int]:
    return [uid for zone in state.zones for uid in zone if isinstance(uid, int) and uid >= 0]


def cards_conserved(state: Any) -> None:
    assert sorted(placed_uids(state)) == list(range(len(state.card_ids)))


def zone_shown(view: dict[str, Any], spec: Any) -> list[Any]:
    shown = view["zones"][spec.name]
    shown = shown if spec.owner is None else shown[spec.owner]
    return shown if spec.pos is None else shown[spec.pos]  # a zone array (`count: N`)


class Knowledge:
    """Which card ids each seat has learnt, per zone it cannot see, from its own redacted events.

    What a seat's first view shows is taken as dealt in the open; after that, a card id shown in a
    zone the seat cannot see must have reached it through an event (a move, a reveal, a peek).
    Copies look alike, so a shown id only needs to have been learnt there once.
    """

    def __init__(self, state: Any):
        self.seats = range(state.num_players)
        self.learnt: list[Counter] = [Counter() for _ in self.seats]
        for seat in self.seats:
            view = state.view(seat)
            for spec in self.hidden_specs(state, seat):
                for card in zone_shown(view, spec):
                    self.learnt[seat][(spec.owner, spec.name, card)] += 1

    @staticmethod
    def hidden_specs(state: Any, seat: int) -> list[Any]:
        return [s for s in state.table.specs if not (s.mask == -1 or s.mask & (1 << seat))]

    def learn(self, events: list[Any]) -> None:
        for seat in self.seats:
            for event in events:
                seen = redact(event, seat)
                card = getattr(seen, "card", None)
                if card is None:
                    continue
                data = seen._asdict()
                if "to_zone" in data:
                    self.learnt[seat][(data["to_seat"], data["to_zone"], card)] += 1
                elif "zone" in data:
                    self.learnt[seat][(data["seat"], data["zone"], card)] += 1

    def check(self, state: Any) -> None:
        for seat in self.seats:
            view = state.view(seat)
            for spec in self.hidden_specs(state, seat):
                for card in zone_shown(view, spec):
                    if card not in (BACK, None):
                        assert self.learnt[seat][(spec.owner, spec.name, card)], (seat, spec.name, card)


BARE = frozenset({"face", "owner"})  # what `cards` tells of a card its seat may not see


def cards_hide_what_zones_hide(state: Any) -> None:
    """The view's `cards` is shaped like `zones`; a card's attributes (anything beyond face and
    owner) show exactly where the zone shows its id, never beside a back."""
    for seat in (None, *range(state.num_players)):
        view = state.view(seat)
        for spec in state.table.specs:
            shown = zone_shown(view, spec)
            info = zone_shown({"zones": view["cards"]}, spec)
            assert len(info) == len(shown), (seat, spec.name)
            for card, entry in zip(shown, info, strict=True):
                assert (entry is None) == (card is None), (seat, spec.name, card, entry)
                if card == BACK:
                    assert set(entry) == BARE, (seat, spec.name, entry)  # a back tells no attribute
                elif card is not None:  # a card it sees: its attributes with it
                    assert set(state.card_attributes(card)) <= set(entry), (seat, spec.name, card, entry)


def events_hide_card_info(events: list[Any], players: int) -> None:
    """A redacted card event that hides the card's id hides its owner and attributes too."""
    for event in events:
        for seat in (None, *range(players)):
            seen = redact(event, seat)
            if getattr(seen, "card", "") is None:
                assert not getattr(seen, "info", ()), (seat, seen)


def refused_action_changes_nothing(rules: Any, state: Any) -> None:
    before = [state.view(s) for s in (None, *range(state.num_players))]
    idle = [s for s in range(state.num_players) if s not in state.to_act()]
    attempts: list[tuple[int, str]] = [(state.to_act()[0], "no such action 42")]
    if idle:
        acting = state.to_act()[0]
        for action in state.legal_actions(acting)[:2]:
            attempts.append((idle[0], str(action)))
    for seat, text in attempts:
        with pytest.raises(TableeError):
            rules.parse_action(state, seat, text)
    for seat, text in attempts[1:]:
        acting = state.to_act()[0]
        action = next(a for a in state.legal_actions(acting) if str(a) == text)
        with pytest.raises(TableeError):
            state.apply(seat, action)
    assert [state.view(s) for s in (None, *range(state.num_players))] == before


def play_checked(game_id: str, players: int, seed: int) -> tuple[Any, list[tuple[int, str]], list[Any], dict[str, Any]]:
    rules, state, options = new_game(game_id, players, seed)
    rng, det_rng = Rng(seed + 5), Rng(seed + 6)
    knowledge = Knowledge(state)
    texts: list[tuple[int, str]] = []
    events: list[Any] = []
    step = 0
    while not state.is_over():
        assert step < 20_000, "the game does not end"
        cards_conserved(state)
        knowledge.check(state)
        cards_hide_what_zones_hide(state)
        to_act = state.to_act()
        assert to_act, "a game that is not over has a seat to act"
        for seat in range(players):
            if seat not in to_act:
                assert not state.legal_actions(seat), f"seat {seat} has actions but is not to act"
        if step % CHECK_EVERY == 0:
            for seat in to_act:
                for action in state.legal_actions(seat):
                    state.clone().apply(seat, action)
            for seat in range(players):
                guess = state.determinize(seat, det_rng).view(seat)
                assert guess["cards"] == state.view(seat)["cards"], "determinize changed what cards tells"
                assert guess == state.view(seat)
            refused_action_changes_nothing(rules, state)
        seat = to_act[rng.randrange(len(to_act))]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} is to act but has no legal action"
        action = legal[rng.randrange(len(legal))]
        texts.append((seat, str(action)))
        new = state.apply(seat, action)
        knowledge.learn(new)
        events_hide_card_info(new, players)
        events += new
        step += 1
    cards_conserved(state)
    knowledge.check(state)
    for seat in (None, *range(players)):
        json.dumps(state.view(seat))
    return state, texts, events, options


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_protocol_holds_through_a_random_game(game_id, players, seed):
    state, texts, events, options = play_checked(game_id, players, seed)
    assert state.winners(), "a finished game names its winners"
    assert len(state.scores()) == players

    rules = registry.load(game_id)
    again = rules.new_state(players, seed=seed, options=options)
    replayed = []
    for seat, text in texts:
        replayed += again.apply(seat, rules.parse_action(again, seat, text))
    assert [event_to_dict(e) for e in replayed] == [event_to_dict(e) for e in events]
    assert again.view(None) == state.view(None)


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_clones_are_independent(game_id):
    rules, state, _ = new_game(game_id, registry.load(game_id).min_players, 3)
    before = [state.view(s) for s in (None, *range(state.num_players))]
    copy = state.clone()
    rng = Rng(4)
    moves = 0
    while not copy.is_over() and moves < 60:
        seat = copy.to_act()[0]
        legal = copy.legal_actions(seat)
        copy.apply(seat, legal[rng.randrange(len(legal))])
        moves += 1
    assert copy.view(None) != before[0]
    assert [state.view(s) for s in (None, *range(state.num_players))] == before
