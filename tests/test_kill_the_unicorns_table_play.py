"""Kill the Unicorns played by a person at the table, end to end: every button and every power
with the mouse and with the keyboard, by driving the TableScene (issue 14, build items 3 and 6).

Seat 0 (Ana) is the human; the other seats follow a script (pass, buy nothing, schemes under
the last unicorn...) so that each test knows who wins each hunt, as the rulebook's examples do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.engine import registry
from game.log import LogWriter
from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
from scenes.layouts.kill_the_unicorns import unicorn_word, value_word
from scenes.layouts.kill_the_unicorns_market import buyable
from scenes.table.composer import Press, press_keys
from scenes.table.composer_input import TABLE_KEYS
from tests.table_helpers import click, drag, frames, key, make_app, settle, shot
from tests.unicorns_helpers import DECKS, LINE, top

NAMES = ["Ana", "Bruno", "Chloé", "Didier", "Emma", "Fanny"]
Policy = Callable[[Any, int, list[str]], str]


class Script:
    """A seat that plays by a policy of the legal texts (a bot the test can predict)."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def choose(self, state: Any, seat: int) -> str:
        return self.policy(state, seat, [str(a) for a in state.legal_actions(seat)])


def keep_under(position: int) -> Policy:
    """Schemes under unicorn `position` (else the last place left); passes every hunt, buys nothing."""

    def policy(state: Any, seat: int, legal: list[str]) -> str:
        if legal[0].startswith("scheme"):
            return next((t for t in legal if t.endswith(f"under {position}")), legal[-1])
        for want in ("pass", "buy none", "stay", "reveal 1"):
            if want in legal:
                return want
        return legal[0]

    return policy


def sets_hunt(value: int) -> Policy:
    """Like keep_under(4), but a first player sets the hunt with the one card `value`."""
    passive = keep_under(4)

    def policy(state: Any, seat: int, legal: list[str]) -> str:
        if any(len(t.split()) == 4 and t.startswith("hunt") for t in legal):  # 3-card bids: it sets the number
            return f"hunt {value}" if f"hunt {value}" in legal else next(t for t in legal if t.startswith("hunt"))
        return passive(state, seat, legal)

    return policy


def table(app, characters: tuple[str, ...], policy: Policy | None = None, start_seat: int = 0, powers: bool = True,
          schemes: list[list[str]] | None = None):
    from scenes.table.scene import TableScene

    n = len(characters)
    app.settings.extra["tours_seen"] = ["kill_the_unicorns"]
    # The fastest speed a player can choose: these tests check what Ana can do and what the
    # engine receives, not how the cards fly; the rounds between her turns take a quarter of the
    # frames (each frame draws the whole table).
    app.settings.animation_speed = 4.0
    seats = [SeatConfig(NAMES[i], HUMAN if i == 0 else BOT) for i in range(n)]
    options = {"start_seat": start_seat, "characters": list(characters), "powers": powers,
               "starters": ["pink 1", "blue 1", "green 1", "yellow 1", "pink 1", "green 1"][:n], "unicorns": LINE,
               "pate": [4, 2, 3, 5, 3, 4][:n], "schemes": schemes or [DECKS[c] for c in characters]}
    config = MatchConfig("kill_the_unicorns", seats, seed=5, options=options)
    match = Match(config, think_seconds=0.0, threaded=False)
    for seat in range(1, n):
        match.bots[seat] = Script(policy or keep_under(4))  # type: ignore[assignment]
    scene = TableScene(app, config, match)
    app.push(scene)
    settle(app, scene)
    return scene



def press(app, scene, k: int) -> None:
    frames(app, 1, events=[key(k)])
    settle(app, scene)


def ana_last(scene) -> str:
    return [text for seat, text in scene.match.history if seat == 0][-1]


def my_turn(app, scene, phase: str) -> None:
    settle(app, scene)
    assert scene.view["phase"] == phase and scene.active_seat() == 0, (scene.view["phase"], scene.active_seat())


def submit_until(app, scene, phase: str, choose: Callable[[list[str]], str]) -> None:
    """Ana plays `choose(legal)` (through the scene) until it is her turn in `phase`."""
    for _ in range(60):
        settle(app, scene)
        if scene.view["phase"] == phase and scene.active_seat() == 0:
            return
        assert scene.submit(choose(scene.ctx().legal_texts()))
    raise AssertionError(f"Ana never reached {phase}")


def under(position: int) -> Callable[[list[str]], str]:
    """Ana's choice between turns: her scheme under `position`, she passes, buys nothing."""

    def choose(legal: list[str]) -> str:
        for want in ("pass", "buy none", "stay"):
            if want in legal:
                return want
        return next((t for t in legal if t.endswith(f"under {position}")), legal[0])

    return choose


def hand_rect(scene, value: int, taken: int = 0) -> pygame.Rect:
    """The rect of Ana's (taken+1)-th hunt card of `value` in her hand."""
    region = scene.placements.regions["hand:0"]
    cards = scene.view["zones"]["hand"][0]
    rects = region.card_rects(len(cards))
    indexes = [i for i, c in enumerate(cards) if value_word(c) == str(value)]
    return rects[indexes[taken]]


def press_rect(scene, action: str) -> pygame.Rect:
    ctx = scene._composer_ctx()
    return next(rect for p, rect in scene.composer.presses(ctx) if p.action == action)


def own_button(scene, name: str) -> pygame.Rect:
    return next(rect for button, rect in scene.composer.own_buttons(scene._composer_ctx()) if button.name == name)


def hand_values(scene) -> list[int]:
    return sorted(scene.match.state.view(0)["hand"])


# ------------------------------------------------------------------------------ schemes
def test_a_scheme_is_dragged_onto_any_unicorn_of_the_line(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("princess", "knight", "huntress"))
    my_turn(app, scene, "schemes")
    kept = scene.view["zones"]["scheme_hand"][0][0]
    start = scene.placements.regions["scheme_hand:0"].card_rects(2)[0].center
    target = scene.placements.regions["under:2"].rect  # unicorn 3, not the one in front of seat 0
    drag(app, start, (target.centerx, target.bottom - 6))
    assert ana_last(scene) == f"scheme keep {kept} under 3"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_scheme_is_kept_by_the_letter_on_it_then_the_unicorns_number(tmp_path, monkeypatch, lang: str) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.set_language(lang)
    scene = table(app, ("princess", "knight", "huntress"))
    my_turn(app, scene, "schemes")
    ctx = scene._composer_ctx()
    step = next(s for s in scene.composer.composer.steps() if s.field == "scheme")
    letters = scene.composer.letters(ctx, step)
    held = list(scene.view["zones"]["scheme_hand"][0])
    assert set(held) <= set(letters.values())  # every scheme in hand has its key...
    assert not set(letters) & TABLE_KEYS  # ...and none is the log's, the score sheet's or the zoom's
    letter = next(k for k, w in letters.items() if w == held[1])
    frames(app, 1, events=[key(pygame.key.key_code(letter))])
    press(app, scene, pygame.K_2)
    assert ana_last(scene) == f"scheme keep {held[1]} under 2"


# -------------------------------------------------------------------------------- hunts
def test_hunts_set_by_mouse_and_keys_then_a_pass_by_button_and_by_key(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("princess", "knight", "huntress"), powers=False)
    submit_until(app, scene, "hunt", under(3))
    click(app, hand_rect(scene, 1).center)
    click(app, hand_rect(scene, 4).center)
    click(app, own_button(scene, "confirm").center)
    settle(app, scene)
    assert ana_last(scene) == "hunt 1 4"
    assert scene.view["collections"][0][-1]["card"] == "pink 2"  # the others passed: hunt 1 is hers
    my_turn(app, scene, "hunt")
    click(app, press_rect(scene, "pass").center)  # hunt 2: she passes, the token goes left
    settle(app, scene)
    assert ana_last(scene) == "pass"
    my_turn(app, scene, "hunt")  # nobody hunted: the token came back, hunt 3
    assert scene.view["hunt"] == 3
    for k in (pygame.K_0, pygame.K_2, pygame.K_3, pygame.K_RETURN):
        frames(app, 1, events=[key(k)])
    settle(app, scene)
    assert ana_last(scene) == "hunt 0 2 3"
    my_turn(app, scene, "hunt")
    press(app, scene, pygame.K_p)
    assert ana_last(scene) == "pass" and scene.view["phase"] == "market"


def test_a_bid_that_is_not_a_legal_hunt_cannot_be_confirmed(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("princess", "knight", "huntress"), powers=False)
    submit_until(app, scene, "hunt", under(3))
    history = len(scene.match.history)
    click(app, own_button(scene, "confirm").center)  # nothing picked: the button says what to do
    assert len(scene.match.history) == history
    assert scene.captions[-1][0] == app.tr("unicorns.pick_first")


# ------------------------------------------------------------------ reveal 1/2 and paint
def test_the_winner_of_two_schemes_reveals_one_blind_with_a_button(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("princess", "knight", "huntress"), policy=keep_under(1), powers=False)
    submit_until(app, scene, "hunt", under(1))  # Ana's scheme and Bruno's under unicorn 1
    assert len(scene.view["zones"]["under"][0]) == 2
    press(app, scene, pygame.K_2)
    press(app, scene, pygame.K_RETURN)
    my_turn(app, scene, "choose")
    assert {p.action for p, _ in scene.composer.presses(scene._composer_ctx())} == {"reveal 1", "reveal 2"}
    click(app, press_rect(scene, "reveal 2").center)
    settle(app, scene)
    assert ana_last(scene) == "reveal 2"
    assert scene.view["collections"][0][-1]["card"] == "pink 2"


def test_the_blind_reveal_by_key(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("princess", "knight", "huntress"), policy=keep_under(1), powers=False)
    submit_until(app, scene, "hunt", under(1))
    assert scene.submit("hunt 3")
    my_turn(app, scene, "choose")
    press(app, scene, pygame.K_1)
    assert ana_last(scene) == "reveal 1"


def painting_table(tmp_path, monkeypatch):
    """Ana's paint scheme lies under the first unicorn and her hunt of 2 wins it: she paints."""
    app = make_app(tmp_path, monkeypatch)
    decks = [top(DECKS["princess"], "paint", "athletic"), DECKS["knight"], DECKS["huntress"]]
    scene = table(app, ("princess", "knight", "huntress"), powers=False, schemes=decks)
    submit_until(app, scene, "hunt", lambda legal: "scheme keep paint under 1")
    assert scene.submit("hunt 2")
    my_turn(app, scene, "paint")
    return app, scene


PAINT_KEYS = {"en": {"pink": "p", "blue": "b", "green": "g", "yellow": "y"},  # pink, blue, green, yellow
              "fr": {"pink": "r", "blue": "b", "green": "v", "yellow": "j"}}  # rose, bleue, verte, jaune


@pytest.mark.parametrize(("lang", "colour"), [("en", "green"), ("en", "pink"), ("fr", "yellow"), ("fr", "pink"), ("fr", "green")])
def test_paint_lets_the_winner_choose_the_colour_by_its_initial_in_the_players_language(tmp_path, monkeypatch, lang: str, colour: str) -> None:
    """The paint scheme's winner chooses the colour (rules: Paint); each button's key is the
    first letter of the colour's name as the player reads it, shown on the button and in the hint."""
    app, scene = painting_table(tmp_path, monkeypatch)
    app.set_language(lang)
    ctx = scene._composer_ctx()
    keys = {p.action: p.key for p, _ in scene.composer.presses(ctx)}
    assert keys == {f"paint {c}": k for c, k in PAINT_KEYS[lang].items()}
    assert not set(keys.values()) & TABLE_KEYS
    assert lang != "fr" or "p" not in keys.values()  # P passes a hunt
    assert scene.layout.hint(ctx).endswith("(" + ", ".join(k.upper() for k in PAINT_KEYS[lang].values()) + ")")
    if lang == "fr":  # the English initials do nothing in French (P passes elsewhere, G and Y are no colour)
        for other in (pygame.K_g, pygame.K_y):
            press(app, scene, other)
        assert ana_last(scene) == "hunt 2"
    frames(app, 2)
    shot(app, tmp_path, f"unicorns_paint_keys_{lang}")  # copied to $TABLEE_SHOTS when set
    press(app, scene, pygame.key.key_code(PAINT_KEYS[lang][colour]))
    assert ana_last(scene) == f"paint {colour}"
    assert scene.view["collections"][0][-1]["colour"] == colour


def test_paint_by_button(tmp_path, monkeypatch) -> None:
    app, scene = painting_table(tmp_path, monkeypatch)
    click(app, press_rect(scene, "paint blue").center)
    settle(app, scene)
    assert ana_last(scene) == "paint blue"


# ------------------------------------------------------------------------------- market
def _win_first_hunt_then_market(app, scene, bid: str = "hunt 0") -> None:
    """Ana keeps her scheme under unicorn 3, wins hunt 1 with `bid`, passes the others."""
    submit_until(app, scene, "hunt", under(3))
    assert scene.submit(bid)
    submit_until(app, scene, "market", under(3))


def _unicorn_rect(scene, number: int) -> pygame.Rect:
    """Ana's unicorn #number (the collection is shown grouped by colour)."""
    region = scene.placements.regions["collection:0"]
    pictures = scene.layout.region_cards(scene.view, region, scene.view["zones"]["collection"][0])
    rects = region.card_rects(len(pictures))
    return rects[[unicorn_word(p) for p in pictures].index(str(number))]


def _token_rect(scene, word_start: str) -> pygame.Rect:
    market = scene.placements.regions["market"]
    tokens = scene.view["zones"]["market"]
    return market.card_rects(len(tokens))[next(i for i, t in enumerate(tokens) if t.startswith(word_start))]


def test_every_market_item_is_bought_at_the_table(tmp_path, monkeypatch) -> None:
    """Four rounds, four markets: fairy dust dragged onto a unicorn, cotton candy by the keyboard
    (arrows, Enter, the unicorn's number), a fake horn by two clicks, a pâté dragged."""
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("princess", "knight", "huntress"), powers=False)
    _win_first_hunt_then_market(app, scene)
    assert {w for w, _ in buyable(scene._composer_ctx())} >= {"fairy_dust pink", "fake_horn", "pate"}
    drag(app, _token_rect(scene, "fairy_dust_green").center, _unicorn_rect(scene, 2).center)
    settle(app, scene)
    assert ana_last(scene) == "buy fairy_dust green unicorn 2"
    assert scene.view["collections"][0][1]["colour"] == "green"

    _win_first_hunt_then_market(app, scene)
    words = [w for w, _ in buyable(scene._composer_ctx())]
    assert words[0].startswith("cotton_candy")  # the first row: the arrows start there
    frames(app, 1, events=[key(pygame.K_RIGHT)])
    frames(app, 1, events=[key(pygame.K_RETURN)])
    press(app, scene, pygame.K_3)
    assert ana_last(scene) == f"buy {words[1]} unicorn 3"

    _win_first_hunt_then_market(app, scene)
    click(app, _token_rect(scene, "fake_horn").center)
    click(app, _unicorn_rect(scene, 1).center)
    settle(app, scene)
    assert ana_last(scene) == "buy fake_horn unicorn 1"

    _win_first_hunt_then_market(app, scene)
    count = len(scene.view["collections"][0])
    drag(app, _token_rect(scene, "pate").center, _unicorn_rect(scene, 4).center)
    settle(app, scene)
    assert ana_last(scene) == "buy pate unicorn 4"
    assert scene.match.state.is_over() and len(scene.match.state.view(0)["collections"][0]) == count - 1


def test_buy_none_by_key_and_by_button(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("princess", "knight", "huntress"), powers=False)
    _win_first_hunt_then_market(app, scene)
    press(app, scene, pygame.K_n)
    assert ana_last(scene) == "buy none"
    _win_first_hunt_then_market(app, scene)
    click(app, press_rect(scene, "buy none").center)
    settle(app, scene)
    assert ana_last(scene) == "buy none"


def test_only_affordable_tokens_are_outlined(tmp_path, monkeypatch) -> None:
    """The Princess bids 4 3 3: 6 left in hand, fairy dust (7) is out of reach."""
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("princess", "knight", "huntress"))
    _win_first_hunt_then_market(app, scene, "hunt 3 3 4")
    assert sum(hand_values(scene)) == 6
    items = {w.split()[0] for w, _ in buyable(scene._composer_ctx())}
    assert items == {"cotton_candy", "fake_horn", "pate"}
    history = len(scene.match.history)
    drag(app, _token_rect(scene, "fairy_dust").center, _unicorn_rect(scene, 2).center)
    settle(app, scene)
    assert len(scene.match.history) == history  # refused, with the engine's reason
    assert scene.captions and scene.captions[-1][1]


# ------------------------------------------------------------------------------- powers
def test_the_princess_peeks_with_k_and_the_table_shows_what_she_saw(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.set_language("en")
    scene = table(app, ("princess", "knight", "huntress"), policy=keep_under(1))
    submit_until(app, scene, "hunt", under(2))
    assert scene.view["zones"]["under"][0] == ["back", "back"]
    region = scene.placements.regions["under:0"]
    assert not any(line.startswith(scene.rules.text("en", "tip.known").split(":")[0])
                   for line in scene.layout.tooltip(scene.ctx(), region, None))
    press(app, scene, pygame.K_k)
    assert ana_last(scene) == "peek"
    seen = scene.view["zones"]["under"][0]
    assert "back" not in seen and len(seen) == 2
    names = ", ".join(scene.rules.text("en", f"card.{s}") for s in seen)
    assert scene.rules.text("en", "tip.known", names=names) in scene.layout.tooltip(scene.ctx(), region, None)
    assert scene.view["power_used"][0] and "peek" not in scene.ctx().legal_texts()


def test_the_princess_peeks_with_the_button(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("princess", "knight", "huntress"), policy=keep_under(1))
    submit_until(app, scene, "hunt", under(2))
    click(app, press_rect(scene, "peek").center)
    settle(app, scene)
    assert ana_last(scene) == "peek" and scene.active_seat() == 0  # she still bids


def test_the_knights_boost_by_key_lasts_one_hunt(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("knight", "princess", "huntress"))
    submit_until(app, scene, "hunt", under(3))
    for k in (pygame.K_b, pygame.K_2, pygame.K_RETURN):
        frames(app, 1, events=[key(k)])
    settle(app, scene)
    assert ana_last(scene) == "hunt 2 boost"
    assert scene.view["power_used"][0] and scene.view["collections"][0][-1]["card"] == "pink 2"
    my_turn(app, scene, "hunt")  # hunt 2: the boost is spent, a plain bid goes through
    assert not scene.layout.boosting(scene.view, 0)
    for k in (pygame.K_1, pygame.K_RETURN):
        frames(app, 1, events=[key(k)])
    settle(app, scene)
    assert ana_last(scene) == "hunt 1"


def test_the_knights_boost_can_be_switched_off_again(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("knight", "princess", "huntress"))
    submit_until(app, scene, "hunt", under(3))
    click(app, own_button(scene, "boost").center)
    click(app, own_button(scene, "boost").center)
    click(app, hand_rect(scene, 3).center)
    click(app, own_button(scene, "confirm").center)
    settle(app, scene)
    assert ana_last(scene) == "hunt 3" and not scene.view["power_used"][0]


def test_the_huntress_bids_one_card_more_than_the_number_set(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("huntress", "princess", "knight"), policy=sets_hunt(0), start_seat=1)
    submit_until(app, scene, "hunt", under(3))
    assert scene.match.history[-2:] == [(1, "hunt 0"), (2, "pass")]
    for k in (pygame.K_3, pygame.K_4, pygame.K_RETURN):
        frames(app, 1, events=[key(k)])
    settle(app, scene)
    assert ana_last(scene) == "hunt 3 4"
    assert scene.view["power_used"][0] and scene.view["collections"][0][-1]["card"] == "pink 2"


def test_the_wizard_moves_a_scheme_with_two_digits(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("wizard", "princess", "knight"))
    submit_until(app, scene, "wizard", under(1))
    frames(app, 1, events=[key(pygame.K_1)])
    press(app, scene, pygame.K_2)
    assert ana_last(scene) == "move 1 to 2"
    assert [len(u) for u in scene.view["zones"]["under"]] == [0, 1, 0, 2]


def test_the_wizard_leaves_the_schemes_with_n_not_s(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("wizard", "princess", "knight"))
    submit_until(app, scene, "wizard", under(1))
    stay = next(p for p in scene.composer.composer.presses if p.action == "stay")
    assert stay.key == "n"
    press(app, scene, pygame.K_n)
    assert ana_last(scene) == "stay" and scene.view["phase"] == "hunt"


def test_the_shaman_pays_less_and_can_afford_fairy_dust(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    scene = table(app, ("shaman", "princess", "knight"))
    _win_first_hunt_then_market(app, scene, "hunt 3 3 4")
    assert sum(hand_values(scene)) == 6 and scene.view["prices"][0]["fairy_dust"] == 5
    assert "fairy_dust" in {w.split()[0] for w, _ in buyable(scene._composer_ctx())}
    drag(app, _token_rect(scene, "fairy_dust_yellow").center, _unicorn_rect(scene, 1).center)
    settle(app, scene)
    assert ana_last(scene) == "buy fairy_dust yellow unicorn 1"


def test_the_bard_takes_a_card_back_after_a_lost_hunt(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch)
    app.set_language("en")
    scene = table(app, ("bard", "princess", "knight"), policy=sets_hunt(4), start_seat=1)
    events: list[Any] = []
    scene.match.on_action.append(lambda seat, text, batch: events.extend(batch))
    submit_until(app, scene, "hunt", under(3))
    before = hand_values(scene)
    press(app, scene, pygame.K_3)
    press(app, scene, pygame.K_RETURN)
    assert ana_last(scene) == "hunt 3"
    assert hand_values(scene) == before  # Bruno's 4 won; the Bard's 3 came back to hand
    assert scene.view["power_used"][0]
    lines = [line.text for line in LogWriter(scene.rules, "en", NAMES[:3], 0).lines(events)]
    assert scene.rules.text("en", "note.bard.you", seat="Ana") in lines
    assert scene.rules.text("en", "note.totals", totals="x").split(":")[0] + ": Bruno: 4, Ana: 3." in lines


# ------------------------------------------------------------------------------- keys
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("phase", ["schemes", "wizard", "hunt", "choose", "paint", "market"])
def test_no_button_key_is_one_of_the_tables_own(phase: str, lang: str) -> None:
    """Every button has a key, read in the player's language, none the table's own letter and no
    two alike on one screen."""
    from scenes.layouts import get_layout

    layout = get_layout("kill_the_unicorns")
    view = {"phase": phase, "round": 1, "hunt": 1, "powers": True, "power_used": [False] * 3}
    rules = registry.load("kill_the_unicorns")
    presses = [p for p in layout.templates(view, 0) if isinstance(p, Press)]
    keys = list(press_keys(presses, lambda k: rules.text(lang, k), TABLE_KEYS).values())
    assert all(keys) or phase == "schemes"
    assert not set(keys) & TABLE_KEYS and len(set(keys)) == len(keys)
