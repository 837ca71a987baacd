"""Fish Fish: the fisher lays secret lines, the fish bet on them; everyone fishes in turn."""

from game.engine.declaration import Game, Golden

GAME = Game(
    __name__,
    order=30,
    layout="scenes.layouts.fish_fish:FishFishLayout",
    golden=(Golden(players=(2, 3, 4, 5, 6, 7, 8)),),
    bench=("network",),
)
