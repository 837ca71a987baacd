"""Kill the Unicorns' black market: prices (the Shaman's discount), the purchases a seat can pay
with the hunt cards left in its hand, and a purchase (a token on a unicorn, or a pâté that
discards one)."""

from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.engine.events import Event, Note
from game.games.kill_the_unicorns.actions import BUY, BUY_COLOURED, BUY_NONE
from game.games.kill_the_unicorns.base import UnicornsBase


class MarketMixin(UnicornsBase):
    """The market step of a round (see the module docstring)."""

    def price(self, seat: int, item: str) -> int:
        price = self.rules.market[item]["price"]
        if self.powers_on and self.rules.power_of[self.character[seat]] == "discount":
            price -= self.rules.power_params["discount"]
        return max(0, price)

    def _market_actions(self, seat: int) -> list[Action]:
        """`buy none`, then each token the seat can pay on each of its unicorns (the lists are
        shared by every state: cached in the rules by what they depend on)."""
        rules, zones = self.rules, self.zones
        owned = len(zones[self.z_coll[seat]])
        offers: tuple[tuple[str, str], ...] = ()
        if owned:
            wallet = sum(self._hand_values(seat))
            offer_of, ids = rules.token_offer, self.card_ids
            available = {offer_of[ids[u]] for u in zones[self.z_market]}
            offers = tuple(o for o in rules.offers if o in available and wallet >= self.price(seat, o[0]))
        key = (owned, offers)
        actions = rules.market_cache.get(key)
        if actions is None:
            actions = rules.market_cache[key] = self._build_market(owned, offers)
        return actions

    def _build_market(self, owned: int, offers: tuple[tuple[str, str], ...]) -> list[Action]:
        act = self.rules.act
        out: list[Action] = [act(BUY_NONE)]
        for item, colour in offers:
            if colour:
                out += [act(BUY_COLOURED, item, colour, i) for i in range(owned)]
            else:
                out += [act(BUY, item, i) for i in range(owned)]
        return out

    def _buy(self, seat: int, args: tuple[Any, ...], events: list[Event]) -> None:
        item, colour, index = args
        if not item:
            events.append(Note("buy_none", seat))
        else:
            zones, attrs = self.zones, self.cards.attrs
            decl = self.rules.market[item]
            unicorn = zones[self.z_coll[seat]][index]
            if colour:
                token = next(u for u in zones[self.z_market] if self.card_ids[u] == f"{item}_{colour}")
            else:
                token = next(u for u in zones[self.z_market] if attrs[u].get("item") == item)  # the top one
            events.append(self.move(token, self.z_kept[seat], reason="buy", actor=seat))
            if decl["discard"]:
                for uid in [u for u in zones[self.z_kept[seat]] if self.attached[u] == unicorn]:
                    self.attached[uid] = -1
                    events.append(self.move(uid, self.z_discard, reason="pate_attached", actor=seat))
                events.append(self.move(unicorn, self.z_discard, reason="pate", actor=seat))
            else:
                self.attached[token] = unicorn
                if decl["colour"]:
                    self.colour[unicorn] = colour
                    events.append(Note("recolour", seat, (("colour", colour), ("card", self.card_ids[unicorn]))))
                else:  # an item that stays on the unicorn (a fake horn): the log says on which one
                    events.append(Note(f"attach_{item}", seat, (("card", self.card_ids[unicorn]),)))
                if self._check_rainbows(seat, events):
                    return
        if self.queue:
            self.actor = self.queue.pop(0)
            return
        self.write_round()
        if self.round_no >= self.rounds:
            self._game_over(events)
        elif not self.end_of_round():  # a quiet play-out ends with the round: nothing is dealt
            self._start_round(events)
