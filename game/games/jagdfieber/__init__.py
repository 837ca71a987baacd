"""Jagdfieber: simultaneous secret choice, then closed season, hunters, wolves, rabbits."""

from game.engine.declaration import Game, Golden

GAME = Game(
    __name__,
    order=10,
    layout="scenes.layouts.jagdfieber:JagdfieberLayout",
    golden=(Golden(players=(3, 4, 5)),),
    bench=("table",),
)
