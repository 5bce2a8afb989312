"""A small curses program for the capture tests: colours, flags, a key and a click log.

It draws a title in bold yellow on blue, a reverse-video bar, an underlined word, a red
word, a character code page 437 lacks, then shows the name of every key it reads and where
the mouse clicked, until ``q``.
"""

from __future__ import annotations

import curses


def main(window: curses.window) -> None:
    curses.start_color()
    curses.use_default_colors()
    curses.init_pair(1, curses.COLOR_YELLOW, curses.COLOR_BLUE)
    curses.init_pair(2, curses.COLOR_RED, -1)
    curses.mousemask(curses.BUTTON1_PRESSED | curses.BUTTON3_PRESSED)
    curses.mouseinterval(0)
    curses.curs_set(0)
    window.keypad(True)
    window.addstr(0, 0, " curses demo ".center(80), curses.color_pair(1) | curses.A_BOLD)
    window.addstr(2, 2, "reverse", curses.A_REVERSE)
    window.addstr(2, 12, "underlined", curses.A_UNDERLINE)
    window.addstr(2, 25, "red", curses.color_pair(2))
    window.addstr(2, 31, "euro \u20ac box \u2500\u2500")
    row = 4
    while True:
        key = window.get_wch()
        if key == "q":
            return
        if key == curses.KEY_MOUSE:
            _id, x, y, _z, buttons = curses.getmouse()
            button = "left" if buttons & curses.BUTTON1_PRESSED else "right"
            text = f"click {button} row {y + 1} col {x + 1}"
        elif isinstance(key, int):
            text = f"key {curses.keyname(key).decode()}"
        else:
            text = f"key {curses.keyname(ord(key)).decode()}" if key.isprintable() is False \
                else f"char {key}"
        window.addstr(row, 2, text)
        row = 4 if row >= 22 else row + 1
        window.refresh()


if __name__ == "__main__":
    curses.wrapper(main)
