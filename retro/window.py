"""The pygame-ce window: the machine's screen on a monitor, its keyboard, mouse and speaker.

This is the only module of ``retro`` that imports pygame, and it is imported only when a
window is opened.  It supplies the ``Frontend`` that ``retro.host.run_realtime`` drives:

- the native frame (``retro.raster``, border band included in colour) is shown as a 4:3
  picture centred in the window.  The vertical scale is a whole number (every scan line the
  same height) whenever that fills at least ``INTEGER_FILL`` of the height a 4:3 picture
  could take; otherwise the picture takes all of it.  How it is enlarged (``SCALINGS``):
  "sharp", the default, as DOSBox-Staging's sharp mode: every window pixel inside a native
  pixel has exactly its palette colour, and only a window pixel straddling the edge of two
  native pixels mixes them (``SharpScaler``); "integer" uses whole factors in both axes,
  letterboxed, so the picture has only palette colours and is as near 4:3 as whole factors
  allow; "smooth" stretches columns by an integer nearest-neighbour enlargement followed by
  a smooth reduction.  The window is resizable; Alt+Enter switches full screen on and off.
  The raster's text area is an 8-bit palettised surface over the raster's own buffer: SDL
  maps it to colours as it blits the repainted rows into the full-colour frame that is then
  scaled; only the picture rows showing repainted frame rows are scaled again.
- Ctrl+F5 saves the current frame twice: native (``NAME-001.png``) and stretched to 4:3 as
  a monitor shows it (``NAME-001-4x3.png``), in the save folder (or the current folder).
- keys become ``retro.events.Key``; characters come from SDL text input, so the keyboard
  layout and Shift are honoured.  Held keys repeat like a PC keyboard (``REPEAT_DELAY_S``,
  then ``REPEAT_RATE_HZ``), generated here rather than by the OS so it is the same
  everywhere.  Left and right clicks become ``Click(row, col, button)`` on the cell under
  the pointer, at any window size or in full screen.
- sound goes through ``retro.speaker.PygameMixerSink``; without an audio device there is one
  notice and silence.  What SDL and the audio libraries print themselves while starting
  (ALSA, XDG_RUNTIME_DIR...) is kept off the player's terminal.
- with no screen to show a window on, SDL quietly falls back to its ``offscreen`` driver (or
  ``dummy``): a window nobody can see.  Unless SDL_VIDEODRIVER asked for such a driver, that
  is "no display" (``WindowUnavailable``), and the terminal front end takes over.
- Ctrl+C (SIGINT), SIGTERM and SIGHUP close the window like its close button (the game gets
  ``Quit`` and may save); ``run_window`` returns 128 + the signal for the shell.
"""

from __future__ import annotations

import contextlib
import math
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np
import pygame  # after the prompt setting above

from retro.events import Click, Key
from retro.host import Observer, run_realtime
from retro.machine import Machine
from retro.png import write_png
from retro.raster import Raster, scale_aspect
from retro.speaker import PygameMixerSink, Speaker

#: Use a whole-number vertical scale when it fills at least this much of the height.
INTEGER_FILL = 0.85
#: How the frame is enlarged to the picture: whole multiples with only the remaining
#: fraction mixed at pixel edges (the default), whole multiples only, or smooth.
SCALINGS = ("sharp", "integer", "smooth")
#: PC keyboard typematic defaults: half a second before repeating, then about 30 a second.
REPEAT_DELAY_S = 0.5
REPEAT_RATE_HZ = 30.0
#: How long the window title shows a message such as "screenshot saved".
CAPTION_MESSAGE_S = 3.0


#: SDL drivers that open no window anyone can see: used only when asked for by name.
HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})
#: Signals that close the window as its close button does.
QUIT_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class WindowUnavailable(RuntimeError):
    """No display could be opened (no screen, no video driver): use the terminal instead."""


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send what C libraries write to file descriptor 2 meanwhile (ALSA's and SDL's own
    messages) nowhere, so the player's terminal only shows retro's notices."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield  # no usable descriptor 2: nothing to protect
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, 2)
        finally:
            os.close(devnull)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def headless_driver(driver: str, environ: Any = None) -> bool:
    """Whether ``driver`` shows nothing and was not asked for in SDL_VIDEODRIVER."""
    env = os.environ if environ is None else environ
    asked = {d.strip().lower() for d in env.get("SDL_VIDEODRIVER", "").split(",")}
    return driver.lower() in HEADLESS_DRIVERS and driver.lower() not in asked


def no_display_reason(driver: str, environ: Any = None) -> str:
    """Why SDL ended up on a ``driver`` that shows nothing: a display named in the
    environment that could not be opened (named, so a dead ``DISPLAY`` is not mistaken for a
    missing one), or no display named at all.

        >>> no_display_reason("offscreen", {"DISPLAY": ":99"})
        'the display DISPLAY=:99 could not be opened (SDL fell back to its offscreen driver)'
    """
    env = os.environ if environ is None else environ
    named = [f"{name}={env[name]}" for name in ("DISPLAY", "WAYLAND_DISPLAY") if env.get(name)]
    if named:
        return (f"the display {' or '.join(named)} could not be opened (SDL fell back to its "
                f"{driver} driver)")
    return (f"SDL found only its {driver} driver, which shows nothing; set DISPLAY, or "
            "SDL_VIDEODRIVER to choose a driver")


# -- geometry (pure functions) -----------------------------------------------------------------

def picture_rect(window: tuple[int, int], frame: tuple[int, int],
                 scaling: str = "sharp") -> tuple[int, int, int, int]:
    """Where the picture of a ``frame`` (width, height) goes in a ``window``: x, y, w, h.

    "sharp" and "smooth" fill the largest 4:3 picture that fits, with a whole vertical
    scale when that fills at least ``INTEGER_FILL`` of its height (and, for "sharp", a
    whole width too when that is also 4:3 within a pixel); "integer" uses whole factors
    in both axes (``integer_factors``), or the 4:3 fit in a window smaller than the frame.
    """
    win_w, win_h = window
    frame_w, frame_h = frame
    if scaling == "integer":
        factors = integer_factors(window, frame)
        if factors is not None:
            width, height = factors[0] * frame_w, factors[1] * frame_h
            return (win_w - width) // 2, (win_h - height) // 2, width, height
    largest = min(win_h, win_w * 3 / 4)  # the tallest 4:3 picture that fits
    factor = math.floor(largest / frame_h)
    height = factor * frame_h if factor >= 1 and factor * frame_h >= INTEGER_FILL * largest \
        else math.floor(largest)
    height = max(1, height)
    width = max(1, min(win_w, round(height * 4 / 3)))
    across = round(height * 4 / 3 / frame_w)
    if scaling == "sharp" and height % frame_h == 0 and 1 <= across <= win_w // frame_w \
            and abs(across * frame_w - height * 4 / 3) <= 1:
        width = across * frame_w  # 720x400 at 3x4 is 4:3 to 0.03%: no pixel to mix
    return (win_w - width) // 2, (win_h - height) // 2, width, height


def integer_factors(window: tuple[int, int], frame: tuple[int, int]) -> tuple[int, int] | None:
    """Whole (horizontal, vertical) factors for a ``frame`` in a ``window``, or None if even
    1x1 does not fit.

    The frame's pixels are not square (720x400 is shown at 4:3), so the two factors differ:
    of the pairs that fit, the one whose picture is nearest 4:3 (by ratio), the largest of
    equally near ones.  720x400 in 1920x1080 gets 2x2 (16:9 is as near as fits), in
    2560x1440 2x3 (1.19:1); 720x350 in 1920x1080 gets 2x3 (1.37:1).
    """
    frame_w, frame_h = frame
    most_w, most_h = window[0] // frame_w, window[1] // frame_h
    if most_w < 1 or most_h < 1:
        return None
    pairs = [(across, down) for across in range(1, most_w + 1) for down in range(1, most_h + 1)]

    def rank(pair: tuple[int, int]) -> tuple[float, int]:
        aspect = pair[0] * frame_w / (pair[1] * frame_h)
        return round(abs(math.log(aspect * 3 / 4)), 9), -pair[0] * pair[1]

    return min(pairs, key=rank)


def cell_at(pos: tuple[int, int], rect: tuple[int, int, int, int], frame: tuple[int, int],
            origin: tuple[int, int], cell: tuple[int, int]) -> tuple[int, int] | None:
    """The (row, col) under a window position, or None outside the 80x25 text area.

    ``rect`` is the picture's place in the window, ``frame`` the native (width, height),
    ``origin`` the text area's (y, x) in the frame and ``cell`` the (width, height) of a cell.
    """
    x, y = pos
    rx, ry, rw, rh = rect
    if not (rx <= x < rx + rw and ry <= y < ry + rh):
        return None
    fx = (x - rx) * frame[0] / rw - origin[1]
    fy = (y - ry) * frame[1] / rh - origin[0]
    col, row = math.floor(fx / cell[0]), math.floor(fy / cell[1])
    if 0 <= row < 25 and 0 <= col < 80:
        return row, col
    return None


def _taps(size_in: int, size_out: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """How ``size_out`` output pixels (at least ``size_in``) cover ``size_in`` source pixels.

    Output pixel i spans source [i * size_in / size_out, (i + 1) * size_in / size_out),
    less than one source pixel, so it lies in one source pixel or straddles one edge.
    Returns, per output pixel, the source pixel it starts in, the one after it, and the
    next one's share in 256ths: 0 inside a source pixel, 256 only if it starts exactly on
    the edge.  Integer arithmetic, so whole multiples come out with no blended pixel at all.
    """
    start = np.arange(size_out, dtype=np.int64) * size_in  # in 1/size_out source pixels
    first = start // size_out
    over = np.maximum(start + size_in - (first + 1) * size_out, 0)
    weight = (over * 256 + size_in // 2) // size_in
    return first, np.minimum(first + 1, size_in - 1), weight


#: Rows mixed at a time, so that the intermediate values stay in the processor's cache.
_MIX_ROWS = 32
_LOW, _HIGH, _HALF = np.uint32(0xFF00FF), np.uint32(0xFF00FF00), np.uint32(0x800080)


def _mix(a: np.ndarray, b: np.ndarray, weight: np.ndarray,
         scratch: np.ndarray | None = None) -> np.ndarray:
    """``a * (256 - weight) + b * weight`` in 256ths, for 32-bit pixels of four 8-bit channels.

    ``a`` and ``b`` are (rows, columns) uint32 arrays with contiguous rows, and are
    overwritten: the result is ``a``.  ``weight`` (0-256) is (rows, 1) or (1, columns).
    ``scratch``, if given, is a (2, ``_MIX_ROWS``, columns) uint32 work area.  Two channels
    are worked at once in the 16-bit halves of a 32-bit word; a pixel mixed with itself
    comes back unchanged, so a flat colour stays exactly a palette colour.
    """
    keep_all = np.uint32(256) - weight
    per_row = weight.shape[0] != 1
    if scratch is None:
        scratch = np.empty((2, _MIX_ROWS, a.shape[1]), dtype=np.uint32)
    for start in range(0, len(a), _MIX_ROWS):
        rows = slice(start, start + _MIX_ROWS)
        x, y = a[rows], b[rows]
        keep, share = (keep_all[rows], weight[rows]) if per_row else (keep_all, weight)
        low, low_b = scratch[0, :len(x)], scratch[1, :len(x)]
        np.bitwise_and(x, _LOW, out=low)        # red and blue of a ...
        low *= keep
        np.bitwise_and(y, _LOW, out=low_b)      # ... and of b
        low_b *= share
        low += low_b
        low += _HALF
        low >>= 8
        low &= _LOW
        x >>= 8                                 # alpha and green of a and b
        x &= _LOW
        x *= keep
        y >>= 8
        y &= _LOW
        y *= share
        x += y
        x += _HALF
        x &= _HIGH
        x |= low
    return a


class SharpScaler:
    """DOSBox-Staging's "sharp" scaling of a frame up to a picture size, as numpy work.

    Each output pixel shows the source pixel it lies in (nearest neighbour, so a whole
    multiple of a source pixel is one flat colour); only an output pixel that straddles
    the edge between two source pixels is their mix, weighted by how much of it lies in
    each: at most one such column per column edge and one row per scan-line edge.  Columns
    are done first, on the native rows (mixing with weight 0 copies), then picture rows:
    rows that need no mixing are copies of a column-scaled row.
    """

    def __init__(self, frame: tuple[int, int], picture: tuple[int, int]) -> None:
        (frame_w, frame_h), (width, height) = frame, picture
        self.frame, self.picture = frame, picture
        self._col_a, self._col_b, weight = _taps(frame_w, width)
        self._col_weight = weight.astype(np.uint32)[None, :]
        self._cols_copied = not weight.any()  # a whole multiple: nothing to mix
        first, second, weight = _taps(frame_h, height)
        self._row_first = first
        self._row_last = np.where(weight > 0, second, first)  # the last frame row it shows
        self._row_pick = np.where(weight == 256, second, first)
        self._row_mixed = (weight > 0) & (weight < 256)
        self._row_a, self._row_b = first, second
        self._row_weight = weight.astype(np.uint32)[:, None]
        #: The frame with its columns scaled: (frame height, picture width) pixels.
        self.wide = np.zeros((frame_h, width), dtype=np.uint32)
        # Work areas, kept: fresh large arrays on every frame would cost page faults.
        mixed_rows = int(np.count_nonzero(self._row_mixed))
        self._next_cols = np.empty((frame_h, width), dtype=np.uint32)
        self._rows_a = np.empty((mixed_rows, width), dtype=np.uint32)
        self._rows_b = np.empty((mixed_rows, width), dtype=np.uint32)
        self._scratch = np.empty((2, _MIX_ROWS, width), dtype=np.uint32)

    def lines_showing(self, first: int, end: int) -> tuple[int, int]:
        """The picture rows [top, bottom) that show any of the frame rows [first, end)."""
        top = int(np.searchsorted(self._row_last, first, side="left"))
        bottom = int(np.searchsorted(self._row_first, end, side="left"))
        return top, max(top, bottom)

    def scale(self, frame: np.ndarray, picture: np.ndarray, first: int, end: int
              ) -> tuple[int, int]:
        """Scale frame rows [first, end) of ``frame`` (height, width) uint32 into ``picture``
        (picture height, width); returns the picture rows [top, bottom) that were redrawn."""
        rows, wide = frame[first:end], self.wide[first:end]
        after = self._next_cols[:end - first]
        # np.take keeps the gathered columns in row order (rows[:, index] would not).
        np.take(rows, self._col_a, axis=1, out=wide, mode="clip")
        if not self._cols_copied:
            np.take(rows, self._col_b, axis=1, out=after, mode="clip")
            _mix(wide, after, self._col_weight, self._scratch)
        top, bottom = self.lines_showing(first, end)
        lines = np.arange(top, bottom)
        mixed = self._row_mixed[top:bottom]
        plain = lines[~mixed]
        picture[plain] = self.wide[self._row_pick[plain]]
        blend = lines[mixed]
        if blend.size:
            above, below = self._rows_a[:blend.size], self._rows_b[:blend.size]
            np.take(self.wide, self._row_a[blend], axis=0, out=above, mode="clip")
            np.take(self.wide, self._row_b[blend], axis=0, out=below, mode="clip")
            picture[blend] = _mix(above, below, self._row_weight[blend], self._scratch)
        return top, bottom


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "retro"


def _named_keys() -> dict[int, str]:
    names = {getattr(pygame, f"K_F{n}"): f"F{n}" for n in range(1, 13)}
    names.update({
        pygame.K_ESCAPE: "ESC", pygame.K_RETURN: "ENTER", pygame.K_KP_ENTER: "ENTER",
        pygame.K_TAB: "TAB", pygame.K_BACKSPACE: "BKSP",
        pygame.K_UP: "UP", pygame.K_DOWN: "DOWN", pygame.K_LEFT: "LEFT", pygame.K_RIGHT: "RIGHT",
        pygame.K_HOME: "HOME", pygame.K_END: "END", pygame.K_PAGEUP: "PGUP",
        pygame.K_PAGEDOWN: "PGDN", pygame.K_INSERT: "INS", pygame.K_DELETE: "DEL",
    })
    return names


_MODIFIERS = frozenset({
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
    pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_LSUPER, pygame.K_RSUPER,
    pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_SCROLLLOCK, pygame.K_MODE,
})


# With Num Lock off the keypad is a second set of cursor keys, as on a PC.
def _keypad_keys() -> dict[int, str]:
    return {
        pygame.K_KP8: "UP", pygame.K_KP2: "DOWN", pygame.K_KP4: "LEFT", pygame.K_KP6: "RIGHT",
        pygame.K_KP7: "HOME", pygame.K_KP1: "END", pygame.K_KP9: "PGUP", pygame.K_KP3: "PGDN",
        pygame.K_KP0: "INS", pygame.K_KP_PERIOD: "DEL",
    }


# -- the front end ------------------------------------------------------------------------------

class WindowFrontend:
    """A pygame-ce window as a ``retro.host.Frontend``.

    ``size`` (window size) and ``clock`` (seconds, for key repeat) are for tests; by default
    the window is sized to a whole-number scale that fits the desktop.
    """

    def __init__(self, machine: Machine, *, title: str, phosphor: str = "green",
                 fullscreen: bool = False, size: tuple[int, int] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 scaling: str = "sharp") -> None:
        if scaling not in SCALINGS:
            raise ValueError(f"unknown scaling {scaling!r} (choose from {', '.join(SCALINGS)})")
        self.machine = machine
        self.title = title
        self.clock = clock
        self.scaling = scaling
        self.raster = Raster(mono=machine.screen.mono, phosphor=phosphor, border_band=True)
        try:
            with quiet_stderr():
                pygame.display.init()
            driver = pygame.display.get_driver()
            if headless_driver(driver):
                raise pygame.error(no_display_reason(driver))
            frame_w, frame_h = self.raster.shape[1], self.raster.shape[0]
            self.windowed_size = size or self._initial_size((frame_w, frame_h), scaling)
            self.fullscreen = fullscreen
            self.windowed_position: tuple[int, int] | None = None
            self._open_display()
        except pygame.error as exc:
            pygame.display.quit()
            raise WindowUnavailable(str(exc) or "no display") from exc
        pygame.display.set_caption(title)
        pygame.key.set_repeat()  # no OS/pygame repeat: ours follows the PC's timing
        pygame.key.start_text_input()
        pygame.mouse.set_visible(machine.flags.mouse)
        self._named = _named_keys()
        self._keypad = _keypad_keys()
        self._early: list[pygame.event.Event] = []
        self._held: int | None = None            # key code being held
        self._held_event: Key | None = None      # what it repeats
        self._next_repeat = 0.0
        self._awaiting_text: tuple[int, str] | None = None  # (key, unicode) before TEXTINPUT
        self._frame_surface: pygame.Surface | None = None
        self._text_surface: pygame.Surface | None = None
        self._text_buffer: Any = None  # the raster buffer the text surface shows
        self._band: int | None = None  # band colour painted in the frame surface
        self._scaled: dict[str, pygame.Surface] = {}
        self._sharp: SharpScaler | None = None
        self._dirty = True
        self._caption_until = 0.0
        self.quit_signal: int | None = None
        with quiet_stderr():
            self._attach_sound()

    # -- set-up ------------------------------------------------------------------------------

    @staticmethod
    def _initial_size(frame: tuple[int, int], scaling: str = "sharp") -> tuple[int, int]:
        """The largest whole-number scale whose 4:3 picture fits 90% of the desktop (with
        "integer" scaling, the integer picture for 90% of the desktop)."""
        try:
            desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            desk_w, desk_h = 1024, 768
        if scaling == "integer":
            factors = integer_factors((int(0.9 * desk_w), int(0.9 * desk_h)), frame)
            if factors is not None:
                return factors[0] * frame[0], factors[1] * frame[1]
        factor = 1
        while (factor + 1) * frame[1] <= 0.9 * desk_h and \
                (factor + 1) * frame[1] * 4 / 3 <= 0.9 * desk_w:
            factor += 1
        return round(factor * frame[1] * 4 / 3), factor * frame[1]

    def _open_display(self) -> None:
        with quiet_stderr():
            if self.fullscreen:
                pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._dirty = True

    def _attach_sound(self) -> None:
        current = self.machine.speaker
        if isinstance(current, Speaker):
            speaker = current
        else:
            speaker = Speaker()
            speaker.enabled = current.enabled
            self.machine.speaker = speaker
        self._speaker: Speaker = speaker
        speaker.sink = PygameMixerSink(clock=self.machine.now, notify=self.machine.notice)

    def close(self) -> None:
        """Stop the sound and close the window."""
        sink = self._speaker.sink
        if sink is not None:
            sink.stop()
        self._speaker.sink = None
        if pygame.mixer.get_init():
            pygame.mixer.quit()
        pygame.display.quit()

    # -- Frontend: input ---------------------------------------------------------------------

    def pump(self, machine: Machine) -> bool:
        """Turn pending pygame events into machine events; False once the window closed."""
        if self.quit_signal is not None:
            return False
        events = [*self._early, *pygame.event.get()]
        self._early.clear()
        for event in events:
            if not self._handle(event, machine):
                return False
        if self._awaiting_text is not None:
            # No text input came with the key press (some drivers): use its unicode.
            key, text = self._awaiting_text
            self._awaiting_text = None
            if len(text) == 1 and text.isprintable():
                self._press(key, Key(text), machine)
        self._repeat(machine)
        if self._caption_until and self.clock() >= self._caption_until:
            pygame.display.set_caption(self.title)
            self._caption_until = 0.0
        return True

    def _handle(self, event: pygame.event.Event, machine: Machine) -> bool:
        kind = event.type
        if kind in (pygame.QUIT, pygame.WINDOWCLOSE):
            return False
        if kind == pygame.KEYDOWN:
            self._key_down(event, machine)
        elif kind == pygame.KEYUP:
            if event.key == self._held:
                self._held, self._held_event = None, None
        elif kind == pygame.TEXTINPUT:
            self._text(event.text, machine)
        elif kind == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self._click(event.pos, "left" if event.button == 1 else "right", machine)
        elif kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED,
                      pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
            self._dirty = True
        return True

    def _key_down(self, event: pygame.event.Event, machine: Machine) -> None:
        mod = event.mod
        if event.key in _MODIFIERS:
            return  # Shift and friends only change what other keys type
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and mod & pygame.KMOD_ALT:
            self.toggle_fullscreen()
            return
        if event.key == pygame.K_F5 and mod & pygame.KMOD_CTRL:
            self.screenshot()
            return
        name = self._named.get(event.key)
        if name is None and not mod & pygame.KMOD_NUM:
            name = self._keypad.get(event.key)
        if name is not None:
            self._press(event.key, Key(name), machine)
            return
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_META) or (mod & pygame.KMOD_LALT):
            return  # Ctrl/Alt combinations have no meaning on this machine
        # A character key: its text follows as TEXTINPUT (layout and Shift applied by SDL).
        self._held, self._held_event = event.key, None
        self._awaiting_text = (event.key, getattr(event, "unicode", ""))

    def _text(self, text: str, machine: Machine) -> None:
        chars = [ch for ch in text if ch.isprintable()]
        if not chars:
            return
        if self._awaiting_text is not None:
            key = self._awaiting_text[0]
            self._awaiting_text = None
            for ch in chars[:-1]:
                machine.push(Key(ch))
            self._press(key, Key(chars[-1]), machine)
            return
        if self._held_event is not None and text == self._held_event.name:
            return  # the OS repeating a held key: we do our own repeat
        for ch in chars:  # composed or IME text with no key press of its own
            machine.push(Key(ch))

    def _press(self, key: int, event: Key, machine: Machine) -> None:
        machine.push(event)
        self._held, self._held_event = key, event
        self._next_repeat = self.clock() + REPEAT_DELAY_S

    def _repeat(self, machine: Machine) -> None:
        if self._held_event is None:
            return
        now = self.clock()
        sent = 0
        while now >= self._next_repeat and sent < 3:  # never flood after a stall
            machine.push(self._held_event)
            self._next_repeat += 1 / REPEAT_RATE_HZ
            sent += 1
        if now >= self._next_repeat:
            self._next_repeat = now + 1 / REPEAT_RATE_HZ

    def _click(self, pos: tuple[int, int], button: str, machine: Machine) -> None:
        cell = self.cell_at(pos)
        if cell is not None:
            machine.push(Click(cell[0], cell[1], button))

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The (row, col) under a window position (None outside the text)."""
        surface = pygame.display.get_surface()
        if surface is None:
            return None
        height, width = self.raster.shape
        cell_h = 14 if self.raster.mono else 16
        return cell_at(pos, self.picture_rect(), (width, height), self.raster.origin,
                       (9, cell_h))

    def picture_rect(self) -> tuple[int, int, int, int]:
        """Where the picture sits in the window now: x, y, width, height."""
        height, width = self.raster.shape
        surface = pygame.display.get_surface()
        assert surface is not None, "the window is open"
        return picture_rect(surface.get_size(), (width, height), self.scaling)

    # -- Frontend: output --------------------------------------------------------------------

    def present(self, machine: Machine) -> None:
        """Draw the frame for the machine's time; touches the display only if it changed."""
        raster = self.raster
        raster.draw_at(machine.screen, machine.now())
        if raster.text is not self._text_buffer:
            self._attach_frame()
        if not (raster.changed or self._dirty):
            return
        self._update_frame()
        self._compose()
        raster.changed = False
        self._dirty = False

    def _attach_frame(self) -> None:
        """Surfaces for a new raster buffer (at start and when the mode changes)."""
        raster = self.raster
        text_h, text_w = raster.text.shape
        self._text_buffer = raster.text
        self._text_surface = pygame.image.frombuffer(
            raster.text.data, (text_w, text_h), "P")
        self._text_surface.set_palette([tuple(int(v) for v in rgb) for rgb in raster.palette])
        height, width = raster.shape
        self._frame_surface = pygame.Surface((width, height), 0, 32)
        self._band = None
        self._scaled.clear()
        self._sharp = None
        self._dirty = True

    def _update_frame(self) -> None:
        """Bring the full-colour frame up to date: band colour, then the repainted text rows."""
        raster, frame, text = self.raster, self._frame_surface, self._text_surface
        if frame is None or text is None:
            return
        height, _width = raster.shape
        first, end = (0, height) if self._dirty or raster.dirty is None else raster.dirty
        if raster.band != self._band or self._dirty:
            if raster.band is not None:
                frame.fill([int(v) for v in raster.palette[raster.band]])
            self._band = raster.band
            first, end = 0, height
        top, left = raster.origin
        text_h, text_w = raster.text.shape
        y0, y1 = max(0, first - top), min(text_h, end - top)
        if y0 < y1:
            frame.blit(text, (left, top + y0), pygame.Rect(0, y0, text_w, y1 - y0))

    def _compose(self) -> None:
        """Scale the repainted rows of the frame into the window and show them."""
        window = pygame.display.get_surface()
        frame = self._frame_surface
        if window is None or frame is None:
            return
        x, y, w, h = self.picture_rect()
        fw, fh = frame.get_size()
        sharp = self.scaling != "smooth" and w >= fw and h >= fh  # else: shrinking
        sizes = {"tall": (w, h)} if sharp else \
            {"wide": (math.ceil(w / fw) * fw, fh) if w > fw else (fw, fh), "narrow": (w, fh),
             "tall": (w, h)}
        if any(self._scaled.get(role) is None or self._scaled[role].get_size() != size
               for role, size in sizes.items()):
            self._scaled = {role: pygame.Surface(size, 0, frame) for role, size in sizes.items()}
            self._dirty = True
        first, end = (0, fh) if self._dirty or self.raster.dirty is None else self.raster.dirty
        if sharp:
            top, bottom = self._scale_sharp(first, end)
        else:
            top, bottom = self._scale_smooth(first, end)
        tall = self._scaled["tall"]
        if self._dirty:
            window.fill((0, 0, 0))
            window.blit(tall, (x, y))
            pygame.display.flip()
        else:
            area = pygame.Rect(0, top, w, bottom - top)
            window.blit(tall, (x, y + top), area)
            pygame.display.update(area.move(x, y))

    def _scale_sharp(self, first: int, end: int) -> tuple[int, int]:
        """Frame rows [first, end) into the picture, "sharp" (a whole multiple is "integer");
        returns the picture rows redrawn."""
        frame, tall = self._frame_surface, self._scaled["tall"]
        assert frame is not None
        scaler = self._sharp
        if scaler is None or scaler.frame != frame.get_size() or \
                scaler.picture != tall.get_size():
            scaler = self._sharp = SharpScaler(frame.get_size(), tall.get_size())
        frame_px = pygame.surfarray.pixels2d(frame)  # (width, height) views
        tall_px = pygame.surfarray.pixels2d(tall)
        try:
            return scaler.scale(frame_px.T, tall_px.T, first, end)
        finally:
            del frame_px, tall_px  # unlock the surfaces before blitting

    def _scale_smooth(self, first: int, end: int) -> tuple[int, int]:
        """Frame rows [first, end) into the picture, "smooth": columns first, then scan lines.

        Columns are enlarged by a whole factor (nearest) and then reduced to the width by
        averaging, which keeps dot columns even without blurring them all; this step works
        on rows independently, so only the rows the raster repainted are redone.  Scan lines
        are then repeated to the picture's height (a whole number of times when the height
        is a multiple, otherwise the nearest line is used).  Returns the picture rows redrawn.
        """
        frame = self._frame_surface
        assert frame is not None
        fw, fh = frame.get_size()
        w, h = self._scaled["tall"].get_size()
        wide_size = self._scaled["wide"].get_size()
        rows = end - first
        source = frame
        if w > fw:
            wide = self._scaled["wide"]
            pygame.transform.scale(frame.subsurface((0, first, fw, rows)), (wide_size[0], rows),
                                   wide.subsurface((0, first, wide_size[0], rows)))
            source = wide
        if source.get_width() != w:
            narrow = self._scaled["narrow"]
            pygame.transform.smoothscale(source.subsurface((0, first, source.get_width(), rows)),
                                         (w, rows), narrow.subsurface((0, first, w, rows)))
            source = narrow
        # Scan lines: output line i shows frame line i * fh // h (whole repeats when h is a
        # multiple of fh); only the output lines showing repainted frame lines are copied.
        lines = np.arange(h) * fh // h
        top, bottom = (int(v) for v in np.searchsorted(lines, (first, end)))
        tall = self._scaled["tall"]
        source_px = pygame.surfarray.pixels2d(source)  # (width, height) views
        tall_px = pygame.surfarray.pixels2d(tall)
        tall_px[:, top:bottom] = source_px[:, lines[top:bottom]]
        del source_px, tall_px  # unlock the surfaces before blitting
        return top, bottom

    def wait(self, seconds: float) -> None:
        """Sleep up to ``seconds``, waking at once for input."""
        event = pygame.event.wait(max(1, int(seconds * 1000)))
        if event.type != pygame.NOEVENT:
            self._early.append(event)

    # -- window commands ---------------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        """Alt+Enter: full screen on or off; back from full screen, the window returns to
        the size and the place it had."""
        if not self.fullscreen:
            surface = pygame.display.get_surface()
            if surface is not None:
                self.windowed_size = surface.get_size()
            self.windowed_position = pygame.display.get_window_position()
        self.fullscreen = not self.fullscreen
        self._open_display()
        if not self.fullscreen and self.windowed_position is not None:
            pygame.display.set_window_position(self.windowed_position)

    def screenshot(self) -> list[Path]:
        """Ctrl+F5: save the native frame and a 4:3 version; returns the two paths."""
        store = self.machine.store
        folder = Path(store.root) if store is not None else Path.cwd()
        frame = self.raster.frame(self.machine.screen, self.machine.now())
        self.raster.changed = True
        try:
            folder.mkdir(parents=True, exist_ok=True)
            stem = _slug(self.title)
            n = 1
            while (folder / f"{stem}-{n:03d}.png").exists():
                n += 1
            native = folder / f"{stem}-{n:03d}.png"
            aspect = folder / f"{stem}-{n:03d}-4x3.png"
            write_png(native, frame)
            write_png(aspect, scale_aspect(frame))
        except OSError as exc:
            from retro.store.problems import os_reason

            self.machine.notice(f"screenshot not saved in {folder}: {os_reason(exc, folder)}")
            return []
        self.machine.notice(f"screenshot saved: {native} (and {aspect.name})")
        pygame.display.set_caption(f"{self.title} - screenshot saved: {native.name}")
        self._caption_until = self.clock() + CAPTION_MESSAGE_S
        return [native, aspect]


def run_window(machine: Machine, coroutine: Coroutine[Any, Any, None], *, title: str,
               phosphor: str = "green", fullscreen: bool = False,
               observer: Observer | None = None,
               on_open: Callable[[], None] | None = None, scaling: str = "sharp") -> int:
    """Run a program in a window until it returns or the window is closed.

    ``scaling`` is one of ``SCALINGS``.  Raises ``WindowUnavailable`` before the program
    starts if no display can be opened; ``on_open`` is called once the window is up (to
    show the notices of the start, such as "no sound").  Returns 0, or 128 + the signal
    that closed the window (130 for Ctrl+C in the terminal that started it, 143 for
    SIGTERM).
    """
    frontend = WindowFrontend(machine, title=title, phosphor=phosphor, fullscreen=fullscreen,
                              scaling=scaling)
    saved: dict[int, Any] = {}

    def on_signal(signum: int, frame: FrameType | None) -> None:
        if frontend.quit_signal is not None:
            raise SystemExit(128 + signum)  # asked twice: the program did not stop in time
        frontend.quit_signal = signum

    try:
        with contextlib.suppress(ValueError):  # not the main thread: no signal handling
            for signum in QUIT_SIGNALS:
                saved[signum] = signal.signal(signum, on_signal)
        if on_open is not None:
            on_open()
        run_realtime(machine, coroutine, frontend, observer)
    finally:
        for number, handler in saved.items():
            signal.signal(number, handler)
        frontend.close()
    return 0 if frontend.quit_signal is None else 128 + frontend.quit_signal
