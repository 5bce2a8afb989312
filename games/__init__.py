"""The five games of the collection, each a package registered as a ``retro.programs``
entry point (see ``pyproject.toml``)."""
