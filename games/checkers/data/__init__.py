"""The engine's computed data (endgame databases, opening book); see ../tools/."""
