"""The games.

``LINEUP`` is the launcher's menu: every game of the collection in menu order, whether or
not its package is playable yet.
"""

LINEUP: tuple[tuple[str, str], ...] = (
    ("yucky", "Yucky Lucky You!"),
    ("pigpoker", "Pig Poker"),
    ("sixtysix", "Sixty-Six"),
    ("checkers", "Checkers and Weckers"),
    ("yz", "YZ"),
)
