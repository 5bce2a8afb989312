"""Save files: the user's data folder, atomic writes, a lock, and recovery.

Files keep the manuals' names (``YUCKY.SCR``, ``PIGPOKER.SCR``...).  The folder is the
platform's per-user data folder, or ``$RETRO_HOME`` when set (tests always set it).

Safety rules: a write goes to a temporary file in the same folder, is flushed to disk and
then replaces the old file in one step, so a crash leaves either the old or the new file.
Read-modify-write cycles hold an exclusive lock so two running copies never lose an update.
A file that cannot be read is never overwritten: it is moved aside (``NAME.bad-1``...) with a
notice, and the game starts fresh.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

APP_NAME = "retro"


def default_root() -> Path:
    """``$RETRO_HOME`` if set, else the platform's user data folder for retro."""
    home = os.environ.get("RETRO_HOME")
    if home:
        return Path(home)
    import platformdirs  # imported late: only programs that save need it

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class StoreError(OSError):
    """A save folder or file problem, with a message a player can act on."""


class Store:
    """One save folder."""

    def __init__(self, root: Path | str | None = None,
                 notify: Callable[[str], None] | None = None) -> None:
        self.root = Path(root) if root is not None else default_root()
        self._notify = notify
        self.last_notice: str | None = None

    def path(self, name: str) -> Path:
        if not name or "/" in name or "\\" in name or name.startswith("."):
            raise ValueError(f"not a plain file name: {name!r}")
        return self.root / name

    def exists(self, name: str) -> bool:
        return self.path(name).exists()

    def read(self, name: str) -> bytes | None:
        """The file's bytes, or None if there is none."""
        try:
            return self.path(name).read_bytes()
        except FileNotFoundError:
            return None
        except OSError as err:
            raise StoreError(f"cannot read {self.path(name)}: {err.strerror}") from err

    def save(self, name: str, data: bytes) -> None:
        """Replace the file atomically (temp file, fsync, rename)."""
        target = self.path(name)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.root)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, target)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
            with contextlib.suppress(OSError):  # make the rename itself durable
                dir_fd = os.open(self.root, os.O_RDONLY)
                try:
                    os.fsync(dir_fd)
                finally:
                    os.close(dir_fd)
        except OSError as err:
            raise StoreError(f"cannot save {target}: {err.strerror or err}") from err

    def delete(self, name: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path(name).unlink()

    @contextlib.contextmanager
    def locked(self, name: str) -> Iterator[None]:
        """Hold an exclusive lock on ``name`` (a ``.NAME.lock`` file beside it)."""
        self.root.mkdir(parents=True, exist_ok=True)
        lock_path = self.root / f".{name}.lock"
        with open(lock_path, "a+b") as lock:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)

    def quarantine(self, name: str, why: str) -> Path:
        """Move an unreadable file aside (never delete it) and give a notice."""
        source = self.path(name)
        n = 1
        while (aside := self.root / f"{name}.bad-{n}").exists():
            n += 1
        os.replace(source, aside)
        self._say(f"{name} could not be read ({why}); it was moved to {aside} "
                  "and a fresh one will be started.")
        return aside

    def load(self, name: str, parse: Callable[[bytes], T]) -> T | None:
        """Parse the file; None if absent; an unparsable file is moved aside (see above).

        ``parse`` signals a bad file by raising ``ValueError`` (``UnicodeDecodeError`` and
        ``json.JSONDecodeError`` are ValueErrors too).
        """
        data = self.read(name)
        if data is None:
            return None
        try:
            return parse(data)
        except ValueError as err:
            self.quarantine(name, str(err) or type(err).__name__)
            return None

    def update(self, name: str, parse: Callable[[bytes], T], change: Callable[[T | None], T],
               dump: Callable[[T], bytes]) -> T:
        """Read, change and save under the lock, so concurrent copies never lose an update.

        ``change`` receives the current value (None if absent or moved aside as unreadable)
        and returns the new one; if it raises, nothing is written.
        """
        with self.locked(name):
            value = change(self.load(name, parse))
            self.save(name, dump(value))
            return value

    def _say(self, message: str) -> None:
        self.last_notice = message
        if self._notify:
            self._notify(message)
