"""The start-up snapshot: what goes into it (gin.web.snapshot), and the file the build makes.

On a return visit the page restores Pyodide's memory from static/gin.snapshot (cached by the
service worker) instead of starting Python (static/js/start.mjs; e2e/test_loading.py checks
both ways of starting in the browser).
"""

from __future__ import annotations

import gzip
import json
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

from tools import build, stdlib

ROOT = Path(__file__).resolve().parent.parent
PAGE = 4096
"""The snapshot file's page (static/js/snapshot-format.mjs)."""


def python(code: str) -> str:
    """Run ``code`` in a fresh CPython (imports and random state of its own); its stdout."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_the_snapshot_holds_the_table_and_nothing_of_the_page() -> None:
    imported = json.loads(
        python(
            "import json, sys\n"
            "from gin.web.snapshot import prepare\n"
            "prepare()\n"
            "print(json.dumps(sorted(sys.modules)))\n"
        )
    )
    bundled = {
        path.relative_to(ROOT)
        .with_suffix("")
        .as_posix()
        .replace("/", ".")
        .removesuffix(".__init__")
        for path in build._bundle_members(ROOT / "gin")
        if path.suffix == ".py"
    }
    assert bundled and bundled <= set(imported)  # every module the page has: none to import
    # A JavaScript object in the saved memory would not exist in the page that restores it.
    assert not {"js", "pyscript", "pyodide", "pyodide.ffi"} & set(imported)


SEEDED = (
    "import random\n"
    "from gin.web.snapshot import prepare, restored\n"
    "prepare()\n"
    "print(random.random() == random.Random(0).random())\n"
    "prepare()\n"
    "restored()\n"
    "print(random.random())\n"
)


def test_random_generators_are_fixed_in_the_snapshot_and_seeded_afresh_after() -> None:
    first, second = python(SEEDED).split(), python(SEEDED).split()
    assert first[0] == second[0] == "True"  # the build: the same state every time
    assert first[1] != second[1]  # each restored page: its own
    assert float(first[1]) != random_zero()


def random_zero() -> float:
    import random

    return random.Random(0).random()


def fnv1a(data: bytes) -> int:
    value = 0x811C9DC5
    for byte in data:
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return value


def unpacked_memory(file: bytes) -> bytes:
    """Pyodide's memory from a snapshot file's pages (as static/js/snapshot-format.mjs does)."""
    length, kept = struct.unpack_from("<II", file, 16)
    pages = struct.unpack_from(f"<{kept}I", file, 24)
    memory = bytearray(length)
    at = 24 + 4 * kept
    for page in pages:
        size = min(PAGE, length - page * PAGE)
        memory[page * PAGE : page * PAGE + size] = file[at : at + size]
        at += size
    assert at == len(file)  # every byte of the file is a page
    return bytes(memory)


def test_the_built_snapshot_names_its_bundle_and_standard_library_and_is_reproducible(
    tmp_path: Path,
) -> None:
    packed = build.SNAPSHOT.read_bytes()
    snapshot = gzip.decompress(packed)  # gzipped whole: the service worker stores it unpacked
    assert snapshot[:8] == b"GINSNAP3"
    # Each zip by its end: its central directory, every file's CRC-32 (snapshot-format.mjs).
    bundle = gzip.decompress(build.ENGINE.read_bytes())
    assert bundle == build.BUNDLE.read_bytes()
    assert int.from_bytes(snapshot[8:12], "little") == fnv1a(bundle[-65536:])
    stdlib_zip = gzip.decompress(stdlib.STDLIB.read_bytes())
    assert int.from_bytes(snapshot[12:16], "little") == fnv1a(stdlib_zip[-65536:])
    memory = unpacked_memory(snapshot)
    assert memory[:4] == b"\0snp"  # what Pyodide's own snapshot starts with
    # Only the pages that are not all zero are in the file, and most of the memory is zero.
    assert len(snapshot) < len(memory) * 0.6
    again = tmp_path / "gin.snapshot"
    script = ROOT / "tools" / "snapshot_pyodide.mjs"
    subprocess.run(
        ["node", str(script), str(build.BUNDLE), str(stdlib.STDLIB), str(build.PYODIDE_LOCK)]
        + [str(again)],
        check=True,
        capture_output=True,
    )
    # The same sources, the same bytes: an unchanged site keeps its service worker version.
    assert again.read_bytes() == packed


READ_STORED = """
import fs from "node:fs";
import { storedFiles } from "./static/js/snapshot-format.mjs";
const files = storedFiles(new Uint8Array(fs.readFileSync(process.argv[1])));
const crc = (bytes) => bytes.reduce((sum, byte) => (sum * 31 + byte) >>> 0, 7);
const listed = files && files.map(([name, bytes]) => [name, bytes.length, crc(bytes)]);
console.log(JSON.stringify(listed));
"""


def test_the_page_writes_the_bundles_files_itself_as_zipfile_reads_them(tmp_path: Path) -> None:
    """static/js/start.mjs writes the engine bundle's files into Pyodide's file system without
    Pyodide's unpackArchive (snapshot-format.mjs's storedFiles); any zip it cannot read that
    way (a deflated entry, say) goes to unpackArchive."""

    def node_reads(zip_path: Path) -> object:
        done = subprocess.run(
            [build._node(), "--input-type=module", "-e", READ_STORED, str(zip_path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(done.stdout)

    def checksum(data: bytes) -> int:
        value = 7
        for byte in data:
            value = (value * 31 + byte) & 0xFFFFFFFF
        return value

    with zipfile.ZipFile(build.BUNDLE) as bundle:
        expected = [
            [info.filename, info.file_size, checksum(bundle.read(info))]
            for info in bundle.infolist()
        ]
    assert node_reads(build.BUNDLE) == expected
    deflated = tmp_path / "deflated.zip"
    with zipfile.ZipFile(deflated, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("gin/x.py", "x = 1\n" * 100)
    assert node_reads(deflated) is None
