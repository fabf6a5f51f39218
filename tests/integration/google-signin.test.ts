// POST /api/auth/google-signin: Google ID-token verification against a local OIDC issuer.
import { SignJWT, generateKeyPair } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as googleSignIn } from "@/app/api/auth/google-signin/route";
import { GET as profile } from "@/app/api/auth/profile/route";
import { NOT_AUTHORIZED_MESSAGE } from "@/lib/constants";
import { db } from "@/server/db/client";
import { resetEnvCache } from "@/server/env";
import { clearGoogleKeyCache } from "@/server/auth/google-id-token";
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
});

const signIn = (idToken: string, extra: Record<string, unknown> = {}) =>
  callRoute(googleSignIn, {
    method: "POST",
    path: "/api/auth/google-signin",
    body: { idToken, email: "ignored@example.com", displayName: "Ignored", ...extra },
  });

async function expectRefused(idToken: string, message: string) {
  const res = await signIn(idToken);
  expect(res.status).toBe(401);
  expect(res.json).toEqual({ success: false, code: "invalid_google_token", error: "Invalid Google token", message });
  expect(await db().authSession.count()).toBe(0);
}

describe("a good ID token", () => {
  it("signs in an allow-listed user and returns a bearer token that works", async () => {
    const user = await createUser({ email: "staff@example.com", isAdmin: true, displayName: "Old Name" });
    const res = await signIn(await issuer.idToken({ email: "Staff@Example.com" }));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: {
        id: user.id,
        email: "staff@example.com",
        displayName: "Google Name",
        photoURL: "https://example.com/p.png",
        isAdmin: true,
        is_admin: true,
        role: "admin",
      },
    });
    const me = await callRoute(profile, { path: "/api/auth/profile", token: res.json.token });
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({ email: "staff@example.com", is_admin: true });

    const stored = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.lastLogin).not.toBeNull();
    const session = await db().authSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(session.kind).toBe("bearer");
    expect(session.tokenHash).not.toBe(res.json.token);
    expect(await db().auditLog.count({ where: { action: "user.sign_in", entityId: user.id } })).toBe(1);
  });

  it("accepts the mobile app's client id as audience", async () => {
    await createUser({ email: "mobile@example.com" });
    const res = await signIn(await issuer.idToken({ email: "mobile@example.com", aud: MOBILE_CLIENT_ID }));
    expect(res.status).toBe(200);
    expect(res.json.user.role).toBe("user");
  });

  it("uses the token's email, never the body's", async () => {
    await createUser({ email: "boss@example.com", isAdmin: true });
    await createUser({ email: "clerk@example.com" });
    const res = await signIn(await issuer.idToken({ email: "clerk@example.com" }), { email: "boss@example.com" });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ email: "clerk@example.com", isAdmin: false });
  });
});

describe("the allow-list", () => {
  it("refuses an unlisted email with 403 and the exact message", async () => {
    const res = await signIn(await issuer.idToken({ email: "stranger@example.com" }));
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      success: false,
      code: "not_authorized_email",
      message: NOT_AUTHORIZED_MESSAGE,
      error: NOT_AUTHORIZED_MESSAGE,
    });
    expect(await db().authSession.count()).toBe(0);
  });

  it("refuses a disabled user the same way", async () => {
    await createUser({ email: "gone@example.com", isDisabled: true });
    const res = await signIn(await issuer.idToken({ email: "gone@example.com" }));
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(NOT_AUTHORIZED_MESSAGE);
  });
});

describe("a bad ID token is refused with 401", () => {
  beforeEach(async () => {
    await createUser({ email: "staff@example.com" });
  });

  it("wrong audience", async () => {
    await expectRefused(
      await issuer.idToken({ email: "staff@example.com", aud: "someone-else.apps.googleusercontent.com" }),
      "The Google ID token was issued for another application",
    );
  });

  it("wrong issuer", async () => {
    await expectRefused(
      await issuer.idToken({ email: "staff@example.com", iss: "https://evil.example.com" }),
      "The Google ID token was issued by an unexpected issuer",
    );
  });

  it("the scheme-less form of the issuer, which only Google's own issuer may use", async () => {
    await expectRefused(
      await issuer.idToken({ email: "staff@example.com", iss: issuer.url.replace(/^https?:\/\//, "") }),
      "The Google ID token was issued by an unexpected issuer",
    );
  });

  it("expired", async () => {
    await expectRefused(
      await issuer.idToken({ email: "staff@example.com" }, { expiresIn: -60 }),
      "The Google ID token has expired",
    );
  });

  it("bad signature (tampered payload)", async () => {
    const [header, , signature] = (await issuer.idToken({ email: "staff@example.com" })).split(".");
    const forged = Buffer.from(
      JSON.stringify({
        iss: issuer.url,
        aud: WEB_CLIENT_ID,
        email: "staff@example.com",
        email_verified: true,
        exp: Math.floor(Date.now() / 1000) + 600,
      }),
    ).toString("base64url");
    await expectRefused(`${header}.${forged}.${signature}`, "The Google ID token's signature does not verify");
  });

  it("bad signature (another key claiming the issuer's key id)", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const kid = (issuer.server.issuer.keys.toJSON()[0] as { kid: string }).kid;
    const token = await new SignJWT({ email: "staff@example.com", email_verified: true })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(issuer.url)
      .setAudience(WEB_CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(privateKey);
    await expectRefused(token, "The Google ID token's signature does not verify");
  });

  it("signed with an unknown key", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const token = await new SignJWT({ email: "staff@example.com", email_verified: true })
      .setProtectedHeader({ alg: "RS256", kid: "unknown-key" })
      .setIssuer(issuer.url)
      .setAudience(WEB_CLIENT_ID)
      .setExpirationTime("10m")
      .sign(privateKey);
    await expectRefused(token, "The Google ID token's signature does not verify");
  });

  it("unverified email", async () => {
    await expectRefused(
      await issuer.idToken({ email: "staff@example.com", email_verified: false }),
      "The Google account's email address is not verified",
    );
  });

  it("no email_verified claim at all", async () => {
    await expectRefused(
      await issuer.idToken({ email: "staff@example.com", email_verified: undefined }),
      "The Google account's email address is not verified",
    );
  });

  it("not a JWT", async () => {
    await expectRefused("not-a-token", "The Google ID token is malformed");
  });
});

describe("request shape and availability", () => {
  it("requires an idToken (400 with issues)", async () => {
    const res = await callRoute(googleSignIn, {
      method: "POST",
      path: "/api/auth/google-signin",
      body: { email: "x@example.com" },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      success: false,
      code: "validation_failed",
      message: "idToken is required",
      issues: [{ path: "idToken", message: "idToken is required" }],
    });
  });

  it("answers 503 when the issuer cannot be reached, without caching the failure", async () => {
    const saved = process.env.AUTH_GOOGLE_ISSUER;
    process.env.AUTH_GOOGLE_ISSUER = "http://127.0.0.1:1";
    resetEnvCache();
    clearGoogleKeyCache();
    try {
      const res = await signIn(await issuer.idToken({ email: "staff@example.com" }));
      expect(res.status).toBe(503);
      expect(res.json.code).toBe("unavailable");
    } finally {
      process.env.AUTH_GOOGLE_ISSUER = saved;
      resetEnvCache();
    }
  });
});
