// The start-up files' formats: the start-up snapshot (static/gin.snapshot), written by
// tools/snapshot_pyodide.mjs in node and read by static/js/start.mjs in the page, and the
// gzip files the page unpacks itself (static/gin.zip.gz, static/stdlib.zip.gz, the
// snapshot's memory).
//
// The snapshot: "GINSNAP2", the hashes (zipHash, 4 bytes each, little-endian) of the engine
// bundle's zip and of the standard library's it was made with, then Pyodide's memory, gzipped.

export const SNAPSHOT_MAGIC = new TextEncoder().encode("GINSNAP2");
const HEADER_LENGTH = SNAPSHOT_MAGIC.length + 8;
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

// Pyodide's memory from the snapshot file's bytes as they arrive (unpacked while they are
// still downloading), if it was made from this very bundle and standard library (promises
// of their zips' bytes, unpacked); otherwise an Error that says why (the page then starts
// Python the ordinary way).
export async function readSnapshot(body, bundle, stdlib) {
  const header = new Uint8Array(HEADER_LENGTH);
  let received = 0;
  // A stream's error may reach the reader as another one ("Failed to fetch"): keep ours.
  let refused = null;
  const refuse = (why) => {
    refused = new Error(why);
    throw refused;
  };
  const stripHeader = new TransformStream({
    transform(chunk, controller) {
      if (received < HEADER_LENGTH) {
        const taken = Math.min(HEADER_LENGTH - received, chunk.length);
        header.set(chunk.subarray(0, taken), received);
        received += taken;
        chunk = chunk.subarray(taken);
        const magic = header.subarray(0, Math.min(received, SNAPSHOT_MAGIC.length));
        if (magic.some((byte, i) => byte !== SNAPSHOT_MAGIC[i])) refuse("not a start-up snapshot");
      }
      if (chunk.length) controller.enqueue(chunk);
    },
    flush() {
      if (received < HEADER_LENGTH) refuse("not a start-up snapshot");
    },
  });
  const unpacked = body.pipeThrough(stripHeader).pipeThrough(new DecompressionStream("gzip"));
  const memory = new Uint8Array(
    await new Response(unpacked).arrayBuffer().catch((error) => {
      throw refused || new Error(`a damaged snapshot (${error.message || error})`);
    })
  );
  const made = new DataView(header.buffer);
  if (made.getUint32(SNAPSHOT_MAGIC.length, true) !== zipHash(await bundle)) {
    throw new Error("the snapshot was made from another gin.zip");
  }
  if (made.getUint32(SNAPSHOT_MAGIC.length + 4, true) !== zipHash(await stdlib)) {
    throw new Error("the snapshot was made with another standard library");
  }
  return memory;
}
