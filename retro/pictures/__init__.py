"""Pictures of the screen: the VGA raster, PNG files and window scaling.

Imports from retro: ``retro.pc`` only.
"""
