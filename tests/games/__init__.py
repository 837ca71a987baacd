"""Games written only for the tests: never shipped, found because tests/conftest.py names this
package in TABLEE_GAME_PACKAGES (game/engine/registry.py). Each sub-package is one game, declared
and laid out exactly as a shipped game is (docs/building-a-game.md walks through colour_call)."""
