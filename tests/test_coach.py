"""The coach (game/ai/coach.py): it reads only what the asking seat may know, says its move in
the game's words in both languages, marks a record "coached", and answers `tablee coach`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai.coach import Advice, advice_for_record, advise, coach_hooks, say, say_words, words
from game.engine import registry
from game.engine.errors import TableeError
from game.engine.record import Record, SeatInfo, parse_text
from game.engine.rng import Rng
from scenes.main import main as cli_main
from tests.test_ai_bots import ObserverOnly, hidden_variants

TINY = {"iterations": 30, "seconds": None, "worlds": 8}  # exact and fast: no clock


def played(game_id: str, moves: int, seed: int = 3, players: int = 4):
    """A state after some random moves, at a decision with a choice for the first acting seat (in
    a game shorter than `moves`, its last such decision)."""
    rules = registry.load(game_id)
    players = min(players, rules.max_players)

    def walk(stop: int):
        state = rules.new_state(players, seed=seed)
        rng = Rng(seed)
        count, last = 0, None
        while not state.is_over():
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            if len(actions) > 1:
                if count >= stop:
                    return state, seat, count
                last = count
            state.apply(seat, actions[rng.randrange(len(actions))])
            count += 1
        return None, None, last

    state, seat, last = walk(moves)
    if state is None and last is not None:
        state, seat, _ = walk(last)
    if state is None:
        raise AssertionError("the match ended before a choice")
    return state, seat


def deal(state) -> list[list[str]]:
    """Where every card lies: the card ids of each zone, in order."""
    return [[state.card_ids[u] for u in zone if u >= 0] for zone in state.zones]


def same_advice(a: Advice, b: Advice) -> bool:
    return a.to_dict() | {"seconds": 0} == b.to_dict() | {"seconds": 0}


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_the_same_advice_whatever_the_cards_the_seat_cannot_see(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A state and a redeal of everything the seat has not seen (its view is the same): the
    coach's move, the move it is compared with, the figures and the words are the same.
    (Jagdfieber's hidden cards are the other seats' face-down choices: the test below.)

    The engine's determinizations of two such states are the same draws. Silver's permute the
    identities where they lie (docs/bots.md), so two arrangements give different, equally likely
    draws: there both states are determinized from the first, and the test checks that the
    coach reads the hidden cards through nothing but the determinizations."""
    redealt = 0
    for moves, seed in ((4, 3), (15, 8)):
        real, seat = played(game_id, moves, seed)
        other = real.determinize(seat, Rng(seed + 99))
        other.settle()
        assert other.view(seat) == real.view(seat)
        redealt += deal(other) != deal(real)  # ...yet the cards lie elsewhere
        if game_id == "silver_amulet":
            original = type(real).determinize
            monkeypatch.setattr(type(real), "determinize", lambda self, seat, rng, *args, _from=real, _det=original: _det(_from, seat, rng, *args))
        first = advise(real, seat, seed=11, **TINY)
        second = advise(other, seat, seed=11, **TINY)
        monkeypatch.undo()
        assert same_advice(first, second), (first, second)
        assert first.move in [str(a) for a in real.legal_actions(seat)]
    assert redealt or game_id == "jagdfieber"


def test_the_coach_works_through_what_the_seat_may_ask_only() -> None:
    """Jagdfieber's face-down choices of the other seats: the coach gets a state that answers
    only what seat 0 may know (and its view) and advises the same whatever they chose."""
    for a, b in hidden_variants():

        class Seat(ObserverOnly):
            def view(self, seat):
                assert seat == self._seat, "the coach asked another seat's view"
                return self._state.view(seat)

        first = advise(Seat(a, 0), 0, seed=5, **TINY)  # type: ignore[arg-type]
        second = advise(Seat(b, 0), 0, seed=5, **TINY)  # type: ignore[arg-type]
        assert same_advice(first, second)


@pytest.mark.parametrize("game_id", list(registry.GAMES))
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_move_of_every_game_has_words(game_id: str, lang: str) -> None:
    """Every legal move met in a few random matches is said in the game's words: no text key
    left unsaid, no placeholder left unfilled, and the game's own words where it has a hook."""
    rules = registry.load(game_id)
    hooks = coach_hooks(game_id)
    assert hooks.describe is not None, f"{game_id} has no coach.py with describe"
    for seed in range(2):
        state = rules.new_state(min(4, rules.max_players), seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            actions = state.legal_actions(seat)
            view = state.view(seat)
            for action in actions[:12]:
                key, params = found = words(rules, view, seat, str(action))
                assert key != "coach.move", f"{game_id}: '{action}' has no words of its own"
                assert rules.has_text(key), f"{game_id}: no text '{key}'"
                text = say_words(rules, lang, found, ["Ann", "Bob", "Cy", "Dee"])
                assert "{" not in text and "coach." not in text, text
            state.apply(seat, actions[rng.randrange(len(actions))])


def test_the_why_says_the_figure_in_the_game_words() -> None:
    """Silver's figure is points at the count; the line names both moves and the amount."""
    rules = registry.load("silver_amulet")
    advice = Advice(0, 5, "exchange 3", "discard", gain=4.2, value_gain=0.05, worlds=32, figure="points",
                    move_words=("coach.move.exchange", {"slot": 3, "card": "seer", "value": 9, "card_drawn": "squire", "drawn_value": 1}),
                    other_words=("coach.move.discard", {"card": "squire", "value": 1}))
    assert say(rules, "en", advice) == ("Exchange your Seer (9) in slot 3 for the Squire (1): about 4 points fewer against "
                                        "you at the count than if you discard the drawn Squire (1).")
    assert say(rules, "fr", advice).startswith("Échanger votre carte Voyante (9) de la place 3 contre la carte Écuyer (1) : environ 4 points de moins")
    close = Advice(0, 5, "draw", "take discard", gain=0.2, figure="points", move_words=("action.draw", {}),
                   other_words=("action.take discard", {}))
    assert "about as good as if you take the discard" in say(rules, "en", close)
    only = Advice(0, 5, "draw", move_words=("action.draw", {}))
    assert say(rules, "en", only) == "Draw from the deck: it is your only move."
    back = Advice.from_dict(json.loads(json.dumps(advice.to_dict())))
    assert say(rules, "fr", back) == say(rules, "fr", advice)


def test_an_advice_read_back_is_checked() -> None:
    for bad in (None, [], {"seat": "0", "at": 1, "move": "draw"}, {"seat": 0, "at": 1},
                {"seat": 0, "at": 1, "move": "draw", "move_words": ["k", {"p": [1]}]}, {"seat": 0, "at": 1, "move": "x" * 300}):
        with pytest.raises(ValueError):
            Advice.from_dict(bad)


def test_a_seat_that_cannot_act_is_refused() -> None:
    state, seat = played("fish_fish", 3)
    others = [s for s in range(state.num_players) if s not in state.to_act()]
    with pytest.raises(TableeError):
        advise(state, others[0], **TINY)
    with pytest.raises(TableeError):
        advise(state, seat, against="no such move", **TINY)


# ------------------------------------------------------------------- the record's mark
def test_a_coached_record_says_which_seats_and_older_records_read_as_none() -> None:
    rules = registry.load("jagdfieber")
    record = Record.new(rules, 3, 1, {}, [SeatInfo("Ann"), SeatInfo("B", "bot", "random", "easy"), SeatInfo("C")])
    assert "coached" not in record.to_dict()
    assert parse_text(record.to_json(), "old").coached == []
    record.coached = [2, 0]
    data = json.loads(record.to_json())
    assert data["coached"] == [0, 2]
    assert parse_text(record.to_json(), "new").coached == [0, 2]
    for bad in ([5], ["0"], [True], "0"):
        data["coached"] = bad
        with pytest.raises(Exception, match="coached"):
            parse_text(json.dumps(data), "bad")


def test_a_hint_marks_the_match_record_at_once(tmp_path: Path) -> None:
    from game.match import BOT, Match, MatchConfig, SeatConfig
    from game.records import RecordStore, attach

    config = MatchConfig("jagdfieber", [SeatConfig("Ann"), SeatConfig("B", BOT, "random"), SeatConfig("C", BOT, "random")], seed=4)
    match = Match(config, threaded=False, think_seconds=0)
    store = RecordStore(tmp_path)
    recorder = attach(match, store)
    match.submit(0, match.state.legal_actions(0)[0])
    recorder.mark_coached(0)
    on_disk = json.loads(store.autosave_path(recorder.record).read_text())
    assert on_disk["coached"] == [0]
    recorder.close()
    match.close()


# ------------------------------------------------------------------------- the command
def record_file(tmp_path: Path, game_id: str = "silver_amulet") -> Path:
    from game.cli import simulate

    simulate(game_id, 4, 1, ["random"] * 4, 2, tmp_path)
    return next(tmp_path.glob("*.json"))


def test_the_command_prints_the_advice_as_json_on_its_last_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record_file(tmp_path)
    record = parse_text(path.read_text(), str(path))
    at = next(i for i in range(len(record.actions)) if record.actions[i][1].startswith("exchange"))
    assert cli_main(["coach", str(path), "--at", str(at), "--json", "--iterations", "40"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    out = json.loads(lines[-1])
    assert out["seat"] == record.actions[at][0]
    assert out["move"] and isinstance(out["why"], str) and out["why"] in lines[-2]
    assert out["move"] == advice_for_record(record, at, iterations=40, seconds=None).move  # reproducible
    assert cli_main(["coach", str(path), "--at", str(at), "--lang", "fr", "--iterations", "40"]) == 0
    assert "coach:" in capsys.readouterr().out


def test_the_command_refuses_bad_input_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record_file(tmp_path, "fish_fish")
    record = parse_text(path.read_text(), str(path))
    assert cli_main(["coach", str(path), "--at", str(len(record.actions) + 1)]) == 1
    assert "--at must be from 0" in capsys.readouterr().err
    assert cli_main(["coach", str(path), "--at", str(len(record.actions))]) == 1
    assert "the match is over" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert cli_main(["coach", str(broken), "--at", "0"]) == 1
    assert "not valid JSON" in capsys.readouterr().err


def test_the_command_reviews_a_finished_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = record_file(tmp_path, "fish_fish")
    data = json.loads(path.read_text())
    assert cli_main(["coach", str(path), "--review"]) == 1  # bots only: nothing to review
    assert "nothing to review" in capsys.readouterr().err
    data["seats"][0] = {"name": "Ana", "kind": "human"}
    path.write_text(json.dumps(data))
    assert cli_main(["coach", str(path), "--review", "--json", "--iterations", "20"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["format"] == "tablee-review" and out["seats"] == [0] and out["decisions"] > 0
    assert cli_main(["coach", str(path)]) == 1
    assert "--at N, or --review" in capsys.readouterr().err
