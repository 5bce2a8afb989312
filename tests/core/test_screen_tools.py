"""Screen tools a tester uses outside pytest: ``retro diff``, ``retro render`` of dumps and
ANSI files, and ``retro run --blink-phase``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from retro.cli import main
from retro.frontends.script import run
from retro.pc.screen import Screen
from retro.pictures.png import read_png
from retro.pictures.raster import render_rgb
from retro.screenfiles.ansi import encode_file
from retro.screenfiles.dump import DIM, to_text
from retro.screenfiles.screenfile import ScreenFileError, parse_ansi, read_sauce, read_screen


def _sauce(*, ice: bool, title: str = "Test art") -> bytes:
    record = bytearray(128)
    record[0:7] = b"SAUCE00"
    record[7:7 + len(title)] = title.encode("cp437")
    record[94], record[95] = 1, 1          # character data, ANSi
    record[96:98] = (80).to_bytes(2, "little")
    record[105] = 1 if ice else 0
    return b"\x1a" + bytes(record)


# -- retro diff -------------------------------------------------------------------------------

def test_diff_of_equal_screens_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    screen = run("charmap", keys="2").screen
    (tmp_path / "a.txt").write_text(to_text(screen), encoding="utf-8")
    (tmp_path / "b.bin").write_bytes(screen.to_bytes())
    assert main(["diff", str(tmp_path / "a.txt"), str(tmp_path / "b.bin")]) == 0
    assert capsys.readouterr().out == ""


def test_diff_lists_every_changed_cell_and_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = Screen()
    b = a.copy()
    for col in range(60):                       # more than any old limit of 40
        b.put(3, col, "x", 0x1E)
    (tmp_path / "a.txt").write_text(to_text(a), encoding="utf-8")
    (tmp_path / "b.txt").write_text(to_text(b), encoding="utf-8")
    assert main(["diff", str(tmp_path / "a.txt"), str(tmp_path / "b.txt")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("differ: 60 changed cells in 1 row")
    assert out[1:] == [
        "row 4: 60 changed cells",
        "  expected |" + " " * 80 + "|",
        "  got      |" + "x" * 60 + " " * 20 + "|",
        "            " + "^" * 60,
        "  cols 1-60: expected 60 × ' ' grey on black (07), got 60 × 'x' yellow on blue (1E)"]


def test_diff_names_a_changed_look_and_counts_the_cursor_from_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = Screen()
    a.put(0, 0, "warn")
    b = a.copy()
    b.styles = {(0, 1): DIM, (0, 2): DIM}
    b.cursor.row, b.cursor.col = 2, 4
    for name, screen in (("a.txt", a), ("b.txt", b)):
        (tmp_path / name).write_text(to_text(screen), encoding="utf-8")
    (tmp_path / "b.bin").write_bytes(b.to_bytes())
    assert main(["diff", str(tmp_path / "a.txt"), str(tmp_path / "b.txt")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("differ: 2 changed cells in 1 row, and other settings (cursor)")
    assert out[1] == ("cursor: expected row 25 col 1 hidden (scan lines 14-15), "
                      "got row 3 col 5 hidden (scan lines 14-15)")
    assert out[-1] == "  cols 2-3: 'ar' expected grey on black (07), got grey on black (07) dim"
    # a .bin holds no looks: only the cells are compared
    assert main(["diff", str(tmp_path / "b.txt"), str(tmp_path / "b.bin")]) == 0


@pytest.mark.parametrize("content", [b"not a dump", b"\xff\xfe", b"x" * 10])
def test_diff_of_a_bad_file_is_one_line_and_exit_2(
        tmp_path: Path, content: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.bin"
    good.write_bytes(Screen().to_bytes())
    bad = tmp_path / ("bad.txt" if content != b"x" * 10 else "bad.bin")
    bad.write_bytes(content)
    assert main(["diff", str(good), str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(bad) in err[0]


def test_diff_of_a_missing_file_or_unknown_kind_exits_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.bin"
    good.write_bytes(Screen().to_bytes())
    assert main(["diff", str(good), str(tmp_path / "missing.bin")]) == 2
    assert main(["diff", str(good), str(tmp_path / "picture.png")]) == 2
    assert "not a screen file" in capsys.readouterr().err


# -- .ans files through pyte -----------------------------------------------------------------

@pytest.mark.parametrize("colors", ["24bit", "16"])
@pytest.mark.parametrize("keys", ["", "2", "2 b", "3"])
def test_an_ans_file_of_retro_run_reads_back_to_the_same_bytes(keys: str, colors: str) -> None:
    """Round trip: the screen -> ``--ansi`` bytes -> pyte -> the screen, byte for byte.

    Code 0x00 is drawn as a blank, so it comes back as a space; the chart pages hold it
    once, at the top left of the glyph grid.
    """
    screen = run("charmap", keys=keys).screen
    back = parse_ansi(encode_file(screen, colors=colors))
    want = screen.copy()
    want.chars[want.chars == 0] = 0x20
    assert np.array_equal(back.chars, want.chars)
    assert np.array_equal(back.attrs, want.attrs)
    assert back.to_bytes() == want.to_bytes()


def test_retro_run_ansi_then_render_gives_the_pixels_of_the_run(tmp_path: Path) -> None:
    ans, direct, via = tmp_path / "s.ans", tmp_path / "direct.png", tmp_path / "via.png"
    assert main(["run", "yucky", "*", "--seed", "1", "--keys", "ENTER", "--ansi", str(ans),
                 "--png", str(direct), "--blink-phase", "on"]) == 0
    assert main(["render", str(ans), "-o", str(via), "--blink-phase", "on"]) == 0
    assert np.array_equal(read_png(direct), read_png(via))


def test_ansi_art_in_cp437_with_sauce_and_ansi_sys_codes() -> None:
    art = (b"\x1b[2J\x1b[0;1;33;44m\xc9\xcd\xcd\xbb\x1b[0m\r\n"    # bright yellow on blue box
           b"\x1b[5;31mX\x1b[0m \x03\x1b[3C!\r\n"                   # blink, a heart glyph, CUF
           + b"\x1b[37;40m" + b"=" * 85)                             # wraps at column 80
    data = art + _sauce(ice=False)
    assert read_sauce(data) is not None and read_sauce(data).title == "Test art"
    screen = parse_ansi(data)
    assert screen.read(0)[:4] == "╔══╗"
    assert set(screen.attrs[0, :4].tolist()) == {0x1E}
    assert screen.read(1)[:6] == "X ♥   "[:3] + "   "
    assert int(screen.attrs[1, 0]) == 0x84         # red, blinking: bit 7
    assert screen.read(1)[6] == "!"
    assert screen.read(2) == "=" * 80 and screen.read(3).startswith("=" * 5 + " ")
    assert screen.blink


def test_ice_colours_make_bit_7_a_bright_background() -> None:
    screen = parse_ansi(b"\x1b[5;44;37mI\x1b[0m" + _sauce(ice=True))
    assert int(screen.attrs[0, 0]) == 0x97 and not screen.blink
    bright_bg = parse_ansi(b"\x1b[104;30mB")       # the 16-colour bright background
    assert int(bright_bg.attrs[0, 0]) == 0x90 and not bright_bg.blink


def test_render_reads_txt_dumps_and_ans_files(tmp_path: Path) -> None:
    screen = run("charmap", keys="2 F10").screen
    (tmp_path / "s.txt").write_text(to_text(screen), encoding="utf-8")
    (tmp_path / "s.ans").write_bytes(encode_file(screen))
    assert main(["render", str(tmp_path / "s.txt"), "-o", str(tmp_path / "t.png")]) == 0
    want = render_rgb(screen, blink_on=True, cursor_on=False)
    assert np.array_equal(read_png(tmp_path / "t.png"), want)   # the dump's border too
    assert main(["render", str(tmp_path / "s.ans"), "-o", str(tmp_path / "a.png"),
                 "--border", str(screen.border)]) == 0
    assert np.array_equal(read_png(tmp_path / "a.png"), want)


def test_read_screen_names_the_file_it_cannot_read(tmp_path: Path) -> None:
    with pytest.raises(ScreenFileError, match=r"nope\.bin"):
        read_screen(tmp_path / "nope.bin")


# -- retro run --blink-phase ------------------------------------------------------------------

def _blinking_png(tmp_path: Path, phase: str, until: int) -> np.ndarray:
    out = tmp_path / f"{phase}-{until}.png"
    # The charmap's attribute page blinks (bit 7) while the blink bit is on.
    assert main(["run", "charmap", "--keys", f"2 wait:{until}", "--png", str(out),
                 "--blink-phase", phase]) == 0
    return read_png(out)


def test_blink_phase_fixes_the_png_whenever_the_run_ends(tmp_path: Path) -> None:
    on = [_blinking_png(tmp_path, "on", t) for t in (0, 230, 470)]
    off = [_blinking_png(tmp_path, "off", t) for t in (0, 230, 470)]
    assert all(np.array_equal(on[0], p) for p in on[1:])
    assert all(np.array_equal(off[0], p) for p in off[1:])
    assert not np.array_equal(on[0], off[0])


def test_diff_across_formats_compares_what_both_files_hold(tmp_path: Path) -> None:
    """A .bin has no cursor or blink bit, an .ans no cursor shape: one screen written all
    three ways is equal to itself."""
    txt, binary, ans = tmp_path / "s.txt", tmp_path / "s.bin", tmp_path / "s.ans"
    assert main(["run", "yucky", "*", "--seed", "1", "--keys", "ENTER", "--txt", str(txt),
                 "--bin", str(binary), "--ansi", str(ans)]) == 0
    for a, b in ((txt, binary), (txt, ans), (binary, ans), (ans, txt)):
        assert main(["diff", str(a), str(b)]) == 0, (a, b)


def test_diff_of_the_same_cells_with_other_settings_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = Screen()
    b = a.copy()
    b.border = 4
    (tmp_path / "a.txt").write_text(to_text(a), encoding="utf-8")
    (tmp_path / "b.txt").write_text(to_text(b), encoding="utf-8")
    assert main(["diff", str(tmp_path / "a.txt"), str(tmp_path / "b.txt")]) == 1
    out = capsys.readouterr().out
    assert "the same cells, other settings (border)" in out
    assert "border: expected 0, got 4" in out


def test_render_of_a_file_that_is_no_screen_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"x" * 100)
    assert main(["render", str(junk), "-o", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "junk.bin" in err[0]
