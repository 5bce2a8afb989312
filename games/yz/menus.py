"""YZ's menu bar: GAME, OPTIONS and HELP, opened by F10 or a click, worked by keys or mouse.

``run_menu`` waits through the kit (hot keys stay live, F10 itself is masked so that it
closes the menu) and gives back the chosen action's name; the screen comes back as it was.
"""

from __future__ import annotations

from retro import ui
from retro.games.yz.board import MENUS, Board, menu_at, menu_item_at
from retro.games.yz.layout import MENU_ROW
from retro.pc.events import Click, Key
from retro.pc.machine import Machine


async def run_menu(m: Machine, board: Board, index: int) -> str | None:
    """The menu bar opened at menu ``index``; the chosen action, or None."""
    s = m.screen
    saved = s.save()
    sel = 0
    try:
        with ui.hotkeys_off(m, "F10"):
            while True:
                s.restore(saved)
                board.draw_menu(index, sel)
                items = MENUS[index][2]
                match await ui.key(m):
                    case Key("LEFT"):
                        index, sel = (index - 1) % len(MENUS), 0
                    case Key("RIGHT"):
                        index, sel = (index + 1) % len(MENUS), 0
                    case Key("UP"):
                        sel = (sel - 1) % len(items)
                    case Key("DOWN"):
                        sel = (sel + 1) % len(items)
                    case Key("ENTER"):
                        return items[sel][2]
                    case Key("ESC") | Key("F10"):
                        return None
                    case Key(ch) if len(ch) == 1:
                        hit = [action for _, hot, action in items if hot == ch.upper()]
                        if hit:
                            return hit[0]
                        titles = [i for i, menu in enumerate(MENUS)
                                  if menu[0][0] == ch.upper()]
                        if titles:
                            index, sel = titles[0], 0
                    case Click(row, col, "left") if row == MENU_ROW:
                        hit_menu = menu_at(col)
                        if hit_menu is None or hit_menu == index:
                            return None
                        index, sel = hit_menu, 0
                    case Click(row, col, "left"):
                        return menu_item_at(index, row, col)
                    case _:
                        pass
    finally:
        s.restore(saved)
        s.move_cursor(24, 0, visible=False)
