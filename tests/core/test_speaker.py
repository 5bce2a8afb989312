"""The PC speaker: PIT quantisation, square-wave PCM against DOSBox, the music language."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np
import pytest

from retro.pc.speaker import (
    AMPLITUDE,
    PIT_HZ,
    MusicError,
    PygameMixerSink,
    RecorderSink,
    Segment,
    Speaker,
    divisor,
    music_seconds,
    parse_music,
    quantise,
    render,
    tone_samples,
    write_tone,
)

RATE = 44100
A440 = PIT_HZ / 2712


def _read_wav(path: Path) -> tuple[np.ndarray, int]:
    """The first channel of a 16-bit WAV as floats, and its rate."""
    with wave.open(str(path)) as handle:
        assert handle.getsampwidth() == 2
        frames = handle.readframes(handle.getnframes())
        data = np.frombuffer(frames, dtype="<i2").reshape(-1, handle.getnchannels())
        return data[:, 0].astype(np.float64), handle.getframerate()


def _edges(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rising and falling zero crossings, in fractional samples (linear interpolation)."""
    neg = np.signbit(x)
    rise = np.flatnonzero(neg[:-1] & ~neg[1:])
    fall = np.flatnonzero(~neg[:-1] & neg[1:])

    def at(i: np.ndarray) -> np.ndarray:
        return i + x[i] / (x[i] - x[i + 1])

    return at(rise), at(fall)


def _frequency(x: np.ndarray, rate: int) -> float:
    """Mean frequency over a long capture: whole periods between first and last rising edge."""
    rise, _fall = _edges(x)
    return (len(rise) - 1) * rate / (rise[-1] - rise[0])


def _duty(x: np.ndarray) -> float:
    """Mean fraction of each period spent high, from the edge times."""
    rise, fall = _edges(x)
    fall = fall[fall > rise[0]]
    n = min(len(rise) - 1, len(fall))
    return float(np.mean((fall[:n] - rise[:n]) / (rise[1 : n + 1] - rise[:n])))


def _harmonics(x: np.ndarray, rate: int, fundamental: float) -> dict[int, float]:
    window = np.hanning(len(x))
    spectrum = np.abs(np.fft.rfft((x - x.mean()) * window))
    freqs = np.fft.rfftfreq(len(x), 1 / rate)

    def peak(hz: float) -> float:
        near = np.abs(freqs - hz) < 3
        return float(spectrum[near].max())

    base = peak(fundamental)
    return {h: peak(h * fundamental) / base for h in range(2, 8)}


# -- tones -------------------------------------------------------------------------------------

def test_tones_are_quantised_to_the_pit_divisor() -> None:
    assert divisor(440) == 2712
    assert quantise(440) == pytest.approx(439.9639, abs=1e-4)
    assert quantise(10) == PIT_HZ / 65535  # the divisor is a 16-bit counter
    with pytest.raises(ValueError, match="positive"):
        divisor(0)


def test_tone_command_440_hz_matches_the_pit_within_a_tenth_of_a_hertz(tmp_path: Path) -> None:
    write_tone(440, 1000, tmp_path / "a.wav")
    samples, rate = _read_wav(tmp_path / "a.wav")
    assert rate == RATE
    assert len(samples) == RATE
    assert abs(_frequency(samples, rate) - A440) < 0.1
    assert abs(_duty(samples) - 0.5) < 0.002


def test_tone_frequency_and_levels_match_dosbox_recording(reference: Path,
                                                          tmp_path: Path) -> None:
    theirs, rate = _read_wav(reference / "dosbox" / "pcspeaker-440hz.wav")
    steady = theirs[16000:58000]  # inside the tone (it runs from sample ~15513 to ~59152)
    write_tone(440, 1000, tmp_path / "a.wav")
    ours, _rate = _read_wav(tmp_path / "a.wav")
    assert abs(_frequency(ours, rate) - _frequency(steady, rate)) < 0.1
    assert abs(_duty(steady) - _duty(ours)) < 0.01
    assert ours.max() == AMPLITUDE == theirs.max()
    assert ours.min() == -AMPLITUDE == theirs.min()


def test_tone_is_a_square_wave_with_odd_harmonics_like_dosbox(reference: Path) -> None:
    theirs, rate = _read_wav(reference / "dosbox" / "pcspeaker-440hz.wav")
    ours = tone_samples(440, 1000).astype(np.float64)
    ours_h = _harmonics(ours, rate, A440)
    theirs_h = _harmonics(theirs[16000:58000], rate, A440)
    for h in (2, 4, 6):
        assert ours_h[h] < 0.01 and theirs_h[h] < 0.01
    for h in (3, 5, 7):
        assert abs(ours_h[h] - theirs_h[h]) < 0.02
        assert abs(ours_h[h] - 1 / h) < 0.02


def test_tone_starts_high_and_silence_is_zero() -> None:
    pcm = render([Segment(0.0, 0.01, A440), Segment(0.01, 0.01, None)], rate=RATE)
    assert len(pcm) == round(0.02 * RATE)
    assert pcm[0] == AMPLITUDE
    assert not pcm[round(0.01 * RATE) :].any()


def test_tones_above_half_the_sample_rate_are_silent() -> None:
    assert not tone_samples(25000, 10).any()


# -- the music language ----------------------------------------------------------------------

def test_octave_4_a_is_440_hz_and_octaves_double() -> None:
    (hz, _s), *_ = parse_music("ML O4 A")
    assert hz == pytest.approx(A440)
    (hz5, _s), (hz3, _t) = parse_music("ML >A <<A")
    assert hz5 == pytest.approx(quantise(880)) and hz3 == pytest.approx(quantise(220))


def test_note_numbers_match_note_names() -> None:
    assert parse_music("ML N58") == parse_music("ML O4 A")
    assert parse_music("ML N1") == parse_music("ML O0 C")
    assert parse_music("ML N84") == parse_music("ML O6 B")


def test_sharps_and_flats_name_the_same_tones() -> None:
    assert parse_music("ML C#") == parse_music("ML D-") == parse_music("ML C+")


def test_lengths_tempo_and_dots_set_durations() -> None:
    assert music_seconds("T120 C") == pytest.approx(0.5)  # a quarter at 120/min
    assert music_seconds("T60 C2") == pytest.approx(2.0)
    assert music_seconds("L8 C D") == pytest.approx(0.5)
    assert music_seconds("C4.") == pytest.approx(0.75)
    assert music_seconds("C4..") == pytest.approx(1.125)  # each dot multiplies by 3/2
    assert music_seconds("P4 R8 N0") == pytest.approx(0.5 + 0.25 + 0.5)


def test_normal_legato_staccato_sound_7_8_all_and_3_4() -> None:
    assert [d for _h, d in parse_music("MN C")] == pytest.approx([0.4375, 0.0625])
    assert [d for _h, d in parse_music("ML C")] == pytest.approx([0.5])
    assert [d for _h, d in parse_music("MS C")] == pytest.approx([0.375, 0.125])
    assert [h for h, _d in parse_music("MS C")][1] is None


def test_music_is_case_and_space_insensitive() -> None:
    assert parse_music("t150 l8 o3 c d e") == parse_music("T150L8O3CDE")


def test_basic_background_modes_are_accepted() -> None:
    assert parse_music("MB MF C") == parse_music("C")


@pytest.mark.parametrize(("music", "message"), [
    ("O7", "octave 7"), ("T20", "tempo 20"), ("L0", "length 0"), ("N85", "note number 85"),
    ("X", "'X' at position 1"), ("C D Q", "'Q' at position 3"), ("MZ", "MZ"),
    ("O0 C-", "out of range"), ("P", "needs a number"),
])
def test_bad_music_names_the_problem(music: str, message: str) -> None:
    with pytest.raises(MusicError, match=message):
        parse_music(music)


# -- the speaker --------------------------------------------------------------------------------

def test_speaker_keeps_a_timeline_and_renders_it() -> None:
    speaker = Speaker()
    assert speaker.tone(440, 0.25, at=1.0) == 0.25
    assert speaker.play("ML L4 C E", at=1.25) == pytest.approx(1.0)
    assert speaker.timeline[0] == Segment(1.0, 0.25, A440)
    pcm = speaker.pcm()
    assert len(pcm) == round(2.25 * RATE)
    assert not pcm[: RATE - 1].any()  # silent before the first tone
    assert pcm[RATE : RATE + 100].any()


def test_sound_off_is_silent_but_keeps_time() -> None:
    sink = RecorderSink()
    speaker = Speaker(sink)
    speaker.enabled = False
    assert speaker.tone(440, 0.5, at=0.0) == 0.5
    assert speaker.play("C D", at=0.5) == pytest.approx(1.0)
    assert speaker.timeline == []
    assert sink.tunes == []
    assert not speaker.pcm(until=1.5).any()


def test_each_tune_reaches_the_sink_whole() -> None:
    sink = RecorderSink()
    speaker = Speaker(sink)
    speaker.play("L8 CDEFG", at=2.0)
    assert len(sink.tunes) == 1
    at, segments = sink.tunes[0]
    assert at == 2.0 and len(segments) == 10  # five notes, each with its MN gap


def test_stop_cuts_the_timeline_and_silences_the_sink() -> None:
    sink = RecorderSink()
    speaker = Speaker(sink)
    speaker.play("ML C1", at=0.0)  # two seconds
    speaker.stop(at=0.5)
    assert speaker.timeline == [Segment(0.0, 0.5, pytest.approx(quantise(261.63)))]
    assert sink.stops == 1
    assert not speaker.pcm(until=2.0)[round(0.5 * RATE) :].any()


def test_mixer_sink_plays_under_the_dummy_audio_driver() -> None:
    pygame = pytest.importorskip("pygame")
    notices: list[str] = []
    sink = PygameMixerSink(clock=lambda: 0.0, notify=notices.append)
    try:
        if not sink.available:
            pytest.skip(f"no audio even with the dummy driver: {sink.notice}")
        Speaker(sink).play("L16 CDE", at=0.0)
        sink.stop()
        assert notices == []
    finally:
        pygame.mixer.quit()


def test_mixer_sink_without_a_device_gives_one_notice_and_silence(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pygame = pytest.importorskip("pygame")

    def broken(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    notices: list[str] = []
    sink = PygameMixerSink(clock=lambda: 0.0, notify=notices.append)
    speaker = Speaker(sink)
    assert speaker.play("C D E", at=0.0) == pytest.approx(1.5)
    speaker.tone(440, 0.1, at=1.5)
    sink.stop()
    assert not sink.available
    assert len(notices) == 1 and "no audio device" in notices[0]


def test_mixer_sink_renders_a_tune_as_one_buffer_with_silence_until_it_starts() -> None:
    pytest.importorskip("pygame")
    sink = PygameMixerSink(clock=lambda: 0.5)
    try:
        if not sink.available:
            pytest.skip(f"no audio even with the dummy driver: {sink.notice}")
        buffer = sink.buffer([Segment(1.0, 0.25, A440), Segment(1.25, 0.25, quantise(880))],
                             at=1.0)
        mono = buffer if buffer.ndim == 1 else buffer[:, 0]
        lead = round(0.5 * sink.rate)
        assert len(mono) == round(1.0 * sink.rate)
        assert not mono[:lead].any()
        assert mono[lead] == AMPLITUDE
        assert np.array_equal(mono[lead:], render([Segment(0.0, 0.25, A440),
                                                   Segment(0.25, 0.25, quantise(880))],
                                                  rate=sink.rate))
    finally:
        import pygame

        pygame.mixer.quit()
