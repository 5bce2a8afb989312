"""Save files: the user's data folder, atomic writes, a lock, recovery and failure reports.

Files keep the manuals' names (``YUCKY.SCR``, ``PIGPOKER.SCR``...).  The folder is the
platform's per-user data folder, or ``$RETRO_HOME`` when set (tests always set it).

Safety rules:

- a write goes to a temporary file in the same folder (``.NAME.PID.xxxx.tmp``, locked by its
  writer while it is written), is flushed to disk and then replaces the old file in one step,
  so a crash leaves either the old or the new file.  A temporary file left by a killed writer
  is removed the next time the file is opened: only when no one holds its lock and its
  writer is gone (or it is older than ``STALE_TEMP_S``), never a live writer's;
- read-modify-write cycles hold an exclusive lock (``.NAME.lock``), so two running copies
  never lose an update; the lock is re-entrant within one thread;
- a file that cannot be read, or that reads but fails its schema, is never overwritten: it is
  moved aside (``NAME.bad-1``...) with a notice, and the game starts fresh;
- only regular files are read: a FIFO, socket or device in a save file's place is never
  opened in a way that blocks, and is moved aside as damaged;
- a save file that is a symbolic link is followed: the save is written beside the link's
  target and renamed onto it, so the link keeps receiving the saves;
- the disk never stops a game: a save, a lock or a read that fails (permission, no space, a
  path through a regular file) is reported once per file and reason through ``notify``, in
  one line naming the folder and the reason, and play goes on without saving.
"""

from __future__ import annotations

import contextlib
import enum
import errno
import fcntl
import os
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Generic, TypeVar

from retro.store.problems import os_reason, parse_reason
from retro.store.schema import MAX_FILE_BYTES

T = TypeVar("T")

APP_NAME = "retro"
#: A temporary file whose writer cannot be told gone is removed once it is this old.
STALE_TEMP_S = 10.0


def default_root() -> Path:
    """``$RETRO_HOME`` if set, else the platform's user data folder for retro."""
    home = os.environ.get("RETRO_HOME")
    if home:
        return Path(home)
    import platformdirs  # imported late: only programs that save need it

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class StoreError(OSError):
    """A save folder or file problem, with a message a player can act on."""


class NotRegularFile(OSError):
    """The save file's name holds something that is not a regular file (a FIFO, a socket,
    a device): it is never opened for real reading, so it never blocks a game."""

    def __init__(self, path: Path, kind: str) -> None:
        super().__init__(errno.EINVAL, f"{path} is {kind}, not a regular file", str(path))
        self.reason = f"it is {kind}, not a regular file"


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in a few words."""
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def _read_regular(path: Path, limit: int) -> bytes:
    """Up to ``limit`` bytes of the regular file at ``path`` (symbolic links followed).

    A folder is refused as ``open`` refuses it (``IsADirectoryError``: the disk will not
    read it, so it is left alone); a FIFO, socket or device raises ``NotRegularFile``.

    Checked before opening (a FIFO's open would wait for a writer forever), opened without
    blocking all the same, and checked again on the open file, so a FIFO put in its place
    between the two steps is refused too; ``NotRegularFile`` for anything else.
    """
    mode = os.stat(path).st_mode
    if stat.S_ISDIR(mode):  # the disk's answer, as open() gives it: unavailable, kept
        raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
    if not stat.S_ISREG(mode):
        raise NotRegularFile(path, _kind(mode))
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile(path, _kind(mode))
        os.set_blocking(fd, True)
        with os.fdopen(os.dup(fd), "rb") as f:
            return f.read(limit + 1)
    finally:
        os.close(fd)


class Status(enum.Enum):
    MISSING = "missing"          # there is no such file (yet)
    LOADED = "loaded"            # read and passed its schema
    DAMAGED = "damaged"          # unreadable or failed its schema: moved aside
    UNAVAILABLE = "unavailable"  # the disk refused to read it (permission, not a folder...)


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What ``Store.load_result`` found.

    ``value`` is the parsed file (LOADED), what ``salvage`` recovered from a damaged one, or
    None.  ``reason`` says why a file was DAMAGED or UNAVAILABLE; ``aside`` is where a
    damaged file went (None if it could not be moved, in which case it is left alone and
    never overwritten); ``message`` is the notice given for it.
    """

    status: Status
    value: T | None = None
    reason: str | None = None
    aside: Path | None = None
    message: str | None = None

    @property
    def missing(self) -> bool:
        return self.status is Status.MISSING

    @property
    def loaded(self) -> bool:
        return self.status is Status.LOADED

    @property
    def damaged(self) -> bool:
        return self.status is Status.DAMAGED

    @property
    def unavailable(self) -> bool:
        return self.status is Status.UNAVAILABLE


@dataclass(frozen=True)
class Updated(Generic[T]):
    """What ``Store.update_result`` did: the new value, what was read, whether it was saved."""

    value: T
    loaded: Loaded[T]
    saved: bool
    problem: str | None = None   # the one-line report when it was not saved
    reason: str | None = None    # its reason alone ("the disk is full"), for a short message


# Locks held by this process, by (lock file, thread): flock is per open file, so a second
# open in the same thread would wait for itself.
_HELD: dict[tuple[str, int], tuple[IO[bytes], int]] = {}
_HELD_GUARD = threading.Lock()


def _write_file(fd: int, data: bytes) -> None:
    """Write all of ``data`` and flush it to the disk (a seam for fault-injection tests)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.fsync(fd)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


class Store:
    """One save folder."""

    def __init__(self, root: Path | str | None = None,
                 notify: Callable[[str], None] | None = None) -> None:
        self.root = Path(root) if root is not None else default_root()
        self._notify = notify
        self._reported: dict[tuple[str, str], str] = {}  # (name, reason) -> what was said
        self._problems: dict[str, tuple[str, str]] = {}  # name -> last failure: reason, report
        self._kept: set[str] = set()           # damaged files that could not be moved aside
        self._seen: dict[str, bytes] = {}      # what this store last read or wrote, by name

    # -- names and plain access ----------------------------------------------------------

    def path(self, name: str) -> Path:
        if not name or "/" in name or "\\" in name or name.startswith("."):
            raise ValueError(f"not a plain file name: {name!r}")
        return self.root / name

    def exists(self, name: str) -> bool:
        try:
            return self.path(name).exists()
        except OSError:
            return False

    def read(self, name: str) -> bytes | None:
        """The file's bytes, or None if there is none; ``StoreError`` if it cannot be read."""
        try:
            return self._read(name)
        except FileNotFoundError:
            return None
        except OSError as err:
            raise StoreError(f"cannot read {self.path(name)}: "
                             f"{os_reason(err, self.path(name))}") from err

    def _read(self, name: str, limit: int = MAX_FILE_BYTES) -> bytes:
        return _read_regular(self.path(name), limit)

    def _write_target(self, name: str) -> Path:
        """Where a save of ``name`` goes: the file itself, or, when its name is a symbolic
        link (dangling or not), the file the link points to, so the link keeps working."""
        target = self.path(name)
        if not target.is_symlink():
            return target
        resolved = Path(os.path.realpath(target))
        if resolved.is_symlink():  # a loop: realpath gave up
            raise OSError(errno.ELOOP, "Too many levels of symbolic links", str(target))
        return resolved

    def problem(self, name: str) -> str | None:
        """The report of the last failure to read, lock or save ``name`` (None after a
        success)."""
        return self._problems[name][1] if name in self._problems else None

    def problem_reason(self, name: str) -> str | None:
        """The reason alone of ``problem(name)`` ("the disk is full")."""
        return self._problems[name][0] if name in self._problems else None

    # -- writing -------------------------------------------------------------------------

    def save(self, name: str, data: bytes) -> bool:
        """Replace the file atomically (temp file, fsync, rename); False if it failed.

        A failure is reported once (per file and reason) and nothing else happens: the game
        plays on without saving.  A damaged file that could not be moved aside is never
        replaced.
        """
        target = self.path(name)
        if name in self._kept:
            self._report(name, "kept", f"{name} in {self.root} is damaged and could not be "
                         "moved aside, so it is left as it is; play goes on without saving.")
            return False
        try:
            self._make_root()
            target = self._write_target(name)
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.{os.getpid()}.", suffix=".tmp",
                                       dir=target.parent)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)  # tells cleaners a live writer owns it
                _write_file(fd, data)
                os.replace(tmp, target)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
            finally:
                os.close(fd)
            with contextlib.suppress(OSError):  # make the rename itself durable
                dir_fd = os.open(target.parent, os.O_RDONLY)
                try:
                    os.fsync(dir_fd)
                finally:
                    os.close(dir_fd)
        except OSError as err:
            self._cannot_save(name, err, target)
            return False
        self._problems.pop(name, None)
        self._seen[name] = data
        return True

    def delete(self, name: str, if_unchanged: bool = False) -> bool:
        """Remove the file if it is there; False if the disk refused (reported) or, with
        ``if_unchanged``, if another copy has written it since this store last read or
        wrote it (a saved game another copy saved again is not this copy's to remove)."""
        with self.locked(name):
            if if_unchanged:
                try:
                    current: bytes | None = self._read(name)
                except OSError:
                    current = None
                if current is not None and current != self._seen.get(name):
                    return False
            try:
                self._write_target(name).unlink()  # through a link: its target, not it
            except FileNotFoundError:
                pass
            except OSError as err:
                self._cannot_save(name, err, self.path(name))
                return False
            self._seen.pop(name, None)
            return True

    def _make_root(self) -> None:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except FileExistsError:  # the folder's own name is a regular file
            raise NotADirectoryError(errno.ENOTDIR, "Not a directory", str(self.root)) \
                from None

    # -- locking -------------------------------------------------------------------------

    @contextlib.contextmanager
    def locked(self, name: str) -> Iterator[bool]:
        """Hold an exclusive lock on ``name`` (a ``.NAME.lock`` file beside it).

        Yields True when the lock is held.  When it cannot be taken (the folder cannot be
        written) the problem is reported and the body still runs (yielding False): the
        change then lives in memory only, since its save will fail the same way.
        """
        self.path(name)  # checks the name
        lock_path = self.root / f".{name}.lock"
        key = (str(lock_path.absolute()), threading.get_ident())
        with _HELD_GUARD:
            held = _HELD.get(key)
            if held is not None:
                _HELD[key] = (held[0], held[1] + 1)
        if held is not None:
            try:
                yield True
            finally:
                with _HELD_GUARD:
                    f, depth = _HELD[key]
                    _HELD[key] = (f, depth - 1)
            return
        lock: IO[bytes] | None = None
        try:
            self._make_root()
            lock = open(lock_path, "a+b")  # noqa: SIM115 (held across the yield)
        except OSError as err:
            self._cannot_save(name, err, lock_path)
        if lock is None:
            yield False
            return
        try:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            with _HELD_GUARD:
                _HELD[key] = (lock, 1)
            yield True
        finally:
            with _HELD_GUARD:
                _HELD.pop(key, None)
            with contextlib.suppress(OSError):
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)
            lock.close()

    # -- reading with checks -------------------------------------------------------------

    def load(self, name: str, parse: Callable[[bytes], T]) -> T | None:
        """The parsed file, or None if it is absent, damaged (moved aside) or unreadable."""
        return self.load_result(name, parse).value

    def load_result(self, name: str, parse: Callable[[bytes], T],
                    salvage: Callable[[bytes], T] | None = None) -> Loaded[T]:
        """Read and check the file, telling missing, loaded, damaged and unavailable apart.

        ``parse`` signals a bad file by raising ``ValueError`` (``UnicodeDecodeError`` and
        ``json.JSONDecodeError`` are ValueErrors too; ``retro.store.schema`` raises them for
        values out of range).  A damaged file is moved aside with a notice; ``salvage``, if
        given, recovers what it can from the damaged bytes (the result's ``value``).
        """
        self.clean_temps(name)
        path = self.path(name)
        data: bytes | None
        value: T | None
        problem: str | None
        try:
            data = self._read(name)
        except FileNotFoundError:
            return Loaded(Status.MISSING)
        except NotRegularFile as err:
            data, value, problem = None, None, err.reason
        except OSError as err:
            why = os_reason(err, path)
            message = self._report(name, why,
                                   f"{name} cannot be read in {self.root}: {why}; the game "
                                   "starts without it (RETRO_HOME chooses another folder).")
            return Loaded(Status.UNAVAILABLE, reason=why, message=message)
        else:
            value, problem = self._parse(data, parse)
        if problem is None:
            assert data is not None
            self._seen[name] = data
            return Loaded(Status.LOADED, value)
        reason: str = problem
        with self.locked(name):
            # Another copy may have replaced or moved it meanwhile: look again under the lock.
            again: bytes | None
            try:
                again = self._read(name)
            except NotRegularFile as err:
                again, reason = None, err.reason
            except OSError:
                return Loaded(Status.DAMAGED, reason=reason)
            if again is not None and again != data:
                value, problem = self._parse(again, parse)
                if problem is None:
                    self._seen[name] = again
                    return Loaded(Status.LOADED, value)
                reason = problem
            data = again
            oversized = data is not None and len(data) > MAX_FILE_BYTES  # not worth reading
            salvaging = salvage is not None and data is not None and not oversized
            aside, message = self._move_aside(name, reason, salvaging)
        salvaged = None
        if salvage is not None and salvaging and data is not None:
            with contextlib.suppress(ValueError):
                salvaged = salvage(data)
        return Loaded(Status.DAMAGED, salvaged, reason, aside, message)

    @staticmethod
    def _parse(data: bytes, parse: Callable[[bytes], T]) -> tuple[T | None, str | None]:
        if len(data) > MAX_FILE_BYTES:
            return None, f"it is larger than any save file ({MAX_FILE_BYTES} bytes)"
        try:
            return parse(data), None
        except ValueError as err:
            return None, parse_reason(err)
        except RecursionError:
            return None, "it is nested too deeply to be a save file"

    def quarantine(self, name: str, why: str) -> Path | None:
        """Move an unreadable file aside (never delete it) and give a notice; the new name,
        or None if it could not be moved (it is then left alone and never overwritten)."""
        with self.locked(name):
            return self._move_aside(name, why)[0]

    def _move_aside(self, name: str, why: str,
                    salvaging: bool = False) -> tuple[Path | None, str]:
        source = self.path(name)
        try:
            aside = self._free_aside(name, source)
        except OSError as err:
            self._kept.add(name)
            message = (f"{name} in {self.root} could not be read ({why}) and could not be "
                       f"moved aside ({os_reason(err, source)}); it is left as it is.")
            self._say(message)
            return None, message
        self._kept.discard(name)
        then = ("what could still be read was carried over into a fresh one" if salvaging
                else "a fresh one will be started")
        message = f"{name} is damaged ({why}); it was moved to {aside}, and {then}."
        self._say(message)
        return aside, message

    def _free_aside(self, name: str, source: Path) -> Path:
        """Move ``source`` to the first free ``NAME.bad-N`` without ever replacing one."""
        n = 1
        while True:
            aside = self.root / f"{name}.bad-{n}"
            try:
                # fails if the name is taken: never clobbers; a symbolic link is moved
                # aside itself, its target left untouched
                os.link(source, aside, follow_symlinks=False)
            except FileExistsError:
                n += 1
                continue
            except OSError as err:
                if err.errno not in (errno.EPERM, errno.EXDEV, errno.EOPNOTSUPP, errno.EMLINK):
                    raise
                if os.path.lexists(aside):  # no hard links here: rename (we hold the lock)
                    n += 1
                    continue
                os.replace(source, aside)
                return aside
            os.unlink(source)
            return aside

    # -- read-modify-write ---------------------------------------------------------------

    def update(self, name: str, parse: Callable[[bytes], T], change: Callable[[T | None], T],
               dump: Callable[[T], bytes]) -> T:
        """Read, change and save under the lock, so concurrent copies never lose an update.

        ``change`` receives the current value (None if absent, moved aside or unreadable)
        and returns the new one; if it raises, nothing is written.  A disk problem never
        raises: the new value is returned all the same (see ``update_result``).
        """
        return self.update_result(name, parse, change, dump).value

    def update_result(self, name: str, parse: Callable[[bytes], T],
                      change: Callable[[T | None], T], dump: Callable[[T], bytes],
                      salvage: Callable[[bytes], T] | None = None) -> Updated[T]:
        """``update``, telling what was read and whether the new value was saved.

        A file the disk refused to read is not replaced (it may hold a good record).
        """
        with self.locked(name):
            loaded = self.load_result(name, parse, salvage)
            value = change(loaded.value)
            saved = not loaded.unavailable and self.save(name, dump(value))
        if saved:
            return Updated(value, loaded, True)
        return Updated(value, loaded, False, self.problem(name), self.problem_reason(name))

    # -- stale temporary files ------------------------------------------------------------

    def clean_temps(self, name: str) -> int:
        """Remove ``name``'s temporary files left by killed writers; how many went."""
        prefix = f".{name}."
        removed = 0
        try:
            entries = [e for e in os.scandir(self.root)
                       if e.name.startswith(prefix) and e.name.endswith(".tmp")]
        except OSError:
            return 0
        for entry in entries:
            pid_text = entry.name[len(prefix):].split(".", 1)[0]
            pid = int(pid_text) if pid_text.isdigit() else None
            if pid == os.getpid():
                continue  # ours: a save in another thread, or about to be renamed
            try:  # never blocks: a FIFO under a temporary file's name is left alone
                fd = os.open(entry.path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
            except OSError:
                continue  # renamed or removed meanwhile
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    continue
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    continue  # a live writer holds it
                age = time.time() - os.fstat(fd).st_mtime
                if (pid is not None and not _alive(pid)) or age > STALE_TEMP_S:
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)
                        removed += 1
            finally:
                os.close(fd)
        return removed

    # -- reports ---------------------------------------------------------------------------

    def _cannot_save(self, name: str, err: OSError, path: Path) -> None:
        reason = os_reason(err, path)
        self._report(name, reason, f"{name} cannot be saved in {self.root}: {reason}; play "
                     "goes on without saving (RETRO_HOME chooses another folder).")

    def _report(self, name: str, reason: str, message: str) -> str:
        """Remember the problem with ``name`` and say it, once per file and reason."""
        first = self._reported.get((name, reason))
        if first is None:
            self._reported[(name, reason)] = first = message
            self._say(message)
        self._problems[name] = (reason, first)  # the words the player has already seen
        return first

    def _say(self, message: str) -> None:
        if self._notify:
            self._notify(message)
