"""What Kill the Unicorns' log tells, in French and English: where a scheme is slid and where
the Wizard moves one (public facts), a scheme leaving unrevealed only when one does, unicorns
named as they are now (a Pigicorn made by Polymorph, a painted unicorn), French colour grammar,
and no engine text or id in any sentence of whole seeded matches."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine import registry
from game.engine.rng import Rng
from game.log import LogWriter, display_text, story
from tests.unicorns_helpers import HUNTRESS, KNIGHT, PRINCESS, WIZARD, act, game, hunt, place, top

NAMES = ["Ana", "Bruno", "Chloé", "Didier", "Emma", "Fred"]
RULES = registry.load("kill_the_unicorns")


def told(events_batches, lang: str, viewer=None, n: int = 3) -> list[str]:
    writer = LogWriter(RULES, lang, NAMES[:n], viewer)
    return [display_text(line) for line in story(writer, events_batches)]


def seeded_match(seed: int, players: int) -> list[list]:
    """A whole random match with every character's power on: its events, action by action."""
    chars = ["wizard", "princess", "bard", "knight", "huntress", "shaman"][:players]
    state = RULES.new_state(players, seed=seed, options={"characters": chars})
    rng = Rng(seed * 31 + players)
    batches = []
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        batches.append(state.apply(seat, legal[rng.randrange(len(legal))]))
    return batches


def test_a_revealed_scheme_never_reads_as_leaving_unrevealed():
    state = game(schemes=[top(PRINCESS, "athletic"), KNIGHT, HUNTRESS])
    place(state, "athletic 1", "athletic 2", "athletic 3")
    events = hunt(state, "4", "3", "2")  # seat 0 wins unicorn 1 and reveals its only scheme
    for lang in ("en", "fr"):
        lines = told([events], lang)
        assert not [t for t in lines if "unrevealed" in t or "sans être révélée" in t], lines
    assert any(t == "Athletic unicorn stays on the unicorn." for t in told([events], "en"))


def test_schemes_that_leave_with_a_unicorn_that_runs_away_are_told_with_their_count():
    state = game(schemes=[top(PRINCESS, "athletic"), KNIGHT, HUNTRESS])
    place(state, "athletic 1", "athletic 1", "athletic 3")
    events = hunt(state, "3", "3", "pass")  # a tie: nobody wins, two schemes leave unrevealed
    assert "2 schemes leave with the unicorn, unrevealed." in told([events], "en")
    assert "2 ruses partent avec la licorne, sans être révélées." in told([events], "fr")


def test_the_log_says_under_which_unicorn_a_scheme_went_and_where_the_wizard_moved_one():
    state = game(("princess", "knight", "wizard"), powers=True, schemes=[PRINCESS, KNIGHT, WIZARD])
    batches = [act(state, 0, "scheme keep athletic under 1"), act(state, 1, "scheme keep athletic under 2"),
               act(state, 2, "scheme keep athletic under 3"), act(state, 2, "move 1 to 4")]
    en = told(batches, "en", viewer=1)
    assert "Ana slides a scheme face down under unicorn 1." in en
    assert "You slide Athletic unicorn under unicorn 2." in en
    assert "Chloé moves a scheme from unicorn 1 to unicorn 4." in en
    fr = told(batches, "fr", viewer=None)
    assert "Bruno glisse une ruse face cachée sous la licorne 2." in fr
    assert "Chloé déplace une ruse de la licorne 1 sous la licorne 4." in fr


def test_a_polymorphed_unicorn_is_won_as_a_pigicorn():
    state = game(("princess", "knight", "wizard"), schemes=[PRINCESS, KNIGHT, top(WIZARD, "polymorph")])
    place(state, "athletic 4", "athletic 4", "polymorph 1")
    events = hunt(state, "4", "3", "2")  # seat 0 wins pink 2, which becomes a Pigicorn
    assert "Ana wins Pigicorn!" in told([events], "en")
    assert "Ana remporte Cochonicorne !" in told([events], "fr")
    assert not [t for t in told([events], "en") if "Pink unicorn 2" in t and "wins" in t]


def test_a_painted_unicorn_is_named_by_its_colour_now_and_the_french_says_en_vert():
    state = game(schemes=[top(PRINCESS, "paint"), KNIGHT, HUNTRESS])
    place(state, "paint 1", "athletic 4", "athletic 3")
    events = hunt(state, "4", "3", "2")
    events += act(state, 0, "paint green")  # pink 2 painted green
    fr = told([events], "fr", viewer=0)
    assert "Vous peignez la licorne en vert." in fr
    assert "Vous remportez Licorne verte 2 !" in fr
    assert "Ana wins Green unicorn 2!" in told([events], "en")


def test_a_unicorn_with_points_on_it_is_named_with_its_points_now():
    assert RULES.unicorn_label("en", "pink_2", "pink", 4) == "Pink unicorn 4"
    assert RULES.unicorn_label("fr", "legendary", "", 2) == "Licorne légendaire (2 pts)"
    assert RULES.unicorn_label("fr", "legendary", "blue", 4) == "Licorne légendaire bleue"
    assert RULES.unicorn_label("en", "green_1", "", -2, pigicorn=True) == "Pigicorn"
    assert RULES.unicorn_label("en", "green_1", "yellow", -2, pigicorn=True) == "Yellow Pigicorn"
    assert RULES.unicorn_label("fr", "smelly_blue", "blue", -1) == "Licorne bleue puante"
    assert RULES.unicorn_label("fr", "smelly_blue", "pink", -1) == "Licorne rose puante"
    assert RULES.unicorn_label("en", "blue_1", "blue", 1) == "Blue unicorn 1"


ENGINE_WORDS = re.compile(r"\b(move \d|stay|peek|boost|hunt \d|scheme keep|buy \w+ unicorn)\b|[a-z]+_[a-z0-9]+|[{}]")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 4), (3, 6)])
def test_seeded_matches_read_without_engine_text_and_leave_no_revealed_scheme_unrevealed(seed, players, lang):
    batches = seeded_match(seed, players)
    for viewer in (None, 0):
        lines = told(batches, lang, viewer, players)
        raw = [t for t in lines if ENGINE_WORDS.search(t)]
        assert not raw, raw[:5]
    unrevealed = ("unrevealed", "sans être révélée")
    runs_away = ("runs away", "s'enfuit")
    for batch in batches:
        lines = told([batch], lang, None, players)
        if any(word in t for t in lines for word in unrevealed):  # only with a unicorn that runs away
            assert any(word in t for t in lines for word in runs_away), lines


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_power_or_scheme_text_shows_an_action_text(lang: str):
    texts = RULES._texts[lang]
    shown = {k: v for k, v in texts.items() if k.startswith(("power.", "scheme.", "tip.", "zone.", "item."))}
    raw = {k: v for k, v in shown.items() if re.search(r"« ?(move|stay|peek|hunt)|'(move|stay|peek|hunt)", v)}
    assert not raw


class _Ctx:
    """What `describe` reads of the table: the rules, the texts in a language, the view."""

    def __init__(self, lang: str) -> None:
        from types import SimpleNamespace

        self.rules = RULES
        self.app = SimpleNamespace(settings=SimpleNamespace(language=lang))
        self.view = {"prices": [{}], "seat": 0}

    def text(self, key: str, **params) -> str:
        return RULES.text(self.app.settings.language, key, **params)


def test_a_changed_unicorns_tooltip_names_it_as_it_is_now_and_says_what_changed_it():
    from scenes.layouts.kill_the_unicorns_read import describe

    en = describe(_Ctx("en"), "coll|green_1||-2|polymorph|2")
    assert en[0] == "Pigicorn #2" and "colour: no colour" in en[1]
    assert "The card: Green unicorn 1." in en and "Changed by what is on it: Polymorph." in en
    fr = describe(_Ctx("fr"), "coll|green_1|blue|3|fairy_dust_blue|1")
    assert fr[0] == "Licorne bleue 3 #1" and "couleur : bleu" in fr[1]
    assert "La carte : Licorne verte 1." in fr and "Changée par ce qui est dessus : Poudre de fée (bleue)." in fr
    same = describe(_Ctx("en"), "coll|pink_1|pink|1|cotton_candy_pink|3")
    assert same[0] == "Pink unicorn 1 #3" and "On it: Cotton candy (pink)." in same


def test_chivalry_leaves_the_unicorn_to_the_winner_when_ties_leave_only_its_total():
    """The reading the rules file records (and the YAML note now says): the lowest untied total
    is the winner's own when it is the only one left, so nobody else takes the unicorn."""
    state = game(schemes=[PRINCESS, top(KNIGHT, "chivalry"), HUNTRESS])
    place(state, "athletic 4", "chivalry 1", "athletic 3")
    events = hunt(state, "4", "2", "2")  # 2 and 2 cancel: only seat 0's 4 is left
    assert len(state.view(None)["collections"][0]) == 2
    assert not [t for t in told([events], "en") if "runs away" in t]
    note = Path("game/data/kill_the_unicorns.yaml").read_text(encoding="utf-8")
    assert "the winner keeps the\n#   unicorn" in note and "trap and chivalry look at the totals left after ties cancel; if no" not in note


def test_a_recoloured_unicorn_is_named_in_the_log():
    state = game()
    place(state, "stinky 4", "stinky 4", "stinky 3")
    hunt(state, "4", "3", "2")  # seat 0 wins pink 2
    hunt(state, "3", "4", "pass")  # seat 1 wins blue 2, leads
    hunt(state, "3", "pass", "pass")
    hunt(state, "2", "3", "pass")
    act(state, 2, "reveal 1")
    seat = state.to_act()[0]
    first = state.view(None)["collections"][seat][0]["card"].replace(" ", "_")
    legal = [str(a) for a in state.legal_actions(seat)]
    colour = next(c for c in ("blue", "green", "yellow", "pink") if f"buy cotton_candy {c} unicorn 1" in legal and not first.startswith(c))
    events = act(state, seat, f"buy cotton_candy {colour} unicorn 1")
    en_name, fr_name = RULES.text("en", f"card.{first}"), RULES.text("fr", f"card.{first}")
    assert f"{NAMES[seat]}'s unicorn ({en_name}) becomes {colour}." in told([events], "en")
    fr_colour = RULES.text("fr", f"colour.{colour}")
    assert any(t.endswith(f"({fr_name}) passe au {fr_colour}.") for t in told([events], "fr"))


def test_the_log_says_on_which_unicorn_a_fake_horn_is_fixed():
    """A fake horn stays on the unicorn it was bought for (its points go with it): the log names
    that unicorn, as it does for a recoloured one."""
    from tests.test_kill_the_unicorns_rules import _to_market

    state = game()
    _to_market(state)
    seat = state.to_act()[0]
    unicorn = state.card_ids[state.zones[state.z_coll[seat]][1]]
    events = act(state, seat, "buy fake_horn unicorn 2")
    en, fr = (LogWriter(RULES, lang, NAMES[:3], None).card_name(unicorn) for lang in ("en", "fr"))
    assert f"{NAMES[seat]} fixes the fake horn on their unicorn ({en})." in told([events], "en")
    assert f"{NAMES[seat]} fixe la fausse corne sur sa licorne ({fr})." in told([events], "fr")
    assert f"You fix the fake horn on your unicorn ({en})." in told([events], "en", viewer=seat)
