"""One command-line contract: the parsers, every ``--help``, ``retro --help`` and README.md's
command-line block come from the same definitions, and each refusal is one line and a pointer
to the help to read."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from retro.cli import main, usage
from retro.cli.help import ORDER, command_help, parser_of
from retro.programs import all_programs

REPO = Path(__file__).resolve().parents[2]


def readme_block() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    match = re.search(r"## The command line\n\n```\n(.*?)```", text, re.S)
    assert match, "README.md has no command-line block"
    return match.group(1).rstrip("\n")


def option_strings(parser: argparse.ArgumentParser) -> set[str]:
    """Each option as its usage shows it (the first spelling: ``-o`` for ``-o, --output``)."""
    return {action.option_strings[0] for action in parser._actions if action.option_strings}


def test_the_readme_command_line_block_is_exactly_retro_help() -> None:
    assert readme_block() == usage()


@pytest.mark.parametrize("command", ORDER)
def test_every_option_a_command_takes_is_on_its_page_in_retro_help_and_in_the_readme(
        command: str) -> None:
    parser = parser_of(command)
    flags = option_strings(parser)
    assert flags, f"{command}: the parser shows no options"
    page, overview = command_help(command), usage()
    for flag in flags:
        assert re.search(rf"{re.escape(flag)}\b", page), f"{flag} missing from its page"
        assert re.search(rf"{re.escape(flag)}\b", overview), f"{flag} missing from --help"
        assert re.search(rf"{re.escape(flag)}\b", readme_block()), f"{flag} not in README"


@pytest.mark.parametrize("command", ORDER)
def test_every_option_and_argument_has_its_help_line(command: str) -> None:
    for action in parser_of(command)._actions:
        assert action.help, f"{command}: {action.option_strings or action.dest} has no help"


@pytest.mark.parametrize("command", ORDER)
def test_optional_words_are_shown_in_brackets_and_required_ones_bare(command: str) -> None:
    """``--seed N`` is optional: the usage must not show it as required (nor the reverse)."""
    parser = parser_of(command)
    shown = parser.format_usage()
    for action in parser._actions:
        if not action.option_strings:
            continue
        flag = action.option_strings[0]
        bare = re.search(rf"(?<!\[){re.escape(flag)}\b", shown) is not None
        assert bare == action.required or "|" in shown, (command, flag)


def test_the_readme_names_every_program_and_alias() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    for program in all_programs():
        for name in (program.name, *program.aliases):
            assert f"`{name}`" in text, f"README.md does not name {name}"


@pytest.mark.parametrize("command", ["perft", "move"])
def test_a_program_command_alone_with_help_lists_the_programs_that_have_it(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: retro {command} PROGRAM")
    assert f"retro {command} checkers " in out


@pytest.mark.parametrize("argv", [
    *([command, "--bogus-flag"] for command in ("run", "render", "diff", "tone", "serve")),
    ["capture", "--bogus-flag", "--", "true"], ["yucky", "--bogus-flag"],
    ["perft", "checkers", "--bogus-flag"], ["move", "checkers", "--bogus-flag"],
])
def test_a_bad_flag_to_any_command_is_at_most_three_lines_with_its_help_named(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.splitlines()
    assert 1 <= len(err) <= 3, err
    assert err[0].startswith("retro: ")
    assert any("--help" in line for line in err), err


def test_keys_and_a_key_file_together_are_refused_not_one_ignored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    keys = tmp_path / "bug.keys"
    keys.write_text("ENTER\n", encoding="utf-8")
    assert main(["run", "yz", "--keys", "1", "--keys-file", str(keys)]) == 2
    assert "not allowed with" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["run", "sixtysix", "--closed", "bogus"],
                                  ["sixtysix", "--closed", "bogus"]])
def test_an_unknown_closed_rule_is_refused_before_the_game_starts(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "--closed" in err and "led-suit" in err and "trumps" in err


def test_a_known_closed_rule_is_taken(tmp_path: Path) -> None:
    assert main(["run", "sixtysix", "*", "--closed", "trumps", "--txt",
                 str(tmp_path / "s.txt")]) == 0


def test_an_output_named_dash_goes_to_standard_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["run", "charmap", "--txt", "-"]) == 0
    assert not (tmp_path / "-").exists()
    assert capsys.readouterr().out.startswith("retro-screen ")


def test_two_outputs_to_standard_output_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "charmap", "--txt", "-", "--ansi", "-"]) == 2
    assert "standard output" in capsys.readouterr().err


def test_render_refuses_an_output_that_is_not_a_png(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "s.txt"
    assert main(["run", "charmap", "--txt", str(source)]) == 0
    assert main(["render", str(source), "-o", str(tmp_path / "out.jpg")]) == 2
    assert not (tmp_path / "out.jpg").exists()
    assert ".png" in capsys.readouterr().err


def test_a_missing_key_file_is_named_missing_not_its_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "yz", "--keys-file", str(tmp_path / "nonexist.keys")]) == 2
    err = capsys.readouterr().err
    assert "there is no such file" in err and "does not exist" not in err


def test_a_recording_with_an_option_no_program_takes_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recording = tmp_path / "r.keys"
    recording.write_text("#!retro run yz --seed 1 --nosuch 3\nENTER\n", encoding="utf-8")
    assert main(["run", "--keys-file", str(recording)]) == 2
    err = capsys.readouterr().err
    assert "(it is an option of )" not in err
    assert "--nosuch" in err


def test_a_registration_naming_a_non_program_reads_as_english() -> None:
    from retro.programs.registry import with_article

    assert with_article("int") == "an int" and with_article("str") == "a str"
