"""Silver: village rows of face-down werewolves you must remember, powers, the silver amulet."""

from game.engine.declaration import Game, Golden

GAME = Game(
    __name__,
    order=40,
    layout="scenes.layouts.silver_amulet:SilverAmuletLayout",
    golden=(
        Golden(players=(2, 3, 4)),
        Golden(players=(2, 4), seeds=(4,), options={"squire": "public", "rascal": "discard"}, tag="variant"),
    ),
)
