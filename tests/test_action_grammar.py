"""Each game's actions are declared once (game/engine/actions.py: `ActionForm`, the game's
`Rules.grammar`): every legal action of every game reads back through its form to the same
fields and is rebuilt to the same text and the same action, and a malformed text gets a reason."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import registry
from game.engine.actions import Action, ActionForm, ActionGrammar, Malformed
from game.engine.rng import Rng

MOST_CHECKED = 400  # legal actions read back per step (Silver's long villages list thousands)
STEPS = 5000  # a whole game (the longest, Silver at 4, takes about 600 moves)


# ------------------------------------------------------------------ the form itself
def test_each_field_kind_prints_and_reads_back() -> None:
    scheme = ActionForm("scheme keep {scheme} under {unicorn:place}")
    assert scheme.fields == ("scheme", "unicorn") and scheme.verb == "scheme"
    assert scheme.text("tear", 0) == "scheme keep tear under 1" == scheme.text(scheme="tear", unicorn=0)
    assert scheme.parse("scheme keep tear under 1") == {"scheme": "tear", "unicorn": 0}
    assert ActionForm("sum {str:ints} {map:places}").text((1, 2), (0,)) == "sum 1 2 1"  # names of builtins are fine
    hunt = ActionForm("hunt {cards:ints} {boost:flag}")
    assert hunt.text((3, 4), False) == "hunt 3 4" and hunt.text((5,), True) == "hunt 5 boost"
    assert hunt.parse("hunt 3 4 boost") == {"cards": (3, 4), "boost": True}
    assert hunt.parse("hunt 3 4") == {"cards": (3, 4), "boost": False}
    card = ActionForm("play {card:words}")
    assert card.parse("play black 3 moon") == {"card": "black 3 moon"}
    exchange = ActionForm("exchange {slots:places}")
    assert exchange.text([0, 2]) == "exchange 1 3" and exchange.parse("exchange 1 3") == {"slots": (0, 2)}
    assert ActionForm("bet {count:int}").parse("bet 0") == {"count": 0}
    assert ActionForm("stay").parse("stay") == {}


def test_build_makes_the_declared_class_with_its_fields() -> None:
    @dataclasses.dataclass(frozen=True, slots=True, eq=False)
    class Bet(Action):
        count: int = 0

    form = ActionForm("bet {count:int}", Bet)
    bet = form.build(3)
    assert type(bet) is Bet and bet.text == "bet 3" and bet.count == 3
    assert form.build(count=2) == Bet("bet 2", 2)
    assert type(ActionForm("pass").build()) is Action


@pytest.mark.parametrize(("pattern", "text", "said"), [
    ("bet {count:int}", "bet", "expected <count>, a whole number, found the end"),
    ("bet {count:int}", "bet many", "expected <count>, a whole number, found 'many'"),
    ("bet {count:int}", "bet 07", "found '07'"),  # not how 7 is printed: it would not rebuild to itself
    ("guard {slot:place}", "guard 0", "a place counted from 1"),
    ("line {card} {value:int}", "line blue 3 4", "'4' is one word too many"),
    ("scheme keep {scheme} under {unicorn:place}", "scheme hold tear under 1", "expected 'keep', found 'hold'"),
    ("hunt {cards:ints} {boost:flag}", "hunt boost", "expected <cards>, whole numbers"),
])
def test_a_malformed_text_says_what_was_expected(pattern: str, text: str, said: str) -> None:
    form = ActionForm(pattern)
    refused = form.parse(text)
    assert isinstance(refused, Malformed) and said in refused.reason and form.usage in refused.reason
    assert refused.form is form


def test_a_grammar_names_its_moves_for_an_unknown_verb() -> None:
    grammar = ActionGrammar(ActionForm("buy none"), ActionForm("buy {item} unicorn {unicorn:place}"), ActionForm("pass"))
    assert grammar.parse("buy none")[1] == {}  # type: ignore[index]
    assert grammar.parse("buy net unicorn 2")[1] == {"item": "net", "unicorn": 1}  # type: ignore[index]
    unknown = grammar.parse("sell net")
    assert isinstance(unknown, Malformed) and "moves look like 'buy none', 'buy <item> unicorn <unicorn>', 'pass'" in unknown.reason
    misspelt = grammar.parse("buy net 2")  # a purchase misspelt, not a wrong 'buy none'
    assert isinstance(misspelt, Malformed) and "expected 'unicorn'" in misspelt.reason


@pytest.mark.parametrize("pattern", ["{card} play", "play {card:colour}", "play {card} {card}", "Play {card}",
                                     "play {card:words} now", "play {9}", "play {class}", "hunt {_map:ints}"])
def test_a_bad_pattern_is_refused_when_declared(pattern: str) -> None:
    with pytest.raises(ValueError, match="action pattern"):
        ActionForm(pattern)


FORMS = [ActionForm(p) for p in ("line {card} {value:int}", "hunt {cards:ints} {boost:flag}", "play {card:words}",
                                 "exchange {slots:places}", "move {a:place} to {b:place}", "stay")]
WORDS = st.sampled_from(["line", "hunt", "play", "exchange", "move", "to", "stay", "boost", "0", "1", "2", "07", "12", "red", "x"])


@settings(max_examples=300, deadline=None)
@given(form=st.sampled_from(FORMS), words=st.lists(WORDS, max_size=6))
def test_whatever_a_form_reads_it_prints_back_the_same(form: ActionForm, words: list[str]) -> None:
    text = " ".join([form.verb, *words])
    fields = form.parse(text)
    if isinstance(fields, Malformed):
        assert fields.reason and text in fields.reason
    else:
        assert form.text(**fields) == text


# ------------------------------------------------------------------ every game's actions
def game_cases() -> list[Any]:
    cases = []
    for game_id in registry.GAMES:
        rules = registry.load(game_id)
        for players in range(rules.min_players, rules.max_players + 1):
            cases.append(pytest.param(game_id, players, id=f"{game_id}-{players}p"))
    return cases


def check_reads_back(rules: Any, action: Action) -> None:
    parsed = rules.grammar.parse(action.text)
    assert not isinstance(parsed, Malformed), parsed.reason
    form, fields = parsed
    assert form.text(**fields) == action.text
    rebuilt = form.build(**fields)
    assert type(rebuilt) is type(action), f"{action.text!r} is built as a {type(action).__name__}"
    for field in dataclasses.fields(action):
        assert getattr(rebuilt, field.name) == getattr(action, field.name), (action.text, field.name)


@pytest.mark.parametrize(("game_id", "players"), game_cases())
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**20))
def test_every_legal_action_reads_back_through_its_form(game_id: str, players: int, seed: int) -> None:
    rules = registry.load(game_id)
    assert rules.grammar.forms, f"{game_id} declares no action forms (Rules.grammar)"
    state = rules.new_state(players, seed=seed)
    rng = Rng(seed)
    for _ in range(STEPS):
        if state.is_over():
            break
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        step = max(1, len(actions) // MOST_CHECKED)
        for action in actions[::step]:
            check_reads_back(rules, action)
        state.apply(seat, actions[rng.randrange(len(actions))])


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_a_malformed_text_is_refused_with_a_reason(game_id: str) -> None:
    rules = registry.load(game_id)
    state = rules.new_state(rules.min_players, seed=3)
    seat = state.to_act()[0]
    closed = next(f for f in rules.grammar.forms if "words" not in f.kinds.values())  # a form the text can overrun
    for text in ("dance wildly", closed.verb + " @ @ @ @ @ @ @ @"):
        refused = rules.grammar.parse(text)
        assert isinstance(refused, Malformed) and text in refused.reason
        error = state.explain_illegal(seat, text)
        assert error.message and error.key.startswith("error.")


def test_silver_writes_an_exchange_as_its_form_does() -> None:
    """Silver's play-outs write an announced set from a table of numbers: the same text."""
    from game.games.silver_amulet.actions import EXCHANGE
    from game.games.silver_amulet.exchanges import exchange_text

    for places in ([0], [0, 2], [5, 9, 63], [62, 64, 70], [99]):
        assert exchange_text(places) == EXCHANGE.text(places)
