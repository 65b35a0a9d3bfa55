"""The project's tools: run as scripts (``python tools/build.py``), imported by tests."""
