"""Screenshot tests for any terminal program: run it on an 80x25 pty, type a key script,
read the final screen into the char+attr buffer (see docs/capture.md).

    >>> from retro.capture import capture
    >>> result = capture(["printf", "hello"], settle_ms=50)
    >>> result.screen.read(0)[:5], result.ended()
    ('hello', 'printf exited with status 0')

``capture`` returns a ``CaptureResult`` whose ``screen`` the golden plugin's
``assert_screen`` takes as it is.  ``retro capture`` is the same on the command line.

Imports from retro: ``retro.pc``, ``retro.pictures``, ``retro.screenfiles`` and
``retro.frontends`` only.
"""

from retro.capture.session import (
    CLEAN_ENVIRONMENT,
    DEFAULT_SETTLE_MS,
    DEFAULT_TIMEOUT_S,
    CaptureError,
    CaptureResult,
    capture,
    clean_environment,
)

__all__ = ["CLEAN_ENVIRONMENT", "DEFAULT_SETTLE_MS", "DEFAULT_TIMEOUT_S", "CaptureError",
           "CaptureResult", "capture", "clean_environment"]
