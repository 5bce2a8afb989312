"""Every docstring example in retro's modules runs, as python-chess's do."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import sys

import pytest

import retro

#: Modules that need a display or are scripts, never imported by the suite's doctest run.
SKIP = {"retro.frontends.window", "retro.cli"}


def _modules() -> list[str]:
    return sorted(info.name for info in pkgutil.walk_packages(retro.__path__, "retro.")
                  if info.name not in SKIP and not info.name.endswith("__main__"))


def test_every_export_is_listed_and_loads() -> None:
    assert sorted(retro.__all__) == sorted([*retro._EXPORTS, "__version__"])
    for name in retro._EXPORTS:
        assert getattr(retro, name) is not None


def test_the_public_api_is_exported() -> None:
    from retro import Click, IllegalMoveError, Key, Machine, Program, RulesError, run
    from retro.pc.machine import Machine as M

    assert Machine is M and callable(run) and issubclass(IllegalMoveError, RulesError)
    assert Key("F1") != Click(0, 0) and Program.__name__ == "Program"


def test_importing_retro_loads_neither_numpy_nor_pygame() -> None:
    import subprocess

    code = "import sys, retro; print('numpy' in sys.modules, 'pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.split() == ["False", "False"]


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert failures == 0
