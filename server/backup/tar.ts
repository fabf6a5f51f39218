import "server-only";
// A minimal ustar writer and reader for the backup file's parts (a handful of regular files):
// the archive stays readable by `tar -xzf` on any machine, and no package is added for it.

const BLOCK = 512;

export interface TarEntry {
  name: string;
  data: Buffer;
}

function header(name: string, size: number, mtime: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, "utf8");
  h.write("0000644\0", 100, 8, "ascii");
  h.write("0000000\0", 108, 8, "ascii");
  h.write("0000000\0", 116, 8, "ascii");
  h.write(size.toString(8).padStart(11, "0") + "\0", 124, 12, "ascii");
  h.write(
    Math.floor(mtime / 1000)
      .toString(8)
      .padStart(11, "0") + "\0",
    136,
    12,
    "ascii",
  );
  h.write("        ", 148, 8, "ascii");
  h.write("0", 156, 1, "ascii");
  h.write("ustar\0", 257, 6, "ascii");
  h.write("00", 263, 2, "ascii");
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, 8, "ascii");
  return h;
}

/** The entries as one tar file (each entry's data padded to 512 bytes, two empty blocks at the end). */
export function writeTar(entries: TarEntry[], mtime = Date.now()): Buffer {
  const chunks: Buffer[] = [];
  for (const e of entries) {
    chunks.push(header(e.name, e.data.length, mtime), e.data);
    const pad = (BLOCK - (e.data.length % BLOCK)) % BLOCK;
    if (pad) chunks.push(Buffer.alloc(pad));
  }
  chunks.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(chunks);
}

/** The regular files of a tar file; anything else (directories, links) is refused. */
export function readTar(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  let ended = false;
  while (offset + BLOCK <= tar.length) {
    const h = tar.subarray(offset, offset + BLOCK);
    if (h.every((b) => b === 0)) {
      ended = true;
      break;
    }
    const name = h.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
    const size = parseInt(h.subarray(124, 136).toString("ascii").replace(/\0.*$/s, "").trim() || "0", 8);
    const type = String.fromCharCode(h[156] || 48);
    if (!Number.isFinite(size) || size < 0 || offset + BLOCK + size > tar.length)
      throw new Error("the backup file is cut short or is not a backup");
    if (type !== "0") throw new Error(`the backup file holds an entry of an unexpected kind: ${name}`);
    entries.push({ name, data: tar.subarray(offset + BLOCK, offset + BLOCK + size) });
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  // A tar ends with empty blocks: without them the file was cut at an entry's boundary.
  if (!ended) throw new Error("the backup file is cut short or is not a backup");
  return entries;
}
