"""Kill the Unicorns: secret schemes under a line of unicorns, hidden hunts, a black market."""

from game.engine.declaration import Game, Golden

GAME = Game(
    __name__,
    order=50,
    layout="scenes.layouts.kill_the_unicorns:KillTheUnicornsLayout",
    golden=(Golden(players=(3, 4, 6)),),
)
