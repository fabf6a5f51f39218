// A user's own sessions (issue 25 item 12): GET /api/auth/sessions lists the live ones, the current
// one marked; DELETE /api/auth/sessions/{id} ends one from its next request on; nobody reaches
// another user's sessions; the ended session's own next request is refused.
import { describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/auth/sessions/route";
import { DELETE as endRoute } from "@/app/api/auth/sessions/[id]/route";
import { createSession } from "@/server/auth/sessions";
import { db } from "@/server/db/client";
import { createCookieUser } from "@/tests/helpers/auth";
import { freshAdminAndStaff } from "@/tests/helpers/factories";
import { callRoute } from "@/tests/helpers/http";

const users = freshAdminAndStaff();

const list = (token: string) => callRoute(listRoute, { path: "/api/auth/sessions", token });
const end = (id: string, token: string) =>
  callRoute(endRoute, { method: "DELETE", path: `/api/auth/sessions/${id}`, params: { id }, token });

describe("GET /api/auth/sessions", () => {
  it("lists the caller's live sessions only, the current one marked, most recently used first", async () => {
    const phone = await createSession({ userId: users.staff.user.id, kind: "bearer" });
    const ended = await createSession({ userId: users.staff.user.id, kind: "cookie" });
    await db().authSession.update({ where: { id: ended.sessionId }, data: { revokedAt: new Date() } });
    const idle = await createSession({ userId: users.staff.user.id, kind: "cookie" });
    await db().authSession.update({
      where: { id: idle.sessionId },
      data: { lastSeenAt: new Date(Date.now() - 2 * 60 * 60 * 1000) },
    });
    await db().authSession.update({
      where: { id: phone.sessionId },
      data: { lastSeenAt: new Date(Date.now() - 60_000) },
    });

    const res = await list(users.staff.token);
    expect(res.status).toBe(200);
    const sessions = res.json.sessions as {
      id: string;
      kind: string;
      current: boolean;
      created_at: string;
      last_seen_at: string;
      expires_at: string;
    }[];
    expect(sessions.map((s) => s.id)).toEqual([expect.any(String), phone.sessionId]);
    expect(sessions[0]).toMatchObject({ kind: "bearer", current: true });
    expect(sessions[1]).toMatchObject({ kind: "bearer", current: false });
    expect(Object.keys(sessions[0]).sort()).toEqual([
      "created_at",
      "current",
      "expires_at",
      "id",
      "kind",
      "last_seen_at",
    ]);
    // Nobody else's: the administrator sees only their own.
    const adminList = await list(users.admin.token);
    expect(adminList.json.sessions.every((s: { id: string }) => s.id !== phone.sessionId)).toBe(true);
  });
});

describe("DELETE /api/auth/sessions/{id}", () => {
  it("ends another session of one's own from its next request on, audited; twice is 404", async () => {
    const phone = await createSession({ userId: users.staff.user.id, kind: "bearer" });
    expect((await list(phone.token!)).status).toBe(200);
    const res = await end(phone.sessionId, users.staff.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "Session ended" });
    expect((await list(phone.token!)).status).toBe(401);
    expect((await list(users.staff.token)).status).toBe(200);
    expect((await end(phone.sessionId, users.staff.token)).status).toBe(404);
    const audit = await db().auditLog.findMany({ where: { action: "auth.session_end" }, orderBy: { id: "asc" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entityType: "session",
      entityId: phone.sessionId,
      actorEmail: users.staff.user.email,
    });
  });

  it("answers 404 for another user's session, even to an administrator, and leaves it alive", async () => {
    const staffPhone = await createSession({ userId: users.staff.user.id, kind: "bearer" });
    const res = await end(staffPhone.sessionId, users.admin.token);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: "not_found", message: "Session not found" });
    expect((await list(staffPhone.token!)).status).toBe(200);
    expect((await end("not-a-uuid", users.admin.token)).status).toBe(404);
  });

  it("ending the current browser session signs it out and clears its cookie", async () => {
    const browser = await createCookieUser({ email: "browser@example.com" });
    const res = await callRoute(endRoute, {
      method: "DELETE",
      path: `/api/auth/sessions/${browser.sessionId}`,
      params: { id: browser.sessionId },
      headers: browser.headers,
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Signed out successfully");
    expect(res.headers.get("set-cookie")).toMatch(/authjs\.session-token=;/);
    const again = await callRoute(listRoute, { path: "/api/auth/sessions", headers: browser.headers });
    expect(again.status).toBe(401);
  });

  it("of two requests ending the same session at once, exactly one succeeds", { tags: ["sql"] }, async () => {
    const phone = await createSession({ userId: users.staff.user.id, kind: "bearer" });
    const results = await Promise.all([
      end(phone.sessionId, users.staff.token),
      end(phone.sessionId, users.staff.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await db().auditLog.count({ where: { action: "auth.session_end" } })).toBe(1);
  });
});
