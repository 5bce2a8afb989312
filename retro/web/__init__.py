"""``retro serve``: the machine on a web page (see docs/web.md).

- ``retro.web.query``: a page's URL query, checked as the command line checks its words;
- ``retro.web.protocol``: the WebSocket messages, and the checks every browser message passes;
- ``retro.web.session``: one browser tab's machine, run in a process of its own;
- ``retro.web.server``: the aiohttp application, the session processes it starts, shutdown;
- ``retro.cli.serve``: the ``retro serve`` command line;
- ``static/``: the page, its script and style (no build step, no framework).

Imports from retro: every layer below the command line (``retro.pc``, ``retro.pictures``,
``retro.screenfiles``, ``retro.store``, ``retro.programs``, ``retro.frontends``).
"""
