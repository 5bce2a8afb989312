"""Scripts that compute the engine's data (endgame databases, opening book)."""
