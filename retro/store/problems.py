"""Turning disk errors and parse errors into short reasons a player can act on.

A reason names the thing that is wrong in plain words ("the disk is full", "/home/me/x is a
file, not a folder", "byte 3 is not plain text"); it never carries Python's own text such as
``'ascii' codec can't decode byte 0xff``.
"""

from __future__ import annotations

import errno
import json
from pathlib import Path


def blocking_file(path: Path) -> Path | None:
    """The first part of ``path`` that exists but is not a folder (``/x/file`` in
    ``/x/file/y/Z``), or None."""
    for part in [*reversed(path.parents), path]:
        try:
            if part.exists() and not part.is_dir():
                return part
        except OSError:
            return None
    return None


def os_reason(err: OSError, path: Path) -> str:
    """What went wrong with ``path`` (a file or the folder it lives in), in a few words."""
    code = err.errno
    if code in (errno.ENOTDIR, errno.EEXIST):
        blocker = blocking_file(path)
        if blocker is not None:
            return f"{blocker} is a file, not a folder"
    if code in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if code == errno.EROFS:
        return "the disk is read-only"
    if code in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    if code == errno.EISDIR:
        return f"{path} is a folder, not a file"
    if code == errno.ENAMETOOLONG:
        return "the path is too long"
    if code == errno.EIO:
        return "the disk reported an input/output error"
    if code == errno.ENOENT:   # the folder, or (for a file to read) the file itself
        return f"{path.parent} does not exist" if not path.parent.is_dir() else \
            "there is no such file"
    if code == errno.ELOOP:
        return "the path loops through symbolic links"
    return (err.strerror or type(err).__name__).lower()


def parse_reason(err: ValueError) -> str:
    """Why a file's contents were refused, in words (parse errors name line and field)."""
    if isinstance(err, UnicodeDecodeError):
        return f"byte {err.start + 1} is not plain text"
    if isinstance(err, json.JSONDecodeError):
        return f"it is not valid JSON (line {err.lineno}, column {err.colno})"
    return str(err) or "it is not in the expected form"
