#!/usr/bin/env node
// verify-draw.mjs: re-checks a raffle draw from its published certificate.json and pool.csv.
// Dependency-free (Node 18+ built-ins only). Usage:
//   node verify-draw.mjs [--key <fingerprint or public-key file>] certificate.json pool.csv
// Exits 0 only when the pool hash, the commitment, the seed, the sequence, the prize roles and the
// certificate's Ed25519 signature all agree; prints each check and the fingerprint of the key the
// signature was checked with. A certificate carries its own key, so a re-signed one verifies too:
// --key (the fingerprint printed on the Commitment Notice, or the published public-key.pem) insists
// on the published key and fails on any other. Algorithm: docs/draw.md
// ("raffle-draw-v1"). This file is a second implementation, written apart from the server's.
import { createHash, createHmac, createPublicKey, verify } from "node:crypto";
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const ALGORITHM = "raffle-draw-v1";

const sha256hex = (data) => createHash("sha256").update(data).digest("hex");

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

export const poolHashOf = (pool) => sha256hex(pool.map((cn) => cn + "\n").join(""));
export const commitOf = (serverSeedHex) => sha256hex(`${ALGORITHM}/commit\n${serverSeedHex}`);
export const seedOf = (serverSeedHex, drawId, poolHash, outsideValue) =>
  createHmac("sha256", Buffer.from(serverSeedHex, "hex"))
    .update(`${ALGORITHM}/seed\n${drawId}\n${poolHash}\n${outsideValue}`)
    .digest("hex");

/** The first `count` picks of the seeded Fisher–Yates shuffle (rejection-sampled 64-bit words). */
export function sequenceOf(pool, seedHex, count) {
  const seed = Buffer.from(seedHex, "hex");
  let block = Buffer.alloc(0);
  let used = 32;
  let i = 0n;
  const nextWord = () => {
    if (used === 32) {
      const counter = Buffer.alloc(8);
      counter.writeBigUInt64BE(i++);
      block = createHash("sha256").update(seed).update(counter).digest();
      used = 0;
    }
    const w = block.readBigUInt64BE(used);
    used += 8;
    return w;
  };
  const uniform = (n) => {
    const N = BigInt(n);
    const bound = (1n << 64n) - ((1n << 64n) % N);
    for (;;) {
      const r = nextWord();
      if (r < bound) return Number(r % N);
    }
  };
  const a = pool.slice();
  const out = [];
  for (let k = 0; k < Math.min(count, a.length); k++) {
    const j = k + uniform(a.length - k);
    const t = a[k];
    a[k] = a[j];
    a[j] = t;
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

/** SHA-256 of the key's DER (SubjectPublicKeyInfo) bytes, hex in groups of four (as the Commitment Notice prints it).
 * */
export function keyFingerprintOf(publicKeyPem) {
  const der = createPublicKey(publicKeyPem).export({ type: "spki", format: "der" });
  return sha256hex(der).replace(/(.{4})(?!$)/g, "$1 ");
}

/** A fingerprint as typed (any case, spaces or colons) → 64 hex digits, or null when it is not one. */
export function normalizeFingerprint(text) {
  const hex = String(text).replace(/[\s:]/g, "").toLowerCase();
  return /^[0-9a-f]{64}$/.test(hex) ? hex : null;
}

/** Every check, in order: [{name, ok, detail}]. `expectedKey`: the published key's fingerprint, to insist on. */
export function checkDraw(certificate, pool, options = {}) {
  const c = certificate;
  const checks = [];
  const check = (name, ok, detail = "") => checks.push({ name, ok: Boolean(ok), detail });
  check("algorithm is raffle-draw-v1", c.algorithm === ALGORITHM, String(c.algorithm));
  check(
    "pool.csv is sorted in ascending byte order, no repeats",
    pool.every((cn, i) => i === 0 || Buffer.compare(Buffer.from(pool[i - 1]), Buffer.from(cn)) < 0),
  );
  check("pool count", pool.length === c.poolCount, `${pool.length} in pool.csv, ${c.poolCount} in the certificate`);
  const ph = poolHashOf(pool);
  check("pool hash", ph === c.poolHash, ph);
  const isHex = typeof c.serverSeed === "string" && /^[0-9a-f]{64}$/.test(c.serverSeed);
  check("server seed revealed (32 bytes, lower-case hex)", isHex);
  if (!isHex) return checks;
  const commit = commitOf(c.serverSeed);
  check('commit hash = SHA-256("raffle-draw-v1/commit\\n" + server seed)', commit === c.commitHash, commit);
  const entries = Array.isArray(c.sequence) ? c.sequence : [];
  if (c.mode === "drum") {
    drumChecks(check, c, entries, pool);
  } else {
    const seed = seedOf(c.serverSeed, c.drawId, c.poolHash, c.outsideValue);
    check("seed = HMAC-SHA-256(server seed, draw id, pool hash, outside value)", seed === c.seed, seed);
    const expected = sequenceOf(pool, seed, entries.length);
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
  let signatureOk = false;
  try {
    const { signature, ...unsigned } = c;
    signatureOk = verify(
      null,
      Buffer.from(canonicalJson(unsigned)),
      createPublicKey(c.publicKey),
      Buffer.from(signature, "base64"),
    );
  } catch {
    signatureOk = false;
  }
  check("Ed25519 signature over the canonical certificate", signatureOk);
  if (options.expectedKey) {
    let actual = null;
    try {
      actual = keyFingerprintOf(c.publicKey);
    } catch {
      actual = null;
    }
    check(
      "signed with the published key (--key)",
      actual !== null && normalizeFingerprint(actual) === normalizeFingerprint(options.expectedKey),
      `certificate's key ${actual ?? "unreadable"}, expected ${options.expectedKey}`,
    );
  }
  return checks;
}

/** --key's value: a fingerprint as printed, or a file holding a PEM public key (or a fingerprint). */
function expectedKeyOf(value) {
  const direct = normalizeFingerprint(value);
  if (direct) return direct.replace(/(.{4})(?!$)/g, "$1 ");
  const text = readFileSync(value, "utf8");
  if (text.includes("-----BEGIN")) return keyFingerprintOf(text);
  const inFile = normalizeFingerprint(text);
  if (!inFile) throw new Error(`${value} holds neither a public key (PEM) nor a fingerprint`);
  return inFile.replace(/(.{4})(?!$)/g, "$1 ");
}

function main(argv) {
  const args = [...argv];
  let expectedKey = null;
  const at = args.indexOf("--key");
  if (at >= 0) {
    if (at + 1 >= args.length) {
      console.error("--key needs a value: the fingerprint on the Commitment Notice, or the published public-key.pem");
      return 2;
    }
    try {
      expectedKey = expectedKeyOf(args[at + 1]);
    } catch (error) {
      console.error(`FAIL --key: ${error.message}`);
      return 1;
    }
    args.splice(at, 2);
  }
  if (args.length !== 2) {
    console.error("usage: node verify-draw.mjs [--key <fingerprint or public-key file>] certificate.json pool.csv");
    return 2;
  }
  let checks;
  let certificate;
  try {
    certificate = JSON.parse(readFileSync(args[0], "utf8"));
    checks = checkDraw(certificate, parsePoolCsv(readFileSync(args[1], "utf8")), { expectedKey });
  } catch (error) {
    console.error(`FAIL could not read the files: ${error.message}`);
    return 1;
  }
  for (const c of checks) console.log(`${c.ok ? "ok  " : "FAIL"} ${c.name}${c.detail ? ` (${c.detail})` : ""}`);
  let fingerprint = "unreadable";
  try {
    fingerprint = keyFingerprintOf(certificate.publicKey);
  } catch {
    // reported by the signature check
  }
  console.log(`Signature checked against the key with fingerprint (SHA-256): ${fingerprint}`);
  if (!expectedKey)
    console.log(
      "  Compare it with the one on the Commitment Notice, or pass --key <that fingerprint> to insist on it.",
    );
  const ok = checks.every((c) => c.ok);
  console.log(
    ok ? "All checks passed: the draw is what the certificate says." : "The draw does NOT match its certificate.",
  );
  return ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exit(main(process.argv.slice(2)));
