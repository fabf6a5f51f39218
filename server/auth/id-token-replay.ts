import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/server/db/client";

/**
 * Records a verified Google ID token as exchanged; false when it already was (a replay, also
 * after sign-out). Kept in the database until the token expires, so every instance agrees;
 * only the SHA-256 of the token is stored. Expired rows are swept on the way.
 */
export async function markIdTokenUsed(options: { idToken: string; expiresAt: Date }): Promise<boolean> {
  const hash = createHash("sha256").update(options.idToken).digest("hex");
  await db().$executeRaw`DELETE FROM used_id_tokens WHERE expires_at < now()`;
  const inserted = await db().$executeRaw`
    INSERT INTO used_id_tokens (token_hash, expires_at) VALUES (${hash}, ${options.expiresAt})
    ON CONFLICT (token_hash) DO NOTHING`;
  return inserted === 1;
}
