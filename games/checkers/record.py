"""The record of a game: every position it has passed through, for taking back and replaying.

A ``Game`` never changes, so the record simply keeps each one (a snapshot per ply) and a
pointer to the one on the board.  Taking back moves the pointer back; replaying moves it
forward again; a new move played after taking back replaces the moves that followed.
An ending without a move (a resignation, an agreed draw) is a snapshot of its own, so it
can be taken back like a move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from retro.games.checkers import rules as R


@dataclass
class Record:
    """Snapshots from the first position on; ``at`` is the one on the board."""

    games: list[R.Game]
    at: int = 0
    #: Plies without a capture or a man moving, at each snapshot (the computer offers a
    #: draw after a long quiet spell).
    quiet: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.quiet:
            self.quiet = [0] * len(self.games)
        assert len(self.quiet) == len(self.games) and 0 <= self.at < len(self.games)

    @classmethod
    def starting(cls, game: R.Game, quiet: int = 0) -> Record:
        return cls([game], 0, [quiet])

    @property
    def current(self) -> R.Game:
        return self.games[self.at]

    @property
    def first(self) -> R.Game:
        return self.games[0]

    @property
    def quiet_plies(self) -> int:
        return self.quiet[self.at]

    @quiet_plies.setter
    def quiet_plies(self, value: int) -> None:
        self.quiet[self.at] = value

    def moves(self) -> tuple[str, ...]:
        """The moves played since the first position, up to the one on the board."""
        return self.current.history[len(self.first.history):]

    def play(self, move: R.Move) -> R.Game:
        """Play a legal move on the current position (dropping anything taken back)."""
        game = self.current
        piece = game.position.piece_at(move.start)
        if piece is None:
            raise R.IllegalMoveError(f"{R.format_move(move)} does not start on a piece")
        quiet = 0 if move.is_capture or not piece[1] else self.quiet_plies + 1
        self._push(R.play(game, move), quiet)
        return self.current

    def end(self, game: R.Game) -> R.Game:
        """A result reached without a move (resigning, a draw agreed or called)."""
        assert game.over and game.history == self.current.history
        self._push(game, self.quiet_plies)
        return game

    def amend(self, game: R.Game) -> R.Game:
        """The current position with a note changed (a refused draw starts the watch)."""
        assert game.history == self.current.history
        del self.games[self.at + 1:]
        del self.quiet[self.at + 1:]
        self.games[self.at] = game
        return game

    def _push(self, game: R.Game, quiet: int) -> None:
        del self.games[self.at + 1:]
        del self.quiet[self.at + 1:]
        self.games.append(game)
        self.quiet.append(quiet)
        self.at += 1

    @property
    def can_take_back(self) -> bool:
        return self.at > 0

    @property
    def can_replay(self) -> bool:
        return self.at + 1 < len(self.games)

    def take_back(self) -> R.Game:
        if not self.can_take_back:
            raise R.IllegalMoveError("there is no move to take back")
        self.at -= 1
        return self.current

    def replay(self) -> R.Game:
        if not self.can_replay:
            raise R.IllegalMoveError("there is no move to replay")
        self.at += 1
        return self.current
