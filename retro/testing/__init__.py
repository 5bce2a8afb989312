"""Golden screen tests: the pytest plugin, its naming rules and the difference report.

Imports from retro: ``retro.pc``, ``retro.pictures`` and ``retro.screenfiles`` only.
"""
