"""Fixtures for every unit test: the compiled translations the tests read."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_tool(name: str) -> ModuleType:
    """A script of ``tools/`` as a module (they are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(
        f"gin_tools_{name}", ROOT / "tools" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs() -> None:
    """The .mo files the Translator reads, compiled from the current .po files, so that no
    test reads translations older than the catalogs (the .mo files are build outputs)."""
    load_tool("i18n").compile_catalogs(quiet=True)
