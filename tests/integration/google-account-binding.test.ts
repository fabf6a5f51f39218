// Issue 25 item 6: a Google account is bound to the e-mail at its first sign-in (`sub`); a later
// token with the same e-mail and another `sub` (a recycled address) is refused with 403
// google_account_mismatch until an administrator resets the link, which is audited.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as googleSignIn } from "@/app/api/auth/google-signin/route";
import { POST as resetGoogleLink } from "@/app/api/auth/reset-google-link/route";
import { GET as listUsers } from "@/app/api/auth/users/route";
import { clearGoogleKeyCache } from "@/server/auth/google-id-token";
import { resetSignInFailureBound } from "@/server/auth/sign-in-failures";
import { db, sql } from "@/server/db/client";
import { resetDb } from "@/tests/helpers/db";
import { createSignedInUser, createUser } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";
import { startLocalIssuer, type LocalIssuer } from "@/tests/helpers/oidc-issuer";

let issuer: LocalIssuer;
beforeAll(async () => {
  issuer = await startLocalIssuer();
});
afterAll(async () => {
  await issuer.stop();
});
beforeEach(async () => {
  await resetDb();
  resetSignInFailureBound();
  clearGoogleKeyCache();
});

const signInAs = async (sub: string, email = "pat@example.com") =>
  callRoute(googleSignIn, {
    method: "POST",
    path: "/api/auth/google-signin",
    body: { idToken: await issuer.idToken({ email, sub }) },
  });

describe("the Google account bound to an e-mail", () => {
  it(
    "is stored at the first sign-in; the same account signs in again; " +
      "another is refused, recorded, and creates no session",
    async () => {
      const user = await createUser({ email: "pat@example.com" });
      expect((await signInAs("sub-first")).status).toBe(200);
      expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).googleSub).toBe("sub-first");
      expect((await signInAs("sub-first")).status).toBe(200);
      const sessions = await db().authSession.count();

      const recycled = await signInAs("sub-recycled");
      expect(recycled.status).toBe(403);
      expect(recycled.json).toEqual({
        success: false,
        code: "google_account_mismatch",
        message:
          "This e-mail address is linked to a different Google account. An " +
          "administrator can reset the link under Settings → Users.",
      });
      expect(await db().authSession.count()).toBe(sessions);
      const failed = await db().auditLog.findMany({ where: { action: "auth.sign_in_failed" }, orderBy: { id: "asc" } });
      expect(failed.map((r) => [r.entityId, r.after])).toEqual([
        ["pat@example.com", { reason: "other_account", method: "google-id-token" }],
      ]);
    },
  );

  it("an administrator's reset (audited) lets the next account bind; the Users list shows the link", async () => {
    const admin = await createSignedInUser({ isAdmin: true, email: "admin@example.com" });
    const staff = await createSignedInUser({ email: "staff@example.com" });
    await createUser({ email: "pat@example.com" });
    expect((await signInAs("sub-first")).status).toBe(200);
    const listed = await callRoute(listUsers, { path: "/api/auth/users", token: admin.token });
    expect(listed.json.users.find((u: { email: string }) => u.email === "pat@example.com").google_linked).toBe(true);

    const reset = (token: string, email = "pat@example.com") =>
      callRoute(resetGoogleLink, { method: "POST", path: "/api/auth/reset-google-link", body: { email }, token });
    expect((await reset(staff.token)).status).toBe(403);
    expect((await reset(admin.token, "nobody@example.com")).status).toBe(404);
    const done = await reset(admin.token);
    expect(done.status).toBe(200);
    expect(done.json.user.google_linked).toBe(false);
    // A second reset changes nothing and writes nothing.
    expect((await reset(admin.token)).status).toBe(200);
    const audited = await db().auditLog.findMany({
      where: { action: "user.google_link_reset" },
      orderBy: { id: "asc" },
    });
    expect(audited).toHaveLength(1);
    expect(audited[0].actorEmail).toBe("admin@example.com");

    expect((await signInAs("sub-new")).status).toBe(200);
    expect((await db().user.findUniqueOrThrow({ where: { email: "pat@example.com" } })).googleSub).toBe("sub-new");
    expect((await signInAs("sub-first")).status).toBe(403);
  });

  it("of two first sign-ins at once with different accounts, exactly one binds", { tags: ["sql"] }, async () => {
    await createUser({ email: "pat@example.com" });
    const [a, b] = await Promise.all([signInAs("sub-a"), signInAs("sub-b")]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
  });

  it("the database refuses to rebind without a reset", async () => {
    const user = await createUser({ email: "pat@example.com" });
    await sql(`UPDATE users SET google_sub = 'sub-1' WHERE id = $1`, [user.id]);
    await expect(sql(`UPDATE users SET google_sub = 'sub-2' WHERE id = $1`, [user.id])).rejects.toThrow(
      "users.google_sub is bound",
    );
    await sql(`UPDATE users SET google_sub = NULL WHERE id = $1`, [user.id]);
    await sql(`UPDATE users SET google_sub = 'sub-2' WHERE id = $1`, [user.id]);
  });
});
