"""Kill the Unicorns' views and refusals: the public view's keys (line, collections, market,
first player, round...), the seat's own hand and schemes, and why an action text is refused."""

from __future__ import annotations

from typing import Any

from game.engine.actions import Malformed
from game.engine.errors import IllegalAction
from game.games.kill_the_unicorns.actions import GRAMMAR, HUNT
from game.games.kill_the_unicorns.actions import PAINT as PAINT_FORM
from game.games.kill_the_unicorns.actions import SCHEME as SCHEME_FORM  # SCHEME, PAINT: phases here
from game.games.kill_the_unicorns.base import (
    BID,
    CHOOSE,
    MARKET,
    OVER,
    PAINT,
    PHASE_NAMES,
    SCHEME,
    WIZARD,
    UnicornsBase,
)

VERB_PHASES = {"scheme": SCHEME, "move": WIZARD, "stay": WIZARD, "hunt": BID, "pass": BID, "peek": BID,
               "reveal": CHOOSE, "paint": PAINT, "buy": MARKET}  # the step each move belongs to


class ViewsMixin(UnicornsBase):
    """`public_view` and `explain_illegal` (see the module docstring)."""

    def unicorn_entry(self, uid: int) -> dict[str, Any]:
        ids, attrs = self.card_ids, self.cards.attrs
        on = [u for u in range(len(ids)) if self.attached[u] == uid]
        points = self.base[uid] + sum(attrs[u].get("points", 0) for u in on)
        entry = {
            "card": ids[uid].replace("_", " "),
            "colour": self.colour[uid] or None,
            "points": points,
            "schemes": [ids[u] for u in on if attrs[u].get("kind") == "scheme"],
            "tokens": [ids[u] for u in on if attrs[u].get("kind") == "token"],
        }
        if self.polymorphed(uid):
            entry["form"] = "pigicorn"
        return entry

    def polymorphed(self, uid: int) -> bool:
        """A unicorn a scheme turned into a Pigicorn (its own points are not its card's)."""
        return self.base[uid] != self.cards.attrs[uid].get("points", 0)

    def unicorn_now(self, uid: int) -> tuple[tuple[str, Any], ...] | None:
        """A unicorn's card attributes in its events once it changed (its colour now, its
        points with what is on it, `form` once polymorphed), so that the log names it as it
        is; None for any other card, or a unicorn as printed."""
        attrs = self.cards.attrs[uid]
        if attrs.get("kind") != "unicorn":
            return None
        points = self.base[uid] + sum(self.cards.attrs[u].get("points", 0) for u, on in enumerate(self.attached) if on == uid)
        colour = self.colour[uid]
        pigicorn = self.polymorphed(uid)
        if colour == attrs["colour"] and points == attrs["points"] and not pigicorn:
            return None
        now = {**dict(self.cards.info[uid]), "colour": colour, "points": points}
        if pigicorn:
            now["form"] = "pigicorn"
        return tuple(now.items())

    def public_view(self, seat: int | None) -> dict[str, Any]:
        zones, ids, n = self.zones, self.card_ids, self.num_players
        line = [
            {"card": ids[u].replace("_", " ") if u >= 0 else None, "schemes": len(zones[self.z_under[p]])}
            for p, u in enumerate(zones[self.z_line])
        ]
        market: dict[str, list[str]] = {item: [] for item in self.rules.items}
        for uid in zones[self.z_market]:
            market[self.cards.attrs[uid]["item"]].append(ids[uid])
        winners, tiebreak = self.result()
        view: dict[str, Any] = {
            "phase": PHASE_NAMES[self.phase],
            "round": self.round_no,
            "rounds": self.rounds,
            "hunt": self.hunt_pos + 1 if self.phase in (BID, CHOOSE, PAINT) else None,
            "hunt_size": self.hunt_size or None,
            "first_player": self.first,
            "line": line,
            "collections": [[self.unicorn_entry(u) for u in zones[self.z_coll[s]]] for s in range(n)],
            "market": market,
            "prices": [{item: self.price(s, item) for item in self.rules.items} for s in range(n)],
            "characters": list(self.character),
            "powers": self.powers_on,
            "power_used": self.power_used[:],
            "bids": [len(zones[self.z_bid[s]]) for s in range(n)],
            "passed": self.passed[:] if self.phase == BID else [False] * n,
            "totals": self.totals_shown[:],
            "hand_sizes": [len(zones[self.z_hand[s]]) for s in range(n)],
            "score_details": [dict(self.score_details(s)) for s in range(n)],
            "winners": winners,
            "tiebreak": tiebreak,
            "sheet": self.score_sheet.view(winners, tiebreak),  # one row per round played out
        }
        if self.phase == OVER:  # the final count part by part, and why the winners won
            view["breakdown"] = self.breakdown()
        if seat is not None:
            view["hand"] = self._hand_values(seat)
            view["schemes"] = sorted(ids[u] for u in zones[self.z_shand[seat]])
        return view

    # ---------------------------------------------------------------- refusals
    def explain_illegal(self, seat: int, text: str) -> IllegalAction:
        if self.phase == OVER:
            return IllegalAction("the game is over", "error.game_over")
        if seat != self.actor:
            return IllegalAction(f"it is seat {self.actor}'s turn", "error.not_yours", {"seat": self.actor})
        parsed = GRAMMAR.parse(text)
        if isinstance(parsed, Malformed):
            # a known move misspelt: what was read before the slip still gets the move's own reason
            form, fields, slip = parsed.form, {**parsed.read, parsed.field: parsed.word}, parsed.field
        else:
            (form, fields), slip = parsed, ""
        if form is None:
            return IllegalAction(f"'{text}' is not a move", "error.expected_action")
        phase = PHASE_NAMES[self.phase]
        if VERB_PHASES[form.verb] != self.phase:
            return IllegalAction(f"'{text}' is not a move of this step ({phase})", "error.wrong_phase", {"phase": phase})
        if form is SCHEME_FORM and slip in ("", "unicorn"):
            held = sorted(self.card_ids[u] for u in self.zones[self.z_shand[seat]])
            scheme = fields["scheme"]
            if scheme not in held:
                return IllegalAction(f"you hold no scheme '{scheme}'", "error.no_scheme", {"card": scheme, "held": ", ".join(held)})
            size = self.rules.line_size
            place = fields["unicorn"]
            position = str(place + 1) if isinstance(place, int) else place  # as the text wrote it
            if not isinstance(place, int) or not 0 <= place < size:
                return IllegalAction(f"no unicorn {position}", "error.bad_position", {"position": position, "max": size})
            return IllegalAction(f"unicorn {position} is full", "error.full_unicorn", {"position": position, "max": self.rules.max_schemes})
        if form is HUNT and not slip:
            if fields["boost"] and not self._has_power(seat, "boost"):
                return IllegalAction("no boost available", "error.power_used")
            values = list(map(str, fields["cards"]))
            hand = self._hand_values(seat)
            if self.hunt_size and len(values) != self.hunt_size:
                return IllegalAction(f"this hunt is played with {self.hunt_size} cards", "error.wrong_count", {"count": self.hunt_size})
            if not self.hunt_size and len(values) not in self.rules.bid_sizes:
                return IllegalAction("1, 2 or 3 cards", "error.bad_count")
            return IllegalAction(f"you do not hold {values}", "error.missing_cards",
                                 {"values": " ".join(values), "held": " ".join(map(str, hand))})
        if form.verb == "buy" and fields.get("item") in self.rules.market:
            item = fields["item"]
            wallet = sum(self._hand_values(seat))
            if wallet < self.price(seat, item):
                return IllegalAction(f"{item} costs {self.price(seat, item)}", "error.too_poor",
                                     {"item": item, "price": self.price(seat, item), "total": wallet})
            count = len(self.zones[self.z_coll[seat]])
            index = fields.get("unicorn") if slip != "unicorn" else None
            if isinstance(index, int) and not 0 <= index < count:
                number = str(index + 1)
                return IllegalAction(f"no unicorn {number}", "error.no_unicorn", {"number": number, "count": count})
            return IllegalAction(f"no {item} token left", "error.no_token", {"item": item, "colour": ""})
        if form is PAINT_FORM and not slip:
            colours = ", ".join(self.rules.colours)
            colour = fields["colour"]
            return IllegalAction(f"'{colour}' is not a colour", "error.bad_colour", {"colour": colour, "colours": colours})
        legal = ", ".join(str(a) for a in self.legal_actions(seat)[:12])
        return IllegalAction(f"'{text}' is not a legal action now (legal: {legal})", "error.not_legal", {"action": text, "legal": legal})
