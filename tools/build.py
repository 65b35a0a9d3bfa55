#!/usr/bin/env python3
"""Build the browser assets of the game (standard library, plus Babel for the translations).

Subcommands (all paths relative to the repository root):

  vendor  copy the Pyodide runtime and PyScript (the modules the page loads) from
          node_modules/ into static/vendor/
  bundle  compile the translations (gin/locale/*/LC_MESSAGES/gin.po -> gin.mo, with
          tools/i18n.py) and the Python sources (to the vendored Pyodide's bytecode, with
          node and tools/compile_pyodide.mjs), zip the ``gin`` package (the folder
          itself) into static/gin.zip.gz, write the standard library the page can import
          into static/stdlib.zip.gz (tools/stdlib.py), and save Pyodide's memory with the
          table imported into static/gin.snapshot (node and tools/snapshot_pyodide.mjs)
  site    assemble the publishable static site in _site/ (runs vendor and bundle first)
  all     vendor + bundle + site

Run ``npm ci`` first so node_modules/ holds the pinned versions from package-lock.json.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: tools/ is on the path, not the repository
    sys.path.insert(0, str(ROOT))
from tools import stdlib  # noqa: E402

NODE_MODULES = ROOT / "node_modules"
STATIC = ROOT / "static"
VENDOR = STATIC / "vendor"
BUNDLE = ROOT / "build" / "gin.zip"
"""The engine bundle as the page unpacks it (a zip); published gzipped, as ENGINE."""
ENGINE = STATIC / "gin.zip.gz"
SNAPSHOT = STATIC / "gin.snapshot"
SITE = ROOT / "_site"

# What the page loads of Pyodide (checked in chromium's network log: the ES-module loader
# imports pyodide.asm.mjs, never the classic pyodide.asm.js). Not its python_stdlib.zip
# (the page has its own, tools/stdlib.py) nor its pyodide-lock.json (the page loads no
# package: static/js/start.mjs passes the lock file's "info" alone).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_LOCK = NODE_MODULES / "pyodide" / "pyodide-lock.json"
PYODIDE_PACKAGE = "pyodide"
PYSCRIPT_PACKAGE = "@pyscript/core"
# The Devanagari font for the Hindi texts (SIL OFL 1.1), served from our own origin:
# static/css/fonts.css declares it from static/vendor/fonts/.
FONT_PACKAGE = "@fontsource/noto-sans-devanagari"
# Their versions live in package.json (exact pins) and package-lock.json only: the build
# reads them there and refuses a node_modules/ that holds anything else.
PACKAGE_JSON = ROOT / "package.json"
PACKAGE_LOCK = ROOT / "package-lock.json"
FONT_FILES = tuple(
    f"noto-sans-devanagari-devanagari-{weight}-normal.woff2" for weight in (400, 700)
)

# Files and folders at the repository root that make up the site.
SITE_FILES = ("index.html", "pyscript.json")
# Entries of static/ never published (build stamps, editor leftovers).
SITE_STATIC_EXCLUDE = {".stamp", ".gitkeep", ".DS_Store", "__pycache__"}
# The service worker's template: published as _site/sw.js (next to index.html, so that
# its scope is the whole site), never as _site/static/sw.js.
SW_TEMPLATE = STATIC / "sw.js"
SW_VERSION_LINE = 'const VERSION = "dev"; // filled in by tools/build.py'
SW_PRECACHE_LINE = "const PRECACHE = []; // filled in by tools/build.py"
SW_LATER_LINE = "const LATER = []; // filled in by tools/build.py"
# static/js/start.mjs checks Pyodide's WebAssembly, which it fetches past the service worker,
# against this version's hash: the build writes it into the published copy.
START_MODULE = Path("static/js/start.mjs")
WASM_INTEGRITY_LINE = 'const WASM_INTEGRITY = ""; // written by tools/build.py'
LOCK_INFO_LINE = (
    'const LOCK_INFO = {}; // written by tools/build.py: the "info" of Pyodide\'s pyodide-lock.json'
)
# Published files the service worker does not precache (sw.js is the worker itself).
SW_NOT_CACHED = {"sw.js", ".nojekyll"}
# Published files it caches only once the page is up, if it can (static/sw.js's LATER): the
# start-up snapshot makes later starts faster, and would make the first one slower.
SW_LATER = {"static/gin.snapshot"}

# The vendored PyScript builds one function with Function() at every start (its core chunk joins
# the worker hooks into a single function, as source text for a worker). That is the only
# string-to-code call of the page, and it would need 'unsafe-eval' in the page's
# Content-Security-Policy. The patch builds the same function as a closure whose
# toString() gives the very source Function() compiled, so workers get what they got
# before and the policy keeps script-src 'self' 'wasm-unsafe-eval'. The build stops if the
# snippet is not found (a PyScript upgrade must re-check: e2e/test_security.py).
PYSCRIPT_CSP_PATCH = (
    'const r=_o(e[`_${t}`]||(t.endsWith("Async")?async(e,t,...n)=>{for(const r of n)'
    'await r(e,t)}:(e,t,...n)=>{for(const r of n)r(e,t)})),s=n.map(_o).join(", ");'
    "return Function(`return(w,x)=>(${r})(w,x,...[${s}])`)()",
    'const c=e[`_${t}`]||(t.endsWith("Async")?async(e,t,...n)=>{for(const r of n)'
    'await r(e,t)}:(e,t,...n)=>{for(const r of n)r(e,t)}),r=_o(c),s=n.map(_o).join(", "),'
    "src=`(w,x)=>(${r})(w,x,...[${s}])`,f=(w,x)=>c(w,x,...n);f.toString=()=>src;return f",
)

# index.html asks for PyScript's module chunks to be preloaded here; their names carry a hash
# that changes with every PyScript version, so the build writes the links (write_preloads).
PRELOAD_MARKER = (
    "  <!-- PyScript's modules (tools/build.py writes the links for this version's chunks). -->\n"
)
# MicroPython's config in index.html: the same plugin exclusions as pyscript.json.
MPY_CONFIG = re.compile(r"<mpy-config>(.*?)</mpy-config>", re.S)
# PyScript's table of plugins (in its core chunk): name -> lazily imported chunk.
# (A plugin bundled into the core chunk itself is "name:()=>Promise.resolve()...".)
PLUGIN_ENTRY = re.compile(
    r'(?:"([\w-]+)"|\b([\w-]+)):\(\)=>(?:import\("\./([\w.-]+\.js)"\)|Promise\.resolve\(\))'
)
STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"\./([\w.-]+\.js)"')


def _installed_version(name: str) -> str:
    data = json.loads((NODE_MODULES / name / "package.json").read_text(encoding="utf-8"))
    return str(data["version"])


def locked_version(name: str) -> str:
    """The version of front-end package ``name`` that package-lock.json pins.

    package.json must pin the same exact version (no ranges: the site ships these files).
    """
    lock = json.loads(PACKAGE_LOCK.read_text(encoding="utf-8"))
    wanted = json.loads(PACKAGE_JSON.read_text(encoding="utf-8"))["devDependencies"].get(name)
    locked = lock.get("packages", {}).get(f"node_modules/{name}", {}).get("version")
    if not locked:
        sys.exit(f"package-lock.json has no {name}: run `npm install --save-exact {name}@VERSION`")
    if wanted != locked:
        sys.exit(
            f"package.json wants {name} {wanted!r}, package-lock.json has {locked}: pin the "
            "exact version in package.json and run `npm install`"
        )
    return str(locked)


def _check_installed(name: str) -> str:
    """The locked version of ``name``, after checking that node_modules/ holds exactly it."""
    want = locked_version(name)
    if not (NODE_MODULES / name / "package.json").is_file():
        sys.exit(f"node_modules/{name} is missing: run `npm ci`")
    have = _installed_version(name)
    if have != want:
        sys.exit(f"node_modules/{name} is {have}, package-lock.json pins {want}: run `npm ci`")
    return want


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _patch_pyscript_for_csp(folder: Path) -> None:
    """Apply PYSCRIPT_CSP_PATCH to the one PyScript chunk that holds the snippet."""
    old, new = PYSCRIPT_CSP_PATCH
    hits = [p for p in sorted(folder.glob("*.js")) if old in p.read_text(encoding="utf-8")]
    if len(hits) != 1 or hits[0].read_text(encoding="utf-8").count(old) != 1:
        sys.exit(
            "tools/build.py: PyScript's Function() call (PYSCRIPT_CSP_PATCH) was not found "
            "exactly once: re-check the page's Content-Security-Policy for this PyScript"
        )
    hits[0].write_text(hits[0].read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def build_vendor() -> None:
    if not NODE_MODULES.is_dir():
        sys.exit("node_modules/ is missing: run `npm ci` (or `make setup`) first")
    pyodide_version = _check_installed(PYODIDE_PACKAGE)
    pyscript_version = _check_installed(PYSCRIPT_PACKAGE)
    _check_installed(FONT_PACKAGE)

    if VENDOR.exists():  # start clean: PyScript's chunk names change with every version
        shutil.rmtree(VENDOR)
    pyodide_src = NODE_MODULES / PYODIDE_PACKAGE
    for fname in PYODIDE_FILES:
        _copy(pyodide_src / fname, VENDOR / "pyodide" / fname)

    # PyScript: its entry module and stylesheet, and the chunks the page loads (its core and
    # the plugins it keeps); not the editor, terminal and game plugins' chunks (about 1 MB
    # that the service worker would cache for nothing).
    dist = NODE_MODULES / PYSCRIPT_PACKAGE / "dist"
    excluded = excluded_plugins((ROOT / "index.html").read_text(encoding="utf-8"))
    kept = ["core.js", "core.css", *pyscript_modules(dist, excluded)]
    for name in kept:
        _copy(dist / name, VENDOR / "pyscript" / name)
    copied = len(kept)
    _patch_pyscript_for_csp(VENDOR / "pyscript")
    font_src = NODE_MODULES / FONT_PACKAGE
    for fname in FONT_FILES:
        _copy(font_src / "files" / fname, VENDOR / "fonts" / fname)
    _copy(font_src / "LICENSE", VENDOR / "fonts" / "OFL.txt")
    (VENDOR / ".stamp").write_text(f"pyodide {pyodide_version}\npyscript {pyscript_version}\n")
    print(
        f"vendor: pyodide {pyodide_version} ({len(PYODIDE_FILES)} files), "
        f"pyscript {pyscript_version} ({copied} files) -> {VENDOR.relative_to(ROOT)}/"
    )


COMMAND_LINE_ONLY = {"gin/arena.py", "gin/ai/styles.py", "gin/replay.py"}
"""Modules of the command line (``python -m gin.arena``, its pool of styles, ``gin.replay``):
the page never imports them, so the bundle leaves them out."""


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
        if path.suffix in (".po", ".pot"):  # translation sources: the page reads the .mo
            continue
        if rel.as_posix() in COMMAND_LINE_ONLY:
            continue
        members.append(path)
    return members


def compile_translations() -> None:
    """gin/locale/*/LC_MESSAGES/gin.po -> gin.mo (Babel, through tools/i18n.py)."""
    try:
        import babel  # noqa: F401
    except ImportError:
        sys.exit(
            "Babel is needed to compile the translations: run the build with the venv's "
            "python (`make site` does) or `pip install babel`"
        )
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import i18n
    finally:
        sys.path.remove(str(ROOT / "tools"))
    mo_files = i18n.compile_catalogs(quiet=True)
    print(f"translations: {len(mo_files)} catalogs compiled")


def _node() -> str:
    """node, with the pinned Pyodide installed beside it (the bundle's and snapshot's Python)."""
    node = shutil.which("node")
    if node is None:
        sys.exit("node is needed to build the bundle for Pyodide: run `make setup`")
    _check_installed(PYODIDE_PACKAGE)
    return node


def compile_for_pyodide(sources: dict[str, bytes], mounted_at: str = "") -> dict[str, bytes]:
    """Each Python source (relative path -> bytes) compiled by the vendored Pyodide's Python.

    The page would otherwise compile every module at every start: shipping bytecode
    halves the time the game's imports take in the page (bench/first_paint_imports.py).
    The bytecode names its file ``mounted_at/path`` (``gin/game.py`` by default: the
    bundle is unpacked in the page's working directory).
    """
    node = _node()
    with tempfile.TemporaryDirectory(prefix="gin-bundle-") as tmp:
        for name, source in sources.items():
            (Path(tmp) / name).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / name).write_bytes(source)
        command = [node, str(ROOT / "tools" / "compile_pyodide.mjs"), tmp]
        subprocess.run(command + ([mounted_at] if mounted_at else []), check=True)
        return {name: (Path(tmp) / name).with_suffix(".pyc").read_bytes() for name in sources}


def build_bundle() -> None:
    """static/gin.zip.gz: the ``gin`` folder as Pyodide imports it, bytecode instead of
    sources, in a zip stored without compression and gzipped whole (a gzip across files
    does better than deflate file by file: 192 KB instead of 224).

    Only the .pyc files are shipped (like Pyodide's own python_stdlib.zip): the sources
    would double the download for tracebacks' source lines alone.
    """
    package = ROOT / "gin"
    if not package.is_dir():
        sys.exit("gin/ package folder is missing")
    compile_translations()
    members = _bundle_members(package)
    bytecode = compile_for_pyodide(
        {
            path.relative_to(ROOT).as_posix(): path.read_bytes()
            for path in members
            if path.suffix == ".py"
        }
    )
    files = {}
    for path in members:
        name = path.relative_to(ROOT).as_posix()
        if name in bytecode:
            files[name.removesuffix("py") + "pyc"] = bytecode[name]
        else:
            files[name] = path.read_bytes()
    BUNDLE.parent.mkdir(parents=True, exist_ok=True)
    BUNDLE.write_bytes(stdlib.stored_zip(files))
    ENGINE.write_bytes(stdlib.smallest_gzip(BUNDLE.read_bytes()))
    print(
        f"bundle: {len(members)} files -> {ENGINE.relative_to(ROOT)} "
        f"({ENGINE.stat().st_size / 1024:.1f} KB)"
    )
    build_stdlib(members)
    build_snapshot()


def build_stdlib(members: list[Path]) -> None:
    """static/stdlib.zip.gz: what the page can import of the standard library (tools/stdlib.py)."""
    sources = stdlib.bundle_sources(members) | stdlib.pyscript_sources(
        NODE_MODULES / PYSCRIPT_PACKAGE / "dist"
    )
    stdlib.build_stdlib(_node(), BUNDLE, sources, compile_for_pyodide)


def build_snapshot() -> None:
    """static/gin.snapshot: Pyodide's memory with the table imported (gin/web/snapshot.py).

    The page restores it instead of starting Python: its start-up takes a fraction of a bare
    Pyodide page's (bench/load_time.py). Made by the Pyodide of node_modules/, the build the
    page vendors, from the bundle just written, which the snapshot names by its hash.
    """
    tmp = SNAPSHOT.with_name(SNAPSHOT.name + ".tmp")
    script = ROOT / "tools" / "snapshot_pyodide.mjs"
    subprocess.run(
        [_node(), str(script), str(BUNDLE), str(stdlib.STDLIB), str(PYODIDE_LOCK), str(tmp)],
        check=True,
    )
    tmp.replace(SNAPSHOT)


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
        ignore=lambda folder, names: [
            n for n in names if n in SITE_STATIC_EXCLUDE or Path(folder, n) == SW_TEMPLATE
        ],
    )
    write_boot_texts()
    write_card_faces(SITE)
    write_start_constants(SITE)
    write_preloads(SITE / "index.html")
    build_service_worker()  # last step before the stamp: it lists every published file
    # GitHub Pages: serve files as they are (no Jekyll processing of the site).
    (SITE / ".nojekyll").write_text("", encoding="utf-8")
    total = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    print(f"site: {SITE.relative_to(ROOT)}/ ({total / 1e6:.1f} MB)")


def excluded_plugins(index_html: str) -> list[str]:
    """The PyScript plugins the page turns off ("!name" in pyscript.json).

    PyScript also sets up MicroPython, whose config is index.html's <mpy-config>: it must
    turn off the same ones, or MicroPython's side loads them all.
    """
    config = json.loads((ROOT / "pyscript.json").read_text(encoding="utf-8"))
    plugins = config.get("plugins", [])
    found = MPY_CONFIG.findall(index_html)
    if len(found) != 1 or json.loads(found[0]).get("plugins") != plugins:
        sys.exit(
            "index.html: <mpy-config> must list the same plugins as pyscript.json "
            f"({json.dumps(plugins)})"
        )
    return [name.removeprefix("!") for name in plugins if name.startswith("!")]


def pyscript_modules(folder: Path, excluded: list[str]) -> list[str]:
    """The chunks of PyScript that the page loads: core.js's static imports, then the
    plugins not excluded (and their static imports), in the order PyScript asks for them.

    The build stops if an excluded plugin is not in PyScript's table (a misspelt name, or
    a PyScript upgrade that renamed it): such a plugin would load on every start.
    """
    core = (folder / "core.js").read_text(encoding="utf-8")
    order: list[str] = []

    def visit(name: str) -> None:
        if name not in order:
            order.append(name)
            for imported in STATIC_IMPORT.findall((folder / name).read_text(encoding="utf-8")):
                visit(imported)

    for name in STATIC_IMPORT.findall(core):
        visit(name)
    plugins: dict[str, str] = {}
    for name in order:
        for quoted, bare, chunk in PLUGIN_ENTRY.findall((folder / name).read_text("utf-8")):
            plugins[quoted or bare] = chunk
    unknown = sorted(set(excluded) - set(plugins))
    if not plugins or unknown:
        sys.exit(
            f"tools/build.py: PyScript's plugin table lists {sorted(plugins)}; pyscript.json "
            f"turns off {unknown}, which it does not know: re-check the plugin names"
        )
    for name, chunk in plugins.items():
        if chunk and name not in excluded:
            visit(chunk)
    return order


def write_preloads(index: Path) -> None:
    """Write the modulepreload links of PyScript's chunks into the published index.html."""
    html = index.read_text(encoding="utf-8")
    if html.count(PRELOAD_MARKER) != 1:
        sys.exit(f"index.html: expected the line {PRELOAD_MARKER.strip()!r} once")
    folder = index.parent / "static" / "vendor" / "pyscript"
    links = "".join(
        f'  <link rel="modulepreload" href="./static/vendor/pyscript/{name}">\n'
        for name in pyscript_modules(folder, excluded_plugins(html))
    )
    index.write_text(html.replace(PRELOAD_MARKER, PRELOAD_MARKER + links), encoding="utf-8")


def integrity(data: bytes) -> str:
    """The Subresource Integrity value of ``data`` (what fetch() checks a response against)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def write_card_faces(site: Path) -> None:
    """Add every card's picture to the published cards.css (:func:`tools.card_art.card_faces`
    says why a card is an image and not a ``<use>`` of a sprite)."""
    from tools.card_art import SPRITE, card_faces

    css = site / "static" / "css" / "cards.css"
    text = css.read_text(encoding="utf-8")
    faces = card_faces(SPRITE.read_text(encoding="utf-8"), text)
    css.write_text(text + "\n/* The cards (tools/card_art.py) */\n" + faces, encoding="utf-8")


def write_start_constants(site: Path) -> None:
    """Write into the published static/js/start.mjs what it checks and passes to Pyodide:
    the hash of Pyodide's WebAssembly, and the "info" of Pyodide's lock file."""
    module = site / START_MODULE
    text = module.read_text(encoding="utf-8")
    wasm = (site / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm").read_bytes()
    info = json.loads(PYODIDE_LOCK.read_text(encoding="utf-8"))["info"]
    for line, value in (
        (WASM_INTEGRITY_LINE, json.dumps(integrity(wasm))),
        (LOCK_INFO_LINE, json.dumps(info, sort_keys=True)),
    ):
        if text.count(line) != 1:
            sys.exit(f"{START_MODULE}: expected the line {line!r} once")
        blank = '""' if '""' in line else "{}"
        text = text.replace(line, line.replace(blank, value, 1))
    module.write_text(text, encoding="utf-8")


def write_boot_texts() -> None:
    """_site/static/js/boot-text.js: the loading screen's texts in every language.

    They come from the same gettext catalogs as the rest of the game (gin.i18n), and
    are needed before Python has started, so they are written out as a script.
    """
    sys.path.insert(0, str(ROOT))
    from gin.i18n import boot_texts

    text = json.dumps(boot_texts(), ensure_ascii=False, indent=1, sort_keys=True)
    target = SITE / "static" / "js" / "boot-text.js"
    target.write_text(
        "// Generated by tools/build.py from gin/locale: the loading screen's texts.\n"
        f"window.GIN_BOOT_TEXT = {text};\n",
        encoding="utf-8",
    )


def build_service_worker(site: Path = SITE) -> str:
    """Write ``site``/sw.js from static/sw.js with the site's version and precache list.

    The version is a hash of every published file (path and bytes), so any change to the
    site changes sw.js and browsers install the new deployment as a new cache; an
    unchanged site keeps its version (and its visitors' caches). Each precached file
    carries its SHA-256 as the request's integrity: a server (or a CDN's stale copy) that
    answers with bytes of another version fails the install, so a cache never mixes two
    versions. Returns the version.
    """
    files = sorted(
        p
        for p in site.rglob("*")
        if p.is_file() and p.relative_to(site).as_posix() not in SW_NOT_CACHED
    )
    digest = hashlib.sha256()
    precache: list[list[str]] = []
    later: list[list[str]] = []
    for path in files:
        rel = path.relative_to(site).as_posix()
        data = path.read_bytes()
        digest.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
        # The page itself is cached as "./" (the URL people open), not "./index.html".
        url = "./" if rel == "index.html" else "./" + rel
        (later if rel in SW_LATER else precache).append([url, integrity(data)])
    version = digest.hexdigest()[:16]
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    for line in (SW_VERSION_LINE, SW_PRECACHE_LINE, SW_LATER_LINE):
        if template.count(line) != 1:
            sys.exit(f"{SW_TEMPLATE.relative_to(ROOT)}: expected the line {line!r} once")

    def listed(entries: list[list[str]]) -> str:
        return "[" + ",".join("\n  " + json.dumps(entry) for entry in entries) + "\n]"

    worker = (
        template.replace(
            SW_VERSION_LINE, f"const VERSION = {json.dumps(version)}; // written by tools/build.py"
        )
        .replace(
            SW_PRECACHE_LINE,
            f"const PRECACHE = {listed(precache)}; // written by tools/build.py",
        )
        .replace(SW_LATER_LINE, f"const LATER = {listed(later)}; // written by tools/build.py")
    )
    (site / "sw.js").write_text(worker, encoding="utf-8")
    print(f"service worker: version {version}, {len(precache)} files precached -> {site}/sw.js")
    return version


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
