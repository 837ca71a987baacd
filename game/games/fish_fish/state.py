"""Fish Fish in play: a round is up to five lines; each line is laid, bet on, then checked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Action, Malformed, whole_number
from game.engine.errors import IllegalAction
from game.engine.events import (
    Event,
    GameOver,
    MarkerChanged,
    Note,
    PhaseBegan,
    ScoreChanged,
)
from game.engine.flow import EachOnce, KeepsScoreSheet, ScoreSheet, run_automatic
from game.engine.schema import did_you_mean
from game.engine.state import State
from game.games.fish_fish.actions import BET as BET_FORM
from game.games.fish_fish.actions import GRAMMAR, Bet, LayLine
from game.games.fish_fish.actions import LINE as LINE_FORM  # LINE and BET are phases here

if TYPE_CHECKING:
    from game.games.fish_fish.rules import FishFishRules

LINE, BET, OVER = "line", "bet", "over"  # what the table waits for: the fisher's line, the bets, nothing
# The automatic phases between two decisions, run by the flow driver: phase -> method.
AUTOMATIC = {"check": "_check_line", "round_end": "_score_round", "new_round": "_new_round"}


class FishFishState(KeepsScoreSheet, State):
    rules: FishFishRules
    mutable_fields = ("bets",)

    # ------------------------------------------------------------------ setup
    def setup_match(self) -> None:
        n, rules = self.num_players, self.rules
        idx = self.zone_index
        self.z_fishing = [idx(s, "fishing") for s in range(n)]
        self.z_baits = [idx(s, "baits") for s in range(n)]
        self.z_line = [idx(s, "line") for s in range(n)]
        self.z_discard = [idx(s, "discard") for s in range(n)]
        self.z_fish = [idx(s, "fish") for s in range(n)]
        self.z_bet = [idx(s, "bet") for s in range(n)]
        self.z_caught = [idx(s, "caught") for s in range(n)]
        self.z_loot = [{v: idx(s, f"loot_{v}") for v in rules.loot_slots} for s in range(n)]
        self.z_box = idx(None, "box")
        start = self.options["start_seat"]
        self.fisher: int = self.rng.randrange(n) if start is None else start
        # Baits carry their value, fish tiles their owner (the species): card table attributes.
        for card in rules.fishing_order:
            for _ in range(rules.fishing_count[card]):
                self.add_card(card, self.z_fishing[self.fisher])
        for value in rules.bait_values:
            self.add_card(rules.bait_card, self.z_baits[self.fisher], attrs={"value": value}, public=True)
        for seat in range(n):
            home = self.z_box if seat == self.fisher else self.z_fish[seat]
            for _ in range(rules.fish_per_player):
                self.add_card(rules.fish_card, home, owner=seat, public=True)
        self.bait_value = self.cards.column("value", 0)  # uid -> bait value (0: not a bait); static
        self.round_no = 1
        self.rounds_total = rules.rounds_for(n)
        self.clockwise = rules.first_clockwise
        self.order = self._betting_order()
        self.line_no = 1
        self.phase = LINE
        self.turn = EachOnce((self.fisher,))  # the fisher's line, then each fish's bet
        self.line_value = 0  # the bait value on the line (0: no line laid)
        self.bets: list[int] = [-1] * n  # fish bet on the current line per seat (-1: not yet)
        self.revealed_ends = 0  # revealed fishing cards that end the round (catches)
        self.revealed = 0  # fishing cards revealed this round (public facts the bots' policies read)
        self.revealed_catches = 0  # ...of which take the bets
        self.score_sheet = ScoreSheet(n)  # one row per round

    def _betting_order(self) -> tuple[int, ...]:
        """Fish seats in this round's order: from the fisher's left clockwise, or right."""
        n, f = self.num_players, self.fisher
        step = 1 if self.clockwise else -1
        return EachOnce.around(n, f + step, self.clockwise, skip=(f,)).seats

    # --------------------------------------------------------------- protocol
    def to_act(self) -> list[int]:
        return self.turn.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        rules = self.rules
        if self.phase == LINE:
            if seat != self.fisher:
                return []
            ids = self.card_ids
            held = {ids[u] for u in self.zones[self.z_fishing[seat]]}
            values = sorted({self.bait_value[u] for u in self.zones[self.z_baits[seat]]})
            table = rules.line_actions
            return [table[(c, v)] for c in rules.fishing_order if c in held for v in values]
        if self.phase == BET and seat == self.turn.current:
            left = len(self.zones[self.z_fish[seat]])
            if self.line_no >= rules.lines:
                return [rules.bet_actions[left]]
            return list(rules.bet_actions[: left + 1])
        return []

    def apply(self, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, (Bet, LayLine)):  # a plain Action: the same text, if any
            known = self.rules.by_text.get(str(action))
            if not isinstance(known, (Bet, LayLine)):
                raise self.explain_illegal(seat, str(action))
            action = known
        if isinstance(action, Bet):
            return self._bet(seat, action.count)
        return self._lay(seat, action.card, action.value)

    def is_over(self) -> bool:
        return self.phase == OVER

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        return self.score_sheet.winners()[0]  # a tie shares the victory

    # ----------------------------------------------------------------- a line
    def _lay(self, seat: int, card: str, value: int) -> list[Event]:
        if self.phase != LINE or seat != self.fisher:
            raise self.explain_illegal(seat, LINE_FORM.text(card, value))
        zones, ids = self.zones, self.card_ids
        fishing, baits, line = self.z_fishing[seat], self.z_baits[seat], self.z_line[seat]
        card_uid = next((u for u in zones[fishing] if ids[u] == card), -1)
        bait_uid = next((u for u in zones[baits] if self.bait_value[u] == value), -1)
        if card_uid < 0 or bait_uid < 0:
            raise self.explain_illegal(seat, LINE_FORM.text(card, value))
        events: list[Event] = [self.move(card_uid, line, face="down", reason="line", actor=seat)]
        events.append(self.move(bait_uid, line, reason="bait", actor=seat))
        if not self.quiet:
            events.append(Note("bait", seat, (("value", value),)))
        self.line_value = value
        z_fish = self.z_fish
        # This round's betting order (from the fisher's left or right, the fisher skipped), less
        # the fish with no tile left: EachOnce.around on the order computed once per round.
        self.turn = EachOnce([s for s in self.order if zones[z_fish[s]]])
        self.phase = BET
        if self.turn.done:  # cannot happen with the shipped data: the round would have ended
            self.phase = run_automatic(self, "check", AUTOMATIC, events)
        return events

    def _bet(self, seat: int, count: int) -> list[Event]:
        if self.phase != BET or seat != self.turn.current:
            raise self.explain_illegal(seat, BET_FORM.text(count))
        src = self.z_fish[seat]
        hand = self.zones[src]
        if not 0 <= count <= len(hand) or (self.line_no >= self.rules.lines and count != len(hand)):
            raise self.explain_illegal(seat, BET_FORM.text(count))
        if count:
            events = self.move_many(hand[len(hand) - count :], self.z_bet[seat], reason="bet", actor=seat)
        else:
            events = [] if self.quiet else [Note("pass", seat)]
        self.bets[seat] = count
        self.turn = self.turn.acted(seat)
        if self.turn.done:
            self.phase = run_automatic(self, "check", AUTOMATIC, events)
        return events

    # Automatic phases: each appends its events and names the next phase (LINE waits).
    def _check_line(self, events: list[Event]) -> str:
        """Reveal (or not), pay the bets, discard the line, then end the round or lay the next."""
        rules, zones, ids = self.rules, self.zones, self.card_ids
        fisher = self.fisher
        line, discard = self.z_line[fisher], self.z_discard[fisher]
        card_uid, bait_uid = zones[line]
        move, move_many = self.move, self.move_many
        z_bet = self.z_bet
        bettors = self.turn.seats
        loud = not self.quiet
        if not any(zones[z_bet[s]] for s in bettors):
            if loud:
                events.append(Note("nobody_bet"))
            events.append(move(card_uid, discard, reason="discard_hidden", actor=fisher))
        else:
            card = ids[card_uid]
            events.append(self.reveal(card_uid))
            self.revealed += 1
            catch = card in rules.takes_bets
            caught, value, z_loot = self.z_caught[fisher], self.line_value, self.z_loot
            if catch:
                self.revealed_catches += 1
            for s in bettors:
                bet = zones[z_bet[s]]
                if bet:
                    if catch:
                        events += move_many(bet[:], caught, reason="catch", actor=fisher)
                    else:
                        events += move_many(bet[:], z_loot[s][value], reason="payout", actor=s)
            if card in rules.ends_round:
                self.revealed_ends += 1
            events.append(move(card_uid, discard, reason="discard", actor=fisher))
        events.append(move(bait_uid, discard, reason="discard", actor=fisher))
        self.line_value = 0
        self.bets = [-1] * self.num_players
        self.turn = EachOnce((fisher,))
        if rules.ends_round_total and self.revealed_ends == rules.ends_round_total:
            if loud:
                events.append(Note("both_catches"))
            self._place_fish_left(events)
        elif self.line_no >= rules.lines:
            if loud:
                events.append(Note("lines_done"))
        elif not any(zones[self.z_fish[s]] for s in self.order):
            if loud:
                events.append(Note("all_bet"))
        else:
            self.line_no += 1
            if loud:
                events.append(PhaseBegan("line", self.line_no, fisher))
            return LINE
        return "round_end"

    def _place_fish_left(self, events: list[Event]) -> None:
        """Fish still in hand eat the biggest bait the fisher still holds."""
        held = [self.bait_value[u] for u in self.zones[self.z_baits[self.fisher]]]
        if not held:
            return
        top = max(held)
        zones = self.zones
        for s in self.order:
            src = self.z_fish[s]
            if zones[src]:
                events += self.move_many(zones[src][:], self.z_loot[s][top], reason="last_bait", actor=s)

    # ---------------------------------------------------------------- a round
    def _score_round(self, events: list[Event]) -> str:
        self._end_round(events)
        if self.phase == OVER:
            return OVER
        if self.end_of_round():  # a quiet play-out ends with the round: nothing goes back
            self.turn = EachOnce(())
            return "stopped"
        return "new_round"

    def _end_round(self, events: list[Event]) -> None:
        """Write the round on the score sheet; the last round ends the game."""
        rules, zones, n = self.rules, self.zones, self.num_players
        row: list[int] = []
        details: list[dict[str, int]] = []
        totals = self.score_sheet.totals
        for s in range(n):
            if s == self.fisher:
                part = {"catch": rules.fisher_points * len(zones[self.z_caught[s]])}
            else:
                loot = self.z_loot[s]
                part = {name: v * len(zones[loot[v]]) for v, name in rules.slot_parts}
            points = sum(part.values())
            row.append(points)
            details.append(part)
            if not self.quiet:
                events.append(ScoreChanged(s, points, totals[s] + points, "round_end", tuple(part.items())))
        self.score_sheet = self.score_sheet.with_row(row, details)
        if self.round_no >= self.rounds_total:
            self.phase = OVER
            self.turn = EachOnce(())
            if not self.quiet:
                events.append(GameOver(tuple(self.winners()), tuple(self.score_sheet.totals)))

    def _new_round(self, events: list[Event]) -> str:
        """The fisher passes left, the betting direction reverses, everything goes back."""
        n, zones, move, move_many = self.num_players, self.zones, self.move, self.move_many
        old, new = self.fisher, (self.fisher + 1) % n
        self.fisher = new
        self.turn = EachOnce((new,))
        self.round_no += 1
        self.clockwise = not self.clockwise
        self.order = self._betting_order()
        self.line_no = 1
        self.revealed_ends = self.revealed = self.revealed_catches = 0
        events.append(PhaseBegan("round", self.round_no, new))
        events.append(MarkerChanged("fisher", new, new))
        events.append(MarkerChanged("direction", None, "clockwise" if self.clockwise else "counterclockwise"))
        bait_value = self.bait_value
        for src in (self.z_fishing[old], self.z_baits[old], self.z_discard[old]):
            baits = [u for u in zones[src] if bait_value[u]]
            for uid in [u for u in zones[src] if not bait_value[u]]:  # handed over shuffled
                events.append(move(uid, self.z_fishing[new], face="down", reason="new_round", actor=new))
            if baits:
                events += move_many(baits, self.z_baits[new], reason="new_round", actor=new)
        owner_of = self.cards.owner
        sources = [self.z_box, self.z_caught[old]]
        for s in range(n):
            sources += self.z_loot[s].values()
        for src in sources:
            if not zones[src]:
                continue
            by_owner: dict[int, list[int]] = {}
            for uid in zones[src]:
                by_owner.setdefault(owner_of[uid], []).append(uid)  # type: ignore[arg-type]
            for owner, uids in by_owner.items():
                if owner == new:
                    events += move_many(uids, self.z_box, reason="to_box", actor=owner)
                else:
                    events += move_many(uids, self.z_fish[owner], reason="new_round", actor=owner)
        events.append(PhaseBegan("line", 1, new))
        return LINE

    # ------------------------------------------------------------------ views
    def public_view(self, seat: int | None) -> dict[str, Any]:
        n, zones, rules = self.num_players, self.zones, self.rules
        fisher = self.fisher
        winners, tiebreak = self.score_sheet.winners() if self.phase == OVER else ([], "")
        return {
            "fisher": fisher,
            "betting_order": list(self.order),
            "direction": "clockwise" if self.clockwise else "counterclockwise",
            "bettor": self.turn.current if self.phase == BET else None,
            "line": self.line_no,
            "lines": rules.lines,
            "bets": [b if b >= 0 else None for b in self.bets],
            "loot_slots": list(rules.loot_slots),
            "loot": [None if s == fisher else [len(zones[self.z_loot[s][v]]) for v in rules.loot_slots] for s in range(n)],
            "fish_left": [None if s == fisher else len(zones[self.z_fish[s]]) for s in range(n)],
            "caught": len(zones[self.z_caught[fisher]]),
            "fisher_baits": sorted(self.bait_value[u] for u in zones[self.z_baits[fisher]]),
            "fishing_left": len(zones[self.z_fishing[fisher]]),
            "round": self.round_no,
            "rounds": self.rounds_total,
            "score_sheet": [row[:] for row in self.sheet],
            "score_details": [[dict(d) for d in row] for row in self.sheet_details],
            "winners": winners,
            "tiebreak": tiebreak,
            "sheet": self.score_sheet.view(winners, tiebreak),
        }

    # ---------------------------------------------------------------- refusals
    def explain_illegal(self, seat: int, text: str) -> IllegalAction:
        rules = self.rules
        if self.phase == OVER:
            return IllegalAction("the game is over", "error.game_over")
        parsed = GRAMMAR.parse(text)
        if not isinstance(parsed, Malformed):
            form, fields = parsed
            if form is LINE_FORM:
                return self._explain_line(seat, fields["card"], str(fields["value"]))
            return self._explain_bet(seat, str(fields["count"]))
        # a number misspelt ('bet many', 'line blue x') gets the move's own refusal, in its order
        if parsed.form is LINE_FORM and parsed.field == "value" and parsed.word:
            return self._explain_line(seat, parsed.read["card"], parsed.word)
        if parsed.form is BET_FORM and parsed.field == "count" and parsed.word:
            return self._explain_bet(seat, parsed.word)
        return IllegalAction(
            f"'{text}' is not a move; moves look like 'line <{'|'.join(rules.fishing_order)}> <bait>' or 'bet <number>'",
            "error.expected_action",
        )

    def _explain_line(self, seat: int, card: str, value: str) -> IllegalAction:
        rules = self.rules
        if seat != self.fisher:
            return IllegalAction("only the fisher lays a line", "error.not_fisher")
        if self.phase != LINE:
            return IllegalAction("the fish are betting on the line", "error.wait_bets")
        if card not in rules.fishing_order:
            hint = did_you_mean(card, rules.fishing_order)
            return IllegalAction(f"there is no fishing card '{card}'{hint}", "error.no_such_card", {"card": card, "hint": hint})
        if card not in {self.card_ids[u] for u in self.zone(seat, "fishing")}:
            return IllegalAction(f"you have no '{card}' fishing card left", "error.no_fishing_card", {"card": card})
        baits = ", ".join(str(v) for v in sorted(self.bait_value[u] for u in self.zone(seat, "baits")))
        return IllegalAction(f"you have no bait of value {value} left (baits: {baits})", "error.no_bait", {"value": value, "baits": baits})

    def _explain_bet(self, seat: int, value: str) -> IllegalAction:
        if seat == self.fisher:
            return IllegalAction("only the fish bet, each in turn", "error.not_bettor")
        if self.phase == LINE:
            return IllegalAction("the fisher has not laid a line yet", "error.wait_line")
        if self.turn.current != seat:
            return IllegalAction(f"it is not seat {seat}'s turn", "error.not_your_turn", {"seat": seat})
        if whole_number(value) is None:
            return IllegalAction(f"a bet is a whole number of fish, not '{value}'", "error.bad_number", {"value": value})
        fish = len(self.zone(seat, "fish"))
        if self.line_no >= self.rules.lines:
            return IllegalAction(f"last line: you must bet all your {fish} fish", "error.must_bet_all", {"fish": fish})
        return IllegalAction(f"you have only {fish} fish left", "error.too_many", {"fish": fish})
