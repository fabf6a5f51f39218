// A PDF is bounded by what it decompresses to, not by what it weighs (issue 40, decision 209): before
// pdf.js sees a statement, every stream's filters are run here with a running count of the bytes they
// produce, and the file is refused (`file_too_complex`, naming the limit) once the count passes the
// budget. Inflating is streamed in zlib's chunks and the output dropped, so the check itself holds a
// chunk at a time; a Flate bomb costs its input and 16 KB. Encrypted files (GCash sends them with a
// password) are decrypted stream by stream with the standard security handler (RC4, AES-128 and
// AES-256, revisions 2 to 6) and the password the organiser typed; a password that opens nothing is
// left for pdf.js to refuse in its own words. LZW and run-length streams are measured without being
// kept. No `import "server-only"`: runs in the parsing worker.
import { createCipheriv, createDecipheriv, createHash } from "node:crypto";
import { createInflate } from "node:zlib";

export class PdfTooComplex extends Error {}

const PAD = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");

const md5 = (...parts: Buffer[]) => createHash("md5").update(Buffer.concat(parts)).digest();

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]) & 255;
    [s[i], s[j]] = [s[j], s[i]];
    out[n] = data[n] ^ s[(s[i] + s[j]) & 255];
  }
  return out;
}

function aesDecrypt(bits: 128 | 256, key: Buffer, data: Buffer, iv?: Buffer): Buffer {
  const withIv = !iv;
  if (withIv && data.length < 32) return Buffer.alloc(0);
  const decipher = createDecipheriv(`aes-${bits}-cbc`, key, iv ?? data.subarray(0, 16));
  decipher.setAutoPadding(withIv);
  try {
    return Buffer.concat([decipher.update(withIv ? data.subarray(16) : data), decipher.final()]);
  } catch {
    return Buffer.alloc(0);
  }
}

/** A PDF string token's bytes: `(literal)` with its escapes, or `<hex>`. */
function pdfString(text: string): Buffer | null {
  const t = text.trimStart();
  if (t.startsWith("<")) return Buffer.from(t.slice(1, t.indexOf(">")).replace(/\s+/g, "").padEnd(2, "0"), "hex");
  if (!t.startsWith("(")) return null;
  const out: number[] = [];
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c === "\\") {
      const n = t[++i];
      const esc: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, "(": 40, ")": 41, "\\": 92 };
      if (n in esc) out.push(esc[n]);
      else if (/[0-7]/.test(n)) {
        let oct = n;
        while (oct.length < 3 && /[0-7]/.test(t[i + 1])) oct += t[++i];
        out.push(parseInt(oct, 8) & 255);
      } else if (n === "\r" && t[i + 1] === "\n") i++;
      continue;
    }
    if (c === "(") depth++;
    if (c === ")" && --depth === 0) break;
    if (depth > 1 || (depth === 1 && c !== "(")) out.push(c.charCodeAt(0) & 255);
  }
  return Buffer.from(out);
}

const entry = (dict: string, name: string) => new RegExp(`/${name}(?![A-Za-z0-9])\\s*`).exec(dict);
const numberEntry = (dict: string, name: string) => {
  const m = entry(dict, name);
  return m ? Number(/^-?\d+/.exec(dict.slice(m.index + m[0].length))?.[0]) : NaN;
};
const stringEntry = (dict: string, name: string) => {
  const m = entry(dict, name);
  return m ? pdfString(dict.slice(m.index + m[0].length)) : null;
};
const nameEntry = (dict: string, name: string) => {
  const m = entry(dict, name);
  return m ? (/^\/([A-Za-z0-9]+)/.exec(dict.slice(m.index + m[0].length))?.[1] ?? null) : null;
};

/** The text of object `num gen` (up to its endobj), or null. */
function objectText(text: string, num: number, gen: number): string | null {
  const re = new RegExp(`(?:^|[^0-9])${num}\\s+${gen}\\s+obj\\b`, "g");
  let found: RegExpExecArray | null = null;
  for (let m = re.exec(text); m; m = re.exec(text)) found = m; // the last definition wins (incremental updates)
  if (!found) return null;
  const start = found.index + found[0].length;
  const end = text.indexOf("endobj", start);
  return text.slice(start, end < 0 ? undefined : end);
}

/** Revision 6's hash (ISO 32000-2, algorithm 2.B); revision 5's is plain SHA-256. */
function hash2B(password: Buffer, salt: Buffer, userKey: Buffer, revision: number): Buffer {
  let k = createHash("sha256")
    .update(Buffer.concat([password, salt, userKey]))
    .digest();
  if (revision < 6) return k;
  for (let i = 0; ; i++) {
    const k1 = Buffer.concat(Array(64).fill(Buffer.concat([password, k, userKey])));
    const cipher = createCipheriv("aes-128-cbc", k.subarray(0, 16), k.subarray(16, 32));
    cipher.setAutoPadding(false);
    const enc = Buffer.concat([cipher.update(k1), cipher.final()]);
    let sum = 0;
    for (let j = 0; j < 16; j++) sum += enc[j];
    k = createHash(["sha256", "sha384", "sha512"][sum % 3])
      .update(enc)
      .digest();
    if (i >= 63 && enc[enc.length - 1] <= i - 31) break;
  }
  return k.subarray(0, 32);
}

interface Decryptor {
  stream(num: number, gen: number, data: Buffer): Buffer;
}

/** The file's decryptor for `password`, or null when the password opens nothing (pdf.js then says so). */
function decryptor(text: string, password: string | undefined): Decryptor | null | "none" {
  const ref = [...text.matchAll(/\/Encrypt\s+(\d+)\s+(\d+)\s+R/g)].at(-1);
  const inline = ref ? null : /\/Encrypt\s*<</.exec(text);
  if (!ref && !inline) return "none";
  const dict = ref
    ? objectText(text, Number(ref[1]), Number(ref[2]))
    : text.slice(inline!.index + inline![0].length - 2);
  if (!dict || nameEntry(dict, "Filter") !== "Standard") return null;
  const v = numberEntry(dict, "V");
  const r = numberEntry(dict, "R");
  const o = stringEntry(dict, "O");
  const u = stringEntry(dict, "U");
  if (!o || !u) return null;
  const pw = Buffer.from(password ?? "", r >= 5 ? "utf8" : "latin1");
  const cfm = /\/StdCF\s*<<[^>]*\/CFM\s*\/([A-Za-z0-9]+)/.exec(dict)?.[1] ?? (v >= 4 ? "None" : "V2");
  const identity = v >= 4 && nameEntry(dict, "StmF") === "Identity";
  if (r >= 5) {
    const u48 = u.subarray(0, 48);
    const pw127 = pw.subarray(0, 127);
    let key: Buffer | null = null;
    if (hash2B(pw127, u.subarray(32, 40), Buffer.alloc(0), r).equals(u.subarray(0, 32))) {
      const ue = stringEntry(dict, "UE");
      if (ue)
        key = aesDecrypt(
          256,
          hash2B(pw127, u.subarray(40, 48), Buffer.alloc(0), r),
          ue.subarray(0, 32),
          Buffer.alloc(16),
        );
    } else if (hash2B(pw127, o.subarray(32, 40), u48, r).equals(o.subarray(0, 32))) {
      const oe = stringEntry(dict, "OE");
      if (oe) key = aesDecrypt(256, hash2B(pw127, o.subarray(40, 48), u48, r), oe.subarray(0, 32), Buffer.alloc(16));
    }
    if (!key || key.length !== 32) return null;
    return { stream: (_n, _g, data) => (identity ? data : aesDecrypt(256, key, data)) };
  }
  const id = pdfString([...text.matchAll(/\/ID\s*\[\s*([^\]]*)\]/g)].at(-1)?.[1] ?? "") ?? Buffer.alloc(0);
  const length = r === 2 ? 5 : (numberEntry(dict, "Length") || 40) / 8;
  const p = Buffer.alloc(4);
  p.writeInt32LE(numberEntry(dict, "P") | 0);
  const encryptMetadata = !/\/EncryptMetadata\s+false/.test(dict);
  const fileKey = (padded: Buffer) => {
    let h = md5(
      padded,
      o.subarray(0, 32),
      p,
      id,
      r >= 4 && !encryptMetadata ? Buffer.from([255, 255, 255, 255]) : Buffer.alloc(0),
    );
    if (r >= 3) for (let i = 0; i < 50; i++) h = md5(h.subarray(0, length));
    return h.subarray(0, length);
  };
  const checks = (key: Buffer) => {
    if (r === 2) return rc4(key, PAD).equals(u.subarray(0, 32));
    let x = rc4(key, md5(PAD, id));
    for (let i = 1; i <= 19; i++) x = rc4(Buffer.from(key.map((b) => b ^ i)), x);
    return x.subarray(0, 16).equals(u.subarray(0, 16));
  };
  const padded = (bytes: Buffer) => Buffer.concat([bytes.subarray(0, 32), PAD]).subarray(0, 32);
  let key = fileKey(padded(pw));
  if (!checks(key)) {
    // The owner password: it decrypts O into the user's padded password.
    let h = md5(padded(pw));
    if (r >= 3) for (let i = 0; i < 50; i++) h = md5(h);
    const ownerKey = h.subarray(0, length);
    let userPadded = o.subarray(0, 32);
    if (r === 2) userPadded = rc4(ownerKey, userPadded);
    else for (let i = 19; i >= 0; i--) userPadded = rc4(Buffer.from(ownerKey.map((b) => b ^ i)), userPadded);
    key = fileKey(userPadded);
    if (!checks(key)) return null;
  }
  const aes = cfm === "AESV2";
  return {
    stream(num, gen, data) {
      if (identity) return data;
      const objectKey = md5(
        key,
        Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, gen & 255, (gen >> 8) & 255]),
        aes ? Buffer.from("sAlT") : Buffer.alloc(0),
      ).subarray(0, Math.min(length + 5, 16));
      return aes ? aesDecrypt(128, objectKey, data) : rc4(objectKey, data);
    },
  };
}

/** Filters whose input this check must have as bytes (the rest, images, pdf.js does not decode for text). */
const DECODED_AFTER = new Set(["FlateDecode", "ASCIIHexDecode", "ASCII85Decode", "LZWDecode", "RunLengthDecode"]);

const FILTER_NAMES: Record<string, string> = {
  Fl: "FlateDecode",
  AHx: "ASCIIHexDecode",
  A85: "ASCII85Decode",
  LZW: "LZWDecode",
  RL: "RunLengthDecode",
};

function asciiHex(data: Buffer): Buffer {
  const hex = data
    .toString("latin1")
    .split(">")[0]
    .replace(/[^0-9a-fA-F]/g, "");
  return Buffer.from(hex.length % 2 ? hex + "0" : hex, "hex");
}

function ascii85(data: Buffer): Buffer {
  const text = data.toString("latin1").split("~>")[0].replace(/\s+/g, "").replace(/^<~/, "");
  const out: number[] = [];
  let group: number[] = [];
  const flush = (n: number) => {
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const c of group) value = value * 85 + c;
    for (let i = 0; i < n; i++) out.push((value >>> (24 - 8 * i)) & 255);
    group = [];
  };
  for (const ch of text) {
    if (ch === "z" && group.length === 0) out.push(0, 0, 0, 0);
    else if (ch >= "!" && ch <= "u") {
      group.push(ch.charCodeAt(0) - 33);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return Buffer.from(out);
}

/** LZW's output length, measured without keeping it (the table holds each code's length only). */
function lzwLength(data: Buffer, earlyChange: number): number {
  const lengths: number[] = [];
  const reset = () => {
    lengths.length = 258;
    for (let i = 0; i < 256; i++) lengths[i] = 1;
  };
  reset();
  let bits = 9;
  let total = 0;
  let previous = -1;
  let buffer = 0;
  let have = 0;
  for (const byte of data) {
    buffer = (buffer << 8) | byte;
    have += 8;
    while (have >= bits) {
      const code = (buffer >>> (have - bits)) & ((1 << bits) - 1);
      have -= bits;
      buffer &= (1 << have) - 1;
      if (code === 256) {
        reset();
        bits = 9;
        previous = -1;
        continue;
      }
      if (code === 257) return total;
      const length = code < lengths.length ? lengths[code] : previous >= 0 ? lengths[previous] + 1 : 1;
      total += length;
      if (previous >= 0 && lengths.length < 4096) lengths.push(lengths[previous] + 1);
      previous = code;
      if (lengths.length + earlyChange >= 1 << bits && bits < 12) bits++;
    }
  }
  return total;
}

function runLengthLength(data: Buffer): number {
  let total = 0;
  for (let i = 0; i < data.length;) {
    const n = data[i];
    if (n === 128) break;
    if (n < 128) {
      total += n + 1;
      i += n + 2;
    } else {
      total += 257 - n;
      i += 2;
    }
  }
  return total;
}

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const CODE_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

interface Huffman {
  count: Uint16Array;
  symbol: Uint16Array;
}

function huffman(lengths: ArrayLike<number>): Huffman {
  const count = new Uint16Array(16);
  for (let i = 0; i < lengths.length; i++) count[lengths[i]]++;
  count[0] = 0;
  const offs = new Uint16Array(16);
  for (let len = 1; len < 15; len++) offs[len + 1] = offs[len] + count[len];
  const symbol = new Uint16Array(lengths.length);
  for (let i = 0; i < lengths.length; i++) if (lengths[i]) symbol[offs[lengths[i]]++] = i;
  return { count, symbol };
}

const FIXED = (() => {
  const lit = new Uint8Array(288);
  lit.fill(8, 0, 144);
  lit.fill(9, 144, 256);
  lit.fill(7, 256, 280);
  lit.fill(8, 280, 288);
  return { lit: huffman(lit), dist: huffman(new Uint8Array(30).fill(5)) };
})();

/**
 * How many bytes a zlib (Flate) stream inflates to, counted without producing them: the lengths of
 * literals and matches are all that the count needs, so no window or output is kept (puff.c's walk).
 * Stops past `limit`; a broken or truncated stream counts what came before the break, as pdf.js reads it.
 */
export function inflatedLength(data: Uint8Array, limit: number): number {
  let pos = data.length >= 2 && data[1] & 0x20 ? 6 : 2;
  let bitbuf = 0;
  let bitcnt = 0;
  let total = 0;
  const END = new Error("end");
  const bits = (need: number) => {
    while (bitcnt < need) {
      if (pos >= data.length) throw END;
      bitbuf |= data[pos++] << bitcnt;
      bitcnt += 8;
    }
    const value = bitbuf & ((1 << need) - 1);
    bitbuf >>>= need;
    bitcnt -= need;
    return value;
  };
  const decode = (h: Huffman) => {
    let code = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len < 16; len++) {
      code |= bits(1);
      const count = h.count[len];
      if (code - count < first) return h.symbol[index + (code - first)];
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    throw END;
  };
  try {
    for (let last = 0; !last && total <= limit;) {
      last = bits(1);
      const type = bits(2);
      if (type === 0) {
        bitbuf = 0;
        bitcnt = 0;
        if (pos + 4 > data.length) break;
        const len = data[pos] | (data[pos + 1] << 8);
        pos += 4 + len;
        total += len;
        continue;
      }
      let lit = FIXED.lit;
      let dist = FIXED.dist;
      if (type === 2) {
        const nlen = bits(5) + 257;
        const ndist = bits(5) + 1;
        const ncode = bits(4) + 4;
        const codeLengths = new Uint8Array(19);
        for (let i = 0; i < ncode; i++) codeLengths[CODE_ORDER[i]] = bits(3);
        const lencode = huffman(codeLengths);
        const lengths = new Uint8Array(nlen + ndist);
        for (let i = 0; i < nlen + ndist;) {
          const sym = decode(lencode);
          if (sym < 16) lengths[i++] = sym;
          else {
            const previous = sym === 16 && i > 0 ? lengths[i - 1] : 0;
            const repeat = sym === 16 ? 3 + bits(2) : sym === 17 ? 3 + bits(3) : 11 + bits(7);
            for (let r = 0; r < repeat && i < lengths.length; r++) lengths[i++] = previous;
          }
        }
        lit = huffman(lengths.subarray(0, nlen));
        dist = huffman(lengths.subarray(nlen));
      } else if (type === 3) break;
      for (;;) {
        const sym = decode(lit);
        if (sym < 256) total++;
        else if (sym === 256) break;
        else {
          const n = sym - 257;
          if (n >= 29) throw END;
          total += LENGTH_BASE[n] + bits(LENGTH_EXTRA[n]);
          const d = decode(dist);
          if (d >= 30) throw END;
          bits(DIST_EXTRA[d]);
          if (total > limit) return total;
        }
      }
    }
  } catch (error) {
    if (error !== END) throw error;
  }
  return total;
}

/** Streams `data` through zlib, counting what comes out, for a Flate stream another filter then reads (rare). */
async function inflateCounted(
  data: Buffer,
  room: () => number,
  count: (n: number) => void,
  keep: boolean,
): Promise<Buffer | null> {
  const inflate = createInflate({ finishFlush: 2 /* Z_SYNC_FLUSH: a truncated stream gives what it has */ });
  const kept: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    inflate.on("data", (chunk: Buffer) => {
      count(chunk.length);
      if (room() < 0) {
        inflate.destroy();
        reject(new PdfTooComplex());
        return;
      }
      if (keep) kept.push(chunk);
    });
    inflate.on("end", resolve);
    inflate.on("close", resolve);
    inflate.on("error", () => resolve()); // a broken stream: pdf.js reads what it can too
  });
  // Fed in slices, so a refusal stops the work at the next slice.
  for (let at = 0; at < data.length && room() >= 0; at += 64 * 1024) {
    if (!inflate.write(data.subarray(at, at + 64 * 1024))) await new Promise((r) => inflate.once("drain", r));
  }
  inflate.end();
  await done;
  return keep ? Buffer.concat(kept) : null;
}

/**
 * Runs every stream's filters with a running count of their output; throws PdfTooComplex once the
 * count passes `limitBytes`. Returns the bytes the streams decode to (for the measurements).
 */
export async function measurePdfExpansion(
  bytes: Uint8Array,
  options: { password?: string; limitBytes: number },
): Promise<number> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buf.toString("latin1");
  const crypt = decryptor(text, options.password);
  if (crypt === null) return 0; // the password opens nothing: pdf.js refuses the file in its own words
  let total = 0;
  const room = () => options.limitBytes - total;
  const count = (n: number) => {
    total += n;
  };
  const header = /(\d+)\s+(\d+)\s+obj\b/g;
  for (let m = header.exec(text); m; m = header.exec(text)) {
    const num = Number(m[1]);
    const gen = Number(m[2]);
    const from = m.index + m[0].length;
    const endobj = text.indexOf("endobj", from);
    const streamAt = text.slice(from, endobj < 0 ? undefined : endobj).indexOf("stream") + from;
    if (streamAt < from) continue;
    const dict = text.slice(from, streamAt);
    if (!dict.trimEnd().endsWith(">>")) continue;
    let start = streamAt + 6;
    if (text[start] === "\r") start++;
    if (text[start] === "\n") start++;
    let length = numberEntry(dict, "Length");
    const indirect = /\/Length\s+(\d+)\s+(\d+)\s+R/.exec(dict);
    if (indirect)
      length = Number(/^\s*(\d+)/.exec(objectText(text, Number(indirect[1]), Number(indirect[2])) ?? "")?.[1]);
    const endstream = text.indexOf("endstream", start);
    if (!(
      length >= 0 &&
      start + length <= buf.length &&
      /^\s*endstream/.test(text.slice(start + length, start + length + 20))
    )) {
      length = (endstream < 0 ? buf.length : endstream) - start;
    }
    header.lastIndex = start + length;
    const isXref = /\/Type\s*\/XRef/.test(dict);
    let data: Buffer | null = buf.subarray(start, start + length);
    if (crypt !== "none" && !isXref) data = crypt.stream(num, gen, data);
    const filters = [
      ...(/\/Filter\s*\[([^\]]*)\]/.exec(dict)?.[1] ?? /\/Filter\s*(\/[A-Za-z0-9]+)/.exec(dict)?.[1] ?? "").matchAll(
        /\/([A-Za-z0-9]+)/g,
      ),
    ].map((f) => FILTER_NAMES[f[1]] ?? f[1]);
    total += data.length;
    for (let i = 0; i < filters.length && data; i++) {
      const last = !filters.slice(i + 1).some((later) => DECODED_AFTER.has(later));
      const f = filters[i];
      const needed = filters.slice(i + 1).some((later) => DECODED_AFTER.has(later));
      if (f === "FlateDecode" && !needed) {
        count(inflatedLength(data, room()));
        data = null;
      } else if (f === "FlateDecode") data = await inflateCounted(data, room, count, true);
      else if (f === "ASCIIHexDecode") count((data = asciiHex(data)).length);
      else if (f === "ASCII85Decode") count((data = ascii85(data)).length);
      else if (f === "LZWDecode" || f === "RunLengthDecode") {
        count(
          f === "LZWDecode" ? lzwLength(data, numberEntry(dict, "EarlyChange") === 0 ? 0 : 1) : runLengthLength(data),
        );
        // What these produce is measured, not kept: a filter after them would need it whole.
        if (!last) throw new PdfTooComplex();
        data = null;
      } else data = null; // images and the rest: pdf.js does not decode them to read text
      if (room() < 0) throw new PdfTooComplex();
    }
    if (room() < 0) throw new PdfTooComplex();
  }
  return total;
}
