"""The generic card table: any game's layout drawn, dragged, animated from the engine's events."""
