"""Every game plays exactly as its checked-in transcripts say (see tests/golden_helpers.py).

Regenerate on purpose only, and say why in the commit: `pytest tests/test_golden.py --update-golden`.
"""

from __future__ import annotations

import pytest

from tests.golden_helpers import (
    CASES,
    GOLDEN_DIR,
    case_name,
    differences,
    dump,
    load,
    normalise,
    play,
)

PARAMS = [
    pytest.param(game, players, seed, options, id=case_name(game, players, seed, tag))
    for game, players, seeds, options, tag in CASES
    for seed in seeds
]


@pytest.mark.parametrize(("game", "players", "seed", "options"), PARAMS)
def test_transcript_unchanged(request, game, players, seed, options):
    name = request.node.callspec.id
    path = GOLDEN_DIR / f"{name}.json"
    transcript = normalise(play(game, players, seed, options))
    if request.config.getoption("--update-golden"):
        path.write_text(dump(transcript), encoding="utf-8")
        return
    assert path.exists(), f"no golden transcript {path.name}: run pytest --update-golden on purpose"
    expected = load(path)
    assert expected["over"], f"{name}: the recorded game did not reach its end"
    problems = differences(expected, transcript, name)
    assert not problems, "\n".join(problems[:20])


def test_differences_reports_changed_facts_and_allows_new_fields():
    old = {"events": [{"kind": "card_moved", "card": "wolf"}], "n": 1}
    assert differences(old, {"events": [{"kind": "card_moved", "card": "wolf", "to_slot": 2}], "n": 1}) == []
    assert differences(old, {"events": [{"kind": "card_moved", "card": "fox"}], "n": 1})
    assert differences(old, {"events": [], "n": 1})
    assert differences(old, {"events": [{"kind": "card_moved", "card": "wolf"}]})
