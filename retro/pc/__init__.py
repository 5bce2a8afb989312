"""The PC itself: screen buffer, keys, clock, speaker, font, code page and the Machine.

Imports from retro: ``retro.store`` (the Machine's save folder) and ``retro.fonts`` only.
"""
