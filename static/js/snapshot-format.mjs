// The start-up files' formats: the start-up snapshot (static/gin.snapshot), written by
// tools/snapshot_pyodide.mjs in node and read by static/js/start.mjs in the page, and the
// gzip files the page unpacks itself (static/gin.zip.gz, static/stdlib.zip.gz).
//
// The snapshot, gzipped whole: "GINSNAP3", the hashes (zipHash, 4 bytes each, little-endian)
// of the engine bundle's zip and of the standard library's it was made with, then Pyodide's
// memory as its pages that are not all zero: the memory's length and the number of pages
// kept (4 bytes each), each kept page's index (4 bytes), then those pages (PAGE bytes each;
// the memory's last page may be shorter). More than half of the memory is zero pages.
//
// The service worker stores the file unpacked (static/sw.js), so a return visit reads it
// without inflating 30 MB on the page's main thread (a few hundred milliseconds of a start
// that takes one second), and the zero pages cost neither disk nor a copy: the page only
// places the kept pages into a zeroed buffer of the memory's length.

export const SNAPSHOT_MAGIC = new TextEncoder().encode("GINSNAP3");
const HEADER_LENGTH = SNAPSHOT_MAGIC.length + 8;
const PAGE = 4096;
const GZIP_MAGIC = [0x1f, 0x8b];

// 32-bit FNV-1a: a check that snapshot and bundle belong together, not a security measure
// (the service worker checks every file's SHA-256). It runs everywhere, also where
// crypto.subtle does not (a page served over plain http from another machine).
export function bundleHash(bytes) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    hash = Math.imul(hash ^ bytes[i], 0x01000193);
  }
  return hash >>> 0;
}

// A zip's identity: the hash of its end, which holds the zip's central directory (every
// file's name, size and CRC-32), so hashing megabytes is not needed.
export function zipHash(zip) {
  return bundleHash(zip.subarray(Math.max(0, zip.length - 65536)));
}

// The bytes of a file the build gzipped, unpacked as they arrive. A server that announced
// the file as gzip-encoded has had the browser unpack it already: those bytes are used as
// they are.
export async function gunzipped(response) {
  const reader = response.body.getReader();
  const head = [];
  let received = 0;
  while (received < GZIP_MAGIC.length) {
    const { done, value } = await reader.read();
    if (done) break;
    head.push(value);
    received += value.length;
  }
  const body = new ReadableStream({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const first = head.flatMap((chunk) => Array.from(chunk.subarray(0, GZIP_MAGIC.length)));
  const packed = GZIP_MAGIC.every((byte, i) => first[i] === byte);
  const bytes = packed ? body.pipeThrough(new DecompressionStream("gzip")) : body;
  return new Uint8Array(await new Response(bytes).arrayBuffer());
}

// The snapshot file of Pyodide's ``memory`` made from the zips ``bundle`` and ``stdlib``
// (their bytes): the header, the memory's pages that are not all zero; gzip it to publish.
export function packSnapshot(memory, bundle, stdlib) {
  if (memory.byteOffset % 4) memory = memory.slice();
  const words = new Uint32Array(memory.buffer, memory.byteOffset, Math.floor(memory.length / 4));
  const kept = [];
  let size = 0;
  for (let page = 0; page * PAGE < memory.length; page++) {
    const bytes = Math.min(PAGE, memory.length - page * PAGE);
    const zero =
      bytes === PAGE
        ? words.subarray(page * (PAGE / 4), (page + 1) * (PAGE / 4)).every((word) => word === 0)
        : memory.subarray(page * PAGE).every((byte) => byte === 0);
    if (!zero) {
      kept.push(page);
      size += bytes;
    }
  }
  const pagesAt = HEADER_LENGTH + 8 + 4 * kept.length;
  const file = new Uint8Array(pagesAt + size);
  const view = new DataView(file.buffer);
  file.set(SNAPSHOT_MAGIC);
  view.setUint32(SNAPSHOT_MAGIC.length, zipHash(bundle), true);
  view.setUint32(SNAPSHOT_MAGIC.length + 4, zipHash(stdlib), true);
  view.setUint32(HEADER_LENGTH, memory.length, true);
  view.setUint32(HEADER_LENGTH + 4, kept.length, true);
  kept.forEach((page, k) => {
    view.setUint32(HEADER_LENGTH + 8 + 4 * k, page, true);
    file.set(memory.subarray(page * PAGE, (page + 1) * PAGE), pagesAt + k * PAGE);
  });
  return file;
}

// Pyodide's memory from the snapshot file (a response's body: unpacked by the service
// worker, or still gzipped), if it was made from this very bundle and standard library
// (promises of their zips' bytes, unpacked); otherwise an Error that says why (the page then
// starts Python the ordinary way).
export async function readSnapshot(response, bundle, stdlib) {
  // Read whole, as the worker stores it (no stream pumped through this page's script).
  let file = new Uint8Array(await response.arrayBuffer());
  if (GZIP_MAGIC.every((byte, i) => file[i] === byte)) {
    file = await gunzipped(new Response(file)).catch((error) => {
      throw new Error(`a damaged snapshot (${error.message || error})`);
    });
  }
  if (file.length < HEADER_LENGTH || SNAPSHOT_MAGIC.some((byte, i) => file[i] !== byte)) {
    throw new Error("not a start-up snapshot");
  }
  const made = new DataView(file.buffer, file.byteOffset, file.length);
  if (made.getUint32(SNAPSHOT_MAGIC.length, true) !== zipHash(await bundle)) {
    throw new Error("the snapshot was made from another gin.zip");
  }
  if (made.getUint32(SNAPSHOT_MAGIC.length + 4, true) !== zipHash(await stdlib)) {
    throw new Error("the snapshot was made with another standard library");
  }
  return unpackMemory(file);
}

// The memory of a snapshot file: its kept pages in place, zeros elsewhere.
function unpackMemory(file) {
  const damaged = () => new Error("a damaged snapshot (its pages do not add up)");
  if (file.length < HEADER_LENGTH + 8) throw damaged();
  const view = new DataView(file.buffer, file.byteOffset, file.length);
  const length = view.getUint32(HEADER_LENGTH, true);
  const count = view.getUint32(HEADER_LENGTH + 4, true);
  const pagesAt = HEADER_LENGTH + 8 + 4 * count;
  if (pagesAt > file.length) throw damaged();
  const memory = new Uint8Array(length);
  let previous = -1;
  let from = pagesAt;
  for (let k = 0; k < count; k++) {
    const page = view.getUint32(HEADER_LENGTH + 8 + 4 * k, true);
    const size = Math.min(PAGE, length - page * PAGE);
    if (page <= previous || size <= 0 || from + size > file.length) throw damaged();
    memory.set(file.subarray(from, from + size), page * PAGE);
    previous = page;
    from += size;
  }
  if (from !== file.length) throw damaged();
  return memory;
}

// The files of a zip whose entries are all stored, not deflated (the build's engine bundle:
// tools/stdlib.py), as [name, bytes] with the bytes a view into the zip; null for any other
// zip. Writing these into Pyodide's file system takes a few milliseconds, where Pyodide's
// unpackArchive (Python's zipfile, in WebAssembly) takes tens on every start.
export function storedFiles(zip) {
  try {
    const view = new DataView(zip.buffer, zip.byteOffset, zip.length);
    const end = zip.length - 22; // the end of the central directory (no zip comment)
    if (end < 0 || view.getUint32(end, true) !== 0x06054b50) return null;
    const names = new TextDecoder("utf-8", { fatal: true });
    const files = [];
    let at = view.getUint32(end + 16, true);
    for (let count = view.getUint16(end + 10, true); count > 0; count--) {
      if (view.getUint32(at, true) !== 0x02014b50) return null;
      const nameLength = view.getUint16(at + 28, true);
      const name = names.decode(zip.subarray(at + 46, at + 46 + nameLength));
      const size = view.getUint32(at + 20, true);
      const local = view.getUint32(at + 42, true);
      if (view.getUint16(at + 10, true) !== 0 || view.getUint32(local, true) !== 0x04034b50) {
        return null;
      }
      if (name.startsWith("/") || name.split("/").includes("..")) return null;
      const data = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      if (data + size > zip.length) return null;
      files.push([name, zip.subarray(data, data + size)]);
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return files;
  } catch {
    return null; // past the end of the bytes: not a zip this reads
  }
}
