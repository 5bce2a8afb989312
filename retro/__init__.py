"""retro: an 80x25 text-mode PC for faithful recreations of DOS-era games.

Importing this package is cheap and never imports pygame: the window front end is
loaded only when a window is opened.
"""

__version__ = "0.1.0"
