"""The build and the dev server: versions from the lock file, PyScript's plugins and module
preloads, the service worker's whole-version precache, and what serve.py sends."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.utils import formatdate
from pathlib import Path

import pytest

from tools import build, serve

ROOT = Path(__file__).resolve().parent.parent


def sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


# --- one place for versions ----------------------------------------------------------------


def test_package_json_pins_exactly_what_the_lock_file_holds() -> None:
    wanted = json.loads((ROOT / "package.json").read_text())["devDependencies"]
    assert wanted
    for name, version in wanted.items():
        assert build.locked_version(name) == version


@pytest.fixture
def npm_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    package, lock = tmp_path / "package.json", tmp_path / "package-lock.json"
    monkeypatch.setattr(build, "PACKAGE_JSON", package)
    monkeypatch.setattr(build, "PACKAGE_LOCK", lock)
    return package, lock


def write_npm(npm_files: tuple[Path, Path], wanted: str, locked: str | None) -> None:
    package, lock = npm_files
    package.write_text(json.dumps({"devDependencies": {"pyodide": wanted}}))
    packages = {"node_modules/pyodide": {"version": locked}} if locked else {}
    lock.write_text(json.dumps({"lockfileVersion": 3, "packages": packages}))


def test_the_locked_version_is_read_from_the_lock_file(npm_files: tuple[Path, Path]) -> None:
    write_npm(npm_files, "314.0.7", "314.0.7")
    assert build.locked_version("pyodide") == "314.0.7"


@pytest.mark.parametrize(
    ("wanted", "locked"), [("314.0.8", "314.0.7"), ("^314.0.7", "314.0.7"), ("314.0.7", None)]
)
def test_a_range_or_a_stale_lock_stops_the_build(
    npm_files: tuple[Path, Path], wanted: str, locked: str | None
) -> None:
    write_npm(npm_files, wanted, locked)
    with pytest.raises(SystemExit):
        build.locked_version("pyodide")


def test_no_version_is_written_anywhere_else_in_the_build() -> None:
    source = (ROOT / "tools" / "build.py").read_text()
    for name in ("pyodide", "@pyscript/core", "@fontsource/noto-sans-devanagari"):
        assert build.locked_version(name) not in source


def test_every_python_dev_tool_is_pinned() -> None:
    pinned = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert re.fullmatch(r"\d+(\.\d+)*", version), line
            pinned[name.lower().replace("_", "-")] = version
    pyproject = (ROOT / "pyproject.toml").read_text()
    dev = re.search(r"dev = \[(.*?)\]", pyproject, re.S)
    assert dev is not None
    for requirement in re.findall(r'"([^"]+)"', dev.group(1)):
        name = re.split(r"[=<>!~\[ ]", requirement)[0].lower().replace("_", "-")
        assert name in pinned, f"{name} is not in constraints.txt"
    assert "setuptools" in pinned  # pip builds the editable install with it


# --- PyScript: only the plugins the page uses ----------------------------------------------


def test_micropythons_config_turns_off_the_same_plugins_as_pyscript_json() -> None:
    excluded = build.excluded_plugins((ROOT / "index.html").read_text())
    assert "error" not in excluded  # boot.js reads its .py-error report
    assert {"py-editor", "py-game", "py-terminal", "donkey"} <= set(excluded)


def test_a_different_micropython_config_stops_the_build() -> None:
    page = (ROOT / "index.html").read_text().replace('"!donkey", ', "")
    with pytest.raises(SystemExit):
        build.excluded_plugins(page)


@pytest.fixture
def pyscript_dist(tmp_path: Path) -> Path:
    """A small stand-in for PyScript's dist/: core.js, its chunk with the plugin table."""
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "core.js").write_text('export{a as A}from"./core-AAA.js";')
    (dist / "core-AAA.js").write_text(
        'import"./util-BBB.js";var P={codemirror:()=>Promise.resolve().then(()=>x),'
        '"py-editor":()=>import("./py-editor-CCC.js"),error:()=>import("./error-DDD.js"),'
        'donkey:()=>import("./donkey-EEE.js"),"py-game":()=>import("./py-game-GGG.js"),'
        '"py-terminal":()=>import("./py-terminal-HHH.js"),'
        '"deprecations-manager":()=>import("./deprecations-manager-III.js")};'
    )
    (dist / "util-BBB.js").write_text("export const u=1;")
    (dist / "heavy-FFF.js").write_text("export const h=1;")
    (dist / "error-DDD.js").write_text('import{a}from"./core-AAA.js";')
    for name in ("py-editor-CCC", "donkey-EEE", "py-game-GGG", "py-terminal-HHH"):
        (dist / f"{name}.js").write_text('import"./heavy-FFF.js";')
    for name in ("deprecations-manager-III.js",):
        (dist / name).write_text('import"./heavy-FFF.js";')
    return dist


ALL_BUT_ERROR = [
    "codemirror",
    "deprecations-manager",
    "donkey",
    "py-editor",
    "py-game",
    "py-terminal",
]


def test_the_page_preloads_pyscripts_core_and_the_plugins_it_keeps(pyscript_dist: Path) -> None:
    modules = build.pyscript_modules(pyscript_dist, ALL_BUT_ERROR)
    assert modules == ["core-AAA.js", "util-BBB.js", "error-DDD.js"]
    kept = [name for name in ALL_BUT_ERROR if name != "donkey"]
    with_donkey = build.pyscript_modules(pyscript_dist, kept)
    assert with_donkey == [*modules, "donkey-EEE.js", "heavy-FFF.js"]


def test_turning_off_a_plugin_pyscript_does_not_have_stops_the_build(pyscript_dist: Path) -> None:
    with pytest.raises(SystemExit):
        build.pyscript_modules(pyscript_dist, ["py-editorr"])


def test_the_vendored_pyscript_loads_its_core_and_error_plugin_only() -> None:
    dist = build.NODE_MODULES / "@pyscript" / "core" / "dist"
    if not dist.is_dir():
        pytest.skip("node_modules/ is not installed")
    excluded = build.excluded_plugins((ROOT / "index.html").read_text())
    modules = build.pyscript_modules(dist, excluded)
    assert [re.sub(r"-[\w-]{8}\.js$", "", name) for name in modules] == ["core", "error"]


def test_the_preload_links_go_where_the_page_asks(tmp_path: Path, pyscript_dist: Path) -> None:
    site = tmp_path / "site"
    (site / "static" / "vendor").mkdir(parents=True)
    pyscript_dist.rename(site / "static" / "vendor" / "pyscript")
    index = site / "index.html"
    index.write_text((ROOT / "index.html").read_text())
    build.write_preloads(index)
    pattern = r'<link rel="modulepreload" href="\./static/vendor/pyscript/([^"]+)">'
    links = re.findall(pattern, index.read_text())
    assert links == ["core-AAA.js", "util-BBB.js", "error-DDD.js"]


def test_the_published_card_stylesheet_draws_every_card(tmp_path: Path) -> None:
    """Every card the page draws before Python is up (the skeleton) and after is a picture
    of the published cards.css; the page carries no sprite and allows ``data:`` images."""
    css = tmp_path / "static" / "css" / "cards.css"
    css.parent.mkdir(parents=True)
    css.write_text((ROOT / "static" / "css" / "cards.css").read_text())
    build.write_card_faces(tmp_path)
    published = css.read_text()
    drawn = set(re.findall(r"^\.face-(\w+)\{", published, re.M))
    page = (ROOT / "index.html").read_text()
    skeleton = set(re.findall(r'class="card-art face-(\w+)"', page))
    assert skeleton == {"back"} and len(drawn) == 53 and skeleton <= drawn
    assert "<use" not in page and "card-sprite" not in page
    assert "img-src 'self' data: blob:;" in page


# --- the service worker: one whole version -------------------------------------------------


@pytest.fixture
def site(tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    (folder / "static" / "js").mkdir(parents=True)
    (folder / "static" / "vendor" / "pyodide").mkdir(parents=True)
    (folder / "index.html").write_text("<!DOCTYPE html><title>t</title>")
    (folder / "static" / "js" / "start.mjs").write_text(
        (ROOT / "static" / "js" / "start.mjs").read_text()
    )
    (folder / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm wasm")
    (folder / "static" / "gin.snapshot").write_bytes(b"GINSNAP2 memory")
    (folder / "sw.js").write_text("stale")
    (folder / ".nojekyll").write_text("")
    return folder


def precache(site: Path, name: str = "PRECACHE") -> tuple[str, list[list[str]]]:
    text = (site / "sw.js").read_text()
    version = re.search(r'const VERSION = "(\w+)";', text)
    listed = re.search(rf"const {name} = (\[.*?\]);", text, re.S)
    assert version and listed
    return version.group(1), json.loads(listed.group(1))


def test_every_published_file_is_precached_with_its_hash(site: Path) -> None:
    version = build.build_service_worker(site)
    written, entries = precache(site)
    assert written == version
    assert dict(entries) == {
        "./": sri((site / "index.html").read_bytes()),
        "./static/js/start.mjs": sri((site / "static/js/start.mjs").read_bytes()),
        "./static/vendor/pyodide/pyodide.asm.wasm": sri(b"\0asm wasm"),
    }
    # The start-up snapshot only once the page is up (static/sw.js's LATER), with its hash.
    assert precache(site, "LATER")[1] == [["./static/gin.snapshot", sri(b"GINSNAP2 memory")]]
    # It is part of the version all the same: another snapshot is another version.
    (site / "static" / "gin.snapshot").write_bytes(b"GINSNAP2 other memory")
    assert build.build_service_worker(site) != version


def test_any_change_makes_another_version(site: Path) -> None:
    first = build.build_service_worker(site)
    assert build.build_service_worker(site) == first  # same files, same version
    (site / "index.html").write_text("<!DOCTYPE html><title>t2</title>")
    second = build.build_service_worker(site)
    assert second != first
    _, entries = precache(site)
    assert dict(entries)["./"] == sri(b"<!DOCTYPE html><title>t2</title>")


def test_the_start_module_gets_the_webassemblys_hash_and_the_lock_files_header(
    site: Path,
) -> None:
    build.write_start_constants(site)
    text = (site / "static" / "js" / "start.mjs").read_text()
    expected = sri((site / "static/vendor/pyodide/pyodide.asm.wasm").read_bytes())
    assert f'const WASM_INTEGRITY = "{expected}";' in text
    info = json.loads(build.PYODIDE_LOCK.read_text())["info"]
    written = re.search(r"const LOCK_INFO = (\{.*?\});", text)
    assert written and json.loads(written.group(1)) == info
    assert info["abi_version"] and info["python"]  # what Pyodide checks it against


# --- serve.py ------------------------------------------------------------------------------


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, list[tuple[str, int, int]]]]:
    (tmp_path / "a.txt").write_text("hello")
    responses: list[tuple[str, int, int]] = []
    server = serve.make_server(
        tmp_path, cache_control="max-age=600", record=lambda *r: responses.append(r)
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/", responses
    server.shutdown()
    server.server_close()


def test_the_server_sends_its_cache_control_and_counts_what_it_sent(
    served: tuple[str, list[tuple[str, int, int]]],
) -> None:
    url, responses = served
    with urllib.request.urlopen(url + "a.txt?x=1") as response:
        assert response.headers["Cache-Control"] == "max-age=600"
        assert response.read() == b"hello"
    later = urllib.request.Request(
        url + "a.txt", headers={"If-Modified-Since": formatdate(2**31, usegmt=True)}
    )
    with pytest.raises(urllib.error.HTTPError) as not_modified:
        urllib.request.urlopen(later)
    assert not_modified.value.code == 304
    # The server counts a response once it has sent it, so the client may read it first,
    # and a loaded machine may count the second before the first.
    deadline = time.monotonic() + 5
    while len(responses) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert sorted(responses) == [("/a.txt", 304, 0), ("/a.txt?x=1", 200, 5)]


def test_with_gzip_the_server_compresses_what_github_pages_compresses(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>" + "table " * 200)
    (tmp_path / "engine.zip").write_bytes(b"PK" + bytes(300))
    server = serve.make_server(tmp_path, gzip=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    try:
        for path, zipped in (("", True), ("engine.zip", False)):
            asked = urllib.request.Request(url + path, headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(asked) as response:
                body = response.read()
                assert (response.headers["Content-Encoding"] == "gzip") is zipped
                assert int(response.headers["Content-Length"]) == len(body)
                file = tmp_path / (path or "index.html")
                assert (gzip.decompress(body) if zipped else body) == file.read_bytes()
        # Not to a client that does not accept it.
        with urllib.request.urlopen(url) as response:
            assert response.headers["Content-Encoding"] is None
        # A folder asked without its "/" is redirected, with no body and none announced.
        (tmp_path / "rules").mkdir()
        (tmp_path / "rules" / "index.html").write_text("<p>" + "rules " * 200)
        with urllib.request.urlopen(
            urllib.request.Request(url + "rules", headers={"Accept-Encoding": "gzip"})
        ) as response:
            assert response.url.endswith("/rules/")  # followed, and read whole
            assert gzip.decompress(response.read()).startswith(b"<p>rules")
    finally:
        server.shutdown()
        server.server_close()
