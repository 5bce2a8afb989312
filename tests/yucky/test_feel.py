"""The feel: card sounds (off with S and F1) and the marks option for playable cards."""

from __future__ import annotations

from retro.frontends.script import run
from retro.games.yucky.layout import BOX_MAX, DRAW_SOUND, PLAY_SOUND, SORT_KEY
from retro.pc.speaker import quantise


def play(keys: str, seed: int = 3, letters: str = "*", **kw):
    return run("yucky", seed=seed, keys=keys, letters=letters, **kw)


def tones(result) -> list[float | None]:
    return [seg.hz for seg in result.machine.speaker.timeline]


def test_playing_a_card_sounds_a_snap():
    snap = [quantise(hz) for hz, _ms in PLAY_SOUND]
    heard = tones(play('ENTER "GS"'))
    assert any(heard[i:i + 2] == snap for i in range(len(heard)))


def test_drawing_a_card_sounds_a_tick():
    before = tones(play("ENTER")).count(quantise(DRAW_SOUND[0]))
    after = tones(play("ENTER SPACE")).count(quantise(DRAW_SOUND[0]))
    assert after > before


def test_card_sounds_are_off_with_the_s_letter_and_f1():
    assert not play('ENTER "GS" SPACE', letters="*S").machine.speaker.timeline
    heard = tones(play('ENTER F1 "GS"'))
    assert quantise(PLAY_SOUND[0][0]) not in heard


def test_marks_option_is_off_by_default():
    assert "\u25b2" not in play("ENTER").screen.read(5)


def test_marks_option_points_out_the_cards_that_may_be_played():
    result = play("ENTER F3 n n n n y")
    state = result.state
    assert state["options"]["mark_playable"] is True
    hand = sorted(state["hands"]["you"], key=SORT_KEY.__getitem__)
    assert len(hand) <= BOX_MAX
    row = result.screen.read(5)
    top, color = state["discard"][-1], state["color"]
    for place, code in enumerate(hand):
        mark = row[2 + place * 4:4 + place * 4]
        fits = code[0] in (color, "W") or code[1] == top[1]
        if code == "W4":
            fits = not any(c[0] == color for c in hand)
        assert (mark == "\u25b2\u25b2") == fits, code
