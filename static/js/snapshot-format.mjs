// The start-up snapshot's file (static/gin.snapshot), written by tools/snapshot_pyodide.mjs
// in node and read by static/js/start.mjs in the page: "GINSNAP1", the FNV-1a hash of the
// gin.zip it was made from (4 bytes, little-endian), then Pyodide's memory, gzipped.

export const SNAPSHOT_MAGIC = new TextEncoder().encode("GINSNAP1");
const HEADER_LENGTH = SNAPSHOT_MAGIC.length + 4;

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

// Pyodide's memory from the snapshot file's bytes as they arrive (unpacked while they are
// still downloading), if it was made from this very bundle (a promise of gin.zip's bytes);
// otherwise an Error that says why (the page then starts Python the ordinary way).
export async function readSnapshot(body, bundle) {
  const header = new Uint8Array(HEADER_LENGTH);
  let received = 0;
  const stripHeader = new TransformStream({
    transform(chunk, controller) {
      if (received < HEADER_LENGTH) {
        const taken = Math.min(HEADER_LENGTH - received, chunk.length);
        header.set(chunk.subarray(0, taken), received);
        received += taken;
        chunk = chunk.subarray(taken);
        const magic = header.subarray(0, Math.min(received, SNAPSHOT_MAGIC.length));
        if (magic.some((byte, i) => byte !== SNAPSHOT_MAGIC[i])) {
          throw new Error("not a start-up snapshot");
        }
      }
      if (chunk.length) controller.enqueue(chunk);
    },
    flush() {
      if (received < HEADER_LENGTH) throw new Error("not a start-up snapshot");
    },
  });
  const unpacked = body.pipeThrough(stripHeader).pipeThrough(new DecompressionStream("gzip"));
  const memory = new Uint8Array(await new Response(unpacked).arrayBuffer());
  const made = new DataView(header.buffer).getUint32(SNAPSHOT_MAGIC.length, true);
  if (made !== bundleHash(new Uint8Array(await bundle))) {
    throw new Error("the snapshot was made from another gin.zip");
  }
  return memory;
}
