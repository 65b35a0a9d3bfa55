"""The page's own standard library (static/stdlib.zip.gz, tools/stdlib.py): every module the
page's Python may import is in it, a missing one fails this test, and the file is bytecode
of the vendored Pyodide, stored so that its gzip compresses across files, and the same
from build to build."""

from __future__ import annotations

import gzip
import io
import json
import zipfile
from pathlib import Path

import pytest

from tools import build, stdlib

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def shipped() -> zipfile.ZipFile:
    if not stdlib.STDLIB.exists() or not stdlib.REPORT.exists():
        pytest.fail("static/stdlib.zip.gz is missing: run `make setup` (or make site)")
    return zipfile.ZipFile(io.BytesIO(gzip.decompress(stdlib.STDLIB.read_bytes())))


@pytest.fixture(scope="module")
def page_sources() -> dict[str, str]:
    """The page's Python: the bundle's modules and PyScript's own package."""
    members = build._bundle_members(ROOT / "gin")
    return stdlib.bundle_sources(members) | stdlib.pyscript_sources(
        build.NODE_MODULES / build.PYSCRIPT_PACKAGE / "dist"
    )


def modules_of(archive: zipfile.ZipFile) -> set[str]:
    return stdlib.stdlib_modules(archive)


def test_every_module_the_page_may_import_is_shipped(
    shipped: zipfile.ZipFile, page_sources: dict[str, str]
) -> None:
    names = stdlib.page_imports(page_sources)
    # The page's parts that import only when used are in there: the rules page, the
    # review, statistics, translations, the game record.
    assert {"gettext", "json", "hashlib", "random"} <= names
    assert any(path.startswith("gin/web/rules_page") for path in page_sources)
    assert "pyscript/__init__.py" in page_sources
    built_in = set(json.loads(stdlib.REPORT.read_text())["builtins"])
    with zipfile.ZipFile(stdlib.FULL_STDLIB) as full:
        gaps = stdlib.missing(names, modules_of(shipped), stdlib.stdlib_modules(full), built_in)
    assert gaps == []


def test_a_module_the_page_imports_and_the_file_lacks_fails_the_check(
    shipped: zipfile.ZipFile,
) -> None:
    with zipfile.ZipFile(stdlib.FULL_STDLIB) as full:
        everything = stdlib.stdlib_modules(full)
    built_in = set(json.loads(stdlib.REPORT.read_text())["builtins"])
    names = stdlib.page_imports(
        {
            "gin/new_feature.py": (
                "from html import escape\n"  # a name defined in a shipped module: fine
                "import js\n"  # the page's own
                "def later():\n"
                "    import wave\n"  # inside a function: still the page's import
                "    from email import message_from_string\n"
            )
        }
    )
    gaps = stdlib.missing(names, modules_of(shipped), everything, built_in)
    assert gaps == ["email", "email.message_from_string", "wave"]
    # And a module that was shipped and is no longer.
    assert stdlib.missing({"gettext"}, modules_of(shipped) - {"gettext"}, everything, built_in)


def test_imports_are_read_at_any_depth_and_relative_ones_made_absolute() -> None:
    source = (
        "import a.b as c\n"
        "from . import sibling\n"
        "from ..table import state\n"
        "class K:\n"
        "    def m(self):\n"
        "        from statistics import mean\n"
    )
    names = stdlib.imported_names(source, "gin/web/app.py")
    assert names == {
        "a.b",
        "gin.web",
        "gin.web.sibling",
        "gin.table",
        "gin.table.state",
        "statistics",
        "statistics.mean",
    }
    assert stdlib.page_imports({"gin/web/app.py": source}) == {
        "a.b",
        "statistics",
        "statistics.mean",
    }


def test_the_file_is_the_vendored_pythons_bytecode_stored_in_one_gzip(
    shipped: zipfile.ZipFile,
) -> None:
    packed = stdlib.STDLIB.read_bytes()
    assert packed[:2] == b"\x1f\x8b" and packed[4:8] == b"\0\0\0\0"  # gzip, no time stamp
    files = [info for info in shipped.infolist() if not info.is_dir()]
    assert files and all(info.filename.endswith(".pyc") for info in files)
    assert {info.compress_type for info in files} == {zipfile.ZIP_STORED}
    assert [info.filename for info in files] == sorted(info.filename for info in files)
    # Only what the page imports: a fraction of Pyodide's 559 modules, none of its tests.
    assert 100 < len(files) < 300
    assert not [info.filename for info in files if info.filename.startswith(("test/", "unittest/"))]
    # Frozen into the interpreter, never read from the zip: not shipped.
    assert "os.pyc" not in shipped.namelist()
    # Bytecode of the Python inside the vendored Pyodide (its magic number), named where the
    # page mounts it.
    with zipfile.ZipFile(stdlib.FULL_STDLIB) as full:
        assert "json/__init__.py" in full.namelist()
    code = shipped.read("json/__init__.pyc")
    assert b"/lib/python3" in code and b".zip/json/__init__.py" in code


def test_the_same_files_give_the_same_zip() -> None:
    files = {"b/c.pyc": b"2", "a.pyc": b"1"}
    first = stdlib.stored_zip(files)
    assert stdlib.stored_zip(dict(reversed(files.items()))) == first
    names = zipfile.ZipFile(io.BytesIO(first)).namelist()
    assert names == ["b/", "a.pyc", "b/c.pyc"]


def test_pyscripts_python_is_read_from_its_core_chunk(tmp_path: Path) -> None:
    chunk = tmp_path / "core-X.js"
    chunk.write_text(
        'x=1;wo(".",{pyscript:{"__init__.py":"import js\\nfrom pyscript.ffi import to_js",'
        '"ffi.py":"def to_js(x):\\n\\treturn \\"x\\""}});'
    )
    assert stdlib.pyscript_sources(tmp_path) == {
        "pyscript/__init__.py": "import js\nfrom pyscript.ffi import to_js",
        "pyscript/ffi.py": 'def to_js(x):\n\treturn "x"',
    }
    chunk.write_text("no python here")
    with pytest.raises(SystemExit, match="PyScript's Python package was not found"):
        stdlib.pyscript_sources(tmp_path)
