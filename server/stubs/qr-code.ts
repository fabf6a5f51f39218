// A QR Code encoder (ISO/IEC 18004) for the stubs: byte and alphanumeric modes, error correction
// level M, versions 1-10 (a control number is version 1, a verify URL version 3-4). Written here
// rather than taken from a package: the project had none installed, and the part needed is small
// (docs/decisions/101-stub-pdfs.md). The algorithm follows the standard as Project Nayuki's
// reference implementation lays it out. Pure: runs in the stub worker thread.
// The output is a matrix of dark (1) and light (0) modules, without the quiet zone.

const MAX_VERSION = 10;
// Level M, per version (index 0 unused): error-correction codewords per block, and blocks.
const ECC_PER_BLOCK_M = [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26];
const BLOCKS_M = [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5];
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";
const ALPHANUMERIC_SET = new Set(ALPHANUMERIC);

export interface QrMatrix {
  size: number;
  version: number;
  /** size × size, row-major, 1 = dark. */
  modules: Uint8Array;
}

/** Raw data modules of a version (everything but function patterns and format/version bits). */
function rawDataModules(ver: number): number {
  let result = (16 * ver + 128) * ver + 64;
  if (ver >= 2) {
    const numAlign = Math.floor(ver / 7) + 2;
    result -= (25 * numAlign - 10) * numAlign - 55;
    if (ver >= 7) result -= 36;
  }
  return result;
}

const dataCodewords = (ver: number) => Math.floor(rawDataModules(ver) / 8) - ECC_PER_BLOCK_M[ver] * BLOCKS_M[ver];

function alignmentPositions(ver: number): number[] {
  if (ver === 1) return [];
  const numAlign = Math.floor(ver / 7) + 2;
  const step = Math.ceil((ver * 4 + 4) / (numAlign * 2 - 2)) * 2;
  const result = [6];
  for (let pos = ver * 4 + 17 - 7; result.length < numAlign; pos -= step) result.splice(1, 0, pos);
  return result;
}

// GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
}
const gfMul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]]);

const divisors = new Map<number, Uint8Array>();
/** The generator polynomial of degree n (coefficients from the highest, leading 1 left out). */
function rsDivisor(degree: number): Uint8Array {
  let d = divisors.get(degree);
  if (d) return d;
  d = new Uint8Array(degree);
  d[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      d[j] = gfMul(d[j], root);
      if (j + 1 < degree) d[j] ^= d[j + 1];
    }
    root = gfMul(root, 2);
  }
  divisors.set(degree, d);
  return d;
}

function rsRemainder(data: Uint8Array, divisor: Uint8Array): Uint8Array {
  const result = new Uint8Array(divisor.length);
  for (const b of data) {
    const factor = b ^ result[0];
    result.copyWithin(0, 1);
    result[result.length - 1] = 0;
    for (let i = 0; i < result.length; i++) result[i] ^= gfMul(divisor[i], factor);
  }
  return result;
}

class BitBuffer {
  bits: number[] = [];
  put(value: number, length: number) {
    for (let i = length - 1; i >= 0; i--) this.bits.push((value >>> i) & 1);
  }
}

function encodeSegment(text: string, ver: number): BitBuffer {
  const bb = new BitBuffer();
  const isAlnum = [...text].every((c) => ALPHANUMERIC_SET.has(c));
  if (isAlnum) {
    bb.put(0b0010, 4);
    bb.put(text.length, ver <= 9 ? 9 : 11);
    let i = 0;
    for (; i + 1 < text.length; i += 2)
      bb.put(ALPHANUMERIC.indexOf(text[i]) * 45 + ALPHANUMERIC.indexOf(text[i + 1]), 11);
    if (i < text.length) bb.put(ALPHANUMERIC.indexOf(text[i]), 6);
  } else {
    const bytes = Buffer.from(text, "utf8");
    bb.put(0b0100, 4);
    bb.put(bytes.length, ver <= 9 ? 8 : 16);
    for (const b of bytes) bb.put(b, 8);
  }
  return bb;
}

/** The codewords of `text` at the smallest version (level M) that holds it. */
function dataFor(text: string): { ver: number; data: Uint8Array } {
  for (let ver = 1; ver <= MAX_VERSION; ver++) {
    const bb = encodeSegment(text, ver);
    const capacityBits = dataCodewords(ver) * 8;
    if (bb.bits.length > capacityBits) continue;
    bb.put(0, Math.min(4, capacityBits - bb.bits.length));
    bb.put(0, (8 - (bb.bits.length % 8)) % 8);
    for (let pad = 0xec; bb.bits.length < capacityBits; pad ^= 0xec ^ 0x11) bb.put(pad, 8);
    const data = new Uint8Array(bb.bits.length / 8);
    bb.bits.forEach((bit, i) => (data[i >>> 3] |= bit << (7 - (i & 7))));
    return { ver, data };
  }
  throw new RangeError(`too long for a version ${MAX_VERSION} QR code at level M: ${text.length} characters`);
}

function withErrorCorrection(ver: number, data: Uint8Array): Uint8Array {
  const numBlocks = BLOCKS_M[ver];
  const eccLen = ECC_PER_BLOCK_M[ver];
  const rawCodewords = Math.floor(rawDataModules(ver) / 8);
  const numShort = numBlocks - (rawCodewords % numBlocks);
  const shortLen = Math.floor(rawCodewords / numBlocks);
  const divisor = rsDivisor(eccLen);
  const blocks: Uint8Array[] = [];
  for (let i = 0, k = 0; i < numBlocks; i++) {
    const len = shortLen - eccLen + (i < numShort ? 0 : 1);
    const dat = data.subarray(k, k + len);
    k += len;
    const block = new Uint8Array(shortLen + 1);
    block.set(dat, 0);
    // Short blocks leave one data position empty, skipped when interleaving.
    block.set(rsRemainder(dat, divisor), shortLen + 1 - eccLen);
    blocks.push(block);
  }
  const result = new Uint8Array(rawCodewords);
  let n = 0;
  for (let i = 0; i < shortLen + 1; i++) {
    blocks.forEach((block, j) => {
      if (i !== shortLen - eccLen || j >= numShort) result[n++] = block[i];
    });
  }
  return result;
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Grid {
  readonly modules: Uint8Array;
  readonly isFunction: Uint8Array;
  constructor(readonly size: number) {
    this.modules = new Uint8Array(size * size);
    this.isFunction = new Uint8Array(size * size);
  }
  set(x: number, y: number, dark: boolean) {
    this.modules[y * this.size + x] = dark ? 1 : 0;
    this.isFunction[y * this.size + x] = 1;
  }
}

function drawFunctionPatterns(g: Grid, ver: number) {
  const size = g.size;
  for (let i = 0; i < size; i++) {
    g.set(6, i, i % 2 === 0);
    g.set(i, 6, i % 2 === 0);
  }
  const finder = (cx: number, cy: number) => {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || x >= size || y < 0 || y >= size) continue;
        const dist = Math.max(Math.abs(dx), Math.abs(dy));
        g.set(x, y, dist !== 2 && dist !== 4);
      }
    }
  };
  finder(3, 3);
  finder(size - 4, 3);
  finder(3, size - 4);
  const align = alignmentPositions(ver);
  const last = align.length - 1;
  align.forEach((ay, i) =>
    align.forEach((ax, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) g.set(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );
  drawFormatBits(g, 0); // reserves the area; drawn again with the chosen mask
  if (ver >= 7) {
    let rem = ver;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (ver << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const bit = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      g.set(a, b, bit);
      g.set(b, a, bit);
    }
  }
}

function drawFormatBits(g: Grid, mask: number) {
  const size = g.size;
  const data = (0b00 << 3) | mask; // level M is 00
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  const bits = ((data << 10) | rem) ^ 0x5412;
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) g.set(8, i, bit(i));
  g.set(8, 7, bit(6));
  g.set(8, 8, bit(7));
  g.set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) g.set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) g.set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) g.set(8, size - 15 + i, bit(i));
  g.set(8, size - 8, true);
}

function drawCodewords(g: Grid, codewords: Uint8Array) {
  const size = g.size;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        const k = y * size + x;
        if (!g.isFunction[k] && i < codewords.length * 8) {
          g.modules[k] = (codewords[i >>> 3] >>> (7 - (i & 7))) & 1;
          i++;
        }
      }
    }
  }
}

// Each mask as XOR bits over a version's data modules, made once per (version, mask).
const maskBits = new Map<string, Uint8Array>();
function applyMask(g: Grid, ver: number, mask: number) {
  const key = `${ver}/${mask}`;
  let bits = maskBits.get(key);
  if (!bits) {
    bits = new Uint8Array(g.size * g.size);
    const f = MASKS[mask];
    for (let y = 0; y < g.size; y++)
      for (let x = 0; x < g.size; x++) bits[y * g.size + x] = g.isFunction[y * g.size + x] === 0 && f(x, y) ? 1 : 0;
    maskBits.set(key, bits);
  }
  const m = g.modules;
  for (let k = 0; k < m.length; k++) m[k] ^= bits[k];
}

/**
 * The standard's penalty, rules 1 (runs of five or more), 2 (2×2 blocks), 3 (the finder-like
 * 1:1:3:1:1 pattern with four light modules on a side, found with an 11-bit sliding window) and 4
 * (balance of dark and light). Tight loops without closures: it runs 8 times per code, 20,000
 * codes per 10,000 stubs.
 */
const FINDER_THEN_LIGHT = 0b10111010000;
const LIGHT_THEN_FINDER = 0b00001011101;
function penalty(g: Grid): number {
  const { size, modules } = g;
  let score = 0;
  let dark = 0;
  for (let pass = 0; pass < 2; pass++) {
    const step = pass === 0 ? 1 : size;
    const lineStep = pass === 0 ? size : 1;
    for (let a = 0; a < size; a++) {
      let k = a * lineStep;
      let prev = -1;
      let run = 0;
      // Outside the symbol counts as light: start the window as four light modules.
      let window = 0;
      for (let b = 0; b < size; b++, k += step) {
        const c = modules[k];
        if (c === prev) run++;
        else {
          if (run >= 5) score += run - 2;
          prev = c;
          run = 1;
        }
        window = ((window << 1) | c) & 0x7ff;
        if (b >= 10 && (window === FINDER_THEN_LIGHT || window === LIGHT_THEN_FINDER)) score += 40;
        if (pass === 0) {
          dark += c;
          if (
            a < size - 1 &&
            b < size - 1 &&
            c === modules[k + 1] &&
            c === modules[k + size] &&
            c === modules[k + size + 1]
          )
            score += 3;
        }
      }
      if (run >= 5) score += run - 2;
    }
  }
  const total = size * size;
  const deviation = Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1;
  return score + Math.max(0, deviation) * 10;
}

const popcount = (v: number) => {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/** A grid's rows (or, transposed, its columns) as integers: module x of a line is bit size-1-x. */
function packLines(values: Uint8Array, size: number, transpose: boolean): Int32Array {
  const lines = new Int32Array(size);
  for (let a = 0; a < size; a++) {
    let v = 0;
    for (let b = 0; b < size; b++) v = (v << 1) | values[transpose ? b * size + a : a * size + b];
    lines[a] = v;
  }
  return lines;
}

/** Packed masks, format areas and format bits of a version, rows and columns, made once. */
interface PackedVersion {
  maskRows: Int32Array[];
  maskCols: Int32Array[];
  formatAreaRows: Int32Array;
  formatAreaCols: Int32Array;
  formatRows: Int32Array[];
  formatCols: Int32Array[];
}
const packedVersions = new Map<number, PackedVersion>();
function packedVersion(ver: number, size: number): PackedVersion {
  let p = packedVersions.get(ver);
  if (p) return p;
  const g = new Grid(size);
  drawFunctionPatterns(g, ver);
  const area = new Grid(size);
  drawFormatBits(area, 0);
  const masks = Array.from({ length: 8 }, (_, mask) => {
    const bits = new Uint8Array(size * size);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) bits[y * size + x] = g.isFunction[y * size + x] === 0 && MASKS[mask](x, y) ? 1 : 0;
    return bits;
  });
  const formats = Array.from({ length: 8 }, (_, mask) => {
    const f = new Grid(size);
    drawFormatBits(f, mask);
    return f.modules;
  });
  p = {
    maskRows: masks.map((m) => packLines(m, size, false)),
    maskCols: masks.map((m) => packLines(m, size, true)),
    formatAreaRows: packLines(area.isFunction, size, false),
    formatAreaCols: packLines(area.isFunction, size, true),
    formatRows: formats.map((m) => packLines(m, size, false)),
    formatCols: formats.map((m) => packLines(m, size, true)),
  };
  packedVersions.set(ver, p);
  return p;
}

/**
 * Rules 1 and 3 on packed lines (and rule 2 on pairs of rows when `blocks`): the same score as
 * penalty() counts, a line at a time with bit operations instead of a module at a time.
 */
function packedLinesPenalty(lines: Int32Array, size: number, blocks: boolean): number {
  let score = 0;
  const full = (1 << size) - 1;
  const windows = (1 << (size - 10)) - 1; // where an 11-module window fits
  const pairs = (1 << (size - 1)) - 1;
  for (let a = 0; a < size; a++) {
    const r = lines[a];
    // Rule 1: each bit of `d` marks a change between two neighbours; runs lie between changes.
    let d = (r ^ (r >>> 1)) & pairs;
    let pos = size;
    while (d !== 0) {
      const top = 31 - Math.clz32(d);
      const run = pos - top - 1;
      if (run >= 5) score += run - 2;
      pos = top + 1;
      d &= ~(1 << top);
    }
    if (pos >= 5) score += pos - 2;
    // Rule 3: every window equal to 10111010000 or 00001011101, all positions at once.
    const n = ~r & full;
    const finderThenLight =
      (r >>> 10) &
      (n >>> 9) &
      (r >>> 8) &
      (r >>> 7) &
      (r >>> 6) &
      (n >>> 5) &
      (r >>> 4) &
      n &
      (n >>> 1) &
      (n >>> 2) &
      (n >>> 3) &
      windows;
    const lightThenFinder =
      (n >>> 10) &
      (n >>> 9) &
      (n >>> 8) &
      (n >>> 7) &
      (r >>> 6) &
      (n >>> 5) &
      (r >>> 4) &
      (r >>> 3) &
      (r >>> 2) &
      (n >>> 1) &
      r &
      windows;
    score += 40 * (popcount(finderThenLight) + popcount(lightThenFinder));
    // Rule 2: a 2×2 block where a module equals its right, lower and lower-right neighbours.
    if (blocks && a < size - 1) {
      const b = lines[a + 1];
      score += 3 * popcount(~(r ^ b) & ~(r ^ (r >>> 1)) & ~(b ^ (b >>> 1)) & pairs);
    }
  }
  return score;
}

/** penalty() for a grid with `mask` applied, from its packed rows and columns (size ≤ 31). */
function packedPenalty(
  baseRows: Int32Array,
  baseCols: Int32Array,
  p: PackedVersion,
  mask: number,
  size: number,
): number {
  const rows = new Int32Array(size);
  const cols = new Int32Array(size);
  let dark = 0;
  for (let i = 0; i < size; i++) {
    rows[i] = ((baseRows[i] & ~p.formatAreaRows[i]) | p.formatRows[mask][i]) ^ p.maskRows[mask][i];
    cols[i] = ((baseCols[i] & ~p.formatAreaCols[i]) | p.formatCols[mask][i]) ^ p.maskCols[mask][i];
    dark += popcount(rows[i]);
  }
  const score = packedLinesPenalty(rows, size, true) + packedLinesPenalty(cols, size, false);
  const total = size * size;
  const deviation = Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1;
  return score + Math.max(0, deviation) * 10;
}

/** The mask penalty() scores lowest for a grid whose data is drawn and not yet masked. */
function chooseMask(g: Grid, ver: number): number {
  let best = 0;
  let bestScore = Infinity;
  if (g.size <= 31) {
    // Versions 1-3 (every control number and short verify URL): lines fit a 32-bit integer.
    const p = packedVersion(ver, g.size);
    const rows = packLines(g.modules, g.size, false);
    const cols = packLines(g.modules, g.size, true);
    for (let mask = 0; mask < 8; mask++) {
      const score = packedPenalty(rows, cols, p, mask, g.size);
      if (score < bestScore) {
        best = mask;
        bestScore = score;
      }
    }
    return best;
  }
  for (let mask = 0; mask < 8; mask++) {
    applyMask(g, ver, mask);
    drawFormatBits(g, mask);
    const score = penalty(g);
    if (score < bestScore) {
      best = mask;
      bestScore = score;
    }
    applyMask(g, ver, mask); // undo (XOR)
  }
  return best;
}

/** Every mask's penalty, by the module-at-a-time rules and by the packed ones (for tests). */
export function maskPenalties(text: string): { modules: number[]; packed: number[] | null } {
  const { ver, data } = dataFor(text);
  const size = ver * 4 + 17;
  const g = new Grid(size);
  drawFunctionPatterns(g, ver);
  drawCodewords(g, withErrorCorrection(ver, data));
  const packed =
    size <= 31
      ? Array.from({ length: 8 }, (_, mask) =>
          packedPenalty(
            packLines(g.modules, size, false),
            packLines(g.modules, size, true),
            packedVersion(ver, size),
            mask,
            size,
          ),
        )
      : null;
  const modules = Array.from({ length: 8 }, (_, mask) => {
    applyMask(g, ver, mask);
    drawFormatBits(g, mask);
    const score = penalty(g);
    applyMask(g, ver, mask);
    return score;
  });
  return { modules, packed };
}

/** The QR code of `text` (level M), its mask chosen by the standard's penalty. */
export function encodeQr(text: string): QrMatrix {
  const { ver, data } = dataFor(text);
  const codewords = withErrorCorrection(ver, data);
  const size = ver * 4 + 17;
  const g = new Grid(size);
  drawFunctionPatterns(g, ver);
  drawCodewords(g, codewords);
  const best = chooseMask(g, ver);
  applyMask(g, ver, best);
  drawFormatBits(g, best);
  return { size, version: ver, modules: g.modules };
}
