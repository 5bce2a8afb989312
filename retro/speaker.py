"""``retro.speaker``, the documented import path of ``retro.pc.speaker``.

The code lives in ``retro.pc.speaker``; this module only re-exports its public names,
so that what README.md and docs/ show keeps working.
"""

from retro.pc.speaker import (
    AMPLITUDE,
    PIT_HZ,
    RATE,
    MusicError,
    PygameMixerSink,
    RecorderSink,
    Segment,
    Sink,
    Speaker,
    divisor,
    music_seconds,
    note_hz,
    parse_music,
    quantise,
    render,
    tone_samples,
    wav_bytes,
    write_tone,
    write_wav,
)

__all__ = [
    "AMPLITUDE",
    "PIT_HZ",
    "RATE",
    "MusicError",
    "PygameMixerSink",
    "RecorderSink",
    "Segment",
    "Sink",
    "Speaker",
    "divisor",
    "music_seconds",
    "note_hz",
    "parse_music",
    "quantise",
    "render",
    "tone_samples",
    "wav_bytes",
    "write_tone",
    "write_wav",
]
