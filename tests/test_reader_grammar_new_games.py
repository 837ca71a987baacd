"""Issue 16 for Silver and Kill the Unicorns: a reader reads about their own seat in the second
person ("You draw Beholder.", "Vous piochez : Observateur.") and about the others in the third."""

from __future__ import annotations

from functools import cache

import pytest

from game.engine import registry
from game.engine.events import CardMoved, CardSeen, Event, GameOver
from game.engine.record import Record, SeatInfo
from game.engine.rng import Rng
from game.engine.rules import Rules
from game.log import LogWriter, story

NAMES = ["Ana", "Bruno", "Chloé"]
GAMES = ("silver_amulet", "kill_the_unicorns")


def rules_of(game_id: str) -> Rules:
    entry = next(e for e in registry.available() if e.game_id == game_id)
    assert entry.rules is not None
    return entry.rules


@cache
def random_game(game_id: str, seed: int = 5) -> list[list[Event]]:
    """A seeded three-seat game of random legal moves, as the batches of events each move made."""
    rules = rules_of(game_id)
    record = Record.new(rules, 3, seed, {}, [SeatInfo(f"B{s}", "bot", "random", "easy") for s in range(3)])
    state = record.start_state(rules)
    rng = Rng(seed)
    batches: list[list[Event]] = []
    while not state.is_over() and len(batches) < 3000:
        seats = state.to_act()
        seat = seats[rng.randrange(len(seats))]
        actions = state.legal_actions(seat)
        batches.append(list(state.apply(seat, actions[rng.randrange(len(actions))])))
    assert state.is_over()
    return batches


def log_of(game_id: str, lang: str, viewer: int | None) -> list[str]:
    return [line.text for line in story(LogWriter(rules_of(game_id), lang, NAMES, viewer), random_game(game_id))]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_reader_never_reads_their_own_name_as_subject_or_owner(game_id: str, lang: str) -> None:
    lines = log_of(game_id, lang, 0)
    own = ["Ana's", "to Ana", "Ana draws", "Ana looks"] if lang == "en" else ["d'Ana", "de Ana", "à Ana", "Ana pioche", "Ana regarde"]
    # Only the lists of totals may name the reader.
    named = [t for t in lines if "Ana" in t and not t.startswith(("Totals", "Totaux"))]
    assert named == []
    assert [t for t in lines if any(word in t for word in own)] == []
    second = ("You ", "Your ") if lang == "en" else ("Vous ", "Votre ", "À vous")
    assert sum(t.startswith(second) for t in lines) > 20


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_another_reader_still_reads_ana_in_the_third_person(game_id: str, lang: str) -> None:
    lines = log_of(game_id, lang, 1)
    assert any(t.startswith("Ana ") for t in lines)
    assert not any(t.startswith(("Bruno ", "Bruno's")) for t in lines)
    public = log_of(game_id, lang, None)
    assert not any(t.startswith(("You ", "Your ", "Vous ", "Votre ")) for t in public)


def first_move(game_id: str, reason: str, **fields: object) -> CardMoved:
    for batch in random_game(game_id):
        for event in batch:
            if isinstance(event, CardMoved) and event.reason == reason and all(getattr(event, k) == v for k, v in fields.items()):
                return event
    raise AssertionError(f"no {reason} move")


def test_silver_exact_lines_for_the_reader_and_the_others() -> None:
    rules = rules_of("silver_amulet")
    draw = first_move("silver_amulet", "draw", actor=0)
    name = {lang: rules.text(lang, f"card.{draw.card}") for lang in ("en", "fr")}
    assert LogWriter(rules, "en", NAMES, 0).line(draw).text == f"You draw {name['en']}."
    assert LogWriter(rules, "fr", NAMES, 0).line(draw).text == f"Vous piochez : {name['fr']}."
    assert LogWriter(rules, "en", NAMES, 1).line(draw).text == "Ana draws a card."
    deal = first_move("silver_amulet", "deal", to_seat=0)
    assert LogWriter(rules, "fr", NAMES, 0).line(deal).text == "Vous recevez une carte."
    assert LogWriter(rules, "en", NAMES, 1).line(deal).text == "Ana receives a card."
    # the deal of a round is one line, not one per card or per seat
    assert [x.text for x in LogWriter(rules, "fr", NAMES, 0).lines([deal] * 4)] == ["Chaque joueur reçoit son village."]
    assert [x.text for x in LogWriter(rules, "en", NAMES, 1).lines([deal] * 4)] == ["Each player is dealt a village."]


def test_silver_looking_at_a_village_names_whose_it_is_from_each_seat() -> None:
    """A look at another seat's village (beholder) and at one's own, as the rulebook's powers allow."""
    rules = rules_of("silver_amulet")
    other = CardSeen("villager", 0, "village", viewer=1, visible=1 << 1, slot=0)  # Bruno looks in Ana's village
    own = CardSeen("villager", 0, "village", viewer=0, visible=1 << 0, slot=0)
    assert LogWriter(rules, "en", NAMES, 0).line(other).text == "Bruno looks at a card in your village, slot 1."
    assert LogWriter(rules, "fr", NAMES, 0).line(other).text == "Bruno regarde une carte dans votre village, place 1."
    assert LogWriter(rules, "en", NAMES, 1).line(other).text == "You look at Villager in Ana's village, slot 1."
    assert LogWriter(rules, "fr", NAMES, 1).line(other).text == "Vous regardez Villageois dans le village d'Ana, place 1."
    assert LogWriter(rules, "en", NAMES, 0).line(own).text == "You look at Villager in your village, slot 1."
    assert LogWriter(rules, "fr", NAMES, 2).line(own).text == "Ana regarde une carte dans son village, place 1."
    assert LogWriter(rules, "en", NAMES, None).line(own).text == "Ana looks at a card in their own village, slot 1."


def test_silver_robber_exchange_reads_from_both_villages() -> None:
    """The robber swaps a card of its owner's village with one of another village: each of the
    two seats reads which card left its own village and which came in."""
    rules = rules_of("silver_amulet")
    give = CardMoved("villager", 0, "village", 1, "village", actor=0, reason="rob", from_slot=4, to_slot=3)  # Ana's card to Bruno
    take = CardMoved("seer", 1, "village", 0, "village", actor=0, reason="rob", from_slot=3, to_slot=4)  # Bruno's card to Ana
    en = {s: LogWriter(rules, "en", NAMES, s) for s in range(3)}
    assert en[0].line(give).text == "Your robber: Villager goes from your village (slot 5) to Bruno's (slot 4)."
    assert en[0].line(take).text == "Your robber: Seer goes from Bruno's village (slot 4) to yours (slot 5)."
    assert en[1].line(give).text == "Ana's robber: Villager goes from Ana's village (slot 5) to yours (slot 4)."
    assert en[1].line(take).text == "Ana's robber: Seer goes from your village (slot 4) to Ana's (slot 5)."
    assert en[2].line(take).text == "Ana's robber: Seer goes from Bruno's village (slot 4) to Ana's (slot 5)."
    fr = LogWriter(rules, "fr", NAMES, 1)
    assert fr.line(give).text == "Voleur d'Ana : Villageois passe du village d'Ana (place 5) au vôtre (place 4)."


def test_kill_the_unicorns_exact_lines() -> None:
    rules = rules_of("kill_the_unicorns")
    draw = first_move("kill_the_unicorns", "draw_scheme", actor=0)
    assert LogWriter(rules, "en", NAMES, 0).lines([draw, draw])[0].text == "You draw 2 schemes."
    assert LogWriter(rules, "fr", NAMES, 0).lines([draw, draw])[0].text == "Vous piochez 2 ruses."
    assert LogWriter(rules, "fr", NAMES, 2).lines([draw, draw])[0].text == "Ana pioche 2 ruses."
    won = first_move("kill_the_unicorns", "won")
    winner = won.to_seat
    assert winner is not None
    unicorn = rules.text("fr", f"card.{won.card}")
    assert LogWriter(rules, "fr", NAMES, winner).line(won).text == f"Vous remportez {unicorn} !"
    assert LogWriter(rules, "fr", NAMES, (winner + 1) % 3).line(won).text == f"{NAMES[winner]} remporte {unicorn} !"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_table_log_speaks_to_the_player_at_the_screen(monkeypatch, tmp_path, game_id: str, lang: str) -> None:
    """A human at seat 0 plays a few random legal moves against bots: the docked log reads
    "You…"/"Vous…" about their own moves, never their own name (screenshot: $TABLEE_SHOTS)."""
    from game.match import BOT, HUMAN, Match, MatchConfig, SeatConfig
    from scenes.table.scene import TableScene
    from tests.table_helpers import make_app, settle, shot

    app = make_app(tmp_path, monkeypatch)
    app.settings.extra["tours_seen"] = list(GAMES)
    app.settings.animation_speed = 4.0  # the fastest a player can choose: fewer frames to draw, same log
    app.set_language(lang)
    seats = [SeatConfig(name, HUMAN if i == 0 else BOT) for i, name in enumerate(NAMES)]
    config = MatchConfig(game_id, seats, seed=5, options={})
    scene = TableScene(app, config, Match(config, think_seconds=0.0, threaded=False))
    app.push(scene)
    rng = Rng(3)
    for _ in range(12):
        settle(app, scene)
        if scene.match.state.is_over() or 0 not in scene.match.human_to_act():
            break
        actions = scene.match.state.legal_actions(0)
        scene.submit(str(actions[rng.randrange(len(actions))]))
    settle(app, scene)
    lines = [line.text for line in scene.records.panel.lines()]
    second = ("You ", "Your ") if lang == "en" else ("Vous ", "Votre ", "À vous")
    assert any(t.startswith(second) for t in lines)
    assert not any(t.startswith("Ana ") or "Ana's" in t or "d'Ana" in t for t in lines)
    scene.draw(app.screen)
    assert shot(app, tmp_path, f"youforms_{game_id}_{lang}").exists()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_winner_reads_that_they_won(game_id: str) -> None:
    over = random_game(game_id)[-1][-1]
    assert isinstance(over, GameOver) and len(over.winners) == 1
    winner = over.winners[0]
    rules = rules_of(game_id)
    assert LogWriter(rules, "en", NAMES, winner).line(over).text == "Game over: you win."
    assert LogWriter(rules, "fr", NAMES, winner).line(over).text == "Fin de la partie : vous gagnez."
    assert LogWriter(rules, "fr", NAMES, (winner + 1) % 3).line(over).text == f"Fin de la partie : {NAMES[winner]} gagne."
