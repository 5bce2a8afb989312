"""A line input with editing and a validator that explains its error in place."""

from __future__ import annotations

from collections.abc import Callable

from retro.pc.events import Click, Key
from retro.pc.machine import Machine
from retro.pc.screen import Saved
from retro.ui.hotkeys import hotkeys_off, installed
from retro.ui.waits import key

Validator = Callable[[str], str | None]

OK_LABEL, CANCEL_LABEL = "[ OK ]", "[ Cancel ]"


async def line_input(m: Machine, row: int, col: int, width: int, attr: int, *,
                     initial: str = "", validate: Validator | None = None,
                     max_length: int | None = None, allowed: Callable[[str], bool] | None = None,
                     error_at: tuple[int, int, int] | None = None,
                     error_attr: int | None = None, restore: bool = False,
                     cancel: bool = False, buttons_at: tuple[int, int] | None = None,
                     button_attr: int | None = None) -> str | None:
    """Edit one line of text in the field at (row, col), ``width`` cells wide.

    Printable keys insert at the cursor; BKSP and DEL delete; LEFT, RIGHT, HOME and END
    move.  ENTER accepts when ``validate(text)`` returns None; otherwise the error text it
    returns is shown on screen (and a beep sounds) until the next edit, and editing goes on.
    ESC gives None.  Hot keys work meanwhile, except printable ones, which type.

    With the mouse on, an ``[ OK ]`` button (and ``[ Cancel ]`` after it when ``cancel``:
    the caller treats None as backing out) is drawn at ``buttons_at`` = (row, col), by
    default just after the field, or right-aligned on the next row when the field's row
    has no room; a click on it is ENTER (ESC), so a player with only a mouse gets past
    every text box.  A click in the field moves the cursor there.  What was under the
    buttons comes back afterwards.
    ``allowed(ch)`` filters the characters typed (digits only, say);
    ``max_length`` defaults to what the field shows (``width - 1``: the cursor needs a
    cell); a longer text scrolls within the field.

    The error goes in ``error_at`` = (row, col, width) if given, else on the row below
    the field (above it on the last row); what was there comes back once it is cleared.
    The cursor is shown while editing and put back as it was afterwards; with
    ``restore`` the field itself is given back as it was too (an input in a pop-up of its
    own), otherwise it keeps the text typed.
    """
    s = m.screen
    max_length = width - 1 if max_length is None else max_length
    text = initial[:max_length]
    pos = len(text)
    error_attr = m.attr(0x4F, 0x70) if error_attr is None else error_attr
    field = s.save(row, col, 1, width)
    shown_error: Saved | None = None
    labels = [OK_LABEL, CANCEL_LABEL] if cancel else [OK_LABEL]
    spans = _buttons(s.rows, s.cols, row, col, width, labels, buttons_at) \
        if m.flags.mouse else []
    under_buttons = [s.save(b_row, b_col, 1, len(label))
                     for (b_row, b_col), label in zip(spans, labels, strict=False)]
    button_attr = m.attr(0x70, 0x70) if button_attr is None else button_attr
    for (b_row, b_col), label in zip(spans, labels, strict=False):
        s.put(b_row, b_col, label, button_attr)

    def clicked_button(click: Click) -> str | None:
        for (b_row, b_col), label in zip(spans, labels, strict=False):
            if click.row == b_row and b_col <= click.col < b_col + len(label):
                return "ENTER" if label == OK_LABEL else "ESC"
        return None

    def clear_error() -> None:
        nonlocal shown_error
        if shown_error is not None:
            s.restore(shown_error)
            shown_error = None

    def show_error(message: str) -> None:
        nonlocal shown_error
        clear_error()
        if error_at is not None:
            e_row, e_col, e_width = error_at
        else:
            e_row = row + 1 if row + 1 < s.rows else row - 1
            e_width = min(s.cols, len(message) + 2)
            e_col = max(0, min(col, s.cols - e_width))
        shown_error = s.save(e_row, e_col, 1, e_width)
        s.fill(e_row, e_col, 1, e_width, " ", error_attr)
        s.put(e_row, e_col + 1 if e_width > len(message) + 1 else e_col,
              message[:e_width], error_attr)

    def draw() -> None:
        first = max(0, pos - (width - 1))
        s.put(row, col, text[first : first + width].ljust(width), attr)
        s.move_cursor(row, col + pos - first, visible=True)

    # Printable hot keys (checkers' "!") are text while typing: masked inside the field.
    masking = hotkeys_off(m, *(entry.key for entry in installed(m) if len(entry.key) == 1))
    masking.__enter__()
    try:
        while True:
            draw()
            event = await key(m)
            if isinstance(event, Click):
                pressed = clicked_button(event)
                if pressed is None:
                    if event.row == row and col <= event.col < col + width:
                        first = max(0, pos - (width - 1))
                        pos = min(len(text), first + event.col - col)
                    continue
                event = Key(pressed)
            if not isinstance(event, Key):
                continue
            name = event.name
            edited = True
            if name == "ESC":
                return None
            if name == "ENTER":
                error = validate(text) if validate is not None else None
                if error is None:
                    return text
                show_error(error)
                m.beep(220, 150)
                continue
            if name == "LEFT":
                pos, edited = max(0, pos - 1), False
            elif name == "RIGHT":
                pos, edited = min(len(text), pos + 1), False
            elif name == "HOME":
                pos, edited = 0, False
            elif name == "END":
                pos, edited = len(text), False
            elif name == "BKSP":
                if pos > 0:
                    text, pos = text[: pos - 1] + text[pos:], pos - 1
            elif name == "DEL":
                text = text[:pos] + text[pos + 1 :]
            elif event.is_char and (allowed is None or allowed(name)):
                if len(text) < max_length:
                    text, pos = text[:pos] + name + text[pos:], pos + 1
                else:
                    m.beep(440, 40)
            else:
                edited = False
            if edited:
                clear_error()
    finally:
        clear_error()
        for saved in reversed(under_buttons):
            s.restore(saved)
        if restore:
            s.restore(field)
        s.cursor = field.cursor
        masking.__exit__(None, None, None)


def _buttons(rows: int, cols: int, row: int, col: int, width: int, labels: list[str],
             at: tuple[int, int] | None) -> list[tuple[int, int]]:
    """Where each button goes: from ``at``, else after the field, else on the next row."""
    total = sum(len(label) + 1 for label in labels) - 1
    if at is None:
        if col + width + 1 + total <= cols:
            at = (row, col + width + 1)
        else:
            at = (row + 1 if row + 1 < rows else row - 1,
                  max(0, min(cols - total, col + width - total)))
    b_row, b_col = at
    spans = []
    for label in labels:
        spans.append((b_row, b_col))
        b_col += len(label) + 1
    return spans
