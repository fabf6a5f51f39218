// @module-tag sql
// The raffle's own keys (docs/decisions/052): from the environment when set; otherwise generated
// once and kept, the same value for every caller and instance, never changed afterwards.
import { createPublicKey, sign, verify } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { resetEnvCache } from "@/server/env";
import {
  drawSeedKey,
  ensureInstallationSecrets,
  installationSecret,
  publicBaseUrl,
  resetInstallationSecretsCache,
  signingKeyPair,
  ticketQrSecret,
} from "@/server/secrets/installation-secrets";

afterEach(() => {
  delete process.env.TICKET_QR_SECRET;
  delete process.env.PUBLIC_BASE_URL;
  resetEnvCache();
  resetInstallationSecretsCache();
});

describe("installation secrets", () => {
  it("are generated once: concurrent first reads (as from two instances) agree on one value", async () => {
    const values = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        if (i % 2) resetInstallationSecretsCache(); // some callers start cold, like another process
        return installationSecret("ticket_qr_secret");
      }),
    );
    expect(new Set(values).size).toBe(1);
    expect(Buffer.from(values[0], "base64")).toHaveLength(32);
    expect(await db().installationSecret.count({ where: { name: "ticket_qr_secret" } })).toBe(1);
  });

  it("makes every key at start-up, each of its kind", async () => {
    await ensureInstallationSecrets();
    expect(await db().installationSecret.count()).toBe(3);
    expect(await drawSeedKey()).toHaveLength(32);
    const { privateKey, publicKey, publicKeyPem } = await signingKeyPair();
    const signature = sign(null, Buffer.from("hello"), privateKey);
    expect(verify(null, Buffer.from("hello"), createPublicKey(publicKeyPem), signature)).toBe(true);
    expect(publicKey.asymmetricKeyType).toBe("ed25519");
  });

  it("cannot be changed or removed once made", async () => {
    await ensureInstallationSecrets();
    await expect(
      db().$executeRaw`UPDATE installation_secrets SET value = 'x' WHERE name = 'draw_seed_key'`,
    ).rejects.toThrow(/written once/);
    await expect(db().$executeRaw`DELETE FROM installation_secrets WHERE name = 'draw_seed_key'`).rejects.toThrow(
      /written once/,
    );
  });

  it("take the environment's value when it is set", async () => {
    process.env.TICKET_QR_SECRET = "an-operator-chosen-secret-of-32-characters!";
    resetEnvCache();
    expect((await ticketQrSecret()).toString()).toBe("an-operator-chosen-secret-of-32-characters!");
  });

  it("give the public address: PUBLIC_BASE_URL, else AUTH_URL", () => {
    process.env.PUBLIC_BASE_URL = "https://raffle.example.ph/";
    resetEnvCache();
    expect(publicBaseUrl()).toBe("https://raffle.example.ph");
  });
});
