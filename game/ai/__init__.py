"""Computer players. `make_bot(name, seed=..., level=...)` returns an object with
`choose(state, seat) -> action`; a bot only ever reads what its seat may know."""

from game.ai.bots import BOT_NAMES, Bot, make_bot, parse_bot_spec

__all__ = ["BOT_NAMES", "Bot", "make_bot", "parse_bot_spec"]
