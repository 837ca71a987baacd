"""Jagdfieber's rules in play: one round is a secret choice by every seat, then the hunt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.events import (
    Event,
    GameOver,
    MarkerChanged,
    Note,
    PhaseBegan,
    ScoreChanged,
)
from game.engine.flow import AllAtOnce, KeepsScoreSheet, ScoreSheet, run_automatic
from game.engine.schema import did_you_mean
from game.engine.state import State

if TYPE_CHECKING:
    from game.games.jagdfieber.rules import JagdfieberRules


class JagdfieberState(KeepsScoreSheet, State):
    rules: JagdfieberRules
    mutable_fields = ("lodge_four",)

    # ------------------------------------------------------------------ setup
    def setup_match(self) -> None:
        n = self.num_players
        self.hand = [self.zone_index(s, "hand") for s in range(n)]
        self.play = [self.zone_index(s, "play") for s in range(n)]
        self.easy = [self.zone_index(s, "easy_prey") for s in range(n)]
        self.pile = [self.zone_index(s, "prey_pile") for s in range(n)]
        self.lodge = [self.zone_index(s, "under_lodge") for s in range(n)]
        for seat in range(n):
            for card in self.rules.card_order:
                for _ in range(self.rules.per_player[card]):
                    # Every set is the same and public: all know what each hand holds.
                    self.add_card(card, self.hand[seat], owner=seat, public=True)
        start = self.options["start_seat"]
        self.start_seat: int = self.rng.randrange(n) if start is None else start
        self.day = 1
        self.round_no = 1
        self.over = False
        self.lodge_four = [False] * n
        self.score_sheet = ScoreSheet(n)  # one row per completed day
        self.order = AllAtOnce.everyone(n)  # the seats that still have to choose this round

    # --------------------------------------------------------------- protocol
    def to_act(self) -> list[int]:
        return self.order.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        if not self.order.waits_for(seat):
            return []
        ids = self.card_ids
        held = {ids[u] for u in self.zones[self.hand[seat]]}
        plays = self.rules.plays
        return [plays[c] for c in self.rules.card_order if c in held]

    def apply(self, seat: int, action: Action) -> list[Event]:
        card = getattr(action, "card", None)
        if not self.order.waits_for(seat) or card is None:
            raise self.explain_illegal(seat, str(action))
        hand = self.zones[self.hand[seat]]
        ids = self.card_ids
        uid = next((u for u in hand if ids[u] == card), None)
        if uid is None or self.rules.plays.get(card) != action:
            raise self.explain_illegal(seat, str(action))
        events: list[Event] = [self.move(uid, self.play[seat], face="down", reason="choose", actor=seat)]
        for u in hand:  # the others no longer know which card left the hand (face down: no event)
            events += self.conceal(u)
        self.order = self.order.acted(seat)
        if self.order.done:
            run_automatic(self, "hunt", AUTOMATIC, events)
        return events

    def is_over(self) -> bool:
        return self.over

    def winners(self) -> list[int]:
        if not self.over:
            return []
        return self.ranking_winners()[0]

    def ranking_winners(self) -> tuple[list[int], str]:
        """The winners and how the tie was settled: '', 'best_day' or 'shared'."""
        sheet = self.score_sheet
        return sheet.winners((sheet.best_row_tiebreak("best_day"),))

    def public_view(self, seat: int | None) -> dict[str, Any]:
        winners, tiebreak = self.ranking_winners() if self.over else ([], "")
        return {
            "day": self.day,
            "days": self.rules.days,
            "round": self.round_no,
            "start_seat": self.start_seat,
            "lodges": ["four" if four else "plain" for four in self.lodge_four],
            "chosen": [bool(self.zones[self.play[s]]) and not self.over for s in range(self.num_players)],
            "score_sheet": [row[:] for row in self.sheet],
            "score_details": [[dict(d) for d in row] for row in self.sheet_details],
            "winners": winners,
            "tiebreak": tiebreak,
            "sheet": self.score_sheet.view(winners, tiebreak),
        }

    def explain_illegal(self, seat: int, text: str) -> IllegalAction:
        words = text.split()
        if self.over:
            return IllegalAction("the game is over", "error.game_over")
        if len(words) != 2 or words[0] != "play":
            return IllegalAction(f"'{text}' is not a move; moves look like 'play <card>'", "error.expected_play")
        card = words[1]
        if card not in self.rules.plays:
            hint = did_you_mean(card, self.rules.card_order)
            return IllegalAction(
                f"there is no card '{card}' in Jagdfieber{hint}", "error.no_such_card", {"card": card, "hint": hint}
            )
        if not 0 <= seat < self.num_players:
            return IllegalAction(f"there is no seat {seat}", "error.not_your_turn", {"seat": seat})
        if self.zones[self.play[seat]]:
            return IllegalAction("you have already chosen your card this round", "error.already_chosen")
        return IllegalAction(f"you have no {card} left in your hand", "error.not_in_hand", {"card": card})

    # ---------------------------------------------------------------- the hunt
    # Automatic phases, run by the flow driver once every seat has chosen: each appends its
    # events and names the next phase ("choose" and "over" wait: they have no step).
    def _resolve_round(self, events: list[Event]) -> str:
        """Reveal the choices, then the closed season and the food chain, in the hunt order."""
        n = self.num_players
        zones, ids = self.zones, self.card_ids
        rules = self.rules
        events.append(PhaseBegan("reveal", self.round_no))
        played: list[str] = []
        for s in range(n):
            uid = zones[self.play[s]][0]
            played.append(ids[uid])
            events.append(self.reveal(uid))
            self.deduce(zones[self.hand[s]])  # hands are public again by deduction
        order = self.seats_from(self.start_seat)
        closed = rules.closed_season_card in played and rules.closed_season_stops in played
        if closed:
            events.append(Note("closed_season"))
            for s in order:
                if played[s] == rules.closed_season_stops:
                    uid = zones[self.play[s]][0]
                    events.append(self.move(uid, self.pile[s], reason="closed_season", actor=s))
            for s in order:
                if played[s] == rules.closed_season_card and not self.lodge_four[s]:
                    self.lodge_four[s] = True
                    events.append(MarkerChanged("lodge", s, "four"))
        for step in rules.chain:
            if closed and step.predator == rules.closed_season_stops:
                continue
            self._resolve_step(step, order, played, events)
        return "round_end"

    def _resolve_step(self, step, order: Sequence[int], played: list[str], events: list[Event]) -> None:
        zones, ids = self.zones, self.card_ids
        hunters = [s for s in order if zones[self.play[s]] and ids[zones[self.play[s]][0]] == step.predator]
        if not hunters:
            return
        everyone = step.all_played_exception and all(card == step.predator for card in played)
        caught = False
        missed: list[int] = []
        for s in hunters:
            found = self._find_prey(s, step.prey)
            predator_uid = zones[self.play[s]][0]
            if found is not None:
                zone_index, uid = found
                events.append(self.move(uid, self.pile[s], reason=f"{step.predator}_takes", actor=s))
                caught = True
                if not step.stays_after_catch:
                    events.append(self.move(predator_uid, self.hand[s], reason="returns", actor=s))
            elif step.miss_to_lodge:
                events.append(self.move(predator_uid, self.lodge[s], reason="under_lodge", actor=s))
            elif everyone:
                missed.append(s)  # decided once every predator has looked
            else:
                events.append(self.move(predator_uid, self.hand[s], reason="misses", actor=s))
        if everyone and not caught:
            events.append(Note("all_stay", None, (("card", step.predator),)))
        else:
            for s in missed:
                events.append(self.move(zones[self.play[s]][0], self.hand[s], reason="misses", actor=s))

    def _find_prey(self, seat: int, prey: frozenset[str]) -> tuple[int, int] | None:
        """The first prey clockwise from `seat` (own seat excluded), easy prey before play."""
        zones, ids, n = self.zones, self.card_ids, self.num_players
        for step in range(1, n):
            other = (seat + step) % n
            for zone_index in (self.easy[other], self.play[other]):
                for uid in zones[zone_index]:
                    if ids[uid] in prey:
                        return zone_index, uid
        return None

    def _end_round(self, events: list[Event]) -> str:
        n, zones = self.num_players, self.zones
        for s in range(n):
            for uid in zones[self.easy[s]][:]:
                events.append(self.move(uid, self.pile[s], reason="easy_prey_to_pile", actor=s))
        for s in range(n):
            for uid in zones[self.play[s]][:]:
                events.append(self.move(uid, self.easy[s], reason="to_easy_prey", actor=s))
        self.start_seat = (self.start_seat + 1) % n
        events.append(MarkerChanged("start_card", self.start_seat, self.start_seat))
        if all(zones[self.hand[s]] for s in range(n)):
            self.round_no += 1
            self.order = AllAtOnce.everyone(n)
            events.append(PhaseBegan("round", self.round_no))
            return "choose"
        return "day_end"

    def _end_day(self, events: list[Event]) -> str:
        n, zones, ids, rules = self.num_players, self.zones, self.card_ids, self.rules
        for s in range(n):
            for uid in zones[self.easy[s]][:]:
                events.append(self.move(uid, self.pile[s], reason="day_end_pile", actor=s))
        for s in range(n):  # the piles (face down) are turned face up to be counted (YAML: zones, prey_pile)
            events.extend(self.reveal(uid) for uid in zones[self.pile[s]])
        row: list[int] = []
        details: list[dict[str, int]] = []
        totals = self.score_sheet.totals
        for s in range(n):
            part = {
                "prey": sum(rules.prey_points[ids[u]] for u in zones[self.pile[s]]),
                "hand": sum(rules.hand_points[ids[u]] for u in zones[self.hand[s]]),
                "lodge": rules.lodge_bonus if self.lodge_four[s] else 0,
                "under_lodge": rules.under_lodge_points * len(zones[self.lodge[s]]),
            }
            points = sum(part.values())
            row.append(points)
            details.append(part)
            events.append(ScoreChanged(s, points, totals[s] + points, "day_end", tuple(part.items())))
        self.score_sheet = self.score_sheet.with_row(row, details)
        if self.day >= rules.days:
            self.over = True
            events.append(GameOver(tuple(self.winners()), tuple(self.scores())))
            return "over"
        return "new_day"

    def _new_day(self, events: list[Event]) -> str:
        n, zones, owner = self.num_players, self.zones, self.cards.owner
        for s in range(n):
            for zone_index in (self.pile[s], self.lodge[s], self.easy[s], self.play[s]):
                for uid in zones[zone_index][:]:
                    home = owner[uid]
                    assert home is not None
                    events.append(self.move(uid, self.hand[home], reason="new_day", actor=home))
            if self.lodge_four[s]:
                self.lodge_four[s] = False
                events.append(MarkerChanged("lodge", s, "plain"))
        self.deduce(range(len(self.card_ids)))  # every set is public again
        self.day += 1
        self.round_no = 1
        self.order = AllAtOnce.everyone(n)
        events.append(PhaseBegan("day", self.day))
        events.append(PhaseBegan("round", 1))
        return "choose"


AUTOMATIC = {"hunt": "_resolve_round", "round_end": "_end_round", "day_end": "_end_day", "new_day": "_new_day"}
