"""PDN export and import, the game record (take back, replay), and the --fen/--pdn checks."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from retro.cli import main
from retro.games.checkers import pdn
from retro.games.checkers import rules as R
from retro.games.checkers.record import Record


def _played(options: R.Options, plies: int, seed: int = 1) -> Record:
    rng = random.Random(seed)
    record = Record.starting(R.new_game(options, rng))
    for _ in range(plies):
        if record.current.over:
            break
        record.play(rng.choice(record.current.legal_moves()))
    return record


# -- the record -----------------------------------------------------------------------------


def test_take_back_and_replay_walk_the_snapshots() -> None:
    record = _played(R.Options(), 6)
    after = record.current
    record.take_back()
    record.take_back()
    assert len(record.moves()) == 4 and record.can_replay
    record.replay()
    record.replay()
    assert record.current == after and not record.can_replay


def test_a_new_move_after_taking_back_drops_the_moves_that_followed() -> None:
    record = _played(R.Options(), 6)
    record.take_back()
    record.take_back()
    other = [m for m in record.current.legal_moves()]
    record.play(other[-1])
    assert len(record.moves()) == 5 and not record.can_replay


def test_taking_back_a_resignation_gives_the_game_back() -> None:
    record = _played(R.Options(), 2)
    record.end(R.resign(record.current, R.BLACK))
    assert record.current.over
    record.take_back()
    assert not record.current.over and len(record.moves()) == 2


def test_nothing_to_take_back_at_the_start() -> None:
    record = Record.starting(R.parse_fen(R.START_FEN_8X8))
    with pytest.raises(R.IllegalMoveError, match="take back"):
        record.take_back()
    with pytest.raises(R.IllegalMoveError, match="replay"):
        record.replay()


def test_record_counts_quiet_plies_of_king_steps() -> None:
    record = Record.starting(R.parse_fen("B:WK32:BK1"))
    for _ in range(3):
        record.play(record.current.legal_moves()[0])
    assert record.quiet_plies == 3
    record.take_back()
    assert record.quiet_plies == 2


# -- PDN ------------------------------------------------------------------------------------


def test_pdn_of_a_standard_game_uses_plain_numbering_and_no_fen() -> None:
    record = Record.starting(R.parse_fen(R.START_FEN_8X8))
    for text in ("9-14", "22-17", "11-15"):
        record.play(R.parse_move(record.current, text))
    out = pdn.format_pdn(record.first, record.current, "Keyboard", "Computer")
    assert '[GameType "21"]' in out and "FEN" not in out
    assert out.rstrip().endswith("1. 9-14 22-17 2. 11-15 *")


def test_pdn_numbers_a_game_that_white_begins() -> None:
    record = Record.starting(R.parse_fen("W:W21,22:B1,2"))
    record.play(R.parse_move(record.current, "21-17"))
    record.play(R.parse_move(record.current, "1-6"))
    out = pdn.format_pdn(record.first, record.current)
    assert '[FEN "W:W21,22:B1,2"]' in out and '[SetUp "1"]' in out
    assert "1... 21-17 2. 1-6 *" in out


@pytest.mark.parametrize("options", [
    R.Options(), R.Options(6, 6), R.Options(8, 6, take_one=True),
    R.Options(6, 8, R.WECKERS, lite=True, seven_eleven=True),
    R.Options(8, 8, R.WECKERS_TWO, game_point=30),
])
def test_pdn_round_trip_every_size_and_variant(options: R.Options) -> None:
    record = _played(options, 40, seed=7)
    text = pdn.format_pdn(record.first, record.current)
    back = pdn.parse_pdn(text)
    assert back.current == record.current
    assert back.games == record.games
    if (options.rows, options.cols) != (8, 8):
        assert f'[GameType "21,B,{options.cols},{options.rows},N1,0"]' in text
    if options.weighted:
        assert "[FEN " in text and "/" in text.split("[FEN ", 1)[1].split("]", 1)[0]


def test_pdn_result_tags_follow_the_pdn_meanings() -> None:
    record = _played(R.Options(), 2)
    record.end(R.resign(record.current, R.BLACK))
    text = pdn.format_pdn(record.first, record.current)
    assert '[Result "1-0"]' in text          # White won
    back = pdn.parse_pdn(text)
    assert back.current.result == R.Result(R.WHITE, "Black resigned")
    assert back.can_take_back                   # the resignation is a step of its own


def test_pdn_import_skips_comments_variations_and_marks() -> None:
    text = """[Event "club night"]
[Black "A, B"]
[White "C \\"D\\" E"]
[Result "*"]
{an opening} 1. 9-14! {good} 22-17 (23-19 11-15) 2. 11-15?! ; the line goes on
$3 23-19 *
"""
    record = pdn.parse_pdn(text)
    assert record.moves() == ("9-14", "22-17", "11-15", "23-19")
    assert pdn.parse_tags(text)["White"] == 'C "D" E'


def test_pdn_import_takes_short_jumps_and_the_first_game_only() -> None:
    text = ('[FEN "B:W18,27:B14,1"]\n1. 14x32 *\n\n'
            '[Event "second"]\n1. 9-14 *\n')
    record = pdn.parse_pdn(text)
    assert record.moves() == ("14x23x32",)


@pytest.mark.parametrize("text,message", [
    ('[GameType "20"]\n1. 32-28 *', "not English draughts"),
    ("1. 9-15 *", "9-15"),
    ("1. 9-14 hello *", "cannot read 'hello'"),
    ('[FEN "B:W3:B1"]\n*', "FEN tag"),
    ('[Variant "8x8 Weckers"]\n1. 9-14 *', "needs its FEN"),
    ("", "no PDN game"),
])
def test_bad_pdn_is_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(pdn.PdnError, match=message):
        pdn.parse_pdn(text)


def test_pdn_board_size_from_gametype_with_a_plain_fen() -> None:
    record = pdn.parse_pdn('[GameType "21,B,6,6,N1,0"]\n[FEN "B:W13,14:B1,2"]\n1. 1-4 *')
    assert (record.first.options.rows, record.first.options.cols) == (6, 6)


# -- the command line -----------------------------------------------------------------------


def test_bad_fen_option_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "checkers", "--fen", "B:W3:B1"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "retro: --fen: a white man cannot stand on square 3: row 1 is where White is "
        "crowned (write K3 for a king)"]


def test_bad_pdn_option_exits_2_with_one_line(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.pdn"
    bad.write_text("1. 9-15 *\n")
    assert main(["run", "checkers", "--pdn", str(bad)]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("retro: --pdn: move 1 (9-15)")
    assert main(["run", "checkers", "--pdn", str(tmp_path / "none.pdn")]) == 2
    assert "cannot read" in capsys.readouterr().err
