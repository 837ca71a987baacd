"""Jagdfieber's rules in play: one round is a secret choice by every seat, then the hunt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action, Malformed
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
from game.games.jagdfieber.rules import PLAY

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
        for uid in hand:
            if ids[uid] == card:
                break
        else:
            raise self.explain_illegal(seat, str(action))
        play = self.rules.plays.get(card)
        if play is not action and play != action:
            raise self.explain_illegal(seat, str(action))
        events: list[Event] = [self.move(uid, self.play[seat], face="down", reason="choose", actor=seat)]
        self.forget(hand)  # the others no longer know which card left the hand (face down: no event)
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
        if self.over:
            return IllegalAction("the game is over", "error.game_over")
        fields = PLAY.parse(text)
        if isinstance(fields, Malformed):
            return IllegalAction(f"'{text}' is not a move; moves look like 'play <card>'", "error.expected_play")
        card = fields["card"]
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
        loud = not self.quiet  # a play-out's copy builds no events
        if loud:
            events.append(PhaseBegan("reveal", self.round_no))
        play, hand = self.play, self.hand
        played: list[str] = []
        for s in range(n):
            uid = zones[play[s]][0]
            played.append(ids[uid])
            events.append(self.reveal(uid))
            self.deduce(zones[hand[s]])  # hands are public again by deduction
        start = self.start_seat
        order = [*range(start, n), *range(start)]  # the hunt order, from the start card
        stops = rules.closed_season_stops
        closed = stops in played and rules.closed_season_card in played
        if closed:
            if loud:
                events.append(Note("closed_season"))
            for s in order:
                if played[s] == stops:
                    events.append(self.move(zones[play[s]][0], self.pile[s], reason="closed_season", actor=s))
            for s in order:
                if played[s] == rules.closed_season_card and not self.lodge_four[s]:
                    self.lodge_four[s] = True
                    if loud:
                        events.append(MarkerChanged("lodge", s, "four"))
        for step in rules.chain:
            predator = step.predator
            if predator not in played or (closed and predator == stops):
                continue  # nobody hunts with it this round
            self._resolve_step(step, order, played, events)
        return "round_end"

    def _resolve_step(self, step, order: Sequence[int], played: list[str], events: list[Event]) -> None:
        zones, play = self.zones, self.play
        predator = step.predator
        hunters = [s for s in order if played[s] == predator and zones[play[s]]]  # still in play
        if not hunters:
            return
        everyone = step.all_played_exception and played.count(predator) == len(played)
        caught = False
        missed: list[int] = []
        for s in hunters:
            found = self._find_prey(s, step.prey)
            predator_uid = zones[play[s]][0]
            if found >= 0:
                events.append(self.move(found, self.pile[s], reason=step.takes, actor=s))
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
            if not self.quiet:
                events.append(Note("all_stay", None, (("card", predator),)))
        else:
            for s in missed:
                events.append(self.move(zones[play[s]][0], self.hand[s], reason="misses", actor=s))

    def _find_prey(self, seat: int, prey: frozenset[str]) -> int:
        """The first prey clockwise from `seat` (own seat excluded), easy prey before play: its
        uid, or -1."""
        zones, ids, n = self.zones, self.card_ids, self.num_players
        easy, play = self.easy, self.play
        for step in range(1, n):
            other = (seat + step) % n
            for uid in zones[easy[other]]:
                if ids[uid] in prey:
                    return uid
            for uid in zones[play[other]]:
                if ids[uid] in prey:
                    return uid
        return -1

    def _end_round(self, events: list[Event]) -> str:
        n, zones = self.num_players, self.zones
        easy, play, pile = self.easy, self.play, self.pile
        for s in range(n):
            if zones[easy[s]]:
                for uid in zones[easy[s]][:]:
                    events.append(self.move(uid, pile[s], reason="easy_prey_to_pile", actor=s))
        for s in range(n):
            if zones[play[s]]:
                for uid in zones[play[s]][:]:
                    events.append(self.move(uid, easy[s], reason="to_easy_prey", actor=s))
        self.start_seat = (self.start_seat + 1) % n
        loud = not self.quiet
        if loud:
            events.append(MarkerChanged("start_card", self.start_seat, self.start_seat))
        hand = self.hand
        for s in range(n):
            if not zones[hand[s]]:
                return "day_end"
        self.round_no += 1
        self.order = AllAtOnce.everyone(n)
        if loud:
            events.append(PhaseBegan("round", self.round_no))
        return "choose"

    def _end_day(self, events: list[Event]) -> str:
        n, zones, ids, rules = self.num_players, self.zones, self.card_ids, self.rules
        loud = not self.quiet
        for s in range(n):
            for uid in zones[self.easy[s]][:]:
                events.append(self.move(uid, self.pile[s], reason="day_end_pile", actor=s))
        for s in range(n):  # the piles (face down) are turned face up to be counted (YAML: zones, prey_pile)
            events.extend(self.reveal(uid) for uid in zones[self.pile[s]])
        row: list[int] = []
        details: list[dict[str, int]] = []
        totals = self.score_sheet.totals
        prey_points, hand_points = rules.prey_points, rules.hand_points
        for s in range(n):
            part = {
                "prey": sum([prey_points[ids[u]] for u in zones[self.pile[s]]]),
                "hand": sum([hand_points[ids[u]] for u in zones[self.hand[s]]]),
                "lodge": rules.lodge_bonus if self.lodge_four[s] else 0,
                "under_lodge": rules.under_lodge_points * len(zones[self.lodge[s]]),
            }
            points = part["prey"] + part["hand"] + part["lodge"] + part["under_lodge"]
            row.append(points)
            details.append(part)
            if loud:
                events.append(ScoreChanged(s, points, totals[s] + points, "day_end", tuple(part.items())))
        self.score_sheet = self.score_sheet.with_row(row, details)
        if self.day >= rules.days:
            self.over = True
            if loud:
                events.append(GameOver(tuple(self.winners()), tuple(self.scores())))
            return "over"
        if self.end_of_round():  # a quiet play-out ends with the day: nothing goes home
            return "stopped"
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
