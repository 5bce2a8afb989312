"""Save files: atomic writes, the lock, checked loads, and reports that never stop a game.

``Store`` (``retro.store.core``) is the save folder; ``retro.store.schema`` holds the small
checks each game's save module states its file format with.

Imports nothing else of retro: every layer above may save through it.
"""

from retro.store.core import (
    APP_NAME,
    STALE_TEMP_S,
    Loaded,
    Status,
    Store,
    StoreError,
    Updated,
    default_root,
)
from retro.store.schema import MAX_FILE_BYTES, SchemaError

__all__ = ["APP_NAME", "MAX_FILE_BYTES", "STALE_TEMP_S", "Loaded", "SchemaError", "Status",
           "Store", "StoreError", "Updated", "default_root"]
