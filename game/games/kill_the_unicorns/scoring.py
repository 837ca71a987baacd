"""Kill the Unicorns' scoring: unicorn points, schemes and tokens on them, pâtés, colour
collections and rainbows (the split that scores most), the second rainbow that ends the game,
and the winners (ties: most unicorns, else shared)."""

from __future__ import annotations

from game.engine.events import Event, GameOver, Note, ScoreChanged
from game.engine.flow import ScoreSheet, TieBreak
from game.engine.views import BreakdownPart, BreakdownView, Verdict
from game.games.kill_the_unicorns.base import OVER, UnicornsBase

RAINBOW = "rainbow"  # the tie-break note of a game won by a second rainbow


class ScoringMixin(UnicornsBase):
    """Scores, winners and the end of the game (see the module docstring)."""

    def colour_counts(self, seat: int) -> list[int]:
        index = self.rules.colour_index
        counts = [0] * len(index)
        colour = self.colour
        for uid in self.zones[self.z_coll[seat]]:
            c = colour[uid]
            if c:
                counts[index[c]] += 1
        return counts

    def collection_bonus(self, counts: list[int]) -> tuple[int, int, int]:
        """(collections, rainbows, number of rainbows) for the split that scores most (cached
        in the rules per colour counts: the bots ask for it at every bid)."""
        key = (tuple(counts), self.options["collections"])
        cache = self.rules.bonus_cache
        found = cache.get(key)
        if found is None:
            found = cache[key] = self._best_split(counts, key[1] == "restart")
        return found

    def colour_value(self, count: int, restart: bool) -> int:
        """What `count` unicorns of one colour score as collections."""
        table = self.rules.collection_points
        top = len(table) - 1
        if restart:
            groups, rest = divmod(count, top)
            return groups * table[top] + table[rest]
        return table[min(count, top)]

    def _best_split(self, counts: list[int], restart: bool) -> tuple[int, int, int]:
        def value(c: int) -> int:
            return self.colour_value(c, restart)

        best = (sum(value(c) for c in counts), 0, 0)
        for r in range(1, min(counts) + 1 if counts else 1):
            split = (sum(value(c - r) for c in counts), r * self.rules.rainbow_points, r)
            if split[0] + split[1] > best[0] + best[1]:
                best = split
        return best

    def score_details(self, seat: int) -> tuple[tuple[str, int], ...]:
        zones, attrs = self.zones, self.cards.attrs
        unicorns = sum(self.base[u] for u in zones[self.z_coll[seat]])
        bonuses = pate = 0
        for uid in zones[self.z_kept[seat]]:
            if attrs[uid].get("item") == "pate" or (attrs[uid].get("kind") == "token" and self.attached[uid] < 0):
                pate += attrs[uid].get("points", 0)
            else:
                bonuses += attrs[uid].get("points", 0)
        collections, rainbows, _ = self.collection_bonus(self.colour_counts(seat))
        return (("unicorns", unicorns), ("bonuses", bonuses), ("pate", pate), ("collections", collections), ("rainbows", rainbows))

    def breakdown(self) -> BreakdownView:
        """The final count, part by part, for the results screen: each part's points per
        seat and what they count (unicorns, schemes, tokens, pâtés, each colour's collection,
        the rainbows; a part marked `always` is shown even when nobody scored there), the
        totals, and why the winners won (`verdict`). The parts add up to
        `score_details` (schemes and tokens are its `bonuses`, the colours its `collections`)."""
        n, zones, attrs = self.num_players, self.zones, self.cards.attrs
        restart = self.options["collections"] == "restart"
        rows: dict[str, list[list[int]]] = {}

        def put(part: str, seat: int, points: int, count: int) -> None:
            row = rows.setdefault(part, [[0] * n, [0] * n])
            row[0][seat] += points
            row[1][seat] += count

        for s in range(n):
            owned = zones[self.z_coll[s]]
            put("unicorns", s, sum(self.base[u] for u in owned), len(owned))
            for part in ("schemes", "tokens", "pate"):
                put(part, s, 0, 0)
            for uid in zones[self.z_kept[s]]:
                a = attrs[uid]
                pate = a.get("item") == "pate" or (a.get("kind") == "token" and self.attached[uid] < 0)
                put("pate" if pate else "schemes" if a.get("kind") == "scheme" else "tokens", s, a.get("points", 0), 1)
            counts = self.colour_counts(s)
            _, rainbow_points, rainbows = self.collection_bonus(counts)
            for colour, c in zip(self.rules.colours, counts, strict=True):
                put(f"collection.{colour}", s, self.colour_value(c - rainbows, restart), c - rainbows)
            put("rainbows", s, rainbow_points, rainbows)
        # The unicorns are the heart of the count: their row stays when nobody kept one (`always`).
        parts: list[BreakdownPart] = []
        for part, (points, counts) in rows.items():
            entry: BreakdownPart = {"part": part, "points": points, "counts": counts}
            if part == "unicorns":
                entry["always"] = True
            parts.append(entry)
        totals = [sum(points[s] for points, _ in rows.values()) for s in range(n)]
        return {"parts": parts, "totals": totals, "verdict": self.verdict(totals)}

    def verdict(self, totals: list[int]) -> Verdict:
        """Why the winners won, as a game text and its params (seats by number from 0)."""
        winners, note = self.result()
        if not winners:
            return {}
        first = winners[0]
        unicorns = [len(self.zones[self.z_coll[s]]) for s in range(self.num_players)]
        if note == RAINBOW:
            return {"key": "verdict.rainbow", "params": {"seat": first}}
        if note == "unicorns":
            tied = [s for s in range(self.num_players) if totals[s] == totals[first] and s != first]
            return {"key": "verdict.unicorns", "params": {"seat": first, "points": totals[first], "count": unicorns[first],
                                                         "others": max(unicorns[s] for s in tied)}}
        if note == "shared":
            return {"key": "verdict.shared", "params": {"points": totals[first], "count": unicorns[first]}}
        others = [totals[s] for s in range(self.num_players) if s != first]
        return {"key": "verdict.points", "params": {"seat": first, "points": totals[first],
                                                    "margin": totals[first] - max(others, default=0)}}

    def scores(self) -> list[int]:
        """The sum of each seat's `score_details` (its unicorns' points, every points value
        kept beside them, collections and rainbows), without building the parts: the search
        values every play-out by it."""
        zones, base, z_coll, z_kept = self.zones, self.base, self.z_coll, self.z_kept
        points = self.cards.column("points", 0)
        totals = []
        for s in range(self.num_players):
            collections, rainbows, _ = self.collection_bonus(self.colour_counts(s))
            kept = sum(map(points.__getitem__, zones[z_kept[s]]))
            totals.append(sum(map(base.__getitem__, zones[z_coll[s]])) + kept + collections + rainbows)
        return totals

    def winners(self) -> list[int]:
        return self.result()[0]

    def result(self) -> tuple[list[int], str]:
        """The winners and the tie-break note ('' no tie, 'unicorns', 'shared', 'rainbow': a
        second rainbow won at once); nobody before the end."""
        if self.phase != OVER:
            return [], ""
        if self.rainbow_winner >= 0:
            return [self.rainbow_winner], RAINBOW
        coll, zones = self.z_coll, self.zones
        most_unicorns = TieBreak("unicorns", lambda s: len(zones[coll[s]]))
        final = ScoreSheet(self.num_players, points=[self.scores()])  # the count as it stands
        return final.winners((most_unicorns,))

    def write_round(self) -> None:
        """The round's row of the score sheet: what each seat's count (and each of its parts)
        gained since the last row, so that the sheet's totals are the final scores."""
        now = [self.score_details(s) for s in range(self.num_players)]
        before = self.counted or [tuple((part, 0) for part, _ in d) for d in now]
        row = [{part: v - was for (part, v), (_, was) in zip(d, b, strict=True)} for d, b in zip(now, before, strict=True)]
        self.score_sheet = self.score_sheet.with_row([sum(r.values()) for r in row], row)
        self.counted = now

    def _check_rainbows(self, seat: int, events: list[Event]) -> bool:
        need = self.rules.rainbows_to_win
        if need and min(self.colour_counts(seat)) >= need:
            self.rainbow_winner = seat
            events.append(Note("second_rainbow", seat))
            self._game_over(events)
            return True
        return False

    def _game_over(self, events: list[Event]) -> None:
        self.phase = OVER
        self.actor = -1
        if len(self.score_sheet) < self.round_no:  # the last round, or the one a rainbow ended
            self.write_round()
        self.final_details = [self.score_details(s) for s in range(self.num_players)]
        for s, details in enumerate(self.final_details):
            total = sum(v for _, v in details)
            events.append(ScoreChanged(s, total, total, "game_end", details))
        events.append(GameOver(tuple(self.winners()), tuple(self.scores())))


__all__ = ["RAINBOW", "ScoringMixin"]
