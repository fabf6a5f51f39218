// draw-check-browser.mjs: the public proof page's re-check in the visitor's own browser
// (issue 23, docs/decisions/127-browser-check.md). A third implementation of raffle-draw-v1
// (docs/draw.md), written for WebCrypto only (SHA-256, HMAC-SHA-256, Ed25519): it fetches the
// published certificate.json and pool.csv and recomputes the pool hash, the commitment, the seed,
// the sequence, the prize roles and the signature, trusting no server code. Served as
// /api/public/draw-check.mjs and loaded by /draw/{id} under the page's CSP nonce; the page's
// static parts need no script.

/* global TextEncoder, atob, fetch, crypto, document */
export const ALGORITHM = "raffle-draw-v1";
const enc = new TextEncoder();

const hex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (text) => new Uint8Array(text.match(/../g)?.map((h) => parseInt(h, 16)) ?? []);

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export async function sha256(subtle, bytes) {
  return new Uint8Array(await subtle.digest("SHA-256", bytes));
}

/** pool.csv: a header "control_number", then one control number per line, in the pool's order. */
export function parsePoolCsv(text) {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split("\n")
    .map((l) => l.replace(/\r$/, ""));
  if (lines[0] !== "control_number") throw new Error('pool.csv must start with the header "control_number"');
  const pool = lines.slice(1);
  while (pool.length && pool[pool.length - 1] === "") pool.pop();
  return pool;
}

/** -1, 0 or 1 comparing the UTF-8 bytes of two strings, unsigned (the pool's order). */
export function compareBytes(a, b) {
  const x = enc.encode(a);
  const y = enc.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

export const poolHashOf = async (subtle, pool) =>
  hex(await sha256(subtle, enc.encode(pool.map((cn) => cn + "\n").join(""))));
export const commitOf = async (subtle, serverSeedHex) =>
  hex(await sha256(subtle, enc.encode(`${ALGORITHM}/commit\n${serverSeedHex}`)));

export async function seedOf(subtle, serverSeedHex, drawId, poolHash, outsideValue) {
  const key = await subtle.importKey("raw", fromHex(serverSeedHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await subtle.sign("HMAC", key, enc.encode(`${ALGORITHM}/seed\n${drawId}\n${poolHash}\n${outsideValue}`)));
}

/** The first `count` picks of the seeded Fisher–Yates shuffle (rejection-sampled 64-bit words). */
export async function sequenceOf(subtle, pool, seedHex, count) {
  const seed = fromHex(seedHex);
  let block = new DataView(new ArrayBuffer(32));
  let used = 32;
  let i = 0n;
  const nextWord = async () => {
    if (used === 32) {
      const counter = new DataView(new ArrayBuffer(8));
      counter.setBigUint64(0, i++);
      const digest = await sha256(subtle, concat(seed, new Uint8Array(counter.buffer)));
      block = new DataView(digest.buffer);
      used = 0;
    }
    const w = block.getBigUint64(used);
    used += 8;
    return w;
  };
  const a = pool.slice();
  const out = [];
  for (let k = 0; k < Math.min(count, a.length); k++) {
    const n = BigInt(a.length - k);
    const bound = (1n << 64n) - ((1n << 64n) % n);
    let r = await nextWord();
    while (r >= bound) r = await nextWord();
    const j = k + Number(r % n);
    [a[k], a[j]] = [a[j], a[k]];
    out.push(a[k]);
  }
  return out;
}

/** RFC 8785 for JSON values made of strings, integers, booleans, null, arrays and objects. */
export function canonicalJson(value) {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value)
    .filter((k) => value[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(",")}}`;
}

async function verifySignature(subtle, certificate) {
  const { signature, ...unsigned } = certificate;
  const der = Uint8Array.from(
    atob(
      String(certificate.publicKey)
        .replace(/-----[^-]+-----/g, "")
        .replace(/\s+/g, ""),
    ),
    (c) => c.charCodeAt(0),
  );
  const key = await subtle.importKey("spki", der, { name: "Ed25519" }, false, ["verify"]);
  const sig = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
  return subtle.verify({ name: "Ed25519" }, key, sig, enc.encode(canonicalJson(unsigned)));
}

/**
 * A drum draw (mode "drum"): the positions were drawn by hand from a physical drum, so there is no
 * seed to recompute; what can be checked is that every drawn ticket is in the committed pool, once,
 * in positions 1, 2, 3 … (the prize roles are checked below as for any draw).
 */
function drumChecks(check, c, entries, pool) {
  check("drum draw: no outside value and no seed", c.outsideValue === null && c.seed === null);
  const inPool = new Set(pool);
  const seen = new Set();
  const firstBad = entries.findIndex((e, i) => {
    const bad = e.position !== i + 1 || !inPool.has(e.controlNumber) || seen.has(e.controlNumber);
    seen.add(e.controlNumber);
    return bad;
  });
  check(
    `drum draw: ${entries.length} positions, each a different ticket of the pool`,
    entries.length > 0 && firstBad === -1,
    firstBad === -1 ? "" : `position ${firstBad + 1}: ${entries[firstBad].controlNumber}`,
  );
}

/** Every check, in order: [{name, ok, detail}]; `ok` is null for a check this browser cannot make. */
export async function checkDraw(subtle, certificate, pool) {
  const c = certificate;
  const checks = [];
  const check = (name, ok, detail = "") => checks.push({ name, ok: ok === null ? null : Boolean(ok), detail });
  check("algorithm is raffle-draw-v1", c.algorithm === ALGORITHM, String(c.algorithm));
  check(
    "pool.csv is in ascending byte order, no repeats",
    pool.every((cn, i) => i === 0 || compareBytes(pool[i - 1], cn) < 0),
  );
  check("pool count", pool.length === c.poolCount, `${pool.length} in pool.csv, ${c.poolCount} in the certificate`);
  const ph = await poolHashOf(subtle, pool);
  check("pool hash", ph === c.poolHash, ph);
  const isHex = typeof c.serverSeed === "string" && /^[0-9a-f]{64}$/.test(c.serverSeed);
  check("server seed revealed (32 bytes, lower-case hex)", isHex);
  if (!isHex) return checks;
  const commit = await commitOf(subtle, c.serverSeed);
  check("commit hash = SHA-256 of the server seed", commit === c.commitHash, commit);
  const entries = Array.isArray(c.sequence) ? c.sequence : [];
  if (c.mode === "drum") {
    drumChecks(check, c, entries, pool);
  } else {
    const seed = await seedOf(subtle, c.serverSeed, c.drawId, c.poolHash, c.outsideValue);
    check("seed = HMAC-SHA-256(server seed, draw id, pool hash, outside value)", seed === c.seed, seed);
    const expected = await sequenceOf(subtle, pool, seed, entries.length);
    const firstBad = entries.findIndex((e, i) => e.position !== i + 1 || e.controlNumber !== expected[i]);
    check(
      `sequence of ${entries.length} positions`,
      entries.length > 0 && firstBad === -1,
      firstBad === -1
        ? ""
        : `position ${firstBad + 1}: certificate ${entries[firstBad].controlNumber}, recomputed ${expected[firstBad]}`,
    );
  }
  const roles = [];
  for (const p of [...(c.prizes ?? [])].sort((x, y) => x.rank - y.rank)) {
    for (let b = 0; b <= p.backups && roles.length < pool.length; b++)
      roles.push({ prizeRank: p.rank, role: b === 0 ? "winner" : "backup" });
  }
  const badRole = entries.findIndex(
    (e, i) => !roles[i] || roles[i].prizeRank !== e.prizeRank || roles[i].role !== e.role,
  );
  check(
    "each position's prize and role follow the prize table",
    entries.length === Math.min(roles.length, pool.length) && badRole === -1,
    badRole === -1 ? "" : `position ${badRole + 1}`,
  );
  let signature;
  try {
    signature = await verifySignature(subtle, c);
  } catch (error) {
    // A browser without Ed25519 in WebCrypto cannot make this check: said, not failed.
    signature = error && error.name === "NotSupportedError" ? null : false;
  }
  check(
    "Ed25519 signature over the canonical certificate",
    signature,
    signature === null ? "this browser has no Ed25519; verify-draw.mjs checks it" : "",
  );
  return checks;
}

/** On /draw/{id}: the button re-checks the published files and lists each check. */
function attach(root) {
  const button = root.querySelector("button");
  const list = root.querySelector("[data-results]");
  const summary = root.querySelector("[data-summary]");
  root.hidden = false;
  button.addEventListener("click", async () => {
    button.disabled = true;
    summary.textContent = "Checking…";
    list.replaceChildren();
    try {
      const [cert, csv] = await Promise.all([
        fetch(root.dataset.certificate, { cache: "no-store" }).then((r) =>
          r.ok ? r.json() : Promise.reject(new Error(`certificate.json: HTTP ${r.status}`)),
        ),
        fetch(root.dataset.pool, { cache: "no-store" }).then((r) =>
          r.ok ? r.text() : Promise.reject(new Error(`pool.csv: HTTP ${r.status}`)),
        ),
      ]);
      const checks = await checkDraw(crypto.subtle, cert, parsePoolCsv(csv));
      for (const c of checks) {
        const li = document.createElement("li");
        li.textContent =
          `${c.ok === null ? "Not checked" : c.ok ? "Passed" : "FAILED"}: ` +
          `${c.name}${c.detail && c.ok !== true ? ` (${c.detail})` : ""}`;
        list.append(li);
      }
      const failed = checks.some((c) => c.ok === false);
      summary.textContent = failed
        ? "The draw does NOT match its certificate."
        : "All checks passed in this browser: the draw is what the certificate says.";
    } catch (error) {
      summary.textContent = `The check could not run: ${error.message}`;
    } finally {
      button.disabled = false;
    }
  });
}

if (typeof document !== "undefined") {
  const root = document.getElementById("browser-check");
  if (root) attach(root);
}
