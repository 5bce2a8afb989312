"""PDN (Portable Draughts Notation): writing a game out and reading one back.

A PDN game is a list of ``[Tag "value"]`` pairs and the move text.  Written here:

* ``Event``, ``Date`` (unknown, ``????.??.??``, so the same game always gives the same
  file), ``Black``, ``White`` and ``Result``: ``1-0`` White won, ``0-1`` Black won,
  ``1/2-1/2`` a draw, ``*`` not finished (the PDN meanings);
* ``GameType``: ``21`` (English draughts) for 8x8, and the PDN long form
  ``21,B,<columns>,<rows>,N1,0`` for the other boards (black moves first, numeric squares
  counted from the top left as in this game);
* ``SetUp "1"`` and ``FEN`` when the game does not start from the standard position, which
  is always so for the Weckers games (the weights are shuffled): the FEN is the game's own,
  with the board size, weights, variant, game point and scores (see the README);
* ``Variant`` naming the game and options in words (``8x8 Weckers Lite``), for people;
  read back, its ``Take-One`` (which a FEN does not hold) restores that option.

Moves are PDN numbers, whole paths for jumps (``9x18x27``), numbered ``1. 9-14 22-17``;
a game whose first move is White's starts ``1... 22-17``.

Read back: the tags above (only ``GameType`` 21 is English draughts; other games are
refused), the move text with move numbers, ``{comments}``, ``;`` comments, ``(variations)``,
``$n`` and ``!``/``?`` marks skipped, jumps given whole or by their ends.  Only the first
game of a file is read.  A result the moves do not reach on their own (a resignation, an
agreed draw) is applied at the end.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

from retro.games.checkers import rules as R
from retro.games.checkers.record import Record
from retro.kit.rules import NotationError


class PdnError(NotationError):
    """A PDN text that cannot be read as a game."""


RESULTS = {"1-0": R.WHITE, "0-1": R.BLACK, "1/2-1/2": None}
UNKNOWN_DATE = "????.??.??"


def result_text(game: R.Game) -> str:
    if game.result is None:
        return "*"
    return {R.WHITE: "1-0", R.BLACK: "0-1", None: "1/2-1/2"}[game.result.winner]


def game_type(rows: int, cols: int) -> str:
    return "21" if (rows, cols) == (8, 8) else f"21,B,{cols},{rows},N1,0"


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def format_pdn(first: R.Game, last: R.Game, black: str = "?", white: str = "?") -> str:
    """The PDN of the game from ``first`` to ``last`` (``last`` carries the moves)."""
    opts = first.options
    moves = last.history[len(first.history):]
    tags = [("Event", "Checkers and Weckers"), ("Date", UNKNOWN_DATE), ("Black", black),
            ("White", white), ("Result", result_text(last)),
            ("GameType", game_type(opts.rows, opts.cols))]
    if opts.weighted or opts.take_one:
        tags.append(("Variant", opts.describe()))
    fen = R.format_fen(first)
    standard = R.new_game(R.Options(opts.rows, opts.cols), _no_random())
    if opts.weighted or fen != R.format_fen(standard) or first.scores != (0, 0):
        tags += [("SetUp", "1"), ("FEN", fen)]
    lines = [f'[{name} "{_quote(value)}"]' for name, value in tags]
    words: list[str] = []
    black_first = first.turn == R.BLACK
    for i, move in enumerate(moves):
        ply = i + (0 if black_first else 1)
        number = ply // 2 + 1
        if ply % 2 == 0:
            words.append(f"{number}.")
        elif i == 0:
            words.append(f"{number}...")
        words.append(move)
    words.append(result_text(last))
    lines.append("")
    lines += _wrap(words, 79)
    return "\n".join(lines) + "\n"


def _no_random() -> random.Random:
    """A plain start (no weights, no Take-One) draws nothing from it."""
    return random.Random(0)


def _wrap(words: list[str], width: int) -> list[str]:
    out: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        out.append(line)
    return out


_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_MOVE = re.compile(r"\d+(?:[-x]\d+)+")


def parse_tags(text: str) -> dict[str, str]:
    """The tag pairs of the first game, unquoted."""
    tags: dict[str, str] = {}
    for match in _TAG.finditer(_first_game(text)[0]):
        tags.setdefault(match.group(1), re.sub(r"\\(.)", r"\1", match.group(2)))
    return tags


def _first_game(text: str) -> tuple[str, str]:
    """(tag section, move text) of the first game in a file."""
    text = text.lstrip("\ufeff")
    pos = 0
    while True:
        m = re.compile(r"\s*(\[[^\]\n]*\])").match(text, pos)
        if not m:
            break
        pos = m.end()
    head, rest = text[:pos], text[pos:]
    # The move text ends where the next game's tags begin.
    nxt = re.search(r"\n\s*\[\s*\w+\s+\"", rest)
    return head, rest[:nxt.start()] if nxt else rest


def _strip_comments(moves: str) -> str:
    out = []
    depth = 0
    i = 0
    while i < len(moves):
        ch = moves[i]
        if ch == "{":
            end = moves.find("}", i)
            i = len(moves) if end < 0 else end + 1
            out.append(" ")
            continue
        if ch == ";" and depth == 0:
            end = moves.find("\n", i)
            i = len(moves) if end < 0 else end + 1
            out.append(" ")
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
            out.append(" ")
        elif depth == 0:
            out.append(ch)
        i += 1
    return "".join(out)


def _start(tags: dict[str, str]) -> R.Game:
    rows = cols = 8
    kind = tags.get("GameType", "21").strip()
    fields = [f.strip() for f in kind.split(",")]
    if fields[0] != "21":
        raise PdnError(f"GameType {kind!r} is not English draughts (21)")
    if len(fields) >= 4:
        try:
            cols, rows = int(fields[2]), int(fields[3])
        except ValueError:
            raise PdnError(f"cannot read the board size in GameType {kind!r}") from None
        if rows not in (6, 8) or cols not in (6, 8):
            raise PdnError(f"GameType {kind!r}: the board must be 6 or 8 rows and columns")
    variant = tags.get("Variant", "").lower()
    fen = tags.get("FEN")
    if fen is None:
        if "weckers" in variant:
            raise PdnError("a Weckers game needs its FEN tag (it holds the weights)")
        if "take-one" in variant:
            raise PdnError("a Take-One game needs its FEN tag (it shows the piece taken)")
        return R.new_game(R.Options(rows, cols), _no_random())
    if (rows, cols) != (8, 8) and not re.match(r"\s*\d+[xX]\d+:", fen):
        fen = f"{rows}x{cols}:{fen}"       # a plain PDN FEN on a board named by GameType
    try:
        game = R.parse_fen(fen)
    except R.FenError as err:
        raise PdnError(f"FEN tag: {err}") from None
    if (game.options.rows, game.options.cols) != (rows, cols) and "GameType" in tags:
        raise PdnError(f"the FEN is {game.options.rows}x{game.options.cols} but GameType "
                       f"says {rows}x{cols}")
    if "take-one" in variant:
        # Take-One is not in a FEN; it matters for the Weckers Two game point's range.
        try:
            game = replace(game, options=replace(game.options, take_one=True))
        except R.OptionsError as err:
            raise PdnError(f"Variant tag: {err}") from None
    return game


def parse_pdn(text: str) -> Record:
    """The first game of a PDN text as a record, on its last position."""
    head, body = _first_game(text)
    if not head.strip() and not _MOVE.search(body):
        raise PdnError("no PDN game found (no tags and no moves)")
    tags = parse_tags(text)
    record = Record.starting(_start(tags))
    result = tags.get("Result", "*").strip()
    for n, token in enumerate(_strip_comments(body).split(), start=1):
        if token in RESULTS or token == "*":
            result = token
            break
        if re.fullmatch(r"\d+\.+", token) or token.startswith("$"):
            continue
        word = token.rstrip("!?*").lstrip("0123456789.") if "." in token else \
            token.rstrip("!?*")
        if not _MOVE.fullmatch(word):
            raise PdnError(f"cannot read {token!r} as a move (word {n})")
        game = record.current
        if game.over:
            raise PdnError(f"{word} comes after the end of the game")
        try:
            record.play(R.parse_move(game, word))
        except R.IllegalMoveError as err:
            ply = len(record.moves()) + (0 if record.first.turn == R.BLACK else 1)
            raise PdnError(f"move {ply // 2 + 1} ({word}): {err}") from None
    if result not in RESULTS and result != "*":
        raise PdnError(f"unknown result {result!r} (1-0, 0-1, 1/2-1/2 or *)")
    game = record.current
    if result in RESULTS and not game.over:
        winner = RESULTS[result]
        if winner is None:
            record.end(R.agree_draw(game))
        else:
            record.end(R.resign(game, R.other(winner)))
    return record


def read_pdn_file(path: str | Path) -> Record:
    """The first game of a PDN file; a file that cannot be read is a ``PdnError`` too."""
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        raise PdnError(f"cannot read {path}: {err.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("cp437")          # old DOS files
    return parse_pdn(text)
