"""Front ends that drive a program: headless scripts and recordings, the window, the terminal.

Imports from retro: ``retro.pc``, ``retro.pictures``, ``retro.screenfiles``,
``retro.programs``, ``retro.store`` and ``retro.kit``.
"""
