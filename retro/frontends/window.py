"""The pygame-ce window: the machine's screen on a monitor, its keyboard, mouse and speaker.

This is the only module of ``retro`` that imports pygame, and it is imported only when a
window is opened.  It supplies the ``Frontend`` that ``retro.frontends.host.run_realtime`` drives:

- the native frame (``retro.pictures.raster``, border band included in colour) is shown as a 4:3
  picture centred in the window, placed and enlarged by ``retro.pictures.scaling`` ("sharp",
  "integer" or "smooth").  The window is resizable; Alt+Enter switches full screen on and
  off.  The raster's text area is an 8-bit palettised surface over the raster's own buffer:
  SDL maps it to colours as it blits the repainted rows into the full-colour frame that is
  then scaled; only the picture rows showing repainted frame rows are scaled again.
- Ctrl+F5 saves the current frame twice: native (``NAME-001.png``) and stretched to 4:3 as
  a monitor shows it (``NAME-001-4x3.png``), in the save folder (or the current folder).
- keys become ``retro.pc.events.Key``; characters come from SDL text input, so the keyboard
  layout and Shift are honoured.  Held keys repeat like a PC keyboard (``REPEAT_DELAY_S``,
  then ``REPEAT_RATE_HZ``), generated here rather than by the OS so it is the same
  everywhere.  Left and right clicks become ``Click(row, col, button)`` on the cell under
  the pointer, at any window size or in full screen.
- sound goes through ``retro.pc.speaker.PygameMixerSink``; without an audio device there is one
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

import pygame  # after the prompt setting above

from retro.frontends.host import Observer, run_realtime
from retro.pc import cp437
from retro.pc.events import Click, Key
from retro.pc.machine import Machine
from retro.pc.speaker import PygameMixerSink, Speaker
from retro.pictures.png import write_png
from retro.pictures.raster import Raster, scale_aspect
from retro.pictures.scaling import (
    SCALINGS,
    SharpScaler,
    SmoothScaler,
    cell_at,
    integer_factors,
    picture_rect,
)
from retro.store.problems import os_reason

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
    """A pygame-ce window as a ``retro.frontends.host.Frontend``.

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
        self._scalers: dict[type, SharpScaler | SmoothScaler] = {}
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
        # Only what the PC can show: a character code page 437 lacks (the euro sign, a
        # Cyrillic letter) is no key a DOS program could have received.
        chars = [ch for ch in text if ch.isprintable() and cp437.in_code_page(ch)]
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
        self._scalers.clear()
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
        tall = self._scaled.get("tall")
        if tall is None or tall.get_size() != (w, h):
            self._scaled = {"tall": pygame.Surface((w, h), 0, frame)}
            self._dirty = True
        first, end = (0, fh) if self._dirty or self.raster.dirty is None else self.raster.dirty
        top, bottom = self._scale(sharp, first, end)
        tall = self._scaled["tall"]
        if self._dirty:
            window.fill((0, 0, 0))
            window.blit(tall, (x, y))
            pygame.display.flip()
        else:
            area = pygame.Rect(0, top, w, bottom - top)
            window.blit(tall, (x, y + top), area)
            pygame.display.update(area.move(x, y))

    def _scale(self, sharp: bool, first: int, end: int) -> tuple[int, int]:
        """Frame rows [first, end) into the picture, "sharp" (``SharpScaler``: a whole
        multiple is "integer") or "smooth" (``SmoothScaler``); returns the picture rows
        redrawn.  Each scaler is kept while the frame and picture sizes stay."""
        frame, tall = self._frame_surface, self._scaled["tall"]
        assert frame is not None
        kind = SharpScaler if sharp else SmoothScaler
        scaler = self._scalers.get(kind)
        if scaler is None or scaler.frame != frame.get_size() or \
                scaler.picture != tall.get_size():
            scaler = self._scalers[kind] = kind(frame.get_size(), tall.get_size())
        frame_px = pygame.surfarray.pixels2d(frame)  # (width, height) views
        tall_px = pygame.surfarray.pixels2d(tall)
        try:
            return scaler.scale(frame_px.T, tall_px.T, first, end)
        finally:
            del frame_px, tall_px  # unlock the surfaces before blitting

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
