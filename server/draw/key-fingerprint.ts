import "server-only";
import { createHash, createPublicKey } from "node:crypto";

/**
 * The signing key's fingerprint (issue 40, decision 210): SHA-256 of the public key's DER
 * (SubjectPublicKeyInfo) bytes, lower-case hex in groups of four so that a person can compare it
 * by eye. Printed on the Commitment Notice and the Minutes; scripts/verify-draw.mjs computes the same
 * on its own and insists on it with --key. No `import "server-only"`: the PDF worker may call it.
 */
export function keyFingerprint(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: "spki", format: "der" });
  return createHash("sha256")
    .update(der)
    .digest("hex")
    .replace(/(.{4})(?!$)/g, "$1 ");
}
