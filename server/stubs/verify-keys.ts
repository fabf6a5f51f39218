import "server-only";
import { ticketQrSecret } from "@/server/secrets/installation-secrets";
import { deriveVerifyKey, KEY_VERSION } from "@/server/stubs/verify-token";

// The verify key(s), derived once per process from TICKET_QR_SECRET (docs/decisions/100). The
// secret is read from the environment, or from installation_secrets once (then cached): after the
// first request the MAC check costs no database read.
let keys: Promise<Record<string, Buffer>> | null = null;

export function verifyKeys(): Promise<Record<string, Buffer>> {
  if (!keys) {
    const made = ticketQrSecret().then((secret) => ({ [KEY_VERSION]: deriveVerifyKey(secret, KEY_VERSION) }));
    made.catch(() => (keys = null));
    keys = made;
  }
  return keys;
}

export async function currentVerifyKey(): Promise<{ keyVersion: string; key: Buffer }> {
  return { keyVersion: KEY_VERSION, key: (await verifyKeys())[KEY_VERSION] };
}

/** Tests: forget the derived key (with resetInstallationSecretsCache). */
export function resetVerifyKeys() {
  keys = null;
}
