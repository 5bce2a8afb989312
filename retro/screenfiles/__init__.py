"""Screen files: text dumps, ANSI art written and read, and the files ``render``/``diff`` take.

Imports from retro: ``retro.pc`` and ``retro.pictures`` only.
"""
