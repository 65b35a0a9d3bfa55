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

// Pyodide's memory from the snapshot file, if it was made from this very bundle; otherwise
// an Error that says why (the page then starts Python the ordinary way).
export async function readSnapshot(file, bundle) {
  const bytes = new Uint8Array(file);
  const magic = bytes.subarray(0, SNAPSHOT_MAGIC.length);
  if (bytes.length < HEADER_LENGTH || magic.some((byte, i) => byte !== SNAPSHOT_MAGIC[i])) {
    throw new Error("not a start-up snapshot");
  }
  const made = new DataView(bytes.buffer, bytes.byteOffset).getUint32(SNAPSHOT_MAGIC.length, true);
  if (made !== bundleHash(new Uint8Array(bundle))) {
    throw new Error("the snapshot was made from another gin.zip");
  }
  const packed = new Blob([bytes.subarray(HEADER_LENGTH)]).stream();
  return new Uint8Array(
    await new Response(packed.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()
  );
}
