import "server-only";
import { describePublicUrl, type PublicUrlView } from "@/lib/public-url";
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { sql } from "@/server/db/client";
import { env } from "@/server/env";

// The raffle's own keys (docs/decisions/052). Each comes from its environment variable when set;
// otherwise it is generated once, from the OS CSPRNG, and kept in installation_secrets (written
// once: a trigger refuses changing or removing it). Two instances starting together agree: the
// first INSERT wins (ON CONFLICT DO NOTHING) and both read the stored value.

type SecretName = "ticket_qr_secret" | "draw_seed_key" | "signing_key";

const GENERATORS: Record<SecretName, () => string> = {
  /** 32 random bytes, base64: the HMAC key material for ticket verify codes. */
  ticket_qr_secret: () => randomBytes(32).toString("base64"),
  /** 32 random bytes, base64: the AES-256-GCM key that seals draw server seeds at rest. */
  draw_seed_key: () => randomBytes(32).toString("base64"),
  /** An Ed25519 private key, PKCS#8 PEM: signs certificates and archive manifests. */
  signing_key: () => generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
};

const cache = new Map<SecretName, Promise<string>>();

async function stored(name: SecretName): Promise<string> {
  const [row] = await sql<{ value: string }>(
    `WITH ins AS (INSERT INTO installation_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING ` +
      `RETURNING value)
     SELECT value FROM ins UNION ALL SELECT value FROM installation_secrets WHERE name = $1 LIMIT 1`,
    [name, GENERATORS[name]()],
  );
  if (row) return row.value;
  // On PostgreSQL a concurrent first insert makes ours do nothing, and this statement's snapshot
  // (taken before that insert committed) cannot see its row: read it again in a new statement.
  const [again] = await sql<{ value: string }>(`SELECT value FROM installation_secrets WHERE name = $1`, [name]);
  if (!again) throw new Error(`installation secret ${name} could not be stored or read`);
  return again.value;
}

function fromEnv(name: SecretName): string | undefined {
  const e = env();
  return { ticket_qr_secret: e.TICKET_QR_SECRET, draw_seed_key: e.DRAW_SEED_KEY, signing_key: e.SIGNING_KEY }[name];
}

/** The secret's value: the environment's, else the database's (made now if this is the first start). */
export function installationSecret(name: SecretName): Promise<string> {
  const given = fromEnv(name);
  if (given) return Promise.resolve(given);
  let value = cache.get(name);
  if (!value) {
    value = stored(name);
    // A failed read (database down) is not remembered: the next call tries again.
    value.catch(() => cache.delete(name));
    cache.set(name, value);
  }
  return value;
}

/** Every key exists after this (the start-up calls it, so the first request waits for none). */
export async function ensureInstallationSecrets(): Promise<void> {
  await Promise.all((Object.keys(GENERATORS) as SecretName[]).map((name) => installationSecret(name)));
}

/** The installation's Ed25519 signing key pair; the public half as SPKI PEM, as published. */
export async function signingKeyPair(): Promise<{ privateKey: KeyObject; publicKey: KeyObject; publicKeyPem: string }> {
  const privateKey = createPrivateKey(await installationSecret("signing_key"));
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error("SIGNING_KEY must be an Ed25519 private key");
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, publicKeyPem: publicKey.export({ format: "pem", type: "spki" }).toString() };
}

/** The 32-byte key that seals draw seeds (AES-256-GCM). */
export async function drawSeedKey(): Promise<Buffer> {
  const key = Buffer.from(await installationSecret("draw_seed_key"), "base64");
  if (key.length !== 32) throw new Error("DRAW_SEED_KEY must be 32 bytes in base64");
  return key;
}

/** The secret ticket verify codes are derived from (HKDF input keying material). */
export async function ticketQrSecret(): Promise<Buffer> {
  return Buffer.from(await installationSecret("ticket_qr_secret"), "utf8");
}

/** Where buyers' phones reach the app: PUBLIC_BASE_URL, else AUTH_URL; null when neither is set. */
export function publicBaseUrl(): string | null {
  const e = env();
  const url = e.PUBLIC_BASE_URL ?? e.AUTH_URL;
  return url ? url.replace(/\/+$/, "") : null;
}

/**
 * The raffle's public address as it will be printed (docs/decisions/201): PUBLIC_BASE_URL, else
 * AUTH_URL, else `origin` (the address the request came in on), with the warning every screen shows
 * when a phone could not open it.
 */
export function publicUrl(origin: string): PublicUrlView {
  return describePublicUrl({ configured: publicBaseUrl(), fallback: origin });
}

/** Tests: forget what was read, as a new process would. */
export function resetInstallationSecretsCache() {
  cache.clear();
}
