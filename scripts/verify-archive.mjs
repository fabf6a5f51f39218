#!/usr/bin/env node
// verify-archive.mjs: checks an unzipped raffle archive (docs/closeout.md, decisions 131 and 211).
// Dependency-free (Node 18+ built-ins only). Usage:
//   node verify-archive.mjs [--key <fingerprint or public-key file>] <unzipped archive folder>
// Exits 0 only when every file's SHA-256 and size match manifest.json, nothing unlisted is there,
// manifest.sig is public-key.pem's Ed25519 signature of manifest.json, and the audit log's hash
// chain (audit-log-chain.txt, in chain order: the database's chain_seq, not id order) holds from its
// first row to its last: each row's hash is SHA-256 over the previous row's hash, a newline and the
// row's line. The archive seals every committed row before writing the file, so none is left out. A log rewritten at
// the database without recomputing every later hash breaks the chain at the first row changed. --key insists on the
// published signing key (the fingerprint on the Commitment Notice), as verify-draw.mjs does.
import { Buffer } from "node:buffer";
import { createHash, createPublicKey, verify } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const sha256hex = (data) => createHash("sha256").update(data).digest("hex");

export function keyFingerprintOf(publicKeyPem) {
  return sha256hex(createPublicKey(publicKeyPem).export({ type: "spki", format: "der" })).replace(
    /(.{4})(?!$)/g,
    "$1 ",
  );
}

/** The chain: [{ok, detail}] naming the first broken link, the rows counted. */
export function checkAuditChain(text) {
  const lines = text.split("\n").filter((l) => l !== "");
  let previous = "";
  for (let i = 0; i < lines.length; i++) {
    const tab = lines[i].indexOf("\t");
    const hash = tab < 0 ? "" : lines[i].slice(0, tab);
    const line = tab < 0 ? lines[i] : lines[i].slice(tab + 1);
    const expected = sha256hex(`${previous}\n${line}`);
    if (hash !== expected) {
      let id = `line ${i + 1}`;
      try {
        id = `row ${JSON.parse(line)[0]}`;
      } catch {
        // the line itself is damaged
      }
      return {
        ok: false,
        rows: lines.length,
        detail: `${id} (line ${i + 1}): its hash does not follow from the row before; the log was changed there`,
      };
    }
    previous = hash;
  }
  return { ok: true, rows: lines.length, detail: `${lines.length} rows, head ${previous || "(empty)"}` };
}

function listFiles(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? listFiles(path.join(dir, e.name), base)
      : [path.relative(base, path.join(dir, e.name)).split(path.sep).join("/")],
  );
}

/** Every check, in order: [{name, ok, detail}]. */
export function checkArchive(dir, options = {}) {
  const checks = [];
  const check = (name, ok, detail = "") => checks.push({ name, ok: Boolean(ok), detail });
  const manifestBytes = readFileSync(path.join(dir, "manifest.json"));
  const manifest = JSON.parse(manifestBytes.toString("utf8"));
  const files = manifest.files ?? {};
  const bad = Object.entries(files).filter(([name, f]) => {
    const file = path.join(dir, name);
    if (!existsSync(file)) return true;
    const bytes = readFileSync(file);
    return bytes.length !== f.bytes || sha256hex(bytes) !== f.sha256;
  });
  check(`${Object.keys(files).length} files match manifest.json`, bad.length === 0, bad.map(([n]) => n).join(", "));
  const unlisted = listFiles(dir).filter((n) => !(n in files) && n !== "manifest.json" && n !== "manifest.sig");
  check("no file outside the manifest", unlisted.length === 0, unlisted.join(", "));
  let signed = false;
  let fingerprint = "unreadable";
  try {
    const pem = readFileSync(path.join(dir, "public-key.pem"), "utf8");
    fingerprint = keyFingerprintOf(pem);
    const signature = Buffer.from(readFileSync(path.join(dir, "manifest.sig"), "utf8").trim(), "base64");
    signed = verify(null, manifestBytes, createPublicKey(pem), signature);
  } catch {
    signed = false;
  }
  check("manifest.sig: Ed25519 signature of manifest.json by public-key.pem", signed, `key ${fingerprint}`);
  if (options.expectedKey) {
    const norm = (s) => String(s).replace(/[\s:]/g, "").toLowerCase();
    check(
      "signed with the published key (--key)",
      norm(fingerprint) === norm(options.expectedKey),
      `archive's key ${fingerprint}, expected ${options.expectedKey}`,
    );
  }
  if (existsSync(path.join(dir, "audit-log-chain.txt"))) {
    const chain = checkAuditChain(readFileSync(path.join(dir, "audit-log-chain.txt"), "utf8"));
    check("audit log hash chain", chain.ok, chain.detail);
    if (existsSync(path.join(dir, "audit-log.jsonl"))) {
      const rows = readFileSync(path.join(dir, "audit-log.jsonl"), "utf8").split("\n").filter(Boolean).length;
      check("audit-log.jsonl and the chain hold the same rows", rows === chain.rows, `${rows} and ${chain.rows}`);
    }
  } else {
    check("audit log hash chain (audit-log-chain.txt)", false, "missing");
  }
  return checks;
}

function main(argv) {
  const args = [...argv];
  let expectedKey = null;
  const at = args.indexOf("--key");
  if (at >= 0) {
    const value = args[at + 1];
    if (!value) {
      console.error("--key needs a value: the published fingerprint, or a public-key file");
      return 2;
    }
    expectedKey = existsSync(value) ? keyFingerprintOf(readFileSync(value, "utf8")) : value;
    args.splice(at, 2);
  }
  const dir = args[0] ?? ".";
  let checks;
  try {
    checks = checkArchive(dir, { expectedKey });
  } catch (error) {
    console.error(`FAIL could not read the archive in ${dir}: ${error.message}`);
    return 1;
  }
  for (const c of checks) console.log(`${c.ok ? "ok  " : "FAIL"} ${c.name}${c.detail ? ` (${c.detail})` : ""}`);
  const ok = checks.every((c) => c.ok);
  console.log(
    ok
      ? "All checks passed: the archive is as it was signed, and the audit log's chain holds."
      : "The archive does NOT check out.",
  );
  return ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exit(main(process.argv.slice(2)));
