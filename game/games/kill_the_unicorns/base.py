"""What every part of Kill the Unicorns' state shares: the phases, the fields and small helpers.

The state is split by responsibility (setup.py, state.py for the round and the hunts, market.py,
scoring.py, views.py); each part is a mixin of `UnicornsBase`, which declares the fields they
read so that each file type-checks on its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.engine.flow import ScoreSheet
from game.engine.state import State
from game.engine.views import BreakdownView

if TYPE_CHECKING:
    from game.games.kill_the_unicorns.rules import UnicornsRules

SCHEME, WIZARD, BID, CHOOSE, PAINT, MARKET, OVER = range(7)
PHASE_NAMES = ("schemes", "wizard", "hunt", "choose", "paint", "market", "over")


class UnicornsBase(State):
    """The fields of a Kill the Unicorns state (set by `SetupMixin.setup_match`)."""

    rules: UnicornsRules
    # zone indexes
    z_deck: int
    z_line: int
    z_discard: int
    z_box: int
    z_market: int
    z_under: list[int]
    z_hand: list[int]
    z_bid: list[int]
    z_played: list[int]
    z_sdeck: list[int]
    z_shand: list[int]
    z_spent: list[int]
    z_sdiscard: list[int]
    z_coll: list[int]
    z_kept: list[int]
    # the match
    first: int
    character: tuple[str, ...]
    powers_on: bool
    rounds: int  # rounds in this match (option `rounds`)
    value: tuple[int, ...]  # uid -> hunt value; static
    attached: list[int]  # uid of the unicorn a token or scheme is on
    colour: list[str]
    base: list[int]
    power_used: list[bool]
    passed: list[bool]
    boost: list[int]
    queue: list[int]
    hunt_played: list[list[int]]
    totals_shown: list[int | None]  # the last hunt's revealed totals
    round_no: int
    hunt_pos: int
    hunt_size: int
    actor: int
    winner: int
    hunt_totals: dict[int, int]
    untied: dict[int, int]
    paint_due: bool
    pending: int  # a revealed scheme waiting for its paint colour
    rainbow_winner: int
    phase: int
    score_sheet: ScoreSheet  # one row per round (what each seat's count gained)
    counted: list[tuple[tuple[str, int], ...]]  # each seat's count at the last row (never changed in place)

    def _power_seat(self, power: str) -> int:
        """The seat whose character has `power`, if powers are on and it is unused this round."""
        if not self.powers_on:
            return -1
        power_of = self.rules.power_of
        for s, char in enumerate(self.character):
            if power_of[char] == power and not self.power_used[s]:
                return s
        return -1

    def _has_power(self, seat: int, power: str) -> bool:
        return self.powers_on and not self.power_used[seat] and self.rules.power_of[self.character[seat]] == power

    def _hand_values(self, seat: int) -> list[int]:
        return sorted(map(self.value.__getitem__, self.zones[self.z_hand[seat]]))

    # Written in the other parts (state.py, scoring.py); declared here for the ones that call them.
    def _start_round(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _check_rainbows(self, seat: int, events: list[Event]) -> bool:
        raise NotImplementedError

    def _game_over(self, events: list[Event]) -> None:
        raise NotImplementedError

    def result(self) -> tuple[list[int], str]:
        raise NotImplementedError

    def write_round(self) -> None:
        raise NotImplementedError

    def price(self, seat: int, item: str) -> int:
        raise NotImplementedError

    def score_details(self, seat: int) -> tuple[tuple[str, int], ...]:
        raise NotImplementedError

    def breakdown(self) -> BreakdownView:
        raise NotImplementedError
