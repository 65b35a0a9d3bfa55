#!/usr/bin/env python3
"""Build the browser assets of the game (standard library only).

Subcommands (all paths relative to the repository root):

  vendor  copy the Pyodide runtime and PyScript from node_modules/ into static/vendor/
  bundle  zip the ``gin`` package (the folder itself) into static/gin.zip
  site    assemble the publishable static site in _site/ (runs vendor and bundle first)
  all     vendor + bundle + site

Run ``npm ci`` first so node_modules/ holds the pinned versions from package-lock.json.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
STATIC = ROOT / "static"
VENDOR = STATIC / "vendor"
BUNDLE = STATIC / "gin.zip"
SITE = ROOT / "_site"

# Exactly what pyodide.mjs fetches at start-up (checked in chromium's network log: the
# ES-module loader imports pyodide.asm.mjs, never the classic pyodide.asm.js).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"

# Files and folders at the repository root that make up the site.
SITE_FILES = ("index.html", "pyscript.json")
# Entries of static/ never published (build stamps, editor leftovers).
SITE_STATIC_EXCLUDE = {".stamp", ".gitkeep", ".DS_Store", "__pycache__"}

# A fixed timestamp makes the bundle byte-for-byte reproducible.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def _package_version(name: str) -> str:
    data = json.loads((NODE_MODULES / name / "package.json").read_text(encoding="utf-8"))
    return str(data["version"])


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def build_vendor() -> None:
    if not NODE_MODULES.is_dir():
        sys.exit("node_modules/ is missing: run `npm ci` (or `make setup`) first")
    for name, want in (("pyodide", PYODIDE_VERSION), ("@pyscript/core", PYSCRIPT_VERSION)):
        have = _package_version(name)
        if have != want:
            sys.exit(f"node_modules/{name} is {have}, expected {want}: run `npm ci`")

    if VENDOR.exists():  # start clean: PyScript's chunk names change with every version
        shutil.rmtree(VENDOR)
    pyodide_src = NODE_MODULES / "pyodide"
    for fname in PYODIDE_FILES:
        _copy(pyodide_src / fname, VENDOR / "pyodide" / fname)

    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    copied = 0
    for src in sorted(dist.iterdir()):
        if src.is_file() and src.suffix in (".js", ".css"):
            _copy(src, VENDOR / "pyscript" / src.name)
            copied += 1
    (VENDOR / ".stamp").write_text(f"pyodide {PYODIDE_VERSION}\npyscript {PYSCRIPT_VERSION}\n")
    print(
        f"vendor: pyodide {PYODIDE_VERSION} ({len(PYODIDE_FILES)} files), "
        f"pyscript {PYSCRIPT_VERSION} ({copied} files) -> {VENDOR.relative_to(ROOT)}/"
    )


def _bundle_members(package: Path) -> list[Path]:
    members = []
    for path in sorted(package.rglob("*")):
        rel = path.relative_to(ROOT)
        if not path.is_file():
            continue
        if "__pycache__" in rel.parts or path.suffix in (".pyc", ".pyo"):
            continue
        if any(part.startswith(".") for part in rel.parts):
            continue
        members.append(path)
    return members


def build_bundle() -> None:
    package = ROOT / "gin"
    if not package.is_dir():
        sys.exit("gin/ package folder is missing")
    members = _bundle_members(package)
    BUNDLE.parent.mkdir(parents=True, exist_ok=True)
    tmp = BUNDLE.with_suffix(".zip.tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in members:
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    tmp.replace(BUNDLE)
    print(
        f"bundle: {len(members)} files -> {BUNDLE.relative_to(ROOT)} "
        f"({BUNDLE.stat().st_size / 1024:.1f} KB)"
    )


def build_site() -> None:
    build_vendor()
    build_bundle()
    if SITE.exists():
        shutil.rmtree(SITE)
    SITE.mkdir()
    for name in SITE_FILES:
        shutil.copy2(ROOT / name, SITE / name)
    shutil.copytree(
        STATIC,
        SITE / "static",
        ignore=lambda _dir, names: [n for n in names if n in SITE_STATIC_EXCLUDE],
    )
    # GitHub Pages: serve files as they are (no Jekyll processing of the site).
    (SITE / ".nojekyll").write_text("", encoding="utf-8")
    total = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    print(f"site: {SITE.relative_to(ROOT)}/ ({total / 1e6:.1f} MB)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("target", choices=("vendor", "bundle", "site", "all"))
    args = parser.parse_args(argv)
    if args.target == "vendor":
        build_vendor()
    elif args.target == "bundle":
        build_bundle()
    else:
        build_site()


if __name__ == "__main__":
    main()
