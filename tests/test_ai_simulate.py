"""`simulate` runs any bot per seat, with levels, and reports per-seat results and timings."""

from __future__ import annotations

import json

from main import main


def test_simulate_with_search_bots_per_seat(capsys) -> None:
    status = main(["simulate", "jagdfieber", "--games", "2", "--bots", "ismcts:easy,random,random,ismcts:easy", "--json"])
    assert status == 0
    out = capsys.readouterr().out.splitlines()
    result = json.loads(out[-1])
    assert result["bots"] == ["ismcts:easy", "random", "random", "ismcts:easy"]
    assert result["games"] == 2 and len(result["win_rates"]) == 4
    assert sum(result["wins"]) >= 2  # every game has at least one winner
    timing = result["seconds_per_decision"]
    assert min(timing[0], timing[3]) > max(timing[1], timing[2])  # searching takes longer
    assert "ismcts:easy" in out[2] and "%" in out[2]  # the table names each seat's bot


def test_simulate_refuses_an_unknown_level(capsys) -> None:
    assert main(["simulate", "jagdfieber", "--bots", "ismcts:expert"]) == 1
    assert "unknown level 'expert' (levels: easy, medium, hard)" in capsys.readouterr().err
