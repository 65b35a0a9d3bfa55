"""The standard library the page ships: only what it can import, compiled, in one gzip file.

Pyodide's own ``python_stdlib.zip`` holds the sources of all 559 modules, deflated one by
one: 2.5 MB that a gzip server cannot make smaller, of which the page imports about a
third, and Python compiles each of those from source at every start (most of a bare
Pyodide page's start).  ``static/stdlib.zip.gz`` holds instead the modules the page can
import, as the vendored Pyodide's own bytecode, in a zip stored without compression and
gzipped as a whole (gzip across files does better than deflate file by file), and the
page passes it to ``loadPyodide`` as ``stdLibURL`` (``static/js/start.mjs``).

Which modules: ``tools/stdlib_probe.py`` runs in the vendored Pyodide and imports what the
page can import (Pyodide's own start, every module of the bundle, every module any
``import`` of the bundle or of PyScript's Python names, and the standard library's lazy
imports on the page's paths); what it imported is shipped.  :func:`missing` then checks
every name an ``import`` of the page's code names against what is shipped, and the build
fails on any that is not (``tests/test_stdlib.py`` runs the same check on the sources):
a module missing from the file fails the build or a test, never a player.
"""

from __future__ import annotations

import ast
import io
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FULL_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
STDLIB = ROOT / "static" / "stdlib.zip.gz"
REPORT = ROOT / "build" / "stdlib.json"
"""What the probe found (the modules, those built or frozen into the interpreter):
tests/test_stdlib.py reads it."""

# Where static/stdlib.zip.gz is mounted: tracebacks name its modules as they name Pyodide's.
MOUNTED = "/lib/python3{minor}.zip"

PAGE_PROVIDED = frozenset({"js", "pyscript", "polyscript", "_pyscript", "xworker", "table_dom"})
"""Modules the page provides at run time (Pyodide's ``js``, PyScript's packages, the table's
``static/js/table-dom.mjs``), never in the standard library."""

MICROPYTHON_ONLY = frozenset({"ujson", "uio", "ubinascii", "jsffi", "base"})
"""What PyScript's Python imports only under MicroPython (its sources serve both)."""

# PyScript's Python package, as its core chunk writes it into the file system at start:
# {pyscript:{"__init__.py":"...", ...}} (JSON string escapes only).
PYSCRIPT_TREE = re.compile(r"\{pyscript:\{((?:\"[\w.]+\.py\":\"(?:[^\"\\]|\\.)*\",?)+)\}")
PYSCRIPT_FILE = re.compile(r"\"([\w.]+\.py)\":(\"(?:[^\"\\]|\\.)*\")")

ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def pyscript_sources(folder: Path) -> dict[str, str]:
    """PyScript's own Python package (``pyscript/*.py``), read from its vendored core chunk."""
    found: dict[str, str] = {}
    for chunk in sorted(folder.glob("*.js")):
        for tree in PYSCRIPT_TREE.findall(chunk.read_text(encoding="utf-8")):
            for name, text in PYSCRIPT_FILE.findall(tree):
                found[f"pyscript/{name}"] = json.loads(text)
    if "pyscript/__init__.py" not in found:
        sys.exit(
            "tools/stdlib.py: PyScript's Python package was not found in its core chunk: "
            "re-check PYSCRIPT_TREE for this PyScript"
        )
    return found


def imported_names(source: str, path: str) -> set[str]:
    """Every absolute module name an ``import`` in ``source`` names, at any depth.

    ``from a.b import c`` gives ``a.b`` and ``a.b.c``: ``c`` may be a module or a name
    defined in ``a.b`` (:func:`missing` tells them apart).  ``path`` is the file's path
    in its package (``gin/web/app.py``), for relative imports.
    """
    parts = path.removesuffix(".py").split("/")
    package = parts[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(source, filename=path)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names if alias.name != "*")
    return names


def page_imports(sources: Mapping[str, str]) -> set[str]:
    """The names the page's Python (path -> source) imports, outside the page's own packages."""
    names: set[str] = set()
    for path, source in sources.items():
        names |= imported_names(source, path)
    own = {path.split("/")[0] for path in sources}
    return {name for name in names if name.split(".")[0] not in own}


def stdlib_modules(archive: zipfile.ZipFile) -> set[str]:
    """The module names a standard library zip holds (sources or bytecode)."""
    modules = set()
    for name in archive.namelist():
        stem, dot, suffix = name.rpartition(".")
        if dot and suffix in ("py", "pyc"):
            modules.add(stem.replace("/", ".").removesuffix(".__init__"))
    return modules


def missing(
    names: Iterable[str], shipped: set[str], stdlib: set[str], builtins: set[str]
) -> list[str]:
    """The names of ``names`` that are modules of the standard library and not shipped.

    A name is fine if it is shipped, built into the interpreter, provided by the page
    (``js``, PyScript's), MicroPython's, or not a module at all but a name defined in a
    shipped module (``html.escape``); anything else the page could not import.
    """
    gaps = []
    for name in sorted(set(names)):
        top = name.split(".")[0]
        if name in shipped or name in builtins or top in PAGE_PROVIDED | MICROPYTHON_ONLY:
            continue
        parent = name.rpartition(".")[0]
        if name not in stdlib and parent and (parent in shipped or parent in builtins):
            continue  # from parent import a_name
        gaps.append(name)
    return gaps


def bundle_sources(members: Iterable[Path]) -> dict[str, str]:
    """The Python sources of the bundle's members, by path (``gin/...``)."""
    return {
        path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
        for path in members
        if path.suffix == ".py"
    }


def probe(node: str, bundle: Path, names: set[str]) -> dict[str, object]:
    """What tools/stdlib_probe.py finds imported in the vendored Pyodide (see there)."""
    with tempfile.TemporaryDirectory(prefix="gin-stdlib-") as tmp:
        asked, answer = Path(tmp) / "names.json", Path(tmp) / "found.json"
        asked.write_text(json.dumps(sorted(names)), encoding="utf-8")
        subprocess.run(
            [
                node,
                str(ROOT / "tools" / "stdlib_pyodide.mjs"),
                str(bundle),
                str(asked),
                str(answer),
            ],
            check=True,
        )
        found: dict[str, object] = json.loads(answer.read_text(encoding="utf-8"))
        return found


def stored_zip(files: Mapping[str, bytes]) -> bytes:
    """A zip of ``files`` stored without compression (gzip compresses the whole), with fixed
    dates and order, so the same files give the same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as archive:
        folders = sorted({str(parent) for name in files for parent in Path(name).parents} - {"."})
        for folder in folders:
            info = zipfile.ZipInfo(folder + "/", date_time=ZIP_DATE)
            info.external_attr = 0o40755 << 16
            archive.writestr(info, b"")
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])
    return buffer.getvalue()


def smallest_gzip(data: bytes) -> bytes:
    """``data`` gzipped by Zopfli: the same format as gzip's (the page unzips it with the
    browser's DecompressionStream), some 4 % smaller than gzip's best (the standard library
    827 KB against 862, the engine 297 KB against 313) for 15 s more of the build; a first
    visit's bytes are held to 0.8 of a bare Pyodide page's (README).  Deterministic: no date
    or name in its header.  Imported here: the build's other steps (``tools/build.py vendor``,
    run by the system's Python before the project's environment has it) need the standard
    library only."""
    import zopfli.gzip

    return zopfli.gzip.compress(data)


def build_stdlib(
    node: str,
    bundle: Path,
    sources: Mapping[str, str],
    compile_for_pyodide: Callable[[dict[str, bytes], str], dict[str, bytes]],
) -> None:
    """Write static/stdlib.zip.gz for the page whose Python is ``sources`` (path -> text)."""
    names = {
        name
        for name in page_imports(sources)
        if name.split(".")[0] not in PAGE_PROVIDED | MICROPYTHON_ONLY
    }
    found = probe(node, bundle, names)
    modules: dict[str, str] = found["modules"]  # type: ignore[assignment]
    builtins = set(found["builtins"])  # type: ignore[call-overload]
    with zipfile.ZipFile(FULL_STDLIB) as full:
        gaps = missing(names, set(modules), stdlib_modules(full), builtins)
        if gaps or found["unimportable"]:
            sys.exit(
                "tools/stdlib.py: the page imports modules that Pyodide's standard library "
                f"does not have or that would not be shipped: {gaps or found['unimportable']}"
            )
        sources_of = {path: full.read(path) for path in modules.values()}
    minor = str(found["minor"])
    compiled = compile_for_pyodide(sources_of, MOUNTED.format(minor=minor))
    archive = stored_zip(
        {path.removesuffix(".py") + ".pyc": code for path, code in compiled.items()}
    )
    STDLIB.write_bytes(smallest_gzip(archive))
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(
        json.dumps({"modules": sorted(modules), "builtins": sorted(builtins)}, indent=1),
        encoding="utf-8",
    )
    print(
        f"stdlib: {len(modules)} modules -> {STDLIB.relative_to(ROOT)} "
        f"({len(archive) / 1024:.0f} KB, {STDLIB.stat().st_size / 1024:.0f} KB gzipped)"
    )
