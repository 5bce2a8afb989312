"""``retro run --gif/--apng/--cast``: a run as a moving picture on the machine's clock.

The clips are decoded with Pillow; each frame is compared with ``retro run --png`` of the
same keys stopped (``--stop-at``) at the frame's start, and the last with the run's own end.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from retro.cli import main
from retro.frontends.camera import Camera, ClipOutputs, parse_duration_ms
from retro.frontends.script import run
from retro.pc.machine import Machine, Program
from retro.pictures.clip import MIN_FRAME_TICKS, TICK_MS
from retro.pictures.png import read_png
from retro.pictures.raster import PHOSPHORS, VGA_PALETTE
from retro.screenfiles.ansiread import ByteTerminalStream, TerminalModel, cells_to_screen
from retro.screenfiles.cast import read_cast

#: (program, letters, keys, extra options): blinking cells, a blinking cursor while typing,
#: mono with its phosphor, the border band changing colour.
SCENES = {
    "blink": ("charmap", "", "2 wait:700", []),
    "cursor": ("pigpoker", "*", '"Ann" wait:300 "B" wait:400', []),
    "mono": ("pigpoker", "*M", '"Ann" wait:300', ["--phosphor", "amber"]),
    "border": ("yucky", "*", "F10 wait:300 F10 wait:200", []),
}


def run_args(scene: str) -> list[str]:
    program, letters, keys, extra = SCENES[scene]
    return ["run", program, letters, "--seed", "3", "--keys", keys, *extra]


def frames_of(path: Path) -> tuple[list[np.ndarray], list[int]]:
    """Every frame of an animated GIF or PNG as RGB, and its duration in ms."""
    frames, durations = [], []
    with Image.open(path) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            frames.append(np.asarray(image.convert("RGB")))
            durations.append(int(image.info.get("duration", 0)))
    return frames, durations


def clip(tmp_path: Path, args: list[str], kind: str = "gif", name: str = "clip") -> Path:
    out = tmp_path / f"{name}.{'gif' if kind == 'gif' else 'png'}"
    assert main([*args, f"--{kind}", str(out)]) == 0
    return out


def png_at(tmp_path: Path, args: list[str], ms: int | None) -> np.ndarray:
    out = tmp_path / f"at-{ms}.png"
    stop = [] if ms is None else ["--stop-at", str(ms)]
    assert main([*args, *stop, "--png", str(out)]) == 0
    return read_png(out)


def machine_ms(scene: str) -> float:
    program, letters, keys, _extra = SCENES[scene]
    return run(program, letters=letters, keys=keys, seed=3).machine.now() * 1000


def assert_frames_are_the_pngs_of_their_moments(tmp_path: Path, args: list[str],
                                                path: Path) -> None:
    frames, durations = frames_of(path)
    assert len(frames) > 1
    start = 0
    for index, frame in enumerate(frames):
        last = index == len(frames) - 1
        expected = png_at(tmp_path, args, None if last else start)
        assert np.array_equal(frame, expected), f"frame {index} at {start} ms"
        start += durations[index]


@pytest.mark.parametrize("scene", list(SCENES))
def test_every_gif_frame_is_the_png_of_its_moment(tmp_path: Path, scene: str) -> None:
    args = run_args(scene)
    assert_frames_are_the_pngs_of_their_moments(tmp_path, args, clip(tmp_path, args))


def test_every_apng_frame_is_the_png_of_its_moment(tmp_path: Path) -> None:
    args = run_args("cursor")
    path = clip(tmp_path, args, "apng")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and b"acTL" in path.read_bytes()
    assert_frames_are_the_pngs_of_their_moments(tmp_path, args, path)


def test_the_blinking_shows_as_it_happens(tmp_path: Path) -> None:
    # Blink phases last 16 VGA frames (228.6 ms): ticks of 10 ms give 220 or 230 ms each.
    _frames, durations = frames_of(clip(tmp_path, run_args("blink")))
    assert set(durations[1:-1]) <= {220, 230} and len(durations) >= 3


@pytest.mark.parametrize("scene", list(SCENES))
def test_durations_add_up_to_machine_time_within_a_tick(tmp_path: Path, scene: str) -> None:
    _frames, durations = frames_of(clip(tmp_path, run_args(scene)))
    assert abs(sum(durations) - machine_ms(scene)) <= TICK_MS
    assert all(d % TICK_MS == 0 and d >= MIN_FRAME_TICKS * TICK_MS for d in durations[:-1])


def test_durations_add_up_for_a_run_ending_between_ticks(tmp_path: Path) -> None:
    args = ["run", "pigpoker", "*", "--seed", "3", "--keys", '"Ann" wait:333']
    _frames, durations = frames_of(clip(tmp_path, args))
    assert sum(durations) == 340   # the run ends at 333 ms: its last screen takes tick 33


@pytest.mark.parametrize("kind", ["gif", "apng", "cast"])
def test_the_same_input_gives_the_same_bytes(tmp_path: Path, kind: str) -> None:
    args = run_args("cursor")
    suffix = {"gif": "gif", "apng": "png", "cast": "cast"}[kind]
    outs = [tmp_path / f"{n}.{suffix}" for n in (1, 2)]
    for out in outs:
        assert main([*args, f"--{kind}", str(out)]) == 0
    assert outs[0].read_bytes() == outs[1].read_bytes()


def test_a_recording_replayed_makes_the_same_clip(tmp_path: Path) -> None:
    keys = tmp_path / "session.keys"
    keys.write_text('#!retro run pigpoker * --seed 5\nwait:1200 "Ann" wait:450 ENTER '
                    'wait:800\n', encoding="utf-8")
    outs = [tmp_path / f"{n}.gif" for n in (1, 2)]
    for out in outs:
        assert main(["run", "--keys-file", str(keys), "--gif", str(out)]) == 0
    assert outs[0].read_bytes() == outs[1].read_bytes()
    direct = clip(tmp_path, ["run", "pigpoker", "*", "--seed", "5", "--keys",
                             'wait:1200 "Ann" wait:450 ENTER wait:800'], name="direct")
    assert direct.read_bytes() == outs[0].read_bytes()


@pytest.mark.parametrize("scene", ["border", "mono"])
def test_colours_are_only_the_palette(tmp_path: Path, scene: str) -> None:
    path = clip(tmp_path, run_args(scene))
    palette = PHOSPHORS["amber"] if scene == "mono" else VGA_PALETTE
    with Image.open(path) as image:
        colours = np.array(image.getpalette() or [], np.uint8).reshape(-1, 3)
    assert np.array_equal(colours[: len(palette)], palette)
    assert len(colours) <= 2 * len(palette)   # the machine's colours and "unchanged"
    allowed = {tuple(c) for c in palette.tolist()}
    frames, _durations = frames_of(path)
    for frame in frames:
        assert {tuple(c) for c in np.unique(frame.reshape(-1, 3), axis=0).tolist()} <= allowed


def test_scale_2_doubles_every_pixel(tmp_path: Path) -> None:
    args = run_args("cursor")
    small, small_durations = frames_of(clip(tmp_path, args, name="one"))
    big, big_durations = frames_of(clip(tmp_path, [*args, "--scale", "2"], name="two"))
    assert big_durations == small_durations
    for one, two in zip(small, big, strict=True):
        assert np.array_equal(two, one.repeat(2, axis=0).repeat(2, axis=1))


def test_a_gif_stores_only_the_rectangle_that_changed(tmp_path: Path) -> None:
    path = clip(tmp_path, run_args("cursor"))
    with Image.open(path) as image:
        image.seek(2)   # a blink of the cursor: one cell
        assert image.dispose_extent[2] - image.dispose_extent[0] <= 9   # type: ignore
        assert image.dispose_extent[3] - image.dispose_extent[1] <= 16  # type: ignore


def test_max_seconds_still_writes_a_valid_clip(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cut.gif"
    # The demo plays on its own for a long time; the run is cut by its wall-clock limit.
    status = main(["run", "yucky", "*", "--seed", "1", "--keys", "F2 wait:600000",
                   "--stop-at-end", "--max-seconds", "1", "--gif", str(out)])
    assert status == 1 and "--max-seconds" in capsys.readouterr().err
    frames, durations = frames_of(out)
    assert len(frames) >= 2 and 0 < sum(durations) < 600000


def test_idle_cap_shortens_long_pauses(tmp_path: Path) -> None:
    args = ["run", "pigpoker", "*", "--seed", "3", "--keys", '"A" wait:5000 "B" wait:5000']
    _frames, full = frames_of(clip(tmp_path, args, name="full"))
    _frames, capped = frames_of(clip(tmp_path, [*args, "--idle-cap", "1s"], name="capped"))
    assert sum(full) == 10000
    # Each still stretch shows for 1 s (the cursor blinks on through it), then moves on.
    assert 2000 <= sum(capped) <= 2100


@pytest.mark.parametrize(("text", "ms"), [("2s", 2000), ("1.5s", 1500), ("500ms", 500),
                                          ("3", 3000)])
def test_idle_cap_reads_seconds_and_milliseconds(text: str, ms: int) -> None:
    assert parse_duration_ms(text) == ms


async def _slow_start(m: Machine) -> None:
    await m.sleep(2.0)          # a program that starts slowly: a black screen for 2 s
    m.screen.put(0, 0, "hello", 0x1E)
    await m.sleep(1.0)
    m.screen.put(1, 0, "flash", 0x1F)
    await m.sleep(0.01)         # shown for one tick only
    m.screen.put(1, 0, "world", 0x1F)
    await m.sleep(1.0)


SLOW = Program(name="slow", title="Slow", main=_slow_start)


def _film(tmp_path: Path) -> tuple[list[np.ndarray], list[int]]:
    out = tmp_path / "slow.gif"
    camera = Camera(ClipOutputs(gif=out))
    result = run(SLOW, watch=camera.watch)
    camera.finish(result.machine)
    return frames_of(out)


def test_the_first_frame_is_not_blank_when_the_program_starts_slowly(tmp_path: Path) -> None:
    frames, durations = _film(tmp_path)
    assert len(np.unique(frames[0].reshape(-1, 3), axis=0)) > 1
    assert sum(durations) == 2010   # 3.01 s of machine time less the 2 s before "hello"


def test_a_flash_of_one_tick_is_left_out_and_the_frame_before_lasts_longer(
        tmp_path: Path) -> None:
    frames, durations = _film(tmp_path)
    assert durations == [1010, 1000]
    assert not np.array_equal(frames[0], frames[1])


def test_an_unwritable_clip_is_one_line_and_exit_2_before_anything_runs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    txt = tmp_path / "screen.txt"
    for kind in ("gif", "apng", "cast"):
        status = main(["run", "charmap", "--keys", "2", "--txt", str(txt),
                       f"--{kind}", str(tmp_path / "missing" / "out")])
        err = capsys.readouterr().err.strip().splitlines()
        assert status == 2 and len(err) == 1 and "missing" in err[0] and "Traceback" not in err[0]
        assert not txt.exists()


def test_a_bad_idle_cap_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "charmap", "--idle-cap", "soon", "--gif", "x.gif"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_stop_at_ends_the_run_at_that_moment() -> None:
    result = run("pigpoker", letters="*", seed=3, keys='"Ann" wait:300 "B" wait:400',
                 stop_ms=250)
    assert result.machine.now() == 0.25
    assert "Ann" in result.screen.read(23) and "AnnB" not in result.screen.read(23)


def _feed(events: list[tuple[float, str]], *, mono: bool = False) -> object:
    model = TerminalModel(reply=lambda answer: None)
    stream = ByteTerminalStream(model)
    for _t, text in events:
        stream.feed_bytes(text.encode("utf-8"))
    return cells_to_screen(model, mono=mono)


@pytest.mark.parametrize("scene", ["cursor", "border"])
def test_a_run_cast_ends_on_the_run_screen(tmp_path: Path, scene: str) -> None:
    out = tmp_path / "run.cast"
    assert main([*run_args(scene), "--cast", str(out)]) == 0
    header, events = read_cast(out)
    assert (header["width"], header["height"]) == (80, 25)
    program, letters, keys, _extra = SCENES[scene]
    result = run(program, letters=letters, keys=keys, seed=3)   # kept: see RunResult.driver
    screen = result.screen
    shown = _feed(events)
    assert np.array_equal(shown.chars, np.where(screen.chars == 0, 0x20, screen.chars))
    assert np.array_equal(shown.attrs, screen.attrs)
    assert (shown.cursor.row, shown.cursor.col, shown.cursor.visible) == \
        (screen.cursor.row, screen.cursor.col, screen.cursor.visible)


def test_a_run_cast_sends_each_change_at_its_moment(tmp_path: Path) -> None:
    out = tmp_path / "typing.cast"
    assert main(["run", "pigpoker", "*", "--seed", "3", "--keys",
                 '"A" wait:500 "B" wait:250 "C"', "--cast", str(out)]) == 0
    _header, events = read_cast(out)
    assert [t for t, _text in events] == [0.0, 0.5, 0.75]
    assert "B" in events[1][1] and "C" in events[2][1]


def test_idle_cap_goes_into_the_cast_header(tmp_path: Path) -> None:
    out = tmp_path / "capped.cast"
    assert main([*run_args("cursor"), "--cast", str(out), "--idle-cap", "2s"]) == 0
    assert read_cast(out)[0]["idle_time_limit"] == 2.0


async def _long_pause(m: Machine) -> None:
    m.screen.put(0, 0, "still", 0x1E)
    await m.sleep(700.0)        # longer than a GIF frame can last (655.35 s)


def test_a_pause_longer_than_a_gif_frame_is_split_and_still_adds_up(tmp_path: Path) -> None:
    out = tmp_path / "long.gif"
    camera = Camera(ClipOutputs(gif=out))
    result = run(Program(name="long", title="Long", main=_long_pause), watch=camera.watch)
    camera.finish(result.machine)
    frames, durations = frames_of(out)
    assert durations == [655350, 44650]
    assert np.array_equal(frames[0], frames[1])
