"""Wolf & Hound: a 2-against-2 card game where number cards move wolves and hounds around the table."""

from game.engine.declaration import Game, Golden

GAME = Game(
    __name__,
    order=20,
    layout="scenes.layouts.wolf_and_hound:WolfAndHoundLayout",
    golden=(
        Golden(players=(2, 3, 4)),
        Golden(
            players=(2, 3, 4),
            seeds=(4, 5, 6),
            options={"animals": ["wolf_06", "hound_02", "sheep_02", "metamorphic_03", "extra_01"], "meat_and_bone": True},
            tag="variant",
        ),
    ),
)
