"""Colour Call, a small game written for the tests: play a card and ask another player whether
they hold a colour. Its package holds everything a game has: rules, data, layout, rules text."""

from game.engine.declaration import Game, Golden

GAME = Game(
    __name__,
    order=900,  # after the shipped games
    layout="tests.games.colour_call.layout:ColourCallLayout",
    ai=None,  # no bot hooks: the search bots play it through the protocol alone
    data="colour_call.yaml",
    rules_text="rules.{lang}.md",
    golden=(Golden(players=(2, 3, 4), seeds=(1, 2)),),
)
