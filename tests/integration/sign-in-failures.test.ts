// Issue 25 item 5: refused sign-ins are in the Activity Log as auth.sign_in_failed, with the
// e-mail tried as the subject and the reason, never any part of the token, and at most a
// bounded number a minute per client address.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as auditList } from "@/app/api/audit/route";
import { GET as auditFilters } from "@/app/api/audit/filters/route";
import { POST as googleSignIn } from "@/app/api/auth/google-signin/route";
import { CLIENT_ADDRESS_ENV, CLIENT_ADDRESS_HEADER } from "@/lib/client-address.mjs";
import { authorizeSignIn } from "@/server/auth/authorize-sign-in";
import { MAX_PER_MINUTE, resetSignInFailureBound } from "@/server/auth/sign-in-failures";
import { clearGoogleKeyCache } from "@/server/auth/google-id-token";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createSignedInUser, createUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { startLocalIssuer, type LocalIssuer } from "@/tests/helpers/oidc-issuer";

let issuer: LocalIssuer;
beforeAll(async () => {
  issuer = await startLocalIssuer();
  process.env[CLIENT_ADDRESS_ENV] = "1";
});
afterAll(async () => {
  await issuer.stop();
  delete process.env[CLIENT_ADDRESS_ENV];
});
beforeEach(async () => {
  await resetDb();
  resetSignInFailureBound();
  clearGoogleKeyCache();
});

const signIn = (idToken: string, options: { email?: string; address?: string } = {}) =>
  callRoute(googleSignIn, {
    method: "POST",
    path: "/api/auth/google-signin",
    body: { idToken, ...(options.email ? { email: options.email } : {}) },
    headers: { [CLIENT_ADDRESS_HEADER]: options.address ?? "203.0.113.70" },
  });

async function failures() {
  return db().auditLog.findMany({ where: { action: "auth.sign_in_failed" }, orderBy: { id: "asc" } });
}

describe("refused sign-ins are recorded", () => {
  it(
    "an unknown e-mail, a disabled user, a bad token and a " + "replayed token, each with its reason and no token",
    async () => {
      await createUser({ email: "off@example.com", isDisabled: true });
      await createUser({ email: "ok@example.com" });
      const unknown = await issuer.idToken({ email: "Nobody@Example.com" });
      expect((await signIn(unknown)).status).toBe(403);
      const disabled = await issuer.idToken({ email: "off@example.com" });
      expect((await signIn(disabled)).status).toBe(403);
      const garbage = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNlY3JldC1wYXJ0";
      expect((await signIn(garbage, { email: "claimed@example.com" })).status).toBe(401);
      const good = await issuer.idToken({ email: "ok@example.com" });
      expect((await signIn(good)).status).toBe(200);
      expect((await signIn(good)).status).toBe(401); // the same token again

      const rows = await failures();
      expect(rows.map((r) => [r.entityType, r.entityId, r.after, r.actorEmail])).toEqual([
        ["sign_in", "nobody@example.com", { reason: "not_allowed", method: "google-id-token" }, null],
        ["sign_in", "off@example.com", { reason: "disabled", method: "google-id-token" }, null],
        ["sign_in", "claimed@example.com", { reason: "bad_token", method: "google-id-token" }, null],
        ["sign_in", "ok@example.com", { reason: "bad_token", method: "google-id-token" }, null],
      ]);
      // No part of any token is stored anywhere in the log.
      const everything = JSON.stringify(await db().auditLog.findMany(), (_k, v) =>
        typeof v === "bigint" ? String(v) : v,
      );
      for (const token of [unknown, disabled, garbage, good]) {
        for (const part of token.split(".")) expect(everything).not.toContain(part.slice(0, 16));
      }
    },
  );

  it("at most a bounded number a minute per client address; another address has its own", async () => {
    for (let i = 0; i < MAX_PER_MINUTE + 5; i++) {
      expect(
        await authorizeSignIn({ email: `flood${i}@example.com`, method: "google", clientAddress: "198.51.100.1" }),
      ).toBeNull();
    }
    expect(await failures()).toHaveLength(MAX_PER_MINUTE);
    await authorizeSignIn({ email: "other@example.com", method: "google", clientAddress: "198.51.100.2" });
    expect(await failures()).toHaveLength(MAX_PER_MINUTE + 1);
    // The next minute, the first address is recorded again.
    const later = Date.now() + 60_000;
    resetSignInFailureBound(() => later);
    await authorizeSignIn({ email: "again@example.com", method: "google", clientAddress: "198.51.100.1" });
    expect(await failures()).toHaveLength(MAX_PER_MINUTE + 2);
  });

  it("show in the Activity Log as sentences, and the action filter lists and selects them", async () => {
    const admin = await createSignedInUser({ isAdmin: true, email: "admin@example.com" });
    await authorizeSignIn({ email: "nobody@example.com", method: "google", clientAddress: "198.51.100.3" });
    const filters = await callRoute(auditFilters, { path: "/api/audit/filters", token: admin.token });
    expect(filters.json.actions).toContain("auth.sign_in_failed");
    const list = await callRoute(auditList, { path: "/api/audit?action=auth.sign_in_failed", token: admin.token });
    expect(list.status).toBe(200);
    const entries = list.json.entries ?? list.json.data ?? list.json.items;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "auth.sign_in_failed", entity_id: "nobody@example.com" });
  });
});
