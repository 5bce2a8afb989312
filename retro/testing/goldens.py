"""Golden files of the pytest plugin: where they are, what they are called, and the record
of a run (what each test used and wrote) that decides which golden files no test uses.

Kept apart from ``retro.testing.pytest_plugin`` so the rules can be read (and tested) without the
hooks around them.  A run's record is plain data that crosses from pytest-xdist workers to
the controller as JSON-ready dicts.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Files that mark a project's root folder when no ini file configures pytest.
ROOT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")
#: Characters a name part keeps; every other one becomes ``_`` (safe on every filesystem).
_UNSAFE = re.compile(r"[^A-Za-z0-9._\-\[\]=,+@ ]")
#: A name part longer than this is cut and ends with a hash of the whole, to stay unique.
MAX_PART = 120
#: The suffix of the second, third ... unnamed golden of one test.
_REPEAT = re.compile(r"-\d+$")


class GoldenNameError(ValueError):
    """A golden name that cannot be used: outside the golden folder, empty, or taken."""


def project_base(config_inipath: Path | None, test_file: Path) -> Path:
    """The folder golden paths start from: the ini file's folder, else the project root
    (the nearest folder above the test holding a ``ROOT_MARKERS`` file), else the test's."""
    if config_inipath is not None:
        return config_inipath.parent
    test_file = test_file.resolve()
    for folder in test_file.parents:
        if any((folder / marker).exists() for marker in ROOT_MARKERS):
            return folder
    return test_file.parent


def golden_folder(setting: str, config_inipath: Path | None, test_file: Path) -> Path:
    """The golden folder: ``setting`` (the ``retro_golden_dir`` ini value) as it is when
    absolute, else taken from ``project_base``."""
    path = Path(setting)
    if path.is_absolute():
        return path
    return project_base(config_inipath, test_file) / path


def safe_part(text: str) -> str:
    """``text`` as one file or folder name: unsafe characters become ``_``, no leading dot,
    no trailing dot or space, and at most ``MAX_PART`` characters (a long one keeps a hash
    of the whole, so two long names stay apart)."""
    part = _UNSAFE.sub("_", text).rstrip(" .") or "_"
    if part.startswith("."):
        part = "_" + part[1:]
    if len(part) > MAX_PART:
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
        part = f"{part[:MAX_PART - 13]}~{digest}"
    return part


def module_folder(base: Path, test_file: Path) -> Path:
    """The folder (relative to the golden folder) of a test module's unnamed goldens: the
    module's path from ``base`` without ``.py``, each part made safe; a module outside
    ``base`` uses its file name alone."""
    test_file = test_file.resolve()
    try:
        parts = test_file.relative_to(base.resolve()).with_suffix("").parts
    except ValueError:
        parts = (test_file.stem,)
    return Path(*(safe_part(part) for part in parts))


def golden_key(names: list[str]) -> str:
    """The file name (without ``.txt``) of a test's first unnamed golden: its classes and
    its name with the parameters, joined by dots (``TestMenu.test_opens[mono]``)."""
    return safe_part(".".join(names))


def owner_key(stem: str) -> str:
    """The test key a golden file's stem belongs to (``test_x[a]-2`` -> ``test_x[a]``)."""
    return _REPEAT.sub("", stem)


def resolve_name(folder: Path, name: str) -> Path:
    """``<folder>/<name>.txt``, refused when the name is empty or resolves outside the
    golden folder (``..``, an absolute path, a symbolic link leading out)."""
    __tracebackhide__ = True
    if not name or "\x00" in name:
        raise GoldenNameError(f"golden name {name!r} is empty or holds a NUL character")
    path = folder / f"{name}.txt"
    inside = folder.resolve()
    if not path.resolve().is_relative_to(inside):
        raise GoldenNameError(
            f"golden name {name!r} resolves to {path.resolve()}, outside the golden folder "
            f"{inside}; give a name inside it")
    return path


@dataclass
class GoldenLog:
    """What one process saw during a run; a controller merges its workers' logs.

    Paths are kept as strings of resolved paths, so the log travels as JSON.
    """

    folders: set[str] = field(default_factory=set)
    #: golden file -> the tests that used it (written or compared), first user first.
    uses: dict[str, list[str]] = field(default_factory=dict)
    written: list[tuple[str, str]] = field(default_factory=list)
    changed: list[tuple[str, str]] = field(default_factory=list)
    unchanged: int = 0
    #: folder of a collected module's unnamed goldens -> the module file.
    modules: dict[str, str] = field(default_factory=dict)
    #: every test found in a collected module (node id -> [module folder, test key]).
    tests: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: classes whose tests were collected ("<module folder>::<Class.Nested>").
    classes: set[str] = field(default_factory=set)
    selected: set[str] = field(default_factory=set)
    passed: set[str] = field(default_factory=set)
    deselected: int = 0
    collect_errors: int = 0
    #: modules skipped as a whole (an import that failed on purpose, a platform).
    skipped_modules: int = 0
    #: failing screens for ``--golden-report`` (see ``retro.testing.golden_report``).
    failures: list[dict[str, Any]] = field(default_factory=list)

    def use(self, path: Path, test: str) -> str | None:
        """Note that ``test`` used ``path``; returns another test that used it before."""
        users = self.uses.setdefault(str(path.resolve()), [])
        other = next((user for user in users if user != test), None)
        if test not in users:
            users.append(test)
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "folders": sorted(self.folders), "uses": self.uses,
            "written": self.written, "changed": self.changed, "unchanged": self.unchanged,
            "modules": self.modules, "tests": self.tests, "classes": sorted(self.classes),
            "selected": sorted(self.selected), "passed": sorted(self.passed),
            "deselected": self.deselected, "collect_errors": self.collect_errors,
            "skipped_modules": self.skipped_modules,
            "failures": self.failures,
        }

    def merge(self, data: dict[str, Any]) -> None:
        """Add a worker's ``to_json`` to this log."""
        self.folders.update(data["folders"])
        for path, users in data["uses"].items():
            mine = self.uses.setdefault(path, [])
            mine += [user for user in users if user not in mine]
        self.written += [(test, path) for test, path in data["written"]]
        self.changed += [(test, path) for test, path in data["changed"]]
        self.unchanged += data["unchanged"]
        self.modules.update(data["modules"])
        self.tests.update({k: (v[0], v[1]) for k, v in data["tests"].items()})
        self.classes.update(data["classes"])
        self.selected.update(data["selected"])
        self.passed.update(data["passed"])
        # Every worker collects (and deselects) the same tests: count them once.
        self.deselected = max(self.deselected, data["deselected"])
        self.collect_errors = max(self.collect_errors, data["collect_errors"])
        self.skipped_modules = max(self.skipped_modules, data["skipped_modules"])
        self.failures += data["failures"]

    def shared(self) -> dict[str, list[str]]:
        """Golden files that more than one test used (an error: they would overwrite)."""
        return {path: users for path, users in self.uses.items() if len(users) > 1}


@dataclass
class Unused:
    """The verdict of ``find_unused``: the files no test uses, and what was not judged."""

    files: list[Path]
    #: named goldens not judged, and why (empty when the run was whole).
    named_not_judged: int
    why_not_whole: str


def why_not_whole(log: GoldenLog, *, paths_given: bool) -> str:
    """Why the run does not show every use of a named golden; ``""`` when it does."""
    reasons = []
    if paths_given:
        reasons.append("paths or node ids were given")
    if log.deselected:
        reasons.append(f"{log.deselected} test(s) deselected")
    if log.collect_errors:
        reasons.append(f"{log.collect_errors} collection error(s)")
    if log.skipped_modules:
        reasons.append(f"{log.skipped_modules} module(s) skipped")
    not_passed = len(log.selected - log.passed)
    if not_passed:
        reasons.append(f"{not_passed} test(s) did not pass")
    return ", ".join(reasons)


#: How a golden dump's first line starts (``retro.screenfiles.dump``, any version).
DUMP_HEADER = "retro-screen "


def is_golden_dump(path: Path) -> bool:
    """Whether ``path`` is a screen dump: its first line is a retro-screen header.  A
    README.txt or notes kept in the golden folder are not, and are never listed or deleted."""
    try:
        with path.open("rb") as file:
            return file.read(len(DUMP_HEADER)) == DUMP_HEADER.encode()
    except OSError:
        return False


def find_unused(log: GoldenLog, *, paths_given: bool) -> Unused:
    """Golden dumps (``is_golden_dump``) under the run's golden folders that no test uses.

    An unnamed golden (in the folder of a collected module) is judged by its test: unused
    when no test of the module has its name any more, or when that test passed without
    using it; a golden of a test that did not run or did not pass is left alone.  A named
    golden can belong to any test, so it is judged only in a whole run (no paths or node
    ids given, nothing deselected, every test passed, no module skipped).
    """
    reasons = why_not_whole(log, paths_given=paths_given)
    owners: dict[tuple[str, str], list[str]] = {}
    for test, (folder, key) in log.tests.items():
        owners.setdefault((folder, key), []).append(test)
    files: list[Path] = []
    not_judged = 0
    for root in sorted(log.folders):
        if not Path(root).is_dir():
            continue
        for path in sorted(Path(root).rglob("*.txt")):
            resolved = path.resolve()
            if str(resolved) in log.uses or not is_golden_dump(path):
                continue
            folder = str(resolved.parent)
            if folder in log.modules:
                key = owner_key(resolved.stem)
                classes = key.split("[")[0].split(".")[:-1]
                if classes and f"{folder}::{'.'.join(classes)}" not in log.classes:
                    continue        # a class of the module that was not collected
                tests = owners.get((folder, key), [])
                if all(test in log.passed for test in tests):
                    files.append(path)
            elif reasons:
                not_judged += 1
            else:
                files.append(path)
    return Unused(files, not_judged, reasons)


def prune(files: list[Path], folders: set[str]) -> list[Path]:
    """Delete the golden dumps among ``files`` (``is_golden_dump``: never another file) and
    the folders they leave empty (never a golden folder itself); returns the files deleted."""
    roots = {Path(folder).resolve() for folder in folders}
    deleted = []
    for path in files:
        if not is_golden_dump(path):
            continue
        path.unlink()
        deleted.append(path)
        parent = path.resolve().parent
        while parent not in roots and any(parent.is_relative_to(r) for r in roots):
            try:
                parent.rmdir()
            except OSError:
                break
            parent = parent.parent
    return deleted
