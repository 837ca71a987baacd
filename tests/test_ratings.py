"""The rating against the computer players (game/ratings.py): it moves the documented way, only
rated matches move it, it settles where the model of the ratings says, and the levels' fixed
ratings are fitted from measured wins."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.engine import registry
from game.engine.record import Record, SeatInfo
from game.matchindex import open_index
from game.ratings import (
    K_PROVISIONAL,
    K_SETTLED,
    PROVISIONAL_MATCHES,
    RATED_LEVELS,
    RatedMatch,
    StrengthRow,
    expected,
    fit_levels,
    level_ratings,
    rate,
)
from game.records import RecordStore, write_atomic

RATINGS = {"random": 1000, "easy": 1250, "medium": 1430, "hard": 1560}


def match(number: int, winners: set[int], levels: tuple[str, ...] = ("", "hard", "hard", "hard")) -> RatedMatch:
    return RatedMatch(f"m{number}", f"2026-01-01T00:00:{number:02d}Z", 0, levels, frozenset(winners))


def test_a_new_player_starts_at_the_easy_level_and_a_win_moves_by_the_formula() -> None:
    [point] = rate([match(0, {0})], RATINGS)
    assert point.change == pytest.approx(K_PROVISIONAL / 3 * 3 * (1 - expected(1250, 1560)))
    assert point.rating == pytest.approx(1250 + point.change)


def test_a_loss_counts_only_the_bot_that_won() -> None:
    [point] = rate([match(0, {2})], RATINGS)
    assert point.change == pytest.approx(K_PROVISIONAL / 3 * (0 - expected(1250, 1560)))


def test_a_bot_that_shares_the_win_is_left_out() -> None:
    """Wolf & Hound's partner (or a shared victory): it won with the player and tells nothing."""
    [point] = rate([match(0, {0, 2}, ("", "easy", "hard", "easy"))], RATINGS)
    assert point.change == pytest.approx(K_PROVISIONAL / 3 * 2 * (1 - expected(1250, 1250)))


def test_against_bots_of_ones_own_rating_a_win_gives_half_k_and_a_loss_a_sixth() -> None:
    even = {**RATINGS, "easy": 1250}
    [won] = rate([match(0, {0}, ("", "easy", "easy", "easy"))], even)
    [lost] = rate([match(0, {1}, ("", "easy", "easy", "easy"))], even)
    assert won.change == pytest.approx(K_PROVISIONAL / 2) and lost.change == pytest.approx(-K_PROVISIONAL / 6)


def test_k_settles_after_the_provisional_matches() -> None:
    points = rate([match(n, {0} if n % 2 else {1}) for n in range(PROVISIONAL_MATCHES + 2)], RATINGS)
    last = points[-1]
    before = points[-2].rating
    assert last.change == pytest.approx(K_SETTLED / 3 * 3 * (1 - expected(before, 1560)))


def test_the_rating_settles_at_the_strength_the_model_gives() -> None:
    """A player who wins as often as a 1500 player would (Plackett-Luce among the seats) ends
    near 1500, whichever levels they play."""
    rng = random.Random(4)
    strength = 10 ** (1500 / 400)
    matches = []
    for n in range(4000):
        levels = ("", *(rng.choice(("easy", "medium", "hard")) for _ in range(3)))
        weights = [strength] + [10 ** (RATINGS[lv] / 400) for lv in levels[1:]]
        winner = rng.choices(range(4), weights)[0]
        matches.append(RatedMatch(f"m{n}", "", 0, levels, frozenset({winner})))
    points = rate(matches, RATINGS)
    late = [p.rating for p in points[1000:]]
    assert sum(late) / len(late) == pytest.approx(1500, abs=25)


def test_only_rated_matches_move_the_rating(tmp_path: Path) -> None:
    """One person against computer players at this screen, no practice undo, no hints."""
    store = RecordStore(tmp_path)
    rules = registry.load("jagdfieber")
    kinds = {
        "solo": ([SeatInfo("Ana"), SeatInfo("B", "bot", "ismcts", "hard"), SeatInfo("C", "bot", "ismcts", "hard")], {}),
        "hotseat": ([SeatInfo("Ana"), SeatInfo("Bo"), SeatInfo("C", "bot", "ismcts", "hard")], {}),
        "network": ([SeatInfo("Ana"), SeatInfo("B", "bot", "ismcts", "hard"), SeatInfo("C", "bot", "ismcts", "hard")], {"network": True}),
        "practice": ([SeatInfo("Ana"), SeatInfo("B", "bot", "ismcts", "hard"), SeatInfo("C", "bot", "ismcts", "hard")], {"practice": True}),
        "coached": ([SeatInfo("Ana"), SeatInfo("B", "bot", "ismcts", "hard"), SeatInfo("C", "bot", "ismcts", "hard")], {"coached": [0]}),
    }
    for number, (kind, (seats, extra)) in enumerate(kinds.items()):
        record = Record("jagdfieber", rules.version, 1, 3, {}, seats, match_id=f"m-{kind}",
                        created=f"2026-01-01T10:0{number}:00Z", updated=f"2026-01-01T10:0{number}:30Z",
                        result={"over": True, "scores": [50, 10, 10], "winners": [0]}, **extra)
        write_atomic(store.history_dir / f"{record.match_id}.json", record.to_json())
    with open_index(tmp_path) as index:
        points = index.rating_history("jagdfieber")
        _, games = index.figures()
    assert [p.match_id for p in points] == ["m-solo"]
    assert games["jagdfieber"].rated == 1 and games["jagdfieber"].rating == pytest.approx(points[0].rating)
    assert games["jagdfieber"].matches == 5


def test_fitting_the_levels_finds_the_ratings_that_made_the_wins() -> None:
    truth = {"random": 1000, "easy": 1300, "medium": 1450, "hard": 1600}

    def row(lead: str, other: str, partner: bool = False) -> StrengthRow:
        a, b = 10 ** (truth[lead] / 400), 10 ** (truth[other] / 400)
        chance = ((a + b) if partner else a) / (a + 3 * b)
        return StrengthRow(lead, other, chance * 10_000 - 0.5 + chance, 10_000, partner=partner)

    rows = [row("easy", "random"), row("medium", "random"), row("hard", "random"), row("hard", "easy")]
    fitted = fit_levels(rows)
    assert all(abs(fitted[lv] - truth[lv]) <= 10 for lv in truth)
    team = fit_levels([row("easy", "random", True), row("hard", "easy", True), row("medium", "random", True)])
    assert all(abs(team[lv] - truth[lv]) <= 10 for lv in truth)


def test_levels_the_measurements_would_invert_are_pooled() -> None:
    rows = [StrengthRow("easy", "random", 90, 100), StrengthRow("medium", "random", 80, 100), StrengthRow("hard", "random", 95, 100)]
    fitted = fit_levels(rows)
    assert fitted["random"] < fitted["easy"] == fitted["medium"] < fitted["hard"]


def test_every_game_gives_its_levels_ratings_in_order() -> None:
    for entry in registry.available():
        if entry.rules is None:
            continue
        ratings = level_ratings(entry.game_id)
        assert set(ratings) == set(RATED_LEVELS)
        values = [ratings[lv] for lv in RATED_LEVELS]
        assert values == sorted(values), entry.game_id
        assert entry.rules.data.get("ratings"), f"{entry.game_id}: no ratings section in its YAML"


def test_the_fit_command_prints_the_yaml_section(capsys) -> None:
    from game.ratings import main

    assert main(["easy:random:67/100", "medium:random:80/100", "hard:random:81/100", "hard:easy:75/100"]) == 0
    assert capsys.readouterr().out.strip() == "ratings: {random: 1000, easy: 1250, medium: 1430, hard: 1560}"
    assert main(["easy-random"]) == 1 and "LEAD:OTHER:WINS/GAMES" in capsys.readouterr().err
