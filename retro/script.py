"""``retro.script``, the documented import path of ``retro.frontends.script``.

The code lives in ``retro.frontends.script``; this module only re-exports its public names,
so that what README.md and docs/ show keeps working.
"""

from retro.frontends.script import (
    DEFAULT_MAX_SECONDS,
    DEFAULT_UNTIL_MS,
    Chord,
    Expect,
    ExpectFailed,
    RunResult,
    ScriptError,
    Step,
    Wait,
    drive,
    headless_steps,
    make_machine,
    parse,
    parse_tokens,
    run,
)

__all__ = [
    "DEFAULT_MAX_SECONDS",
    "DEFAULT_UNTIL_MS",
    "Chord",
    "Expect",
    "ExpectFailed",
    "RunResult",
    "ScriptError",
    "Step",
    "Wait",
    "drive",
    "headless_steps",
    "make_machine",
    "parse",
    "parse_tokens",
    "run",
]
