// Issue 14, sign-in: a Google ID token is exchanged once, soon after it was issued, for one of
// our client ids, with a believable lifetime and issue time.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as googleSignIn } from "@/app/api/auth/google-signin/route";
import { POST as signOut } from "@/app/api/auth/sign-out/route";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { MOBILE_CLIENT_ID, startLocalIssuer, WEB_CLIENT_ID, type LocalIssuer } from "@/tests/helpers/oidc-issuer";

let issuer: LocalIssuer;
beforeAll(async () => {
  issuer = await startLocalIssuer();
});
afterAll(async () => {
  await issuer.stop();
});
beforeEach(async () => {
  await resetDb();
  await createUser({ email: "staff@example.com" });
});

const now = () => Math.floor(Date.now() / 1000);
const signIn = (idToken: string) =>
  callRoute(googleSignIn, { method: "POST", path: "/api/auth/google-signin", body: { idToken } });

async function expectRefused(idToken: string, message: string) {
  const res = await signIn(idToken);
  expect(res.status).toBe(401);
  expect(res.json).toEqual({ success: false, code: "invalid_google_token", error: "Invalid Google token", message });
}

describe("token replay", () => {
  it("the same token is refused the second time, also after signing out", async () => {
    const token = await issuer.idToken({ email: "staff@example.com" });
    const first = await signIn(token);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    await expectRefused(token, "The Google ID token has already been used: sign in again");
    const out = await callRoute(signOut, { method: "POST", path: "/api/auth/sign-out", token: first.json.token });
    expect(out.status).toBe(200);
    await expectRefused(token, "The Google ID token has already been used: sign in again");
    expect(await db().authSession.count({ where: { revokedAt: null } })).toBe(0);
    // A fresh token for the same person works.
    expect((await signIn(await issuer.idToken({ email: "staff@example.com" }))).status).toBe(200);
  });

  it("of concurrent exchanges of one token, exactly one succeeds", { tags: ["sql"] }, async () => {
    const token = await issuer.idToken({ email: "staff@example.com" });
    const results = await Promise.all(Array.from({ length: 5 }, () => signIn(token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });
});

describe("token age and lifetime", () => {
  it("a token issued more than 5 minutes ago is refused", async () => {
    await expectRefused(
      await issuer.idToken({ email: "staff@example.com", iat: now() - 6 * 60 }),
      "The Google ID token is too old: sign in again",
    );
  });

  it("a token issued in the future beyond the clock skew is refused; within it, accepted", async () => {
    await expectRefused(
      await issuer.idToken({ email: "staff@example.com", iat: now() + 120 }),
      "The Google ID token is dated in the future",
    );
    expect((await signIn(await issuer.idToken({ email: "staff@example.com", iat: now() + 10 }))).status).toBe(200);
  });

  it("a token valid for ten years is refused", async () => {
    await expectRefused(
      await issuer.idToken({ email: "staff@example.com", iat: now(), exp: now() + 10 * 365 * 24 * 3600 }),
      "The Google ID token's lifetime is too long",
    );
  });
});

describe("audience arrays", () => {
  it("several audiences need an authorized party (azp) that is one of ours", async () => {
    const aud = [WEB_CLIENT_ID, "someone-else.apps.googleusercontent.com"];
    await expectRefused(
      await issuer.idToken({ email: "staff@example.com", aud }),
      "The Google ID token was issued for another application",
    );
    await expectRefused(
      await issuer.idToken({ email: "staff@example.com", aud, azp: "someone-else.apps.googleusercontent.com" }),
      "The Google ID token was issued for another application",
    );
    expect(
      (
        await signIn(
          await issuer.idToken({
            email: "staff@example.com",
            aud: [WEB_CLIENT_ID, MOBILE_CLIENT_ID],
            azp: MOBILE_CLIENT_ID,
          }),
        )
      ).status,
    ).toBe(200);
  });
});
