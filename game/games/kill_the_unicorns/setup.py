"""Kill the Unicorns' setup: characters, the unicorn deck, starters, hunt cards, scheme decks and
the black market, each from its option when given (the tests and tools stack them), else dealt
from the state's seeded generator."""

from __future__ import annotations

from game.engine.errors import OptionError
from game.engine.flow import ScoreSheet
from game.games.kill_the_unicorns.base import SCHEME, UnicornsBase


class SetupMixin(UnicornsBase):
    """`setup_match`: lays out a new match (see the module docstring)."""

    def setup_match(self) -> None:
        n, rules, rng, opts = self.num_players, self.rules, self.rng, self.options
        idx = self.zone_index
        self.z_deck, self.z_line, self.z_discard = idx(None, "deck"), idx(None, "line"), idx(None, "discard")
        self.z_box, self.z_market = idx(None, "box"), idx(None, "market")
        self.z_under = [idx(None, "under", p) for p in range(rules.line_size)]
        per = {name: [idx(s, name) for s in range(n)] for name in (
            "hand", "bid", "played", "scheme_deck", "scheme_hand", "spent", "discarded", "collection", "kept")}
        self.z_hand, self.z_bid, self.z_played = per["hand"], per["bid"], per["played"]
        self.z_sdeck, self.z_shand, self.z_spent = per["scheme_deck"], per["scheme_hand"], per["spent"]
        self.z_sdiscard, self.z_coll, self.z_kept = per["discarded"], per["collection"], per["kept"]
        start = opts["start_seat"]
        self.first: int = rng.randrange(n) if start is None else start
        chars = rules.characters_option(opts["characters"], n)
        if chars is None:
            pool = list(rules.characters)
            rng.shuffle(pool)
            chars = pool[:n]
        self.character: tuple[str, ...] = tuple(chars)
        self.powers_on: bool = opts["powers"]
        self.rounds: int = opts["rounds"]  # the rulebook's, or fewer for a short match
        # The unicorn deck, top first; built bottom first so the top is the zone's last card.
        deck = [c for c, d in rules.unicorns.items() for _ in range(d["count"])]
        rng.shuffle(deck)
        if opts["deck"] is not None:  # the whole deck stacked (checked by the rules)
            deck = list(opts["deck"])
        wanted = [rules.unicorn_of_text(t, "unicorns") for t in (opts["unicorns"] or [])]
        deck = rules.ordered(wanted, deck, "unicorns")
        for card in reversed(deck):
            self.add_card(card, self.z_deck)
        starters = list(rules.starters)
        rng.shuffle(starters)
        given = opts["starters"]
        if given is not None:
            if len(given) != n:
                raise OptionError(f"option starters: one unicorn per seat ({n}), not {len(given)}")
            starters = rules.ordered([rules.unicorn_of_text(t, "starters") for t in given], starters, "starters")
        for s in range(n):
            self.add_card(starters[s], self.z_coll[s])
        for card in starters[n:]:
            self.add_card(card, self.z_box)
        for s in range(n):
            for value in rules.hunt_values:
                self.add_card(f"hunt_{value}", self.z_hand[s], owner=s, public=True)
        given_schemes = opts["schemes"]
        if given_schemes is not None and len(given_schemes) != n:
            raise OptionError(f"option schemes: one list of scheme ids per seat ({n}), not {len(given_schemes)}")
        for s in range(n):
            own = list(rules.characters[self.character[s]]["schemes"])
            rng.shuffle(own)
            if given_schemes is not None:
                mine = given_schemes[s]
                if not isinstance(mine, (list, tuple)) or sorted(mine) != sorted(own):
                    raise OptionError(f"option schemes: seat {s} ({self.character[s]}) must list its deck {sorted(own)} in an order")
                own = list(mine)
            for sid in reversed(own):
                self.add_card(sid, self.z_sdeck[s], owner=s)
        for item, decl in rules.market.items():
            if decl["tokens"] == "colours":
                for colour in rules.colours:
                    self.add_card(f"{item}_{colour}", self.z_market, public=True)
            elif decl["discard"]:
                values = list(rules.pate_values)
                rng.shuffle(values)
                if opts["pate"] is not None:
                    try:
                        values = rules.ordered([int(v) for v in opts["pate"]], values, "pate")
                    except (TypeError, ValueError) as exc:
                        raise OptionError(f"option pate: values are whole numbers, not {opts['pate']!r}") from exc
                for value in values[:n]:
                    self.add_card(f"{item}_{value}", self.z_market, public=True)
            else:
                for _ in range(n):
                    self.add_card(item, self.z_market, public=True)
        total = len(self.cards.ids)
        ids = self.cards.ids
        self.value = tuple(map(rules.hunt_value.__getitem__, ids))  # uid -> hunt value; static
        self.attached: list[int] = [-1] * total  # uid of the unicorn a token or scheme is on
        self.colour: list[str] = list(map(rules.unicorn_colour.__getitem__, ids))
        self.base: list[int] = list(map(rules.unicorn_points.__getitem__, ids))
        self.power_used = [False] * n
        self.passed = [False] * n
        self.boost = [0] * n
        self.queue: list[int] = []
        self.hunt_played: list[list[int]] = [[] for _ in range(n)]
        self.totals_shown: list[int | None] = [None] * n  # the last hunt's revealed totals
        self.round_no = 0
        self.hunt_pos = 0
        self.hunt_size = 0
        self.actor = -1
        self.winner = -1
        self.hunt_totals: dict[int, int] = {}
        self.untied: dict[int, int] = {}
        self.paint_due = False
        self.pending = -1  # a revealed scheme waiting for its paint colour
        self.rainbow_winner = -1
        self.phase = SCHEME
        self.final_details: list[tuple[tuple[str, int], ...]] = []
        self.score_sheet = ScoreSheet(n)
        self.counted = []
        self._start_round([])
