// Sessions and bearer tokens (issue 3): idle timeout from the settings, a 12-hour absolute
// lifetime, only the token's hash stored, and every request re-reading the user.
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as signOutRoute } from "@/app/api/auth/sign-out/route";
import { GET as usersRoute } from "@/app/api/auth/users/route";
import { POST as verifyTokenRoute } from "@/app/api/auth/verify-token/route";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { DELETE as deleteUserRoute } from "@/app/api/auth/delete-user/route";
import { PUT as disableUserRoute } from "@/app/api/auth/disable-user/route";
import { PUT as updateRoleRoute } from "@/app/api/auth/update-user-role/route";
import { db } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createCookieUser } from "@/tests/helpers/auth";
import { createSignedInUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

beforeEach(resetDb);

const profile = (headers: Record<string, string>) => callRoute(profileRoute, { path: "/api/auth/profile", headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const setSession = (id: string, data: { lastSeenAt?: Date; expiresAt?: Date }) =>
  db().authSession.update({ where: { id }, data });

describe("bearer tokens", () => {
  it("are stored only as their SHA-256", async () => {
    const { token, sessionId } = await createSignedInUser();
    const row = await db().authSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("end after session_timeout idle minutes, read from the settings", async () => {
    const { token, sessionId } = await createSignedInUser();
    await setSession(sessionId, { lastSeenAt: ago(29) });
    expect((await profile(bearer(token))).status).toBe(200);
    await setSession(sessionId, { lastSeenAt: ago(31) });
    expect((await profile(bearer(token))).status).toBe(401);
    await db().settings.update({ where: { id: 1 }, data: { sessionTimeout: 60 } });
    expect((await profile(bearer(token))).status).toBe(200);
  });

  it("stay alive while used: a request moves last_seen_at forward", async () => {
    const { token, sessionId } = await createSignedInUser();
    await setSession(sessionId, { lastSeenAt: ago(20) });
    expect((await profile(bearer(token))).status).toBe(200);
    const row = await db().authSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it("end at their absolute lifetime however active they are", async () => {
    const { token, sessionId } = await createSignedInUser();
    const row = await db().authSession.findUniqueOrThrow({ where: { id: sessionId } });
    // expires_at is set by the server's clock, created_at by the database's: allow a moment.
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 12 * 60 * 60 * 1000)).toBeLessThan(5_000);
    await setSession(sessionId, { expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() });
    const res = await profile(bearer(token));
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ success: false, code: "unauthorized" });
  });

  it("are revoked by sign-out, and verify-token then refuses them", async () => {
    const { token } = await createSignedInUser();
    const verify = () =>
      callRoute(verifyTokenRoute, { method: "POST", path: "/api/auth/verify-token", body: { token } });
    expect((await verify()).status).toBe(200);
    expect((await callRoute(signOutRoute, { method: "POST", path: "/api/auth/sign-out", token })).status).toBe(200);
    expect((await verify()).status).toBe(401);
    expect((await profile(bearer(token))).status).toBe(401);
  });
});

describe("every request re-reads the user", () => {
  it("a demoted admin loses admin access on the very next request, by token and by cookie", async () => {
    const admin = await createSignedInUser({ isAdmin: true });
    const cookieAdmin = await createCookieUser({ isAdmin: true });
    const list = (headers: Record<string, string>) => callRoute(usersRoute, { path: "/api/auth/users", headers });
    expect((await list(bearer(admin.token))).status).toBe(200);
    expect((await list({ cookie: cookieAdmin.cookie })).status).toBe(200);
    await db().user.updateMany({ data: { isAdmin: false } });
    expect((await list(bearer(admin.token))).status).toBe(403);
    expect((await list({ cookie: cookieAdmin.cookie })).status).toBe(403);
    expect((await profile(bearer(admin.token))).json.user).toMatchObject({
      isAdmin: false,
      is_admin: false,
      role: "user",
    });
  });

  it("a disabled or deleted user is refused at once, by token and by cookie", async () => {
    const a = await createSignedInUser();
    const b = await createCookieUser();
    await db().user.update({ where: { id: a.user.id }, data: { isDisabled: true } });
    await db().user.delete({ where: { id: b.user.id } });
    expect((await profile(bearer(a.token))).status).toBe(401);
    expect((await profile({ cookie: b.cookie })).status).toBe(401);
  });

  it("a cookie session idle past the timeout is refused too", async () => {
    const c = await createCookieUser();
    expect((await profile({ cookie: c.cookie })).status).toBe(200);
    await setSession(c.sessionId, { lastSeenAt: ago(45) });
    expect((await profile({ cookie: c.cookie })).status).toBe(401);
  });
});

// last_seen_at is written at most once a minute (issue 13): a request within that minute only
// reads. None of that may delay a revocation: each change below comes through the API while the
// session was just touched (so the next request writes nothing), and the very next request of
// that session is refused, by bearer token and by cookie.
describe("revocation under the once-a-minute last_seen_at rule", () => {
  const lastSeen = async (id: string) =>
    (await db().authSession.findUniqueOrThrow({ where: { id } })).lastSeenAt.getTime();

  async function signedInPair() {
    const admin = await createSignedInUser({ email: "boss@example.com", isAdmin: true });
    const tokenUser = await createSignedInUser({ email: "token-user@example.com", isAdmin: true });
    const cookieUser = await createCookieUser({ email: "cookie-user@example.com", isAdmin: true });
    // Both sessions used a moment ago: their next requests fall inside the minute and only read.
    expect((await profile(bearer(tokenUser.token))).status).toBe(200);
    expect((await profile({ cookie: cookieUser.cookie })).status).toBe(200);
    const seen = [await lastSeen(tokenUser.sessionId), await lastSeen(cookieUser.sessionId)];
    expect((await profile(bearer(tokenUser.token))).status).toBe(200);
    expect((await profile({ cookie: cookieUser.cookie })).status).toBe(200);
    expect([await lastSeen(tokenUser.sessionId), await lastSeen(cookieUser.sessionId)]).toEqual(seen);
    return { admin, tokenUser, cookieUser };
  }
  const users = (headers: Record<string, string>) => callRoute(usersRoute, { path: "/api/auth/users", headers });

  it("a request within the minute does not write last_seen_at; one after it does", async () => {
    const { sessionId, token } = await createSignedInUser();
    await setSession(sessionId, { lastSeenAt: ago(0.5) });
    const before = await lastSeen(sessionId);
    expect((await profile(bearer(token))).status).toBe(200);
    expect(await lastSeen(sessionId)).toBe(before);
    await setSession(sessionId, { lastSeenAt: ago(1.5) });
    expect((await profile(bearer(token))).status).toBe(200);
    expect(Date.now() - (await lastSeen(sessionId))).toBeLessThan(5_000);
  });

  it("disabling refuses the very next request", async () => {
    const { admin, tokenUser, cookieUser } = await signedInPair();
    for (const email of ["token-user@example.com", "cookie-user@example.com"]) {
      const res = await callRoute(disableUserRoute, {
        method: "PUT",
        path: "/api/auth/disable-user",
        body: { email },
        token: admin.token,
      });
      expect(res.status).toBe(200);
    }
    expect((await profile(bearer(tokenUser.token))).status).toBe(401);
    expect((await profile({ cookie: cookieUser.cookie })).status).toBe(401);
  });

  it("demoting takes admin access away on the very next request", async () => {
    const { admin, tokenUser, cookieUser } = await signedInPair();
    expect((await users(bearer(tokenUser.token))).status).toBe(200);
    expect((await users({ cookie: cookieUser.cookie })).status).toBe(200);
    for (const email of ["token-user@example.com", "cookie-user@example.com"]) {
      const res = await callRoute(updateRoleRoute, {
        method: "PUT",
        path: "/api/auth/update-user-role",
        body: { email, isAdmin: false },
        token: admin.token,
      });
      expect(res.status).toBe(200);
    }
    expect((await users(bearer(tokenUser.token))).status).toBe(403);
    expect((await users({ cookie: cookieUser.cookie })).status).toBe(403);
  });

  it("deleting refuses the very next request", async () => {
    const { admin, tokenUser, cookieUser } = await signedInPair();
    for (const email of ["token-user@example.com", "cookie-user@example.com"]) {
      const res = await callRoute(deleteUserRoute, {
        method: "DELETE",
        path: "/api/auth/delete-user",
        body: { email },
        token: admin.token,
      });
      expect(res.status).toBe(200);
    }
    expect((await profile(bearer(tokenUser.token))).status).toBe(401);
    expect((await profile({ cookie: cookieUser.cookie })).status).toBe(401);
  });

  it("signing out refuses the very next request of that session", async () => {
    const { tokenUser, cookieUser } = await signedInPair();
    expect(
      (await callRoute(signOutRoute, { method: "POST", path: "/api/auth/sign-out", token: tokenUser.token })).status,
    ).toBe(200);
    expect(
      (await callRoute(signOutRoute, { method: "POST", path: "/api/auth/sign-out", headers: cookieUser.headers }))
        .status,
    ).toBe(200);
    expect((await profile(bearer(tokenUser.token))).status).toBe(401);
    expect((await profile({ cookie: cookieUser.cookie })).status).toBe(401);
  });
});
