import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { drawSeedKey } from "@/server/secrets/installation-secrets";

// A draw's server seed at rest: AES-256-GCM under DRAW_SEED_KEY (docs/decisions/052), the draw id as
// associated data so a sealed seed cannot be moved to another draw. Layout: IV (12) ‖ tag (16) ‖ ciphertext (32).

export async function sealSeed(drawId: string, seed: Buffer): Promise<Buffer> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await drawSeedKey(), iv);
  cipher.setAAD(Buffer.from(drawId));
  const body = Buffer.concat([cipher.update(seed), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export async function openSeed(drawId: string, sealed: Uint8Array): Promise<Buffer> {
  const bytes = Buffer.from(sealed);
  const decipher = createDecipheriv("aes-256-gcm", await drawSeedKey(), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(drawId));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}
