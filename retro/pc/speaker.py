"""The PC speaker: PIT-quantised square-wave tones, a PLAY-like music language, PCM and WAV.

The speaker keeps a timeline of what it was asked to sound, as ``(start, seconds, hz)``
segments on the machine's clock (``hz`` None for a rest).  The same timeline renders to
PCM for ``--wav`` in headless runs, and every tune is handed whole to a sink (the pygame
mixer in a window), which plays it from one buffer.

Every frequency is quantised like PIT channel 2: divisor = round(1193182 / hz), clamped to
1-65535, and the tone sounds at 1193182 / divisor.  The wave is a 50% duty square between
+5000 and -5000 (DOSBox 0.74's speaker levels), each sample the exact average of the wave
over its sample period, which keeps the edges clean without a filter.  Silence is 0.
Tones above half the sample rate are rendered silent, as DOSBox mutes them.

The music language (case-insensitive, spaces ignored), in the spirit of BASIC's PLAY:

==========================  ============================================================
``C D E F G A B``           a note; then ``#`` or ``+`` (sharp) or ``-`` (flat), an
                            optional length 1-64 and dots (each dot: x 3/2)
``P n`` / ``R n``           a rest of length n (dots allowed)
``N n``                     note number n, 1-84 (C of octave 0 is 1; 0 is a rest)
``O n`` ``<`` ``>``         octave 0-6 (default 4, where ``A`` is 440 Hz); down; up
``L n``                     default length (default 4, a quarter note)
``T n``                     tempo: quarter notes per minute, 32-255 (default 120)
``MN`` ``ML`` ``MS``        normal (7/8 of the length sounds), legato (all), staccato (3/4)
``MF`` ``MB``               accepted and ignored (BASIC's foreground/background play)
==========================  ============================================================
"""

from __future__ import annotations

import io
import math
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Protocol

import numpy as np

PIT_HZ = 1193182
#: Peak level of the square wave (DOSBox's SPKR_VOLUME).
AMPLITUDE = 5000
RATE = 44100

# Default play state, as BASIC's: octave 4, quarter notes, 120 quarters a minute, MN.
_OCTAVE, _LENGTH, _TEMPO = 4, 4, 120
_NORMAL, _LEGATO, _STACCATO = 7 / 8, 1.0, 3 / 4
_SEMITONE = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
# Note number (N) of A in octave 4, tuned to 440 Hz.
_A4 = 4 * 12 + 9 + 1


class MusicError(ValueError):
    """A music string that does not parse; the message names the item and its position."""


@dataclass(frozen=True, slots=True)
class Segment:
    """Part of the speaker's timeline: ``hz`` None is silence."""

    start: float
    seconds: float
    hz: float | None

    @property
    def end(self) -> float:
        return self.start + self.seconds


def divisor(hz: float) -> int:
    """The PIT channel 2 divisor a program would load for ``hz``."""
    if hz <= 0:
        raise ValueError(f"a tone needs a positive frequency, not {hz}")
    return min(65535, max(1, round(PIT_HZ / hz)))


def quantise(hz: float) -> float:
    """The frequency the PC speaker actually sounds when asked for ``hz``."""
    return PIT_HZ / divisor(hz)


def note_hz(number: int) -> float:
    """Frequency of note number ``number`` (1-84, equal temperament, N58 = A = 440 Hz)."""
    return 440.0 * 2.0 ** ((number - _A4) / 12)


# -- the music language --------------------------------------------------------------------

def parse_music(music: str) -> list[tuple[float | None, float]]:
    """A tune as ``(hz or None, seconds)`` steps; sounded notes already quantised.

    A note played normal or staccato is followed by its silent remainder as its own step.
    Raises ``MusicError`` naming what did not parse.
    """
    text = "".join(music.split()).upper()
    steps: list[tuple[float | None, float]] = []
    octave, length, tempo, style = _OCTAVE, _LENGTH, _TEMPO, _NORMAL
    pos = 0

    def number(lo: int, hi: int, what: str, default: int | None = None) -> int:
        nonlocal pos
        start = pos
        while pos < len(text) and text[pos].isdigit():
            pos += 1
        if start == pos:
            if default is None:
                raise MusicError(f"{what} needs a number at position {start + 1} of {music!r}")
            return default
        value = int(text[start:pos])
        if not lo <= value <= hi:
            raise MusicError(f"{what} {value} is outside {lo}-{hi} (position {start + 1})")
        return value

    def dots() -> float:
        nonlocal pos
        factor = 1.0
        while pos < len(text) and text[pos] == ".":
            factor *= 1.5
            pos += 1
        return factor

    def seconds(of_length: int, factor: float) -> float:
        return 240.0 / (tempo * of_length) * factor  # a whole note is four quarters

    def sound(note: int, duration: float) -> None:
        if note == 0:
            steps.append((None, duration))
            return
        sounded = duration * style
        steps.append((quantise(note_hz(note)), sounded))
        if sounded < duration:
            steps.append((None, duration - sounded))

    while pos < len(text):
        item, at = text[pos], pos
        pos += 1
        if item in _SEMITONE:
            semitone = _SEMITONE[item]
            if pos < len(text) and text[pos] in "#+-":
                semitone += -1 if text[pos] == "-" else 1
                pos += 1
            note = octave * 12 + semitone + 1
            if not 1 <= note <= 84:
                raise MusicError(f"note {text[at:pos]} in octave {octave} is out of range "
                                 f"(position {at + 1})")
            n = number(1, 64, "note length", default=length)
            sound(note, seconds(n, dots()))
        elif item in "PR":
            n = number(1, 64, "pause length")
            steps.append((None, seconds(n, dots())))
        elif item == "N":
            note = number(0, 84, "note number")
            sound(note, seconds(length, dots()))
        elif item == "O":
            octave = number(0, 6, "octave")
        elif item == "<":
            octave = max(0, octave - 1)
        elif item == ">":
            octave = min(6, octave + 1)
        elif item == "L":
            length = number(1, 64, "length")
        elif item == "T":
            tempo = number(32, 255, "tempo")
        elif item == "M":
            mode = text[pos : pos + 1]
            pos += 1
            if mode == "N":
                style = _NORMAL
            elif mode == "L":
                style = _LEGATO
            elif mode == "S":
                style = _STACCATO
            elif mode not in ("F", "B"):
                raise MusicError(f"unknown music mode M{mode} at position {at + 1} of {music!r}")
        else:
            raise MusicError(f"unexpected {item!r} at position {at + 1} of {music!r}")
    return steps


def music_seconds(music: str) -> float:
    """How long a tune takes."""
    return sum(duration for _hz, duration in parse_music(music))


# -- PCM ----------------------------------------------------------------------------------

def _square(hz: float, first: float, count: int, rate: int) -> np.ndarray:
    """``count`` samples of the square wave starting ``first`` samples into the tone.

    Each sample is the mean of the wave over its sample period: the integral of a square
    wave (high first) is a triangle, so a sample is a difference of two triangle values.
    """
    period = rate / hz
    edges = first + np.arange(count + 1, dtype=np.float64)
    phase = np.mod(edges, period)
    triangle = np.minimum(phase, period - phase)
    return np.diff(triangle) * AMPLITUDE


def render(segments: Sequence[Segment], *, rate: int = RATE, start: float = 0.0,
           until: float | None = None) -> np.ndarray:
    """PCM (int16, mono) of a timeline from machine time ``start`` to ``until``.

    ``until`` defaults to the end of the last segment.  Later segments win where two
    overlap; each tone starts on the high half of its wave.
    """
    end = until if until is not None else max((s.end for s in segments), default=start)
    total = max(0, round((end - start) * rate))
    out = np.zeros(total, dtype=np.float64)
    for seg in segments:
        if seg.hz is None or seg.hz * 2 > rate:
            first = max(0, round((seg.start - start) * rate))
            last = min(total, round((seg.end - start) * rate))
            out[first:last] = 0.0
            continue
        begin = (seg.start - start) * rate  # fractional sample where the tone starts
        first = max(0, math.ceil(begin))
        last = min(total, round((seg.end - start) * rate))
        if last > first:
            out[first:last] = _square(seg.hz, first - begin, last - first, rate)
    return np.clip(np.rint(out), -32768, 32767).astype(np.int16)


def tone_samples(hz: float, ms: float, rate: int = RATE) -> np.ndarray:
    """One quantised tone of ``ms`` milliseconds as int16 PCM."""
    return render([Segment(0.0, ms / 1000.0, quantise(hz))], rate=rate)


def wav_bytes(samples: np.ndarray, rate: int = RATE) -> bytes:
    """Mono 16-bit PCM as the bytes of a WAV file."""
    data = np.asarray(samples, dtype="<i2")
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(rate)
        handle.writeframes(data.tobytes())
    return buffer.getvalue()


def write_wav(path: str | PathLike[str], samples: np.ndarray, rate: int = RATE) -> None:
    """Write mono 16-bit PCM to a WAV file."""
    Path(path).write_bytes(wav_bytes(samples, rate))


def write_tone(hz: float, ms: float, out_path: str | PathLike[str], rate: int = RATE) -> None:
    """``retro tone HZ MS -o OUT.wav``: one PC-speaker tone to a WAV file."""
    write_wav(out_path, tone_samples(hz, ms, rate), rate)


# -- the speaker ----------------------------------------------------------------------------

class Sink(Protocol):
    """Where the speaker sends each tune as it is queued (a mixer, a recorder in tests)."""

    def start(self, segments: Sequence[Segment], at: float) -> None:
        """Sound ``segments`` (machine times) beginning at machine time ``at``."""

    def stop(self) -> None:
        """Silence everything queued or playing."""


class Speaker:
    """The machine's PC speaker (``retro.pc.machine.SpeakerLike``).

    ``enabled`` False (sound off) keeps it silent, but tones and tunes still report how
    long they take, so games pace themselves the same either way.
    """

    def __init__(self, sink: Sink | None = None) -> None:
        self.enabled = True
        self.sink = sink
        self.timeline: list[Segment] = []

    def tone(self, hz: float, seconds: float, at: float) -> float:
        """Sound ``hz`` for ``seconds`` from machine time ``at``; returns ``seconds``."""
        seconds = max(0.0, seconds)
        self._queue([Segment(at, seconds, quantise(hz) if hz > 0 else None)], at)
        return seconds

    def play(self, music: str, at: float) -> float:
        """Queue a tune from machine time ``at``; returns its length in seconds."""
        segments: list[Segment] = []
        t = at
        for hz, duration in parse_music(music):
            segments.append(Segment(t, duration, hz))
            t += duration
        self._queue(segments, at)
        return t - at

    def stop(self, at: float) -> None:
        """Cut everything from machine time ``at`` on."""
        kept: list[Segment] = []
        for seg in self.timeline:
            if seg.end <= at:
                kept.append(seg)
            elif seg.start < at:
                kept.append(Segment(seg.start, at - seg.start, seg.hz))
        self.timeline = kept
        if self.sink is not None:
            self.sink.stop()

    def _queue(self, segments: list[Segment], at: float) -> None:
        if not self.enabled or not segments:
            return
        self.timeline.extend(segments)
        if self.sink is not None:
            self.sink.start(segments, at)

    def pcm(self, rate: int = RATE, until: float | None = None) -> np.ndarray:
        """Everything the speaker sounded, from machine time 0, as int16 PCM."""
        return render(self.timeline, rate=rate, until=until)

    def recording(self, now: float, rate: int = RATE) -> np.ndarray:
        """What a run sounded, for ``--wav``: from machine time 0 to ``now``, or further
        when a tone started (queued) by then is still sounding: it plays to its end."""
        end = max((s.end for s in self.timeline), default=0.0)
        return self.pcm(rate, until=max(now, end))

    def write_wav(self, path: str | PathLike[str], rate: int = RATE,
                  until: float | None = None) -> None:
        """Record the timeline to a WAV file (``--wav``)."""
        write_wav(path, self.pcm(rate, until), rate)


class RecorderSink:
    """A sink that only remembers what it was given (for tests)."""

    def __init__(self) -> None:
        self.tunes: list[tuple[float, list[Segment]]] = []
        self.stops = 0

    def start(self, segments: Sequence[Segment], at: float) -> None:
        self.tunes.append((at, list(segments)))

    def stop(self) -> None:
        self.stops += 1


class PygameMixerSink:
    """Plays each tune through pygame-ce's mixer from a single pre-rendered buffer.

    A tune is rendered whole (with leading silence up to its start time) and started on a
    free channel, so back-to-back tunes line up without gaps or stutter.  If the audio
    device cannot be opened, ``notify`` is called once with the reason and the sink stays
    silent.  ``clock`` gives the machine time (the window's real clock).
    """

    def __init__(self, clock: Callable[[], float],
                 notify: Callable[[str], None] | None = None) -> None:
        self.clock = clock
        self.notify = notify
        self.rate = RATE
        self.channels = 1
        self.available = False
        self.notice: str | None = None
        self._sounds: list[object] = []
        try:
            import pygame

            self._pygame = pygame
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            init = pygame.mixer.get_init()
            if not init:
                raise RuntimeError("the mixer did not start")
            self.rate, _size, self.channels = init
            pygame.mixer.set_num_channels(16)
            self.available = True
        except Exception as exc:  # any audio failure means: carry on silent
            self._fail(f"no sound: the audio device could not be opened ({exc})")

    def _fail(self, message: str) -> None:
        self.available = False
        if self.notice is None:
            self.notice = message
            if self.notify is not None:
                self.notify(message)

    def start(self, segments: Sequence[Segment], at: float) -> None:
        if not self.available:
            return
        data = self.buffer(segments, at)
        if not data.size:
            return
        try:
            sound = self._pygame.sndarray.make_sound(np.ascontiguousarray(data))
            channel = self._pygame.mixer.find_channel(True)
            if channel is not None:
                channel.play(sound)
        except Exception as exc:  # a broken device mid-run: go silent, once
            self._fail(f"no sound: the audio device failed ({exc})")
            return
        # Keep only sounds that may still be playing, so their buffers stay alive.
        self._sounds = [*self._sounds[-15:], sound]

    def buffer(self, segments: Sequence[Segment], at: float) -> np.ndarray:
        """The samples for one tune, starting now: silence until ``at``, then the tune.

        Shape (n,) for a mono mixer, (n, channels) otherwise, at the mixer's rate.
        """
        mono = render(segments, rate=self.rate, start=min(self.clock(), at))
        return np.repeat(mono[:, None], self.channels, axis=1) if self.channels > 1 else mono

    def stop(self) -> None:
        if self.available:
            self._pygame.mixer.stop()
        self._sounds.clear()
