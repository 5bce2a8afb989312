"""Raw terminal bytes to key and click events."""

from __future__ import annotations

import pytest

from retro.frontends.termkeys import ESC_TIMEOUT_S, Interrupt, KeyDecoder
from retro.pc.events import Click, Key


def decode(data: bytes) -> list:
    """Everything ``data`` means once any pending Esc has timed out."""
    decoder = KeyDecoder()
    events = decoder.feed(data, 0.0)
    return events + decoder.expire(ESC_TIMEOUT_S)


@pytest.mark.parametrize(("data", "name"), [
    # F1-F4: xterm (SS3), VT220/rxvt (CSI ~), Linux console, and xterm's CSI form.
    (b"\x1bOP", "F1"), (b"\x1bOQ", "F2"), (b"\x1bOR", "F3"), (b"\x1bOS", "F4"),
    (b"\x1b[11~", "F1"), (b"\x1b[12~", "F2"), (b"\x1b[13~", "F3"), (b"\x1b[14~", "F4"),
    (b"\x1b[[A", "F1"), (b"\x1b[[E", "F5"), (b"\x1b[P", "F1"), (b"\x1b[1;2P", "F1"),
    (b"\x1b[15~", "F5"), (b"\x1b[17~", "F6"), (b"\x1b[18~", "F7"), (b"\x1b[19~", "F8"),
    (b"\x1b[20~", "F9"), (b"\x1b[21~", "F10"), (b"\x1b[23~", "F11"), (b"\x1b[24~", "F12"),
    (b"\x1b[A", "UP"), (b"\x1b[B", "DOWN"), (b"\x1b[C", "RIGHT"), (b"\x1b[D", "LEFT"),
    (b"\x1bOA", "UP"), (b"\x1b[1;5D", "LEFT"), (b"\x1b[H", "HOME"), (b"\x1b[F", "END"),
    (b"\x1b[1~", "HOME"), (b"\x1b[4~", "END"), (b"\x1b[2~", "INS"), (b"\x1b[3~", "DEL"),
    (b"\x1b[5~", "PGUP"), (b"\x1b[6~", "PGDN"), (b"\x1bOM", "ENTER"),
    (b"\r", "ENTER"), (b"\n", "ENTER"), (b"\r\n", "ENTER"), (b"\t", "TAB"),
    (b"\x7f", "BKSP"), (b"\x08", "BKSP"),
])
def test_special_keys_are_named(data, name):
    assert decode(data) == [Key(name)]


def test_letters_digits_symbols_and_space_keep_their_case():
    assert decode(b"aZ7! ") == [Key("a"), Key("Z"), Key("7"), Key("!"), Key(" ")]


def test_utf8_characters_in_code_page_437_are_keys():
    assert decode("é£ñ".encode()) == [Key("é"), Key("£"), Key("ñ")]


def test_characters_outside_code_page_437_are_dropped():
    assert decode("€x😀".encode()) == [Key("x")]


def test_ctrl_c_is_an_interrupt():
    assert decode(b"a\x03") == [Key("a"), Interrupt()]


def test_other_control_keys_are_ignored():
    assert decode(b"\x01\x1a\x00q") == [Key("q")]


# -- Esc told apart from escape sequences -------------------------------------------------

def test_lone_esc_waits_for_the_timeout():
    decoder = KeyDecoder()
    assert decoder.feed(b"\x1b", 1.0) == []
    assert decoder.deadline == pytest.approx(1.0 + ESC_TIMEOUT_S)
    assert decoder.expire(1.0 + ESC_TIMEOUT_S / 2) == []
    assert decoder.expire(1.0 + ESC_TIMEOUT_S) == [Key("ESC")]
    assert decoder.deadline is None


def test_sequence_split_across_reads_is_one_key():
    decoder = KeyDecoder()
    assert decoder.feed(b"\x1b", 0.0) == []
    assert decoder.feed(b"[1", 0.02) == []
    assert decoder.feed(b"5~", 0.04) == [Key("F5")]
    assert decoder.deadline is None


def test_esc_then_bracket_typed_slowly_is_two_keys():
    decoder = KeyDecoder()
    decoder.feed(b"\x1b[", 0.0)
    assert decoder.expire(ESC_TIMEOUT_S) == [Key("ESC"), Key("[")]


def test_esc_pressed_twice_is_two_escs():
    assert decode(b"\x1b\x1b") == [Key("ESC"), Key("ESC")]


def test_esc_before_a_sequence_is_its_own_key():
    assert decode(b"\x1b\x1b[A") == [Key("ESC"), Key("UP")]


def test_alt_with_a_key_gives_the_key():
    assert decode(b"\x1bx") == [Key("x")]


def test_unknown_sequences_and_terminal_replies_are_not_keys():
    # focus in, a private mode reply, a cursor position report, an unused function key
    assert decode(b"\x1b[I\x1b[?1;2c\x1b[12;40R\x1b[99~q") == [Key("q")]


def test_partial_utf8_waits_for_its_last_byte():
    decoder = KeyDecoder()
    data = "é".encode()
    assert decoder.feed(data[:1], 0.0) == []
    assert decoder.feed(data[1:], 0.01) == [Key("é")]


# -- the mouse ----------------------------------------------------------------------------

def test_sgr_mouse_press_is_a_click_on_the_cell():
    assert decode(b"\x1b[<0;10;5M") == [Click(4, 9, "left")]
    assert decode(b"\x1b[<2;80;25M") == [Click(24, 79, "right")]


def test_sgr_mouse_release_wheel_motion_and_middle_are_ignored():
    assert decode(b"\x1b[<0;10;5m\x1b[<64;1;1M\x1b[<32;3;3M\x1b[<1;4;4M") == []


def test_modifier_keys_do_not_change_the_button():
    assert decode(b"\x1b[<16;2;3M") == [Click(2, 1, "left")]   # Ctrl+click


def test_click_outside_the_80x25_screen_is_ignored():
    assert decode(b"\x1b[<0;81;1M\x1b[<0;1;26M") == []


def test_old_x10_mouse_reports_are_decoded_too():
    assert decode(b"\x1b[M" + bytes([32 + 0, 32 + 3, 32 + 2])) == [Click(1, 2, "left")]
    assert decode(b"\x1b[M" + bytes([32 + 3, 33, 33])) == []   # release


def test_a_burst_of_input_decodes_in_order():
    data = b"a\x1b[A\x1bOP\x1b[<0;1;1M\r"
    assert decode(data) == [Key("a"), Key("UP"), Key("F1"), Click(0, 0, "left"), Key("ENTER")]


# -- one table both ways: the keys retro capture types are the keys the decoder reads ---------

from retro.frontends.termkeys import (  # noqa: E402
    KEY_SEQUENCES,
    decode_all,
    encode_click,
    encode_key,
)
from retro.pc.events import NAMED_KEYS  # noqa: E402


@pytest.mark.parametrize("application_cursor", [False, True])
@pytest.mark.parametrize("name", NAMED_KEYS)
def test_every_named_key_encodes_to_what_the_decoder_reads_back(
        name: str, application_cursor: bool) -> None:
    assert name in KEY_SEQUENCES
    sequence = encode_key(name, application_cursor=application_cursor)
    assert decode_all(sequence) == [Key(name)]


def test_application_cursor_mode_sends_arrows_as_ss3() -> None:
    assert encode_key("UP", application_cursor=True) == b"\x1bOA"
    assert encode_key("UP") == b"\x1b[A" and encode_key("F5") == b"\x1b[15~"
    assert encode_key("é") == "é".encode()


def test_clicks_encode_as_sgr_reports_the_decoder_reads_back() -> None:
    assert encode_click(0, 79, "right") == b"\x1b[<2;80;1M\x1b[<2;80;1m"
    assert decode_all(encode_click(24, 0)) == [Click(24, 0, "left")]
