// `npm run local`: the dashboard as production runs it (a production build and `npm start`), on
// the embedded database, reachable on every address of this machine over plain http, for a
// trusted network (a second staff laptop on the same Wi-Fi). What it turns on, only for the
// server it starts (never written where production would read it, decision 077):
// - the development sign-in (any allow-listed email, no Google), guarded by a sign-in code
//   printed here, new at each start (`Sign-in code: XXXX-XXXX`);
// - cookies without `Secure` (plain http), and the host taken from the request (no AUTH_URL);
// - a random AUTH_SECRET kept in local-run.env (so sessions survive a restart) and ADMIN_EMAILS;
// - PUBLIC_BASE_URL, the address printed in QR codes and public links: this machine's first network
//   address (printed as `Public URL: …`), unless PUBLIC_BASE_URL is already set (decision 201).
// It builds only when the sources changed since its last build, and says which.
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes, randomInt } from "node:crypto";
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { networkInterfaces } from "node:os";
import path from "node:path";
import { URL, fileURLToPath } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), "..");
const SETTINGS_FILE = path.join(ROOT, "local-run.env");
const STAMP_FILE = path.join(ROOT, ".next", "local-run-build.json");
const PORT = process.env.PORT || "3000";

/** What a build depends on: every source file (path and content), and the public variables Next inlines. */
const SOURCE_DIRS = ["app", "components", "lib", "server", "public", "prisma", "generated"];
const SOURCE_FILES = [
  "package-lock.json",
  "package.json",
  "next.config.ts",
  "tsconfig.json",
  "postcss.config.mjs",
  "proxy.ts",
  "instrumentation.ts",
];

function* walk(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

export function sourceFingerprint(root = ROOT, env = process.env) {
  const hash = createHash("sha256");
  const files = [
    ...SOURCE_DIRS.flatMap((d) => [...walk(path.join(root, d))]),
    ...SOURCE_FILES.map((f) => path.join(root, f)).filter(existsSync),
  ];
  for (const file of files) {
    hash.update(path.relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  for (const [key, value] of Object.entries(env)
    .filter(([k]) => k.startsWith("NEXT_PUBLIC_"))
    .sort())
    hash.update(`${key}=${value}\n`);
  return { hash: hash.digest("hex"), files: files.length };
}

/** Crockford base32 without I, L, O, U: nothing to misread when typed from another screen. */
const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export function newSignInCode() {
  const pick = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
  return `${pick()}-${pick()}`;
}

function readSettings() {
  if (!existsSync(SETTINGS_FILE)) return {};
  return Object.fromEntries(
    readFileSync(SETTINGS_FILE, "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#") && line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

/** The .env.local an earlier version of this script wrote (production reads it): moved aside, its secret kept. */
function retireOldEnvLocal() {
  const file = path.join(ROOT, ".env.local");
  if (!existsSync(file)) return {};
  const text = readFileSync(file, "utf8");
  if (!text.startsWith("# Written by `npm run local`")) return {};
  const secret = /^AUTH_SECRET=(.+)$/m.exec(text)?.[1];
  renameSync(file, path.join(ROOT, ".env.local.old-local-run"));
  console.log(
    "moved the .env.local an earlier `npm run local` wrote to .env.local.old-local-run: " +
      "production reads .env.local, and it turned the development sign-in on",
  );
  return secret ? { AUTH_SECRET: secret } : {};
}

function ensureSettings() {
  const saved = { ...retireOldEnvLocal(), ...readSettings() };
  const settings = {
    AUTH_SECRET: saved.AUTH_SECRET || randomBytes(32).toString("base64"),
    ADMIN_EMAILS: saved.ADMIN_EMAILS || "admin@example.com",
    BACKUP_EVERY_HOURS: saved.BACKUP_EVERY_HOURS || "6",
    BACKUP_KEEP: saved.BACKUP_KEEP || "10",
  };
  writeFileSync(
    SETTINGS_FILE,
    [
      "# The local run's own settings (`npm run local`): read only by scripts/local.mjs, never by",
      "# `npm start`, so a production start in this folder gets none of them. Not for production.",
      `AUTH_SECRET=${settings.AUTH_SECRET}`,
      `ADMIN_EMAILS=${settings.ADMIN_EMAILS}`,
      "# Automatic backups into ./data/backups (README, Backups): every so many hours and at stop, the newest kept.",
      `BACKUP_EVERY_HOURS=${settings.BACKUP_EVERY_HOURS}`,
      `BACKUP_KEEP=${settings.BACKUP_KEEP}`,
      "",
    ].join("\n"),
  );
  return settings;
}

/** The IPv4 addresses other machines could use, from an interface table (os.networkInterfaces()). */
export function lanAddresses(interfaces = networkInterfaces()) {
  return Object.values(interfaces)
    .flat()
    .filter((a) => a && a.family === "IPv4" && !a.internal)
    .map((a) => a.address);
}

/** An address a phone on the same network cannot use: loopback, unspecified, link-local. */
function isUnusableAddress(address) {
  const a = address.toLowerCase();
  return (
    a === "0.0.0.0" ||
    a === "::" ||
    a === "::1" ||
    a.startsWith("127.") ||
    a.startsWith("169.254.") ||
    a.startsWith("fe80:") ||
    a.startsWith("::ffff:127.")
  );
}

/**
 * The raffle's public URL for a local run (docs/decisions/201): PUBLIC_BASE_URL when given, else
 * http://<the first LAN address>:<port>, IPv4 before IPv6, never 0.0.0.0, localhost or loopback.
 * `interfaces` has the shape of os.networkInterfaces(). Null when the machine has no such address.
 */
export function choosePublicUrl({ interfaces, port, override }) {
  if (override) return { url: new URL(override).toString().replace(/\/+$/, ""), from: "PUBLIC_BASE_URL" };
  const all = Object.values(interfaces)
    .flat()
    .filter((a) => a && !a.internal && typeof a.address === "string" && !isUnusableAddress(a.address));
  const v4 = all.find((a) => a.family === "IPv4" || a.family === 4);
  const v6 = all.find((a) => a.family === "IPv6" || a.family === 6);
  const chosen = v4 ? v4.address : v6 ? `[${v6.address}]` : null;
  return chosen ? { url: `http://${chosen}:${port}`, from: "network address" } : null;
}

function buildIfNeeded() {
  const fingerprint = sourceFingerprint();
  const stamp = existsSync(STAMP_FILE) ? JSON.parse(readFileSync(STAMP_FILE, "utf8")) : null;
  const hasBuild = existsSync(path.join(ROOT, ".next", "BUILD_ID"));
  if (hasBuild && stamp?.hash === fingerprint.hash) {
    console.log(
      `Build is current: no source changed ` +
        `since ${new Date(stamp.builtAt).toLocaleString()} ` +
        `(${fingerprint.files} files checked).`,
    );
    return;
  }
  console.log(
    hasBuild && stamp
      ? "Sources changed since the last build: building again (about a minute)…"
      : "No production build of these sources yet: building (about a minute)…",
  );
  const started = Date.now();
  const build = spawnSync(process.execPath, [path.join(ROOT, "node_modules", "next", "dist", "bin", "next"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP_FILE, JSON.stringify({ hash: fingerprint.hash, builtAt: new Date().toISOString() }));
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

function start() {
  const settings = ensureSettings();
  const publicUrl = choosePublicUrl({
    interfaces: networkInterfaces(),
    port: PORT,
    override: process.env.PUBLIC_BASE_URL,
  });
  buildIfNeeded();
  const code = newSignInCode();
  const server = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...process.env,
      ...settings,
      NODE_ENV: "production",
      HOSTNAME: "0.0.0.0",
      PORT,
      AUTH_TRUST_HOST: "true",
      AUTH_DEV_LOGIN: "true",
      AUTH_DEV_LOGIN_IN_PRODUCTION: "true",
      AUTH_DEV_LOGIN_CODE: code,
      SERVED_OVER_HTTP: "true",
      AUTO_BACKUP: "true",
      // What stubs' QR codes, the Commitment Notice, the Minutes and public links carry.
      ...(publicUrl ? { PUBLIC_BASE_URL: publicUrl.url } : {}),
    },
  });
  console.log("");
  console.log("The dashboard (production build, embedded database in ./data), for a trusted network only:");
  for (const host of ["localhost", ...lanAddresses()]) console.log(`  http://${host}:${PORT}`);
  console.log(
    publicUrl
      ? `Public URL: ${publicUrl.url}`
      : "Public URL: none (this machine has no network address; set " +
          "PUBLIC_BASE_URL, or printed QR codes will not open on a phone)",
  );
  console.log(`Sign-in code: ${code}`);
  console.log(
    "(the development sign-in asks for it with an allow-listed email, e.g. admin@example.com; a new code each start)",
  );
  console.log("");
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (status) => process.exit(status ?? 0));
}

if (process.argv[1] && statSync(process.argv[1]).isFile() && path.resolve(process.argv[1]) === SELF) start();
